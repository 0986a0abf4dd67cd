"""The parser's tables: shipped beside the grammar (built from it, as a parser generator's output
is), else kept in the user's cache folder, signed like every entry. Each source parses the same
whichever tables it gets; a damaged or foreign entry is built again; nothing is written to the
shared temporary folder (where Lark's own cache would go)."""

from __future__ import annotations

import marshal
import tempfile
from pathlib import Path

import pytest

from rulecraft.compiler import cache, package, parser
from rulecraft.compiler.build import build_module
from rulecraft.compiler.diagnostics import Diagnostics

SOURCE = 'game "g" "G"\nkind unit { hp: int = 1 }\nfn f(x: int) -> int { log "x is {x + 1}"  return x * 2 }\n'
BUNDLED = sorted((Path(__file__).parents[2] / "rulesets").rglob("*.rules"))


@pytest.fixture
def fresh(tmp_path, monkeypatch):
    """A new cache folder, no shipped tables, and a process that has not built the parser yet."""
    monkeypatch.setenv("RULECRAFT_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.delenv("RULECRAFT_NO_CACHE", raising=False)
    monkeypatch.setattr(parser, "SHIPPED_TABLES", "missing.tables")
    parser._lark.cache_clear()
    yield tmp_path / "cache"
    parser._lark.cache_clear()


def module(text: str = SOURCE, file: str = "g.rules"):
    """The AST of `text` (its nodes hold their positions, so equal ASTs have equal positions)."""
    diags = Diagnostics()
    built = build_module(text, file, diags)
    assert built is not None
    assert not diags.items
    return built


def entry(folder: Path) -> Path:
    return folder / parser.PARSER_ENTRY[0] / parser.PARSER_ENTRY[1]


def test_the_shipped_tables_are_the_grammars():
    """Fails after a change to the grammar until `python -m rulecraft.compiler.parser` is run."""
    shipped = marshal.loads((package.folder("rulecraft.grammar") / parser.SHIPPED_TABLES).read_bytes())
    assert shipped[0] == parser._key(parser._grammar())


def test_the_shipped_tables_parse_every_bundled_file_as_tables_just_built(tmp_path, monkeypatch):
    parser._lark.cache_clear()
    from_shipped = [module(f.read_text(encoding="utf-8"), str(f)) for f in BUNDLED]
    monkeypatch.setattr(parser, "SHIPPED_TABLES", "missing.tables")
    monkeypatch.setenv("RULECRAFT_NO_CACHE", "1")
    parser._lark.cache_clear()
    try:
        assert [module(f.read_text(encoding="utf-8"), str(f)) for f in BUNDLED] == from_shipped
    finally:
        parser._lark.cache_clear()


def test_tables_read_back_parse_as_built(fresh):
    before = set(Path(tempfile.gettempdir()).glob(".lark_cache*"))
    built = module()
    assert entry(fresh).is_file()
    parser._lark.cache_clear()
    assert module() == built
    assert set(Path(tempfile.gettempdir()).glob(".lark_cache*")) == before


@pytest.mark.parametrize("damage", ["garbage", "foreign"])
def test_a_damaged_or_foreign_entry_is_built_again(fresh, damage):
    expected = module()
    if damage == "garbage":
        entry(fresh).write_bytes(b"not an entry")
    else:  # signed by this user, but not tables of this grammar
        assert cache.write(*parser.PARSER_ENTRY, ("another grammar", {}, {}))
    parser._lark.cache_clear()
    assert module() == expected
    assert cache.read(*parser.PARSER_ENTRY)[0] == parser._key(parser._grammar())  # replaced


def test_without_a_cache_the_parser_is_built_each_time(fresh, monkeypatch):
    monkeypatch.setenv("RULECRAFT_NO_CACHE", "1")
    assert module()
    assert not fresh.exists()
