"""Inlining (compiler/optimise/inline.py): a small fn with a loop, called from a statement, is
written out in its caller. Given a source, the optimised and the one-for-one handlers give the
same results, step counts and faults (message and `file:line:col`); and the call is gone."""

import pytest
from conftest import code_of, outcome

SOURCE = '''game "t" "T"
fn run(b: list<int>, start: int, step: int) -> int {
  let i = start
  let n = 0
  while i >= 0 and i < count(b) and b[i] == 1 {
    n += 1
    i += step
  }
  return n
}
fn through(b: list<int>, at: int) -> int {
  let n = 1 + run(b, at, 1) + run(b, at, -1)
  return n
}
fn checked(b: list<int>, i: int) -> int {
  require i <= 9 else "past the end of the row"
  let at = b[i]
  let total = 0
  while total < at { total += 1 }
  return total * 2
}
fn reads(b: list<int>, i: int) -> int {
  let x = checked(b, i)
  return x + 1
}
fn either(b: list<int>, i: int) -> int {
  if i > 5 and run(b, i, 1) > 0 { return 1 }
  return 0
}
fn next(x: int) -> int {
  let y = x + 1
  return y
}
fn twice(x: int) -> int {
  let y = next(x)
  return next(y)
}
'''


@pytest.mark.parametrize("board", [[1, 1, 1, 1, 1], [0, 1, 1, 0, 1, 1, 1, 0], [1] * 40])
@pytest.mark.parametrize("at", [0, 2, 4])
def test_a_fn_written_out_in_its_caller_gives_the_same_result_and_steps(both, board, at):
    plain, optimised = both(SOURCE)
    assert outcome(optimised, "through", board, at) == outcome(plain, "through", board, at)
    assert outcome(plain, "through", [1, 1, 1, 0], 1) == ("value", 5, 4)  # 1 + 2 + 2, a step a round


def test_faults_in_a_fn_written_out_name_the_same_place(both):
    plain, optimised = both(SOURCE)
    for args in (([1, 2, 3], 7), ([1, 2, 3], 12), ([1, 2, 3], 1), ([1, 2, 3], -1)):
        assert outcome(optimised, "reads", *args) == outcome(plain, "reads", *args)
    assert outcome(plain, "reads", [1, 2, 3], 7)[1:4] == ("RuleFault", "a list has no item at index 7 (it has 3 items)",
                                                          "opt.rules:17:3")
    assert outcome(plain, "reads", [1, 2, 3], 12)[1:4] == ("IllegalAction", "past the end of the row", "opt.rules:16:3")


def test_the_budget_runs_out_at_the_same_step_and_place(both):
    plain, optimised = both(SOURCE)
    board = [1] * 300
    assert outcome(optimised, "through", board, 150, budget=100) == outcome(plain, "through", board, 150, budget=100)
    assert outcome(plain, "through", board, 150, budget=100)[1::2] == ("BudgetExceeded", "opt.rules:5:3")


def test_the_calls_are_gone_where_they_run_first_and_kept_where_they_may_not_run(both):
    plain, optimised = both(SOURCE)
    assert "f_run" in code_of(plain, "through").co_names
    assert "f_run" not in code_of(optimised, "through").co_names
    assert "f_checked" not in code_of(optimised, "reads").co_names
    assert "f_run" in code_of(optimised, "either").co_names  # after `and`: it may not run, so it stays a call
    assert "f_next" in code_of(optimised, "twice").co_names  # `return next(y)`: a return is no statement that hoists
    assert outcome(optimised, "twice", 3) == outcome(plain, "twice", 3) == ("value", 5, 0)
    for i in (3, 6, 8):
        assert outcome(optimised, "either", [1] * 9, i) == outcome(plain, "either", [1] * 9, i)


def test_a_fn_of_another_file_stays_a_call_so_its_faults_name_its_own_file(monkeypatch, tmp_path):
    from rulecraft.compiler import driver
    from rulecraft.compiler.diagnostics import Diagnostics
    from rulecraft.compiler.loader import compile_folder

    main = SOURCE.replace("fn through", "fn own_through").replace('"T"\n', '"T"\nimport other\n')
    (tmp_path / "main.rules").write_text(main, encoding="utf-8")
    (tmp_path / "other.rules").write_text(
        "fn through2(b: list<int>, at: int) -> int {\n  let n = run(b, at, 1) + 1\n  return n\n}\n", encoding="utf-8")
    monkeypatch.setenv("RULECRAFT_OPT", "1")
    driver.forget_parsed()
    rules = compile_folder(tmp_path, Diagnostics())
    assert rules is not None
    assert "f_run" in code_of(rules, "through2").co_names
    assert "f_run" not in code_of(rules, "own_through").co_names


DEFAULTS = '''game "t" "T"
fn ones(b: list<int>, low: int = 1) -> int {
  let n = 0
  for i in low..3 {
    if b[i] == 1 { n += 1 }
  }
  return n
}
fn both_ways(b: list<int>) -> list<int> {
  let all_of = ones(b, 0)
  let some = ones(b)
  return [all_of, some]
}
'''


@pytest.mark.parametrize("board", [[1, 1, 0, 1], [0, 0, 0, 1], [1, 1]])
def test_a_fn_written_out_takes_its_defaults_for_the_arguments_not_given(both, board):
    plain, optimised = both(DEFAULTS)
    assert "f_ones" not in code_of(optimised, "both_ways").co_names
    assert outcome(optimised, "both_ways", board) == outcome(plain, "both_ways", board)
    assert outcome(plain, "both_ways", [1, 1, 0, 1]) == ("value", [3, 2], 7)


PLAIN = '''game "t" "T"
fn cell(b: list<int>, i: int) -> int {
  require i >= 0 else "no cell before the first"
  return b[i]
}
fn pair(b: list<int>, i: int) -> list<int> {
  let here = cell(b, i)
  let there = cell(b, i + 1)
  return [here, there]
}
'''


@pytest.mark.parametrize(("board", "at"), [([4, 5, 6], 0), ([4, 5, 6], 1), ([4, 5, 6], 2), ([4, 5, 6], -1)])
def test_a_small_fn_without_a_loop_is_written_out_too_with_the_same_results_and_faults(both, board, at):
    plain, optimised = both(PLAIN)
    assert "f_cell" in code_of(plain, "pair").co_names
    assert "f_cell" not in code_of(optimised, "pair").co_names
    assert outcome(optimised, "pair", board, at) == outcome(plain, "pair", board, at)


def test_the_faults_of_a_small_fn_written_out_name_its_own_lines(both):
    plain, optimised = both(PLAIN)
    for rules in (plain, optimised):
        assert outcome(rules, "pair", [4, 5, 6], 2)[1:4] == (
            "RuleFault", "a list has no item at index 3 (it has 3 items)", "opt.rules:4:3")
        assert outcome(rules, "pair", [4, 5, 6], -1)[1:4] == ("IllegalAction", "no cell before the first", "opt.rules:3:3")
