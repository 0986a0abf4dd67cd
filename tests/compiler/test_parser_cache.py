"""The parser's tables are kept in the user's cache folder, signed like every entry: read back
they parse as the tables just built; a damaged or foreign entry is built again; nothing is
written to the shared temporary folder (where Lark's own cache would go)."""

from __future__ import annotations

import tempfile
from pathlib import Path

import pytest

from rulecraft.compiler import cache, parser
from rulecraft.compiler.diagnostics import Diagnostics

SOURCE = 'game "g" "G"\nkind unit { hp: int = 1 }\nfn f(x: int) -> int { log "x is {x + 1}"  return x * 2 }\n'


@pytest.fixture
def fresh(tmp_path, monkeypatch):
    """A new cache folder, and a process that has not built the parser yet."""
    monkeypatch.setenv("RULECRAFT_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.delenv("RULECRAFT_NO_CACHE", raising=False)
    parser._lark.cache_clear()
    yield tmp_path / "cache"
    parser._lark.cache_clear()


def tree() -> str:
    return parser.parse(SOURCE, "g.rules", Diagnostics()).pretty()


def entry(folder: Path) -> Path:
    return folder / parser.PARSER_ENTRY[0] / parser.PARSER_ENTRY[1]


def positions(t) -> list[tuple[int, int, int, int]]:
    return [(s.meta.line, s.meta.column, s.meta.end_line, s.meta.end_column) for s in t.iter_subtrees()]


def test_tables_read_back_parse_as_built(fresh):
    before = set(Path(tempfile.gettempdir()).glob(".lark_cache*"))
    built = parser.parse(SOURCE, "g.rules", Diagnostics())
    assert entry(fresh).is_file()
    parser._lark.cache_clear()
    again = parser.parse(SOURCE, "g.rules", Diagnostics())
    assert again == built and positions(again) == positions(built)
    assert set(Path(tempfile.gettempdir()).glob(".lark_cache*")) == before


@pytest.mark.parametrize("damage", ["garbage", "foreign"])
def test_a_damaged_or_foreign_entry_is_built_again(fresh, damage):
    expected = tree()
    if damage == "garbage":
        entry(fresh).write_bytes(b"not an entry")
    else:  # signed by this user, but not tables of this grammar
        assert cache.write(*parser.PARSER_ENTRY, ("another grammar", b"\x80\x04N."))
    parser._lark.cache_clear()
    assert tree() == expected
    assert cache.read(*parser.PARSER_ENTRY)[0] != "another grammar"  # replaced


def test_without_a_cache_the_parser_is_built_each_time(fresh, monkeypatch):
    monkeypatch.setenv("RULECRAFT_NO_CACHE", "1")
    assert tree() and not fresh.exists()
