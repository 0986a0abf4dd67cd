"""Steps counted without a call (compiler/lower_data.counted): a `while` round's step, and the
rounds of a loop written out item by item. Optimised or not, a budget of every size runs out at
the same step, with the same message and at the same `file:line:col`; and the calls are gone."""

import pytest
from conftest import code_of, outcome

SOURCE = '''game "t" "T"
const PAIRS = [[1, 0], [0, 1], [1, 1]]
fn walk(n: int) -> int {
  let i = 0
  while i < n { i += 1 }
  return i
}
fn pairs(k: int) -> int {
  let total = 0
  for p in PAIRS { total += p[0] * k + p[1] }
  return total
}
fn both_of(n: int) -> int {
  let a = walk(n)
  let b = pairs(a)
  return a + b
}
'''


@pytest.mark.parametrize("budget", [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12])
def test_a_budget_of_any_size_runs_out_at_the_same_step_and_place(both, budget):
    plain, optimised = both(SOURCE)
    for fn, args in (("walk", (9,)), ("pairs", (2,)), ("both_of", (5,))):
        assert outcome(optimised, fn, *args, budget=budget) == outcome(plain, fn, *args, budget=budget), (fn, budget)


def test_where_and_why_the_budget_runs_out(both):
    for rules in both(SOURCE):
        assert outcome(rules, "walk", 9, budget=4) == (
            "fault", "BudgetExceeded", "the step budget of 4 steps is used up (an endless loop?)", "opt.rules:5:3", 5)
        assert outcome(rules, "pairs", 2, budget=2) == (
            "fault", "BudgetExceeded", "the step budget of 2 steps is used up (loops over too much?)", "opt.rules:10:3", 3)
        assert outcome(rules, "both_of", 5) == ("value", 5 + 12, 8)


def test_the_steps_are_counted_without_calling_the_budget(both):
    plain, optimised = both(SOURCE)
    assert "tick" in code_of(plain, "walk").co_names
    assert "steps" in code_of(optimised, "walk").co_names
    assert "steps" not in code_of(plain, "walk").co_names
    assert "steps" in code_of(optimised, "pairs").co_names
