"""compiler/lalr.py's loop parses as Lark does: for every bundled, example and corpus file, the
AST it builds (nodes hold their positions) and the diagnostics are those of Lark's own parser;
each text it cannot take as Lark would (a syntax error) is parsed again by Lark, which reports
it. Lexing follows the parser's state as Lark's contextual lexer does: a word that is a keyword
only where the keyword is accepted, `x4` a count only where a count is."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulecraft.compiler import lalr, parser, reductions
from rulecraft.compiler.build import Builder, build_module
from rulecraft.compiler.diagnostics import Diagnostics

ROOT = Path(__file__).parents[2]
FILES = sorted([*(ROOT / "rulesets").rglob("*.rules"), *(ROOT / "examples").rglob("*.rules"),
                *(Path(__file__).parent / "corpus").glob("*.rules")])
TRICKY = [
    'game "g" "G"\nfn f(x4: int) -> int { let x12 = x4  return x12 }\n',  # a count's shape, where a name is
    'game "g" "G"\nfn once_more(in_play: int) -> int { return in_play }\n',  # keywords inside names
    'game "g" "G"\r\nconst A = 1\t# a comment\r\n\tconst B = [A,\n  2]  # no newline at the end',
    'game "g" "G"\nfn f(a: int) { log "a is {a + 1} and {a * (a - 1)}" }\n',  # placeholders
    "",
]


def built(text: str, file: str, monkeypatch: pytest.MonkeyPatch | None = None) -> tuple[object, list]:
    """The module and the diagnostics of `text`; by Lark alone when `monkeypatch` is given."""
    if monkeypatch is not None:
        monkeypatch.setattr(parser, "_driver", lambda: None)
    diags = Diagnostics()
    module = build_module(text, file, diags)
    return module, diags.items


@pytest.mark.parametrize("path", FILES, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_file_parses_as_with_lark(path, monkeypatch):
    text = path.read_text(encoding="utf-8")
    fast = built(text, str(path))
    assert built(text, str(path), monkeypatch) == fast


@pytest.mark.parametrize("text", TRICKY)
def test_tricky_texts_parse_as_with_lark(text, monkeypatch):
    fast = built(text, "t.rules")
    assert fast[0] is not None
    assert built(text, "t.rules", monkeypatch) == fast


BUNDLED_TEXTS = [path.read_text(encoding="utf-8") for path in sorted((ROOT / "rulesets").rglob("*.rules"))]


@pytest.mark.parametrize("text", BUNDLED_TEXTS + TRICKY)
def test_the_loop_itself_takes_every_bundled_file_and_the_tricky_texts(text):
    """Not a fallback to Lark: the loop parses them to the end."""
    driver = parser._driver()
    assert driver is not None
    state = reductions.Parse(Builder("t.rules", Diagnostics()), parser.MAX_TREE_DEPTH)
    assert reductions.run(driver, text, "start", state) is not None  # type: ignore[arg-type]


@pytest.mark.parametrize("text", ['game "g" "G"\nfn f( {\n', 'game "g" "G"\nconst A = 1 ~ 2\n', 'game "g" "G"\nconst A = (1\n'])
def test_a_syntax_error_is_left_to_lark_which_reports_it(text, monkeypatch):
    driver = parser._driver()
    assert driver is not None
    state = reductions.Parse(Builder("t.rules", Diagnostics()), parser.MAX_TREE_DEPTH)
    with pytest.raises(lalr.Slow):
        reductions.run(driver, text, "start", state)  # type: ignore[arg-type]
    fast = built(text, "t.rules")
    assert fast[0] is None
    assert fast[1]
    assert built(text, "t.rules", monkeypatch) == fast
