"""Tests written inside rulesets: `test "..." checks IDS { expect ... }`."""

import pytest

import rulecraft
from rulecraft.compiler.loader import check_source
from rulecraft.runtime.ruletests import run_tests

SOURCE = '''game "t" "T"
kind unit { hp: int = 2 }
unit grunt "Grunt" { rule X-001 }
action hit(u: unit) {
  rule X-002
  require u.hp > 0 else "already down"
  u.hp -= 1
}
test "two hits take a grunt down" checks X-002 {
  let g = create grunt
  hit(g)
  hit(g)
  expect g.hp == 0
  expect refused hit(g)
}
test "a wrong expectation fails" {
  let g = create grunt
  expect g.hp == 3 else "a grunt has 3 hp"
}
test "naming a rule that never runs fails" checks X-001, X-002 {
  expect true
}
test "refusal expected but the action is allowed" {
  expect refused hit(create grunt)
}
'''


def test_ruleset_tests_pass_fail_and_say_why():
    outcomes = {o.test.title: o for o in run_tests(rulecraft.compile_source(SOURCE, "t.rules"))}
    assert outcomes["two hits take a grunt down"].passed
    wrong = outcomes["a wrong expectation fails"]
    assert not wrong.passed
    assert wrong.message == "t.rules:18:3: a grunt has 3 hp"  # the `expect`, not the `test`
    assert wrong.where == "t.rules:18:3"
    unrun = outcomes["naming a rule that never runs fails"]
    assert not unrun.passed
    assert unrun.message.endswith("passed, but never ran X-001, X-002")
    allowed = outcomes["refusal expected but the action is allowed"]
    assert not allowed.passed
    assert allowed.message == "t.rules:24:3: the action was expected to be refused"


def test_a_fault_or_refusal_inside_a_test_is_a_located_failure_and_later_tests_still_run():
    source = SOURCE + '''test "faults" {
  let l = [1]
  let y = 1 // (count(l) - 1)
}
test "refused outside expect" {
  let g = create grunt
  g.hp = 0
  hit(g)
}
'''
    outcomes = run_tests(rulecraft.compile_source(source, "t.rules"))
    by_title = {o.test.title: o for o in outcomes}
    assert by_title["faults"].message == "t.rules:28:3: division by zero (1 // 0)"
    assert by_title["refused outside expect"].message == "t.rules:6:3: already down"  # the `require` that refused
    assert [o.test.title for o in outcomes][-1] == "refused outside expect"


def test_tests_are_not_counted_as_encoding_the_rules_they_check():
    rules = rulecraft.compile_source(SOURCE, "t.rules")
    assert sorted(rules.rule_sites) == ["X-001", "X-002"]
    assert rules.rule_sites["X-002"] == ["t.rules:5:3"]


def test_expect_belongs_in_tests():
    diags = check_source('game "t" "T"\naction a() { expect true }\n', "t.rules")
    assert [(d.code, d.line, d.column) for d in diags.sorted()] == [("E0207", 2, 14)]


def test_a_test_naming_an_unknown_scenario_is_an_error():
    diags = check_source('game "t" "T"\ntest "x" in nowhere { }\n', "t.rules")
    assert [(d.code, d.line, d.column) for d in diags.sorted()] == [("E0110", 2, 13)]


@pytest.mark.parametrize("game", ["twilight-imperium"])
def test_the_bundled_ruleset_tests_pass(game):
    outcomes = run_tests(rulecraft.load(game))
    assert outcomes
    assert all(o.passed for o in outcomes), [o.message for o in outcomes if not o.passed]
