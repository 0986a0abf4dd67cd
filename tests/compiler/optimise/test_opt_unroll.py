"""Unrolling (compiler/optimise/unroll.py): a `for` over a constant list of a few items is written
out item by item, the item a constant. Given a source, the optimised and one-for-one handlers
give the same results, steps and faults; and the loop is gone (no FOR_ITER) where it was unrolled."""

import pytest
from conftest import opnames, outcome

SOURCE = '''game "t" "T"
const STEPS = [[1, 0], [0, 1], [2, 3]]
fn spread(b: list<int>, at: int) -> int {
  let total = 0
  for d in STEPS {
    total += b[at + d[0]] * d[1] + d[1]
    if total > 100 { return -1 }
  }
  return total
}
fn numbers(k: int) -> list<int> {
  let out = []
  for x in [1, 2, 3] { out += [x * k] }
  return out
}
fn first_big(xs: list<int>) -> int {
  for i in 0..3 {
    if xs[i] > 10 { return i }
  }
  return -1
}
fn stops(b: list<int>) -> int {
  let n = 0
  for d in [1, 2, 3, 4] {
    if b[d] == 0 { break }
    n += 1
  }
  return n
}
'''


@pytest.mark.parametrize(("fn", "args"), [
    ("spread", ([1, 2, 3, 4, 5, 6], 0)), ("spread", ([1, 2, 3, 4, 5, 6], 2)), ("spread", ([50, 60, 70, 80], 0)),
    ("spread", ([1, 2], 0)), ("spread", ([1, 2, 3], -1)), ("first_big", ([1, 20, 3, 40],)), ("first_big", ([1, 2, 3, 4],)),
    ("first_big", ([1, 2],)), ("stops", ([1, 1, 1, 0, 1],)), ("stops", ([1, 1, 1, 1, 1],)), ("numbers", (5,)),
])
def test_a_loop_written_out_gives_the_same_result_steps_and_faults(both, fn, args):
    plain, optimised = both(SOURCE)
    assert outcome(optimised, fn, *args) == outcome(plain, fn, *args)


def test_what_the_loops_give(both):
    plain, _ = both(SOURCE)
    assert outcome(plain, "spread", [1, 2, 3, 4, 5, 6], 0) == ("value", 2 * 0 + 0 + 1 * 1 + 1 + 3 * 3 + 3, 3)
    assert outcome(plain, "spread", [1, 2], 0)[1:4] == ("RuleFault", "a list has no item at index 2 (it has 2 items)",
                                                        "opt.rules:6:5")
    assert outcome(plain, "first_big", [1, 2]) == ("fault", "RuleFault", "a list has no item at index 2 (it has 2 items)",
                                                   "opt.rules:18:5", 4)


def test_only_loops_over_a_few_constant_items_without_break_or_growth_are_written_out(both):
    plain, optimised = both(SOURCE)
    for fn in ("spread", "first_big"):
        assert "FOR_ITER" in opnames(plain, fn)
        assert "FOR_ITER" not in opnames(optimised, fn)
    for fn in ("stops", "numbers"):  # a `break`; a list grown item by item
        assert "FOR_ITER" in opnames(optimised, fn)


DEFINITIONS = '''game "t" "T"
kind unit { hp: int = 1 }
unit grunt "Grunt" { hp: 2 }
unit archer "Archer" { hp: 3 }
const recruits = [grunt, archer, grunt]
fn muster() -> int {
  for d in recruits { create d }
  return sum([u.hp for u in all unit])
}
'''


def test_a_loop_over_constant_definitions_creates_the_same_things_written_out(both):
    plain, optimised = both(DEFINITIONS)
    assert "FOR_ITER" not in opnames(optimised, "muster")
    assert outcome(optimised, "muster") == outcome(plain, "muster")
    assert outcome(plain, "muster")[1] == 7
