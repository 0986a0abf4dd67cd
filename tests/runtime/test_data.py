"""The data model: records, lists with item assignment and in-place growth, maps, `x is KIND`.

Given a small ruleset, when a function runs, then its exact result (and the log it writes)."""

import json

import pytest

import rulecraft
from rulecraft.runtime.errors import GameError

RULES = '''
game "t" "T"
kind unit { hp: int = 2, marks: list<int> = [] }
kind tank: unit { armour: int = 1 }
unit scout "Scout" { }
tank heavy "Heavy" { }
record hit { target: unit, wounds: int, ranged: bool = false }
event struck(h: hit)
zone board

fn make(u: unit, w: int) -> hit { return hit(target: u, wounds: w) }
fn wounds_of(h: hit) -> int { return h.wounds }
fn ranged_of(h: hit) -> bool { return h.ranged }
fn strike(u: unit, w: int) { emit struck(hit(target: u, wounds: w, ranged: true)) }
on struck { h.target.hp -= h.wounds }

fn hits(u: unit) -> list<hit> {
  let out = []
  for w in 1..3 { out += [make(u, w)] }
  return out
}

fn board_after(i: int, v: int) -> list<int> {
  let b = [0, 0, 0]
  b[i] = v
  return b
}
fn grow(n: int) -> int {
  let xs = []
  for i in 1..n { xs += [i] }
  return count(xs)
}
fn grow_nested(n: int) -> int {
  let xs = []
  for i in 1..n {
    let ys = []
    for j in 1..n { ys += [j] }
    xs += [count(ys)]
  }
  return count(xs)
}
fn grow_and_leave(n: int) -> list<int> {
  let xs = []
  for i in 1..n {
    xs += [i]
    if i == n { return xs }
  }
  return []
}
fn grow_from(v: any) -> list<any> {
  let xs = []
  xs = v
  xs += [1]
  return xs
}
fn alias_kept() -> list<list<int>> {
  let a = [1, 2]
  let b = a
  a += [3]
  a[0] = 9
  return [a, b]
}
fn property_kept(u: unit) -> list<list<int>> {
  let xs = u.marks
  xs += [5]
  xs[0] = 7
  return [xs, u.marks]
}
fn param_kept(xs: list<int>) -> list<int> {
  xs[0] = 100
  return xs
}
fn caller_sees() -> list<int> {
  let mine = [1, 2]
  let changed = param_kept(mine)
  mine += [3]
  return mine + changed
}
fn loop_over_growing() -> int {
  let xs = [1, 2, 3]
  for x in xs { xs += [x] }
  return count(xs)
}
fn tally(words: list<text>) -> map<text, int> {
  let m = {}
  for w in words {
    if w in m { m[w] += 1 } else { m[w] = 1 }
  }
  return m
}
fn keys_in_order() -> list<text> {
  let m = {"b": 1, "a": 2}
  m["c"] = 3
  let out = []
  for k in m { out += [k] }
  return out
}
fn keys_and_values() -> list<list<any>> {
  let m = {"b": 1, "a": 2}
  let ks = keys(m)
  let vs = values(m)
  return [ks, vs, [sum(vs)]]
}
fn missing_key() -> int {
  let m = {"a": 1}
  return m["b"]
}
fn out_of_bounds() -> int {
  let xs = [1, 2]
  xs[2] = 5
  return 0
}
fn kinds_of(u: unit) -> list<bool> { return [u is tank, u is unit] }
fn mark(u: unit, i: int, v: int) {
  u.marks[i] = v
  u.marks[i] += 1
}
'''


@pytest.fixture(scope="module")
def rules():
    return rulecraft.compile_source(RULES)


@pytest.fixture
def game(rules):
    return rulecraft.Game(rules)


def test_a_record_is_built_and_read_by_field_name(game):
    u = game.create("scout")
    h = game.call("make", u, 3)
    assert dict(h) == {"target": u, "wounds": 3, "ranged": False}
    assert game.call("wounds_of", h) == 3
    assert game.call("ranged_of", h) is False


def test_a_record_travels_in_an_event_and_is_logged_as_an_object(game):
    u = game.create("scout")
    game.call("strike", u, 1)
    assert u.props["hp"] == 1
    logged = [e for e in game.history.entries if e["what"] == "event" and e["event"] == "struck"]
    assert [e["args"] for e in logged] == [[{"target": u.ref, "wounds": 1, "ranged": True}]]
    assert game.history.lines()[-2].endswith(f'"args":[{{"target":{json.dumps(u.ref)},"wounds":1,"ranged":true}}]}}')


def test_records_in_a_list(game):
    u = game.create("scout")
    assert [h["wounds"] for h in game.call("hits", u)] == [1, 2, 3]


def test_item_assignment_gives_the_exact_next_list(game):
    assert game.call("board_after", 1, 7) == [0, 7, 0]
    with pytest.raises(GameError, match="a list has no item at index -1 \\(it has 3 items\\)"):
        game.call("board_after", -1, 7)  # never counted from the end


def test_an_item_of_a_property_is_set_as_a_new_value_of_the_property(game):
    u = game.create("scout")
    before = [3, 4, 5]
    game.set(u, "marks", before)
    game.call("mark", u, 1, 9)
    assert u.props["marks"] == [3, 10, 5]
    assert before == [3, 4, 5]  # the old value is not changed in place
    sets = [e["value"] for e in game.log if e["what"] == "set" and e.get("prop") == "marks"]
    assert sets == [[3, 4, 5], [3, 9, 5], [3, 10, 5]]
    with pytest.raises(GameError, match="cannot set item 3 of a list of 3 items"):
        game.call("mark", u, 3, 0)


def test_item_assignment_out_of_bounds_is_a_clear_error(game):
    with pytest.raises(GameError, match=r"^<source>:\d+:3: a list has no item at index 2 \(it has 2 items\)$"):
        game.call("out_of_bounds")


def test_growing_a_list_in_place(game):
    assert game.call("grow", 1000) == 1000


def test_another_variable_keeps_its_list(game):
    assert game.call("alias_kept") == [[9, 2, 3], [1, 2]]


def test_a_property_keeps_its_list(game):
    u = game.create("scout")
    game.call("property_kept", u)  # marks start empty: item 0 does not exist yet
    u.props["marks"] = [1]
    assert game.call("property_kept", u) == [[7, 5], [1]]
    assert u.props["marks"] == [1]


def test_a_callers_list_is_not_changed_by_the_callee(game):
    assert game.call("caller_sees") == [1, 2, 3, 100, 2]


def test_a_loop_runs_over_the_list_as_it_was(game):
    assert game.call("loop_over_growing") == 6


def test_a_map_counts_and_keeps_insertion_order(game):
    assert game.call("tally", ["b", "a", "b"]) == {"b": 2, "a": 1}
    assert game.call("keys_in_order") == ["b", "a", "c"]


def test_keys_and_values_in_insertion_order(game):
    assert game.call("keys_and_values") == [["b", "a"], [1, 2], [3]]


def test_a_missing_key_is_a_clear_error(game):
    with pytest.raises(GameError, match="the map has no key 'b'"):
        game.call("missing_key")


def test_is_tests_a_kind(game):
    assert game.call("kinds_of", game.create("heavy")) == [True, True]
    assert game.call("kinds_of", game.create("scout")) == [False, True]


def test_appending_an_item_costs_no_step_of_its_own(game):
    before = game.budget.steps
    assert game.call("grow", 500) == 500
    assert game.budget.steps - before == 500  # the loop's rounds, which bound the items added
    before = game.budget.steps
    assert game.call("grow_nested", 40) == 40
    assert game.budget.steps - before == 40 + 40 * 40


@pytest.mark.parametrize("fn", ["grow", "grow_and_leave"])
def test_a_list_grown_item_by_item_past_the_length_limit_is_refused(game, fn, monkeypatch):
    import rulecraft.runtime.arith as arith
    monkeypatch.setattr(arith, "MAX_LENGTH", 100)
    assert len(game.call("grow_and_leave", 100)) == 100
    assert game.call("grow", 100) == 100
    with pytest.raises(GameError, match="longer than 100 items"):
        game.call(fn, 101)  # checked after the round, when the loop ends, or when the list leaves from inside it


def test_a_list_grown_item_by_item_is_copied_in_and_only_a_list_grows(game):
    given = [3]
    assert game.call("grow_from", given) == [3, 1]
    assert given == [3]
    with pytest.raises(GameError, match="a list was expected here, not 5"):
        game.call("grow_from", 5)


ODDS_RULES = '''
game "t" "T"
die d2 { faces 1..2 }
record pair { a: int, b: int }
kind box { kept: list<pair> = [] }
box crate "Crate" { }
query both() { return pair(a: roll d2, b: 1) }
fn keep(x: box) { x.kept += [pair(a: 1, b: 2)] }
'''


def test_a_query_may_answer_with_a_record():
    from fractions import Fraction
    rules = rulecraft.compile_source(ODDS_RULES)
    assert rulecraft.odds(rules, "both") == {(("a", 1), ("b", 1)): Fraction(1, 2), (("a", 2), ("b", 1)): Fraction(1, 2)}


def test_records_are_kept_in_a_property():
    game = rulecraft.Game(rulecraft.compile_source(ODDS_RULES))
    crate = game.create("crate")
    game.call("keep", crate)
    game.call("keep", crate)
    assert crate.props["kept"] == [{"a": 1, "b": 2}, {"a": 1, "b": 2}]
    assert str(crate.props["kept"][0]) == "pair(a: 1, b: 2)"
