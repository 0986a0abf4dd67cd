"""Range facts (compiler/optimise/ranges.py): what a condition proves of a variable drops the
sign test of a list index and the size check of a product where the condition held. Given a
source, the optimised and one-for-one handlers give the same results, steps and faults; and the
guards are gone (the past-the-end index constant, the `_mul` check) where they were proven useless."""

import pytest
from conftest import code_of, outcome

from rulecraft.compiler.lower_data import PAST_ANY_LIST

SOURCE = '''game "t" "T"
fn inside(b: list<int>, i: int) -> int {
  if i >= 0 and i < 5 { return b[i] * 3 }
  return 0
}
fn walk(b: list<int>, x: int) -> int {
  let n = 0
  while x >= 0 and x <= 3 and b[x * 2] == 1 {
    n += 1
    x += 1
  }
  return n
}
fn after(b: list<int>, c: int) -> int {
  require c >= 0 else "no negative column"
  return b[c + 1]
}
fn changed(b: list<int>, i: int) -> int {
  if i >= 0 {
    i -= 2
    return b[i]
  }
  return 0
}
fn either(b: list<int>, i: int) -> int {
  if i >= 0 or i < -3 { return b[i] }
  return 0
}
'''
CASES = [("inside", ([4, 5, 6], 1)), ("inside", ([4, 5, 6], 4)), ("inside", ([4, 5, 6], -1)),
         ("walk", ([1, 0, 1, 0, 1, 0, 1], 0)), ("walk", ([1, 0, 1, 0, 0], 0)), ("walk", ([1, 0, 1], 0)),
         ("walk", ([1, 1, 1], -1)), ("after", ([1, 2, 3], 1)), ("after", ([1, 2, 3], 2)), ("after", ([1, 2, 3], -1)),
         ("changed", ([1, 2, 3], 1)), ("changed", ([1, 2, 3], 4)), ("either", ([1, 2, 3], -5)), ("either", ([1, 2], 1))]


@pytest.mark.parametrize(("fn", "args"), CASES)
def test_dropping_proven_guards_keeps_every_result_step_and_fault(both, fn, args):
    plain, optimised = both(SOURCE)
    assert outcome(optimised, fn, *args) == outcome(plain, fn, *args)


def test_a_negative_index_still_reads_past_the_end_where_nothing_proves_it(both):
    _, optimised = both(SOURCE)
    assert outcome(optimised, "changed", [1, 2, 3], 1)[1:4] == ("RuleFault", "a list has no item at index -1 (it has 3 items)",
                                                                "opt.rules:21:5")
    assert outcome(optimised, "either", [1, 2, 3], -5)[2] == "a list has no item at index -5 (it has 3 items)"
    assert outcome(optimised, "after", [1, 2, 3], 2)[2:4] == ("a list has no item at index 3 (it has 3 items)", "opt.rules:16:3")


def test_the_guards_a_condition_proves_useless_are_dropped_and_no_other(both):
    plain, optimised = both(SOURCE)
    for fn in ("inside", "walk", "after", "changed", "either"):
        assert PAST_ANY_LIST in code_of(plain, fn).co_consts
    for fn in ("inside", "walk", "after"):
        assert PAST_ANY_LIST not in code_of(optimised, fn).co_consts
    for fn in ("changed", "either"):  # set in the body; proven on one side of an `or` only
        assert PAST_ANY_LIST in code_of(optimised, fn).co_consts
    assert "_mul" in code_of(plain, "walk").co_names
    assert "_mul" not in code_of(optimised, "walk").co_names  # x is 0 to 3 there: x * 2 is small
