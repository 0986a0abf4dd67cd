"""The golden corpus of wrong programs: every file states the errors it must produce.

Each `corpus/*.rules` file opens with comment lines

    # expect: CODE LINE:COLUMN
    # expect: CODE LINE:COLUMN ~ text the message or help must contain

one per expected error; the compiler must report exactly that set of errors (all of
them, not only the first), render each one readably, and never raise.
"""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest

from rulecraft.compiler.diagnostics import CompileError, Diagnostics, render_json, render_sarif, render_text
from rulecraft.compiler.loader import bundled_root, check_source, compile_folder, compile_source

CORPUS = Path(__file__).parent / "corpus"
FILES = sorted(CORPUS.glob("*.rules"))
EXPECT = re.compile(r"^#\s*expect:\s*(E\d{4})\s+(\d+):(\d+)(?:\s*~\s*(.+?))?\s*$")
# Names Lark gives its terminals; none may leak into what a user reads.
# (Upper-case words such as NAME can be placeholders in a help text, so only these.)
LARK_WORDS = re.compile(r"__ANON|\$END|\b(?:RBRACE|LBRACE|LPAR|RPAR|LSQB|RSQB|COLON|COMMA|EQUAL|LESSTHAN|MORETHAN|"
                        r"RULE_ID|FACE_DOWN|Token|Tree|UnexpectedToken|UnexpectedCharacters)\b")


def expectations(text: str) -> tuple[set[tuple[str, int, int]], dict[tuple[str, int, int], str]]:
    wanted, snippets = set(), {}
    for line in text.splitlines():
        if not line.startswith("#"):
            break
        m = EXPECT.match(line)
        if m:
            key = (m.group(1), int(m.group(2)), int(m.group(3)))
            wanted.add(key)
            if m.group(4):
                snippets[key] = m.group(4)
    return wanted, snippets


def test_corpus_is_big_enough():
    assert len(FILES) >= 45
    for path in FILES:
        assert expectations(path.read_text(encoding="utf-8"))[0], f"{path.name} states no `# expect:` line"


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_expected_diagnostics(path: Path):
    text = path.read_text(encoding="utf-8")
    wanted, snippets = expectations(text)
    diags = check_source(text, path.name)
    got = {(d.code, d.line, d.column) for d in diags.errors}
    report = render_text(diags.sorted(), diags.sources)
    assert got == wanted, f"missing {sorted(wanted - got)}, unexpected {sorted(got - wanted)}\n{report}"
    for d in diags.errors:
        snippet = snippets.get((d.code, d.line, d.column))
        if snippet:
            assert snippet in f"{d.message} {d.help or ''}", report


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_rendering(path: Path):
    text = path.read_text(encoding="utf-8")
    diags = check_source(text, path.name)
    lines = text.splitlines()
    for d in diags.sorted():
        assert d.span is not None
        assert d.span.file == path.name
        assert 1 <= d.line <= max(1, len(lines)) + 1
        assert d.column >= 1
        for words in (d.message, d.help or "", *(m for _, m in d.labels)):
            assert not LARK_WORDS.search(words), f"parser jargon in {words!r}"
        out = render_text([d], diags.sources).splitlines()
        assert out[0].startswith(f"{path.name}:{d.line}:{d.column}: error[{d.code}]: {d.message}")
        source_line = lines[d.line - 1] if d.line <= len(lines) else ""
        assert out[1] == f"  {d.line:>4} | {source_line}"
        caret = out[2]
        assert caret.startswith("       | ")
        assert caret[9:].lstrip(" ").startswith("^")
        assert len(caret[9:]) - len(caret[9:].lstrip(" ")) == d.column - 1, "the caret is not under the column"
        assert out[-1] == "1 error"


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_machine_formats(path: Path):
    diags = check_source(path.read_text(encoding="utf-8"), path.name).sorted()
    data = json.loads(render_json(diags))
    assert data["errors"] == len(diags) == len(data["diagnostics"])
    for d, item in zip(diags, data["diagnostics"]):
        assert {"code", "severity", "message", "file", "line", "column", "end_line", "end_column"} <= set(item)
        assert (item["code"], item["file"], item["line"], item["column"]) == (d.code, path.name, d.line, d.column)
    sarif = json.loads(render_sarif(diags, "0.1.0"))
    assert sarif["version"] == "2.1.0"
    run = sarif["runs"][0]
    assert run["tool"]["driver"]["name"] == "rulecraft"
    assert {r["id"] for r in run["tool"]["driver"]["rules"]} == {d.code for d in diags}
    assert len(run["results"]) == len(diags)
    for d, result in zip(diags, run["results"]):
        assert result["ruleId"] == d.code
        assert result["level"] == "error"
        assert result["message"]["text"]
        region = result["locations"][0]["physicalLocation"]["region"]
        assert (region["startLine"], region["startColumn"]) == (d.line, d.column)


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_compile_source_raises_with_every_diagnostic(path: Path):
    text = path.read_text(encoding="utf-8")
    with pytest.raises(CompileError) as info:
        compile_source(text, path.name)
    wanted, _ = expectations(text)
    assert {(d.code, d.line, d.column) for d in info.value.diagnostics} == wanted


def test_missing_import_is_reported_where_it_is_imported(tmp_path: Path):
    (tmp_path / "main.rules").write_text('game "t" "T"\n\nimport rules_a\nimport nowhere\n', encoding="utf-8")
    (tmp_path / "rules_a.rules").write_text("kind unit {}\nimport also_missing\n", encoding="utf-8")
    diags = Diagnostics()
    assert compile_folder(tmp_path, diags) is None
    got = {(d.code, Path(d.file).name, d.line, d.column) for d in diags.errors}
    assert got == {("E0109", "main.rules", 4, 8), ("E0109", "rules_a.rules", 2, 8)}
    assert all("nowhere" in d.message or "also_missing" in d.message for d in diags.errors)


def _truncations() -> list[tuple[str, str]]:
    cases = []
    for path in sorted((bundled_root() / "twilight-imperium").glob("*.rules")):
        text = path.read_text(encoding="utf-8")
        rng = random.Random(path.name)
        for cut in sorted(rng.sample(range(1, len(text)), min(30, len(text) - 1))):
            cases.append((f"{path.stem}@{cut}", text[:cut]))
    return cases


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_never_raises_on_corpus(path: Path):
    text = path.read_text(encoding="utf-8")
    for variant in (text, text[: len(text) // 2], text.replace("{", "", 1), text.replace("}", "", 1)):
        check_source(variant, path.name)


@pytest.mark.parametrize(("name", "text"), _truncations(), ids=lambda v: v if "@" in str(v) else "")
def test_never_raises_on_truncated_ruleset(name: str, text: str):
    diags = check_source(text, name + ".rules")
    for d in diags.items:
        assert d.span is not None
        assert not LARK_WORDS.search(d.message + " " + (d.help or ""))
        render_text([d], diags.sources)


@pytest.mark.parametrize("source", [
    'game "t" "T"\nfn f() -> int { return ' + "-" * 5000 + "1 }\n",
    'game "t" "T"\nfn f() -> int { return ' + "+".join(["1"] * 5000) + " }\n",
    'game "t" "T"\nfn f() {\n' + "if true {\n" * 400 + "}\n" * 400 + "}\n",
    'game "t" "T"\nconst x = ' + "[" * 3000 + "]" * 3000 + "\n",
], ids=["minus", "sum", "blocks", "lists"])
def test_deep_nesting_is_an_error_not_a_crash(source: str):
    diags = check_source(source, "deep.rules")
    assert [d.code for d in diags.errors] == ["E0602"]
