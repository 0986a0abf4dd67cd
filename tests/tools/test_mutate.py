"""`rulecraft mutate` on a tiny ruleset and a tiny test file, both in a temporary folder: exact counts of
the mutants the test catches, the ones it misses, and the ones the compiler refuses."""

from __future__ import annotations

import pytest

from rulecraft.authoring.mutation.explained import ExplainedError, read
from rulecraft.authoring.mutation.points import find_mutants
from rulecraft.authoring.mutation.score import Plan, chosen, render, score

RULES = '''game "tiny" "Tiny"

fn bonus(n: int) -> int {
  rule TINY-1
  let high = 10
  if n > 2 { return high }
  return 0
}

fn untagged(n: int) -> int { return n + 1 }

fn marker() {
  step announce { rule TINY-2 }
}

fn five() -> int {
  rule TINY-5
  return 5
}

fn six() -> int {
  rule TINY-6
  return 6
}
'''

TESTS = '''import subprocess
import sys

import pytest
import rulecraft


@pytest.mark.rules("TINY-1")
def test_bonus():
    game = rulecraft.Game(rulecraft.load("tiny"))
    assert game.call("bonus", 5) == 10
    assert game.call("bonus", 1) == 0


@pytest.mark.rules("TINY-5")
def test_five_from_another_process():  # it sees the mutant too
    code = "import rulecraft; print(rulecraft.Game(rulecraft.load('tiny')).call('five'))"
    assert subprocess.run([sys.executable, "-c", code], capture_output=True, text=True).stdout == "5\\n"


@pytest.mark.rules("TINY-6")
def test_broken_before_any_mutant():
    assert rulecraft.Game(rulecraft.load("tiny")).call("six") == 7
'''


@pytest.fixture
def project(tmp_path):
    (tmp_path / "rulesets" / "tiny").mkdir(parents=True)
    (tmp_path / "rulesets" / "tiny" / "main.rules").write_text(RULES, encoding="utf-8")
    (tmp_path / "tests").mkdir()
    (tmp_path / "tests" / "test_tiny.py").write_text(TESTS, encoding="utf-8")
    return tmp_path


def test_the_mutants_of_a_tagged_function(project):
    found = [(m.place, m.mutation, m.ids) for m in find_mutants(project / "rulesets")]
    assert found == [
        ("tiny/main.rules:5:3", "drop `let high = 10`", ("TINY-1",)),
        ("tiny/main.rules:5:14", "10 -> 11", ("TINY-1",)),
        ("tiny/main.rules:6:3", "drop `if n > 2 { return high }`", ("TINY-1",)),
        ("tiny/main.rules:6:6", "negate `n > 2`", ("TINY-1",)),
        ("tiny/main.rules:6:6", "`>` -> `>=` in `n > 2`", ("TINY-1",)),
        ("tiny/main.rules:6:10", "2 -> 3", ("TINY-1",)),
        ("tiny/main.rules:6:14", "drop `return high`", ("TINY-1",)),
        ("tiny/main.rules:7:3", "drop `return 0`", ("TINY-1",)),
        ("tiny/main.rules:7:10", "0 -> 1", ("TINY-1",)),
        ("tiny/main.rules:18:3", "drop `return 5`", ("TINY-5",)),
        ("tiny/main.rules:18:10", "5 -> 6", ("TINY-5",)),
        ("tiny/main.rules:23:3", "drop `return 6`", ("TINY-6",)),
        ("tiny/main.rules:23:10", "6 -> 7", ("TINY-6",)),
    ]  # nothing of the untagged function, nor of the step that only carries TINY-2


def test_the_score_counts_caught_missed_and_refused_mutants(project, monkeypatch):
    monkeypatch.chdir(project)
    plan = Plan(project / "rulesets", [str(project / "tests")], {"tiny": ["TINY-1", "TINY-2", "TINY-5", "TINY-6"]}, jobs=2,
                timeout=60.0)
    report = score(plan)
    one, two, five, six = report["rules"]
    assert (one["mutants"], one["caught"], one["compiler"], one["timeout"], one["survived"], one["error"]) == (9, 6, 1, 0, 2, 0)
    assert one["survivors"] == [{"place": "tiny/main.rules:6:6", "mutation": "`>` -> `>=` in `n > 2`"},
                                {"place": "tiny/main.rules:6:10", "mutation": "2 -> 3"}]
    assert two["mutants"] == 0
    assert not two["tested"]
    assert (five["mutants"], five["caught"], five["survived"]) == (2, 2, 0)
    assert (six["mutants"], six["caught"], six["error"]) == (2, 0, 2)  # its only test fails unmutated: not run
    assert report["failing_without_mutant"] == [f"{project / 'tests' / 'test_tiny.py'}::test_broken_before_any_mutant"]
    assert report["games"] == [{"catalogue": "tiny", "ids": 4, "all_caught": 1, "percent": 25.0, "explained": 0, "no_mutant": 1,
                                "by_compiler_only": 0}]
    assert "tiny/main.rules:6:10  2 -> 3  [TINY-1]" in render(report)
    assert (project / "rulesets" / "tiny" / "main.rules").read_text(encoding="utf-8") == RULES  # never written


def test_the_same_seed_samples_the_same_mutants(project):
    mutants = find_mutants(project / "rulesets")
    plan = Plan(project / "rulesets", [], {"tiny": ["TINY-1"]}, sample=4, seed=7)
    first = chosen(plan, mutants)["TINY-1"]
    assert len(first) == 4
    assert first == chosen(plan, find_mutants(project / "rulesets"))["TINY-1"]
    others = [chosen(Plan(plan.root, [], plan.games, sample=4, seed=s), mutants)["TINY-1"] for s in range(8)]
    assert any(o != first for o in others)  # the seed decides which
    every = [m for m in mutants if "TINY-1" in m.ids]
    assert len(every) == 9
    assert chosen(Plan(plan.root, [], plan.games), mutants)["TINY-1"] == every  # no sample


def test_a_definition_count_and_a_table_row_are_shifted(tmp_path):
    (tmp_path / "small").mkdir()
    (tmp_path / "small" / "main.rules").write_text('''game "small" "Small"
kind piece { }
piece pawn "Pawn" x3 { rule TINY-3 }
die d6 "six-sided" { faces 1..6 }
table luck "Luck" () roll d6 {
  1..4: "nothing" { rule TINY-4 }
  5..6: "a pawn" { create pawn }
}
''', encoding="utf-8")
    found = [(m.place, m.mutation, m.ids) for m in find_mutants(tmp_path)]
    assert found == [("small/main.rules:3:19", "x3 -> x4", ("TINY-3",)), ("small/main.rules:6:3", "4 -> 5", ("TINY-4",))]


def test_a_run_of_rules_a_silent_branch_and_a_definition_with_nothing_inside(tmp_path):
    (tmp_path / "small").mkdir()
    (tmp_path / "small" / "main.rules").write_text('''game "small" "Small"
kind piece { }
piece pawn "Pawn" { rule TINY-7 }
check TINY-8 "title" {
  rule TINY-9
  rule TINY-10
  violation "always"
}
fn pick(n: int) -> int {
  if n > 1 { return 1 } else { rule TINY-11 }
  return 0
}
''', encoding="utf-8")
    found = [(m.place, m.mutation, m.ids) for m in find_mutants(tmp_path)]
    assert found == [
        ("small/main.rules:3:1", "drop the definition `pawn`", ("TINY-7",)),  # nothing else in it to mutate
        ("small/main.rules:7:3", 'drop `violation "always"`', ("TINY-8", "TINY-9", "TINY-10")),  # the check's name and both rules
        ("small/main.rules:10:6", "negate `n > 1`", ("TINY-11",)),  # decides whether the silent `else` is reached
        ("small/main.rules:10:6", "`>` -> `>=` in `n > 1`", ("TINY-11",)),
        ("small/main.rules:10:10", "1 -> 2", ("TINY-11",)),
    ]  # the rest of `pick` is untagged


def test_explained_mutants_and_ids_count_as_caught_and_stale_ones_are_reported(project, monkeypatch):
    (project / "tests" / "equivalent_mutants.yaml").write_text('''mutants:
  - file: tiny/main.rules
    line: "if n > 2 { return high }"
    mutation: "`>` -> `>=` in `n > 2`"
    why: the test never asks for 2
  - file: tiny/main.rules
    line: "return 5"
    mutation: "5 -> 6"
    why: a wrong explanation
  - file: tiny/main.rules
    line: "gone"
    mutation: "1 -> 2"
    why: code that changed
ids:
  TINY-2: the step only names it
''', encoding="utf-8")
    monkeypatch.chdir(project)
    plan = Plan(project / "rulesets", [str(project / "tests")], {"tiny": ["TINY-1", "TINY-2", "TINY-5"]}, jobs=2,
                timeout=60.0, explained=read(project / "tests" / "equivalent_mutants.yaml"))
    report = score(plan)
    one, two, five = report["rules"]
    assert (one["survived"], one["explained"]) == (1, 1)  # `2 -> 3` is still a survivor
    assert two["nothing_to_mutate"] == "the step only names it"
    assert (five["caught"], five["explained"]) == (2, 0)
    assert report["games"][0]["all_caught"] == 2
    assert report["games"][0]["explained"] == 1
    assert report["stale_explanations"] == ["tiny/main.rules: `gone`: 1 -> 2"]
    assert report["explained_but_caught"] == ["tiny/main.rules:18:10  5 -> 6"]


def test_a_malformed_file_of_explanations_names_every_problem(tmp_path):
    path = tmp_path / "explained.yaml"
    path.write_text('''mutants:
  - file: a.rules
    line: x
  - file: a.rules
    line: x
    mutation: 1 -> 2
    why: ""
ids:
  TINY-1: ""
''', encoding="utf-8")
    with pytest.raises(ExplainedError) as caught:
        read(path)
    assert str(caught.value).splitlines() == [
        f"{path}:2: an explained mutant needs exactly file, line, mutation, why, each a non-empty text",
        f"{path}:4: an explained mutant needs exactly file, line, mutation, why, each a non-empty text",
        f"{path}:9: TINY-1: give the reason it has nothing to mutate"]
