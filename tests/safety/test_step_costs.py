"""Every cost is charged: a single step that searches, selects or grows something pays for it
in steps, and what would grow without end stops with a clear error. Measured in steps,
entries and items, never in seconds."""

from fractions import Fraction

import pytest

import rulecraft
from rulecraft.runtime.budget import GROW_SHIFT, ITEMS_PER_STEP
from rulecraft.runtime.errors import BudgetExceeded
from rulecraft.runtime.history import MAX_LOG_VOLUME
from rulecraft.runtime.modifiers import MAX_MODIFIERS
from tests.support.steps import spent

RULES = '''
game "t" "T"
kind unit { hp: int = 1 }
unit grunt "Grunt" { }
record pair { a: int, b: int }
fn numbers(n: int) -> list<int> {
  let xs = []
  for i in range(0, n) { xs += [i] }
  return xs
}
fn search(xs: list<int>, x: int) -> bool { return x in xs }
fn everyone() -> int { return count(all unit) }
fn unique(xs: list<any>) -> list<any> { return distinct(xs) }
fn minus(xs: list<any>, ys: list<any>) -> list<any> {
  let out = xs
  out -= ys
  return out
}
fn repeat(s: any, n: int) -> any { return s * n }
fn grow() -> int {
  let x = 1
  for i in range(0, 10000) { x = x * 1000 }
  return x
}
fn pile(u: unit) {
  for i in range(0, 20000) { modify u.hp += 1 until removed }
}
event said(xs: list<int>)
fn shout(xs: list<int>) {
  for i in range(0, 100000) { emit said(xs) }
}
fn wrap(x: any) -> any { return [x, x] }
fn doubled(n: int) -> any {
  let x = wrap(0)
  for i in range(0, n) { x = wrap(x) }
  return x
}
fn shown(x: any) -> text { return text(x) }
fn same(x: any, y: any) -> bool { return x == y }
event kept(n: int)
fn hoard(big: any, n: int) -> int {
  let xs = []
  for i in range(0, n) {
    xs += [big + big]
    emit kept(i)
  }
  return count(xs)
}
'''


@pytest.fixture(scope="module")
def rules():
    return rulecraft.compile_source(RULES, "t.rules")


@pytest.fixture
def game(rules):
    return rulecraft.Game(rules)


def test_a_search_costs_a_step_per_32_items(game):
    xs = list(range(64_000))
    found, steps = spent(game, "search", xs, 63_999)
    assert found is True
    assert ITEMS_PER_STEP == 32
    assert steps == 64_000 // 32


def test_a_selection_costs_in_proportion_to_the_things_it_looks_at(game):
    for _ in range(3_200):
        game.create("grunt")
    n, steps = spent(game, "everyone")
    assert n == 3_200
    assert steps == 3_200 // 32


def test_distinct_is_linear_and_keeps_the_first_of_each_value_even_unhashable(game):
    short = game.call("numbers", 3)
    items = list(range(5_000)) * 2 + [short, [0, 1, 2], {"a": 1}, {"a": 1}]
    out, steps = spent(game, "unique", items)
    assert out == [*list(range(5000)), [0, 1, 2], {"a": 1}]
    assert steps == len(items) // 32


def test_taking_items_out_is_linear(game):
    out, steps = spent(game, "minus", list(range(40_000)), list(range(0, 40_000, 2)))
    assert out == list(range(1, 40_000, 2))
    assert steps == 40_000 // 32 + 20_000 // 32  # one pass over each list


def test_a_repeated_text_too_long_is_refused_before_it_is_made(game):
    with pytest.raises(BudgetExceeded, match="longer than 1000000"):
        game.call("repeat", "abc", 500_000_000)
    assert game.call("repeat", "ab", 3) == "ababab"


def test_a_negative_repeat_makes_nothing_and_refunds_no_steps(game):
    before = game.budget.steps
    assert game.call("repeat", "ab", -1_000_000_000) == ""
    assert game.call("repeat", [1], -5) == []
    assert game.budget.steps == before


def test_a_number_multiplied_by_a_constant_cannot_grow_without_end(game):
    with pytest.raises(BudgetExceeded, match="larger than 4096 bits"):
        game.call("grow")


def test_modifiers_that_never_end_stop_at_the_limit(game):
    u = game.create("grunt")
    with pytest.raises(BudgetExceeded, match=f"more than {MAX_MODIFIERS} modifiers"):
        game.call("pile", u)
    assert game.mods.active == MAX_MODIFIERS


def test_the_log_has_a_volume_limit(game):
    xs = list(range(100_000))
    with pytest.raises(BudgetExceeded, match="items and characters"):
        game.call("shout", xs)
    assert game.history.volume > MAX_LOG_VOLUME
    assert len(game.log) <= MAX_LOG_VOLUME // len(xs) + 1


@pytest.mark.parametrize(("fn", "args"), [("shown", lambda x, y: [x]), ("same", lambda x, y: [x, y]),
                                      ("unique", lambda x, y: [[x, y]])])
def test_a_value_that_holds_one_list_many_times_is_measured_before_it_is_walked(game, fn, args):
    x, y = game.call("doubled", 40), game.call("doubled", 40)  # 2**42 - 2 items each, made in forty steps:
    before = game.budget.steps  # Python's ==, `in` or str would walk them for hours
    with pytest.raises(BudgetExceeded, match="a value of more than 1000000 items"):
        game.call(fn, *args(x, y))
    assert game.budget.steps - before < 100  # refused after measuring a million items, not charged for 2**41


def test_a_small_nested_value_is_compared_and_shown_at_its_size(game):
    x = game.call("doubled", 10)  # 2**12 - 2 nested items
    result, steps = spent(game, "same", x, game.call("doubled", 10))
    assert result is True
    assert steps == 2 * (2**12 - 2) // 32
    assert game.call("shown", game.call("doubled", 1)) == "[[0, 0], [0, 0]]"


@pytest.mark.parametrize("big", ["ab" * 250_000, list(range(500_000))])
def test_what_a_game_holds_is_bounded_by_its_budget(rules, big):
    game = rulecraft.Game(rules, budget=1_000_000)
    with pytest.raises(BudgetExceeded, match="makes too much"):
        game.call("hoard", big, 1_000)
    # a step per 8 items made: a copy of a million items costs 125,000 steps, so a million steps keep 7
    kept = [entry for entry in game.log if entry.get("event") == "kept"]
    assert 2**GROW_SHIFT == 8
    assert len(kept) == 7


ODDS = '''
game "t" "T"
die d6 "D6" { faces 1..6 }
query slow() {
  let n = 0
  for i in range(0, 100000) { n += 1 }
  let a = roll d6
  if a == 1 { return 1 }
  let b = roll d6
  if b == 1 { return 2 }
  return 0
}
'''


def test_the_paths_of_an_odds_query_share_one_step_budget(monkeypatch):
    from rulecraft.runtime import odds

    rules = rulecraft.compile_source(ODDS, "t.rules")
    assert odds.query_odds(rules, "slow", []) == {1: Fraction(1, 6), 2: Fraction(5, 36), 0: Fraction(25, 36)}
    monkeypatch.setattr(odds, "DEFAULT_BUDGET", 250_000)  # two paths of 100,000 steps fit, the third does not
    with pytest.raises(BudgetExceeded, match="chance paths of `slow` used up the step budget of 250000"):
        odds.query_odds(rules, "slow", [])
