"""What the lowering does to run faster keeps every result: a small fn's result computed in its
caller, appends in place, list reads that skip the negative test. Given a ruleset, when a function
runs, then its exact result, whichever way each call was lowered."""

import pytest

import rulecraft

RULES = '''
game "t" "T"
record pair { a: int, b: int }
kind unit { hp: int = 1 }
kind heavy: unit { armour: int = 1 }
unit scout "Scout" { }
heavy tank "Tank" { }
fn first_unit() -> unit { return first(all unit) }
fn first_heavy() -> heavy { return first(all heavy) }
fn sign(x: int) -> int { return if x < 0 then -1 else if x == 0 then 0 else 1 }
fn first_of(p: pair) -> int { return p.a }
fn both(x: bool, y: bool) -> bool { return x and not y }
fn signs(n: int) -> list<int> {
  let x = []
  for i in 0..n {
    let y = i - 2
    x += [sign(y)]
    x += [sign(i - 2)]
  }
  return x
}
fn firsts() -> list<int> {
  let p = []
  for a in [3, -4] { p += [first_of(pair(a: a, b: 0))] }
  let q = pair(a: 7, b: 8)
  p += [first_of(q)]
  return p
}
fn logic(i: int) -> list<bool> {
  let y = i > 0
  return [both(y, false), both(true, y)]
}
fn products(n: int) -> int {
  let total = 0
  for i in 0..n {
    let d = i - 5
    let r = i // 2 + sign(d)
    total += r * 8 + i * i
  }
  return total
}
fn big(n: int) -> int {
  let m = n + 1
  return m * 1000
}
fn reads(b: list<int>) -> int {
  let total = 0
  for i in 0..3 { total += b[i] * b[i % 2] + b[i // 2 + 1] }
  return total
}
'''


@pytest.fixture(scope="module")
def game():
    return rulecraft.Game(rulecraft.compile_source(RULES))


def test_a_small_fn_gives_the_same_result_in_its_caller_as_called(game):
    assert game.call("signs", 4) == [-1, -1, -1, -1, 0, 0, 1, 1, 1, 1]  # the caller's own `x` is not sign's
    assert [game.call("sign", v) for v in (-7, 0, 5)] == [-1, 0, 1]
    assert game.call("firsts") == [3, -4, 7]
    assert game.call("logic", 1) == [True, False]
    assert game.call("logic", 0) == [False, True]


def test_list_reads_by_a_counter_from_zero_read_every_item_and_past_the_end_fail(game):
    assert game.call("reads", [1, 2, 3, 4]) == 1 * 1 + 2 + 2 * 2 + 2 + 3 * 1 + 3 + 4 * 2 + 3
    with pytest.raises(rulecraft.GameError, match="a list has no item at index 3 \\(it has 3 items\\)"):
        game.call("reads", [1, 2, 3])


def test_products_of_small_numbers_are_exact_and_a_large_one_still_meets_the_size_limit(game):
    assert game.call("products", 9) == sum((i // 2 + (i > 5) - (i < 5)) * 8 + i * i for i in range(10))
    assert game.call("big", 2**60) == (2**60 + 1) * 1000
    with pytest.raises(rulecraft.BudgetExceeded, match="larger than 4096 bits"):
        game.call("big", 2**4095)


def test_the_first_thing_of_a_kind_is_found_without_the_whole_selection():
    game = rulecraft.Game(rulecraft.compile_source(RULES))
    assert game.call("first_unit") is None
    assert game.call("first_heavy") is None
    tank, scout = game.create("tank"), game.create("scout")
    assert game.call("first_unit") is tank
    assert game.call("first_heavy") is tank  # creation order, subkinds too
    game.things.destroy(tank)
    assert game.call("first_unit") is scout
    assert game.call("first_heavy") is None


def test_nested_built_in_calls_lower_each_argument_once_and_give_their_result(monkeypatch):
    from rulecraft.compiler import driver, lower
    from rulecraft.compiler import nodes as n

    inner = "xs"
    for _ in range(12):
        inner = f"distinct({inner})"
    source = RULES + f"fn nested(xs: list<int>) -> int {{ return count({inner}) }}\n"
    lowered: list[str] = []
    name = lower.EXPRESSIONS[n.Name]
    monkeypatch.setitem(lower.EXPRESSIONS, n.Name, lambda low, e: lowered.append(e.name) or name(low, e))
    driver.forget_parsed()  # lowered now, not taken again from an earlier compile
    game = rulecraft.Game(rulecraft.compile_source(source))
    assert lowered.count("xs") == 1  # once, not 2 ** 13 times
    assert game.call("nested", [3, 1, 3, 2, 1]) == 3
