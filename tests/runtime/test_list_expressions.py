"""List expressions (`[ITEM for VAR in ITEMS if COND]`): the list the loop `let xs = []` / `for VAR
in ITEMS { if COND { xs += [ITEM] } }` makes, at the same cost to the step budget and under the
same limit on a list's length; checked like that loop (types, the item's scope)."""

import pytest

import rulecraft
from rulecraft.compiler.loader import check_source
from rulecraft.runtime.errors import GameError

RULES = '''game "t" "T"
kind unit { hp: int = 0, ready: bool = true }
unit grunt "Grunt" x3 {}
fn doubled_big(xs: list<int>) -> list<int> { return [x * 2 for x in xs if x > 1] }
fn looped_big(xs: list<int>) -> list<int> {
  let out = []
  for x in xs { if x > 1 { out += [x * 2] } }
  return out
}
fn column(rows: list<list<int>>, i: int) -> list<int> { return [r[i] for r in rows if r[0] >= 0] }
fn names(m: map<text, int>) -> list<text> { return [k for k in m if m[k] > 0] }
fn ready_hp() -> list<int> { return [u.hp for u in all unit if u.ready] }
fn squares(n: int) -> list<int> { return [i * i for i in 0..n] }
fn squares_looped(n: int) -> list<int> {
  let out = []
  for i in 0..n { out += [i * i] }
  return out
}
fn then_grown(xs: list<int>) -> list<int> {
  let ys = [x for x in xs]
  ys += [0]
  return ys
}
'''


@pytest.fixture
def game():
    return rulecraft.Game(rulecraft.compile_source(RULES))


def test_it_filters_and_maps_in_order(game):
    assert game.call("doubled_big", [3, 1, 2, 0]) == [6, 4]
    assert game.call("column", [[1, 5], [-1, 6], [2, 7]], 1) == [5, 7]
    assert game.call("names", {"b": 1, "a": 0, "c": 2}) == ["b", "c"]  # a map's keys, in insertion order
    assert game.call("squares", 3) == [0, 1, 4, 9]


def test_it_runs_over_things_and_leaves_its_source_alone(game):
    grunts = [game.create("grunt") for _ in range(3)]
    game.set(grunts[0], "hp", 4)
    game.set(grunts[1], "ready", False)
    assert game.call("ready_hp") == [4, 0]
    given = [1, 2]
    assert game.call("then_grown", given) == [1, 2, 0]
    assert given == [1, 2]


@pytest.mark.parametrize(("made", "looped", "arg"), [("doubled_big", "looped_big", list(range(50))),
                                                      ("squares", "squares_looped", 40)])
def test_it_costs_the_steps_of_the_loop_it_replaces(game, made, looped, arg):
    costs, results = [], []
    for fn in (made, looped):
        before = game.budget.steps
        results.append(game.call(fn, arg))
        costs.append(game.budget.steps - before)
    assert results[0] == results[1]
    assert costs[0] == costs[1] > 0


def test_a_list_past_the_length_limit_is_refused(game, monkeypatch):
    import rulecraft.runtime.arith as arith
    monkeypatch.setattr(arith, "MAX_LENGTH", 10)
    assert len(game.call("squares", 9)) == 10
    with pytest.raises(GameError, match="longer than 10 items"):
        game.call("squares", 10)


def test_an_item_read_past_the_end_names_the_index(game):
    with pytest.raises(GameError, match="no item at index 4 \\(it has 2 items\\)"):
        game.call("column", [[1, 5]], 4)


def errors(body):
    return [(d.code, d.line, d.column) for d in check_source(RULES + body, "t.rules").errors]


def test_the_item_may_not_hide_a_variable():
    assert errors("fn b(x: int) -> list<int> { return [x for x in [1]] }") == [("E0301", 24, 43)]


def test_it_runs_over_a_list_or_a_map_only():
    assert errors("fn b(x: int) -> list<int> { return [y for y in x] }") == [("E0201", 24, 48)]


def test_its_condition_is_a_condition():
    assert errors("fn b(x: list<int>) -> list<int> { return [y for y in x if y] }") == [("E0201", 24, 59)]


def test_it_is_a_list_of_its_item_type():
    assert errors("fn b(x: list<int>) -> list<text> { return [y for y in x] }") == [("E0201", 24, 43)]
    assert errors("fn b(x: list<int>) -> list<int> { return [y for y in x] + [y] }") == [("E0101", 24, 60)]
