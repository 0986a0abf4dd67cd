"""`rulecraft fmt`: only whitespace at line starts and ends and blank lines change, so the tokens a
file is made of (comments included) stay as they were; formatting twice changes nothing more;
every bundled and example ruleset is formatted; hand alignment of continued lines is kept."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rulecraft.authoring.fmt import format_text
from rulecraft.compiler import parser

ROOT = Path(__file__).resolve().parents[2]
FILES = sorted((ROOT / "rulesets").rglob("*.rules")) + sorted((ROOT / "examples").rglob("*.rules"))


def tokens(text: str) -> list[tuple[str, str]]:
    """What the parser reads, comments included (Lark's lexer drops them, so they are added back)."""
    lexed = [(t.type, str(t)) for t in parser._lark().lex(text)]
    comments = [line.split("#", 1)[1] for line in text.split("\n") if "#" in line]
    return lexed + [("after #", c) for c in comments]


def lines(text: str) -> list[str]:
    return [line.strip() for line in text.split("\n") if line.strip()]


@pytest.mark.parametrize("path", FILES, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_bundled_and_example_file_is_formatted(path):
    text = path.read_text(encoding="utf-8")
    assert format_text(text) == text, f"run: rulecraft fmt {path.relative_to(ROOT)}"


def perturbed(text: str, data) -> str:
    """The text with its layout scrambled: indentation, trailing spaces, tabs, blank lines."""
    out = []
    for line in text.split("\n"):
        out.append(data.draw(st.sampled_from(["", " ", "   ", "\t", "        "])) + line.strip() +
                   data.draw(st.sampled_from(["", " ", "\t"])))
        if data.draw(st.integers(0, 9)) == 0:
            out.append(data.draw(st.sampled_from(["", "  ", "\t"])))
    return "\n".join(out)


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(FILES), st.data())
def test_a_scrambled_file_comes_back_to_a_fixed_point_with_the_same_tokens(path, data):
    original = path.read_text(encoding="utf-8")
    scrambled = perturbed(original, data)
    laid = format_text(scrambled)
    assert format_text(laid) == laid
    assert tokens(laid) == tokens(original)
    assert lines(laid) == lines(original)


PIECES = ["fn f(a: int,", "b: int) {", "}", "{", "[", "]", "(", ")", "and x", "or y", "else \"no\"", "} else {",
          "let x = [1,", "2]", "# a note", "x += 1  # why", "require x", "conflicts \"m\"", "window a, b,", "c of card {",
          '"a { string"', "", "  ", "\t"]


@settings(max_examples=300, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(["", " ", "    ", "\t"]), st.sampled_from(PIECES)), max_size=40))
def test_formatting_any_text_twice_changes_nothing_more(pieces):
    text = "\n".join(lead + piece for lead, piece in pieces)
    laid = format_text(text)
    assert format_text(laid) == laid
    assert lines(laid) == lines(text)


@pytest.mark.parametrize(("written", "laid"), [
    ("fn f() {\nlet x = 1\n    if x > 0 {\nreturn\n}\n}\n", "fn f() {\n  let x = 1\n  if x > 0 {\n    return\n  }\n}\n"),
    # a parameter list broken over lines aligns after its bracket; the body hangs from the statement
    ("fn f(a: int,\nb: int) {\nreturn\n}\n", "fn f(a: int,\n     b: int) {\n  return\n}\n"),
    # a continued condition keeps the alignment it was written with, at least 2 spaces in
    ("fn f() {\n  if a\n       and b {\n    x()\n  }\n}\n", "fn f() {\n  if a\n       and b {\n    x()\n  }\n}\n"),
    ("fn f() {\n  require a\n  else \"no\"\n}\n", "fn f() {\n  require a\n    else \"no\"\n}\n"),
    # a comment carried on under a comment that ends the line above stays under it
    ("kind k {\n  a: int = 1   # the first\n               # and more\n}\n",
     "kind k {\n  a: int = 1   # the first\n               # and more\n}\n"),
    ("\n\n# top\n\n\n\nconst x = 1   \n\n\n", "# top\n\nconst x = 1\n"),
    # an event's place, a trigger's place and a play's condition on lines of their own continue them
    ("event e(r: room)\nat r\n", "event e(r: room)\n  at r\n"),
    ("t x \"X\" {\non e\n at this.location { }\nplay in a, b\n      when c { }\n}\n",
     "t x \"X\" {\n  on e\n    at this.location { }\n  play in a, b\n        when c { }\n}\n"),
    # a list expression broken over lines aligns after its bracket
    ("fn f() {\nreturn [x + 1\nfor x in xs\n   if x > 0]\n}\n",
     "fn f() {\n  return [x + 1\n          for x in xs\n          if x > 0]\n}\n"),
    # an inline assumption's note on a line of its own continues its property; a `defaults` block indents
    ("unit u \"U\" {\nhp: 3\nassumed \"why\"\n}\n", "unit u \"U\" {\n  hp: 3\n    assumed \"why\"\n}\n"),
    ("defaults {\nset: base\n}\n", "defaults {\n  set: base\n}\n"),
])
def test_the_layout(written, laid):
    assert format_text(written) == laid


def run(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "rulecraft", "fmt", *args], capture_output=True, text=True, cwd=cwd,
                          timeout=120)


def test_check_diff_and_write(tmp_path):
    messy = tmp_path / "main.rules"
    messy.write_text('game "g" "G"\nfn f() {\n      return\n}\n', encoding="utf-8")
    checked = run("--check", ".", cwd=tmp_path)
    assert checked.returncode == 1
    assert checked.stdout.strip() == "main.rules"
    diff = run("--diff", "main.rules", cwd=tmp_path)
    assert diff.returncode == 1
    assert "-      return\n+  return" in diff.stdout
    assert messy.read_text(encoding="utf-8").count("      return") == 1  # --check and --diff change nothing
    assert run("main.rules", cwd=tmp_path).returncode == 0
    assert messy.read_text(encoding="utf-8") == 'game "g" "G"\nfn f() {\n  return\n}\n'
    assert run("--check", ".", cwd=tmp_path).returncode == 0


def test_json_names_the_files_changed_and_those_left_alone(tmp_path):
    import json

    (tmp_path / "a.rules").write_text('game "g" "G"\nconst x = 1   \n', encoding="utf-8")
    (tmp_path / "b.rules").write_text('game "g" "G"\nconst = 1\n', encoding="utf-8")
    done = run("--check", "--json", ".", cwd=tmp_path)
    document = json.loads(done.stdout)
    assert done.returncode == 2
    assert document["changed"] == ["a.rules"]
    (broken,) = document["not_formatted"]
    assert broken["file"] == "b.rules"
    assert [d["code"] for d in broken["diagnostics"]] == ["E0001"]


def test_a_file_that_does_not_parse_is_reported_and_left_alone(tmp_path):
    broken = tmp_path / "main.rules"
    broken.write_text('game "g" "G"\nfn f( {\n      return\n}\n', encoding="utf-8")
    done = run("main.rules", cwd=tmp_path)
    assert done.returncode == 2
    assert "E0001" in done.stderr
    assert "Traceback" not in done.stderr
    assert "      return" in broken.read_text(encoding="utf-8")


@settings(max_examples=3, deadline=None)
@given(st.data())
def test_a_scrambled_then_formatted_ruleset_compiles_to_the_same_ruleset(tmp_path_factory, data):
    import json

    from rulecraft.compiler.loader import load
    from rulecraft.views.export import export

    source = ROOT / "rulesets" / "twilight-imperium"
    copy = tmp_path_factory.mktemp("ti") / "twilight-imperium"
    copy.mkdir()
    for path in sorted(source.glob("*.rules")):
        lines = path.read_text(encoding="utf-8").split("\n")  # the same lines: positions stay comparable
        scrambled = "\n".join(data.draw(st.sampled_from(["", " ", "     ", "\t"])) + line.strip() for line in lines)
        (copy / path.name).write_text(format_text(scrambled), encoding="utf-8")

    def exported(folder: Path) -> str:
        return json.dumps(export(load(str(folder))), sort_keys=True).replace(str(folder), "twilight-imperium")

    assert exported(copy) == exported(source)
