"""A text's `{expr}` placeholders are filled wherever the text is a value, as in `log` and
`violation`: each expression is checked like any other and shown as `text(...)` shows it.
A constant cannot hold one (it has nothing to fill it with)."""

import pytest

import rulecraft
from rulecraft.compiler.diagnostics import CompileError

RULES = '''
game "t" "T"
kind unit { hp: int = 2 }
unit scout "Scout" { }
fn more(n: int) -> text { return "A, B and {n} more" }
fn shown(xs: list<int>, u: unit) -> text { return "{count(xs)} of {xs}: {u.name} has {u.hp + 1} - 1" }
fn plain() -> text { return "no placeholder; a lone { brace" }
'''


@pytest.fixture(scope="module")
def game():
    return rulecraft.Game(rulecraft.compile_source(RULES, "t.rules"))


def test_placeholders_are_filled_in_a_returned_text(game):
    assert game.call("more", 2) == "A, B and 2 more"
    assert game.call("shown", [4, 5], game.create("scout")) == "2 of [4, 5]: Scout has 3 - 1"
    assert game.call("plain") == "no placeholder; a lone { brace"


def test_a_placeholder_is_checked_where_it_is_written():
    with pytest.raises(CompileError) as info:
        rulecraft.compile_source('game "t" "T"\nfn f() -> text { return "x {nope} y" }\n', "t.rules")
    [d] = info.value.diagnostics
    assert (d.code, d.line, d.column, d.message) == ("E0101", 2, 29, "unknown name `nope`")


def test_a_constant_cannot_hold_a_placeholder():
    with pytest.raises(CompileError) as info:
        rulecraft.compile_source('game "t" "T"\nconst c = "x {1} y"\n', "t.rules")
    assert [d.code for d in info.value.diagnostics] == ["E0204"]
