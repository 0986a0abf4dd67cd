"""One conversion of outside values to declared types (rulecraft/inputs/values.py), for the command
line, decks, card pools and the importer alike."""

import pytest

import rulecraft
from rulecraft.inputs.values import BadValue, typed
from rulecraft.runtime.types import Ty, list_of

RULES = rulecraft.compile_source('''game "g" "G"
enum colour { red, blue }
kind piece {}
kind pawn: piece {}
pawn p1 "First Pawn" {}
piece big "Big" {}
''', "g.rules")


@pytest.mark.parametrize(("value", "type_", "text", "expected"), [
    ("3", "int", True, 3), (" -2 ", "int", True, -2), (3, "int", False, 3),
    ("true", "bool", True, True), ("FALSE", "bool", True, False), (True, "bool", False, True),
    ("1.5", "num", True, 1.5), ("2", "num", True, 2), (7, "text", True, "7"), ("x", "text", False, "x"),
    ("red", "colour", False, "red"),
    ("First Pawn", Ty("def", "pawn"), False, "p1"), ("big", Ty("def", "piece"), True, "big"),
    ("1, 2,3", list_of(Ty("int")), True, [1, 2, 3]), ("[[1, 2], [3]]", list_of(list_of(Ty("int"))), True, [[1, 2], [3]]),
    (["p1", "Big"], list_of(Ty("def", "piece")), False, ["p1", "big"]), ([1, "a"], list_of(Ty("any")), False, [1, "a"]),
])
def test_values_of_each_type(value, type_, text, expected):
    assert typed(value, type_, RULES, text=text) == expected


@pytest.mark.parametrize(("value", "type_", "text", "message", "help"), [
    ("3", "int", False, "must be a whole number, not '3'", None),
    (True, "int", True, "must be a whole number, not True", None),
    ("yes", "bool", True, "must be true or false, not 'yes'", None),
    (3, "text", False, "must be text, not 3", None),
    ("rde", "colour", False, "`rde` is not a colour", "did you mean `red`?"),
    ("green", "colour", False, "`green` is not a colour", "one of: red, blue"),
    ("big", Ty("def", "pawn"), False, "no pawn `big`", "one of: p1"),
    ("p1", list_of(Ty("def", "pawn")), False, "must be a list (list<definition of pawn>), not 'p1'", None),
    ("[1,", list_of(Ty("int")), True, "is not a JSON list (Expecting value: line 1 column 4 (char 3))", None),
    ("x", "map<int>", True, "cannot give a value of type map<int> here", None),
])
def test_what_is_not_a_value_of_the_type(value, type_, text, message, help):
    with pytest.raises(BadValue) as info:
        typed(value, type_, RULES, text=text)
    assert (info.value.message, info.value.help) == (message, help)


def test_a_message_names_its_subject_unless_it_names_the_value():
    with pytest.raises(BadValue) as info:
        typed("x", "int", RULES, text=True)
    assert info.value.of("`count`") == "`count` must be a whole number, not 'x'"
    with pytest.raises(BadValue) as info:
        typed("rde", "colour", RULES)
    assert info.value.of("`side`") == "`rde` is not a colour"
