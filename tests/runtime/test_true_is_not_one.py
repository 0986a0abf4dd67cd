"""`true` and 1 (`false` and 0) are different values wherever the language compares them: `==`,
`in`, `distinct`, `-=`, nested values (lists, maps) and a map's keys. Python counts True as 1;
the runtime does not let that through. A map holds one of `true` and 1 as a key at most: setting
the other is refused, never merged with it. Numbers stay numbers: 2/2 is 1."""

import pytest

import rulecraft
from rulecraft.runtime.errors import IllegalAction, RuleFault

RULES = '''
game "t" "T"
fn same(a: any, b: any) -> bool { return a == b }
fn differ(a: any, b: any) -> bool { return a != b }
fn member(a: any, xs: list<any>) -> bool { return a in xs }
fn number_in(a: int, xs: list<any>) -> bool { return a in xs }
fn number_out(a: int, xs: list<any>) -> bool { return a not in xs }
fn unique(xs: list<any>) -> list<any> { return distinct(xs) }
fn minus(xs: list<any>, ys: list<any>) -> list<any> {
  let out = xs
  out -= ys
  return out
}
fn two_keys(a: any, b: any) -> list<any> {
  let m = {a: "first"}
  m[b] = "second"
  return keys(m)
}
fn literal_keys(a: any) -> list<any> { return keys({true: 1, a: 2}) }
fn read_key(a: any, b: any) -> text {
  let m = {a: "kept"}
  return m[b]
}
fn key_in(a: any, b: any) -> bool {
  let m = {a: 1}
  return b in m
}
fn half(n: int) -> num { return n / 2 }
fn item(xs: list<int>, i: any) -> int { return xs[i] }
'''


@pytest.fixture(scope="module")
def game():
    return rulecraft.Game(rulecraft.compile_source(RULES, "t.rules"))


@pytest.mark.parametrize(("a", "b", "equal"), [
    (True, 1, False), (1, True, False), (False, 0, False), (True, True, True), (1, 1, True),
    ([True], [1], False), ([1, 0], [True, False], False), ([True, 2], [True, 2], True),
    ([[True]], [[1]], False), ([[1]], [[1]], True),
    ({"a": True}, {"a": 1}, False), ({"a": [False]}, {"a": [False]}, True),
])
def test_equality_tells_truth_values_from_numbers(game, a, b, equal):
    assert game.call("same", a, b) is equal
    assert game.call("differ", a, b) is not equal


def test_a_number_equal_to_one_is_one(game):
    assert game.call("same", game.call("half", 2), 1) is True
    assert game.call("same", game.call("half", 2), True) is False


@pytest.mark.parametrize(("a", "xs", "found"), [
    (True, [1, 2], False), (1, [True, False], False), (0, [False], False), (False, [0, 1], False),
    (True, [1, True], True), (1, [True, 1], True), ([True], [[1]], False), ([1], [[True], [1]], True),
    (2, [True, 2], True),
])
def test_membership_finds_only_the_same_value(game, a, xs, found):
    assert game.call("member", a, xs) is found


def test_a_whole_number_is_not_found_as_a_truth_value_in_a_list_of_any(game):
    assert game.call("number_in", 1, [True, False]) is False
    assert game.call("number_out", 1, [True, False]) is True
    assert game.call("number_in", 1, [True, 1]) is True


def test_distinct_keeps_true_and_one_apart(game):
    assert game.call("unique", [True, 1, False, 0, 1, True]) == [True, 1, False, 0]
    assert [type(x) for x in game.call("unique", [1, True])] == [int, bool]
    assert game.call("unique", [[True], [1], [True]]) == [[True], [1]]
    assert [type(x[0]) for x in game.call("unique", [[1], [True]])] == [int, bool]


def test_taking_items_out_takes_only_the_same_value(game):
    out = game.call("minus", [1, True, 0, False, 2], [True, 0])
    assert out == [1, False, 2]
    assert [type(x) for x in out] == [int, bool, int]


def test_a_map_holds_true_or_one_as_a_key_never_both(game):
    with pytest.raises(IllegalAction, match="cannot hold both `true` and `1`"):
        game.call("two_keys", True, 1)
    with pytest.raises(IllegalAction, match="cannot hold both `false` and `0`"):
        game.call("two_keys", 0, False)
    with pytest.raises(IllegalAction, match="cannot hold both `true` and `1`"):
        game.call("literal_keys", 1)
    assert game.call("two_keys", True, True) == [True]
    assert game.call("two_keys", 1, 2) == [1, 2]
    assert game.call("literal_keys", 5) == [True, 5]


def test_a_map_holding_true_has_no_key_one(game):
    with pytest.raises(IllegalAction, match="the map has no key 1"):
        game.call("read_key", True, 1)
    assert game.call("read_key", 1, 1) == "kept"
    assert game.call("key_in", True, 1) is False
    assert game.call("key_in", 1, True) is False
    assert game.call("key_in", True, True) is True
    assert game.call("key_in", 0, 0) is True


def test_a_truth_value_is_no_position_in_a_list(game):
    with pytest.raises(RuleFault, match="no item at index true "):
        game.call("item", [5, 6], True)
    assert game.call("item", [5, 6], 1) == 6
