"""The cache trusts only its own entries in its own folders: an entry copied to another key or
area is a miss (the signature covers both); an area folder that is a link, a FIFO or open to
others is not used (nothing read, nothing written); an entry that is a link or a FIFO is never
opened for reading; and the card-pool cache is this cache, so a planted pool entry cannot change
a deck's verdict."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from rulecraft.compiler import cache, store
from rulecraft.compiler.diagnostics import Diagnostics
from rulecraft.compiler.loader import compiled
from rulecraft.decks import pools
from rulecraft.decks.legality import check_deck
from tests.support.folders import write

VALUE = ("an", "entry", 1)


@pytest.fixture
def root(tmp_path, monkeypatch) -> Path:
    folder = tmp_path / "cache"
    monkeypatch.setenv("RULECRAFT_CACHE_DIR", str(folder))
    monkeypatch.delenv("RULECRAFT_NO_CACHE", raising=False)
    assert cache.enabled()  # the folder and its key are made
    return folder


def files(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir()) if folder.is_dir() else []


def test_an_entry_copied_to_another_key_or_area_is_a_miss(root):
    assert cache.write("rulesets", "a", VALUE)
    assert cache.write("pools", "x", 0)
    shutil.copy(root / "rulesets" / "a", root / "rulesets" / "b")
    shutil.copy(root / "rulesets" / "a", root / "pools" / "a")
    found = [(area, key, cache.read(area, key)) for area, key in [("rulesets", "a"), ("rulesets", "b"), ("pools", "a")]]
    assert found == [("rulesets", "a", VALUE), ("rulesets", "b", None), ("pools", "a", None)]


GAME = 'game "arena" "Arena"\nkind unit {{ hp: int = 1 }}\nunit grunt "Grunt" {{ hp: {hp} }}\n'


def hp(folder: Path) -> tuple[bool, int]:
    """Whether the folder's ruleset came from the cache, and its grunt's hp."""
    found = compiled([folder], Diagnostics())
    assert found is not None
    return found.built is None, found.ruleset().definitions["grunt"].props["hp"]


def test_a_compiled_entry_copied_to_another_folders_key_does_not_run(root, tmp_path):
    two, three = Path(write(tmp_path / "two", GAME.format(hp=2))), Path(write(tmp_path / "three", GAME.format(hp=3)))
    assert [hp(two), hp(three)] == [(False, 2), (False, 3)]
    area = root / store.AREA
    shutil.copy(area / store.key([two]), area / store.key([three]))  # three's entry is now two's handlers
    assert [hp(three), hp(three), hp(two)] == [(False, 3), (True, 3), (True, 2)]


def test_a_fifo_as_an_area_folder_is_not_waited_on_nor_used(root, tmp_path):
    os.mkfifo(root / store.AREA)
    assert cache.read(store.AREA, "a") is None
    assert not cache.write(store.AREA, "a", VALUE)
    arena = Path(write(tmp_path / "arena", GAME.format(hp=2)))
    assert [hp(arena), hp(arena)] == [(False, 2), (False, 2)]  # compiled each time, never stored
    assert (root / store.AREA).is_fifo()


def test_a_fifo_as_the_key_turns_the_cache_off_without_waiting(tmp_path, monkeypatch):
    folder = tmp_path / "cache"
    folder.mkdir(mode=0o700)
    os.mkfifo(folder / cache.KEY_FILE, 0o600)
    monkeypatch.setenv("RULECRAFT_CACHE_DIR", str(folder))
    monkeypatch.delenv("RULECRAFT_NO_CACHE", raising=False)
    assert (cache.enabled(), cache.write(store.AREA, "a", VALUE), cache.read(store.AREA, "a")) == (False, False, None)
    assert files(folder) == [cache.KEY_FILE]


def test_a_fifo_as_an_entry_is_a_miss_and_is_replaced(root):
    assert cache.write(store.AREA, "b", 0)
    os.mkfifo(root / store.AREA / "a")
    assert cache.read(store.AREA, "a") is None  # opened without waiting for a writer, then not a file
    assert cache.write(store.AREA, "a", VALUE)
    assert cache.read(store.AREA, "a") == VALUE


def test_an_area_folder_or_an_entry_that_is_a_link_is_not_followed(root, tmp_path):
    assert cache.write(store.AREA, "a", VALUE)
    assert cache.write("pools", "a", VALUE)
    (root / store.AREA).rename(tmp_path / "elsewhere")
    (root / store.AREA).symlink_to(tmp_path / "elsewhere")  # a valid entry, through a linked folder
    (root / "pools" / "a").rename(tmp_path / "entry")
    (root / "pools" / "a").symlink_to(tmp_path / "entry")  # a valid entry, as a link
    assert [cache.read(store.AREA, "a"), cache.read("pools", "a")] == [None, None]
    assert not cache.write(store.AREA, "c", VALUE)
    assert files(tmp_path / "elsewhere") == ["a"]


@pytest.mark.parametrize(("mode", "used"), [(0o777, False), (0o722, False), (0o755, True), (0o700, True)])
def test_an_area_folder_others_can_write_is_not_used(root, mode, used):
    assert cache.write(store.AREA, "a", VALUE)
    os.chmod(root / store.AREA, mode)
    assert cache.read(store.AREA, "a") == (VALUE if used else None)
    assert cache.write(store.AREA, "b", VALUE) is used
    assert files(root / store.AREA) == (["a", "b"] if used else ["a"])


POOL = """game: doomtrooper
source: "a player's own cards"
set:
  banned_cards: [bamboozled]
cards:
  - {id: homemade_zealot, kind: warrior, name: "Templar Zealot", tribes: [templars], set: homemade, fight: 5}
"""
DECK = {"format": "doomtrooper/prague-league-2010", "faction": "templars", "main": {"gendarme": 4}}


def test_a_planted_pool_entry_in_a_folder_others_can_write_does_not_change_the_verdict(root, tmp_path, monkeypatch):
    monkeypatch.setattr(pools, "_parsed", {})
    path = tmp_path / "pool.yaml"
    path.write_text(POOL, encoding="utf-8")
    verdict = check_deck(DECK, pools=[path])
    [key] = files(root / pools.AREA)
    layout, parsed = cache.read(pools.AREA, key)
    planted = parsed | {"settings": {"banned_cards": ["gendarme"]}}  # would make the deck illegal
    assert cache.write(pools.AREA, key, (layout, planted))
    os.chmod(root / pools.AREA, 0o777)  # as if anyone could have written it
    pools._parsed.clear()
    assert check_deck(DECK, pools=[path]) == verdict
    os.chmod(root / pools.AREA, 0o700)  # the same entry in a private folder is this user's own
    pools._parsed.clear()
    assert check_deck(DECK, pools=[path]) != verdict
