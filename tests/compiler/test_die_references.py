"""A die is a checked reference wherever it is named: `roll NAME`, a table's `roll`, and values of
type `die` (or `list<die>`) written as text in properties, assumptions and arguments. A misspelt
die is a compile error with a "did you mean", never a fault when the game is played. So is a
phase named as text in `in_phase`, which no `phase` statement enters."""

from __future__ import annotations

import pytest

import rulecraft
from rulecraft.compiler.loader import check_source
from rulecraft.inputs.values import BadValue, typed
from rulecraft.runtime.types import Ty

DICE = '''game "d" "D"
die green "Green" { faces 1..6 }
die red "Red" { faces 1..6 }
kind weapon { dice: list<die> = [] }
'''


def errors(source: str) -> list[tuple[str, int, int, str | None]]:
    diags = check_source(DICE + source, "d.rules")
    return [(d.code, d.line, d.column, d.help) for d in diags.sorted()]


def test_roll_of_an_unknown_die_is_an_error_with_did_you_mean():
    assert errors("fn f() -> int { return roll gren }") == [("E0107", 5, 29, "did you mean `green`?")]


def test_a_table_rolling_an_unknown_die_is_an_error():
    found = errors('table t "T" () roll gren {\n  1..6: "x" { }\n}')
    assert ("E0107", 5, 21, "did you mean `green`?") in found


def test_a_die_written_as_text_in_a_property_is_checked():
    assert errors('weapon pistol "Pistol" { dice: ["red", "gren"] }') == [("E0107", 5, 40, "did you mean `green`?")]


def test_a_die_written_as_text_in_an_assumption_is_checked():
    assert errors('assume axe_dice: list<die> = ["rde"] "the axe"') == [("E0107", 5, 31, "did you mean `red`?")]


def test_a_die_written_as_text_as_an_argument_is_checked():
    source = "fn roll_one(d: die) -> int { return roll d }\nfn f() -> int { return roll_one(\"gren\") }"
    assert errors(source) == [("E0107", 6, 33, "did you mean `green`?")]


def test_rolling_a_text_is_refused_a_die_value_is_required():
    found = errors("fn f(c: text) -> int { return roll c }")
    assert [(code, line) for code, line, _, _ in found] == [("E0201", 5)]


def test_die_values_from_names_and_texts_roll_when_played():
    game = rulecraft.Game(rulecraft.compile_source(DICE + '''
weapon pistol "Pistol" { dice: ["red", "green"] }
fn total(w: def<weapon>) -> int {
  let sum = 0
  for d in w.dice { sum += roll d }
  return sum
}
fn by_name() -> int { let d = green
 return roll d }
''', "d.rules"), seed=3)
    assert 2 <= game.call("total", "pistol") <= 12
    assert 1 <= game.call("by_name") <= 6


def test_a_die_given_from_outside_is_checked_against_the_dice():
    rules = rulecraft.compile_source(DICE, "d.rules")
    assert typed(["red", "green"], Ty("list", Ty("die")), rules) == ["red", "green"]
    with pytest.raises(BadValue) as info:
        typed(["gren"], Ty("list", Ty("die")), rules)
    assert info.value.help == "did you mean `green`?"


def test_a_phase_named_as_text_must_be_one_the_ruleset_enters():
    source = ('fn early() -> bool { return in_phase("invasoin") }\n'
              'action play() { phase invasion { let x = early() } }')
    assert errors(source) == [("E0112", 5, 38, "did you mean `invasion`?")]
    assert errors(source.replace("invasoin", "invasion")) == []
