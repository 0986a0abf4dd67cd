"""`rulecraft test`: keeps going after a failing or faulting test, names the failing `expect` by
file:line:col, and always ends with its summary (or, with --json, a document with the counts)."""

import json
import subprocess
import sys

SOURCE = '''game "t" "T"
kind unit { hp: int = 2 }
unit grunt "Grunt" { }
test "first fails" {
  let g = create grunt
  expect g.hp == 2
  expect g.hp == 3 else "a grunt has 3 hp"
}
test "then one faults" {
  let l = [1, 2]
    let x = l[5]
}
test "and the last passes" {
  expect create grunt != none
}
'''


def rc(*args):
    return subprocess.run([sys.executable, "-m", "rulecraft", "test", *args], capture_output=True, text=True)


def test_a_failing_expect_is_named_by_its_own_place_and_the_run_goes_on(tmp_path):
    (tmp_path / "main.rules").write_text(SOURCE)
    result = rc(str(tmp_path))
    assert result.returncode == 1
    out = result.stdout
    rules = str(tmp_path / "main.rules")
    assert f"{rules}:7:3: a grunt has 3 hp" in out                     # the `expect`, not the `test` line
    assert f"{rules}:11:5: a list has no item at index 5 (it has 2 items)" in out   # a fault is located too
    assert "ok   t: and the last passes" in out                        # the run went on after both
    assert out.rstrip().splitlines()[-1] == "1 passed, 2 failed"
    assert "Traceback" not in result.stderr


def test_json_output_lists_every_result_with_its_place(tmp_path):
    (tmp_path / "main.rules").write_text(SOURCE)
    result = rc(str(tmp_path), "--json")
    assert result.returncode == 1
    doc = json.loads(result.stdout)
    assert (doc["passed"], doc["failed"]) == (1, 2)
    rules = str(tmp_path / "main.rules")
    assert [(r["test"], r["passed"], r["where"]) for r in doc["results"]] == [
        ("first fails", False, f"{rules}:7:3"), ("then one faults", False, f"{rules}:11:5"),
        ("and the last passes", True, f"{rules}:13:1")]


def test_a_ruleset_that_does_not_compile_is_a_failure_and_the_summary_still_comes(tmp_path):
    (tmp_path / "bad").mkdir()
    (tmp_path / "bad" / "main.rules").write_text('game "b" "B"\nfn f() -> int { return nosuch }\n')
    (tmp_path / "good").mkdir()
    (tmp_path / "good" / "main.rules").write_text(SOURCE)
    result = rc(str(tmp_path / "bad"), str(tmp_path / "good"))
    assert result.returncode == 1
    assert f"{tmp_path / 'bad' / 'main.rules'}:2:24" in result.stdout
    assert result.stdout.rstrip().splitlines()[-1] == "1 passed, 3 failed"
