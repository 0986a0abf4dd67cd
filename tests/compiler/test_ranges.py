"""`a..b` includes both ends (as dice faces and table rows are written); `range(a, b)` leaves out b, as in Python."""

from __future__ import annotations

import pytest

import rulecraft

HEADER = 'game "r" "R"\n'


def call(source: str, name: str, *args):
    return rulecraft.Game(rulecraft.compile_source(HEADER + source)).call(name, *args)


def test_an_interval_includes_both_ends():
    assert call("fn f() -> list<int> { return 0..5 }", "f") == [0, 1, 2, 3, 4, 5]


def test_range_leaves_out_its_end_as_in_python():
    assert call("fn f() -> list<int> { return range(0, 6) }", "f") == [0, 1, 2, 3, 4, 5]
    assert call("fn f() -> list<int> { return range(3, 3) }", "f") == []


def test_for_over_an_interval_and_over_a_range():
    source = ("fn f(n: int) -> list<int> { let out = []\n for i in 1..n { out += [i] }\n"
              " for i in range(0, n) { out += [10 * i] }\n return out }")
    assert call(source, "f", 3) == [1, 2, 3, 0, 10, 20]


def test_an_interval_is_lazy_in_a_for_loop_and_charges_each_round():
    game = rulecraft.Game(rulecraft.compile_source(HEADER + "action a() { for i in 1..10 { } }"))
    before = game.budget.steps
    game.act("a")
    assert game.budget.steps - before == 10


def test_end_is_an_expression_binding_looser_than_arithmetic():
    assert call("fn f(n: int) -> list<int> { return 0..n - 1 }", "f", 3) == [0, 1, 2]


def test_membership_and_choice_take_an_interval():
    assert call("fn f(x: int) -> bool { return x in 1..6 }", "f", 6) is True
    assert call("fn f(x: int) -> bool { return x in 1..6 }", "f", 7) is False


def test_an_interval_of_texts_is_a_type_error():
    with pytest.raises(rulecraft.CompileError) as info:
        rulecraft.compile_source(HEADER + 'fn f() -> list<int> { return 1.."a" }')
    assert any("`..`" in d.message for d in info.value.diagnostics)
