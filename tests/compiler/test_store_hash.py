"""The compiler's hash (compiler/store.py `compiler_hash`), which every cached ruleset is kept
under: worked out from the sources' bytes once, read back while no source has changed (size,
modification time), worked out again when one has; a tuple of plain values kept as it is; and a
ruleset's record (runtime/ruleset.py `Fixed`) set once, never again, as a frozen dataclass."""

from __future__ import annotations

import marshal
import os
from pathlib import Path

import pytest

from rulecraft.compiler import store


@pytest.fixture
def grammar(tmp_path, monkeypatch):
    """A grammar folder of the test's, a cache of its own, and the hash worked out afresh."""
    monkeypatch.setenv("RULECRAFT_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.delenv("RULECRAFT_NO_CACHE", raising=False)
    folder = tmp_path / "grammar"
    folder.mkdir()
    (folder / "rulecraft.lark").write_text('start: "x"\n', encoding="utf-8")
    monkeypatch.setattr(store.package, "folder", lambda package: folder)
    store.compiler_hash.cache_clear()
    yield folder / "rulecraft.lark"
    store.compiler_hash.cache_clear()


def fresh_hash() -> str:
    store.compiler_hash.cache_clear()
    return store.compiler_hash()


def test_while_no_source_changed_the_hash_is_read_back_without_reading_a_source(grammar, monkeypatch):
    first = fresh_hash()

    def refused(self):
        raise AssertionError(f"read {self}")

    monkeypatch.setattr(Path, "read_bytes", refused)
    assert fresh_hash() == first


def test_a_changed_source_is_hashed_again(grammar):
    first = fresh_hash()
    grammar.write_text('start: "y"\n', encoding="utf-8")  # the same size: the time tells
    os.utime(grammar, ns=(grammar.stat().st_atime_ns, grammar.stat().st_mtime_ns + 1_000_000))
    second = fresh_hash()
    assert second != first
    grammar.write_text('start: "x"\n', encoding="utf-8")
    assert fresh_hash() == first  # the bytes decide the hash, not the time


def test_tuples_of_plain_values_come_back_as_they_were():
    value = {"plain": (True, 1, 1.0, None, "x"), "mixed": ((1,), [2], (3, (4,))), (): ()}
    back = store.decode(marshal.loads(marshal.dumps(store.encode(value))), {})
    assert back == value
    assert [type(v) for v in back["plain"]] == [bool, int, float, type(None), str]
    assert [type(v) for v in back["mixed"]] == [tuple, list, tuple]


def test_a_ruleset_record_is_set_once_and_then_never_again():
    import copy
    import dataclasses
    import pickle

    from rulecraft.runtime.ruleset import Pool

    pool = Pool("deck", "Deck", "card", "main.rules:1:1")
    with pytest.raises(dataclasses.FrozenInstanceError):
        pool.name = "other"
    with pytest.raises(dataclasses.FrozenInstanceError):
        del pool.name
    assert pool.name == "Deck"
    assert copy.deepcopy(pool) == pickle.loads(pickle.dumps(pool)) == pool
    assert hash(dataclasses.replace(pool)) == hash(pool)
    assert dataclasses.replace(pool, name="Other").name == "Other"
