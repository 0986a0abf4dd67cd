"""The compiled-ruleset cache: a hit behaves as a compile, any edit invalidates, a damaged or
foreign entry is rebuilt, nothing is written outside the cache folder; each file is parsed once
per process; a loaded ruleset crosses to a `spawn` process."""

from __future__ import annotations

import copy
import multiprocessing
import os
import pickle
import stat
import subprocess
import sys
from pathlib import Path

import pytest

import rulecraft
from rulecraft.compiler import cache, driver, parser, store
from rulecraft.compiler.diagnostics import Diagnostics
from rulecraft.compiler.loader import compile_source, compiled, folder_of, load
from tests.support.folders import write
from tests.support.games import seeded_log

BASE = '''game "arena" "Arena"
import units
kind player { score: int = 0 }
action recruit(p: player) { create grunt owned by p  p.score += hp_of("grunt") }
fn hp_of(d: text) -> int { return first(all unit where it.name == "Grunt").hp }
'''
UNITS = 'kind unit { hp: int = 1 }\nunit grunt "Grunt" { hp: 2 }\n'
MOD = 'mod "arena/tough" "Tough" extends "arena"\npatch grunt { hp = 5 }\n'


@pytest.fixture
def cache_dir(tmp_path, monkeypatch):
    folder = tmp_path / "cache"
    monkeypatch.setenv("RULECRAFT_CACHE_DIR", str(folder))
    monkeypatch.delenv("RULECRAFT_NO_CACHE", raising=False)
    return folder


@pytest.fixture
def arena(tmp_path):
    folder = Path(write(tmp_path / "arena", BASE))
    (folder / "units.rules").write_text(UNITS, encoding="utf-8")
    return folder


@pytest.fixture
def tough(tmp_path):
    return Path(write(tmp_path / "tough", MOD))


def entry(*folders: Path) -> store.Entry:
    found = compiled(list(folders), Diagnostics())
    assert found is not None
    return found


def hit(*folders: Path) -> bool:
    """Whether the ruleset came from the cache (a compile hands over the ruleset it built)."""
    return entry(*folders).built is None


def grunt_hp(*folders: Path) -> int:
    return entry(*folders).ruleset().definitions["grunt"].props["hp"]


def test_a_cached_ruleset_plays_the_same_seeded_game(cache_dir):
    folder = folder_of("neuroshima")
    assert folder is not None
    built = entry(folder)
    again = entry(folder)
    assert built.built is not None
    assert again.built is None
    assert seeded_log(again.ruleset(), "duel", 7) == seeded_log(built.ruleset(), "duel", 7)
    assert again.summary["scenarios"] == sorted(built.ruleset().scenarios)


def test_editing_any_file_of_the_base_or_the_mod_invalidates(cache_dir, arena, tough):
    assert (grunt_hp(arena, tough), hit(arena, tough)) == (5, True)
    (arena / "units.rules").write_text(UNITS.replace("hp: 2", "hp: 3") + "unit archer \"Archer\" { hp: 1 }\n", encoding="utf-8")
    assert not hit(arena, tough)
    assert "archer" in entry(arena, tough).ruleset().definitions
    (tough / "main.rules").write_text(MOD.replace("hp = 5", "hp = 6"), encoding="utf-8")
    assert (hit(arena, tough), grunt_hp(arena, tough), hit(arena, tough)) == (False, 6, True)
    assert grunt_hp(arena) == 3  # the base alone has its own entry


def test_a_file_that_disappears_invalidates(cache_dir, arena):
    entry(arena)
    (arena / "units.rules").unlink()
    assert compiled([arena], Diagnostics()) is None


def entries(cache_dir: Path) -> list[Path]:
    return sorted((cache_dir / store.AREA).iterdir())


@pytest.mark.parametrize("damage", [b"", b"garbage", "truncate", "flip", "magic"])
def test_a_damaged_entry_is_ignored_and_rebuilt(cache_dir, arena, damage):
    entry(arena)
    [path] = entries(cache_dir)
    data = path.read_bytes()
    if damage == "truncate":
        data = data[: len(data) // 2]
    elif damage == "flip":
        data = data[:-1] + bytes([data[-1] ^ 1])
    elif damage == "magic":
        data = b"rulecraft-cache-0\n" + data[len(cache.MAGIC):]
    else:
        assert isinstance(damage, bytes)
        data = damage
    path.write_bytes(data)
    assert (hit(arena), grunt_hp(arena), hit(arena)) == (False, 2, True)


def test_an_entry_signed_with_another_key_is_ignored(cache_dir, arena, tmp_path, monkeypatch):
    entry(arena)
    [path] = entries(cache_dir)
    other = tmp_path / "other"
    monkeypatch.setenv("RULECRAFT_CACHE_DIR", str(other))
    entry(arena)
    [theirs] = entries(other)
    path.write_bytes(theirs.read_bytes())  # a valid entry, but not signed with this user's key
    monkeypatch.setenv("RULECRAFT_CACHE_DIR", str(cache_dir))
    assert not hit(arena)


def test_a_signed_entry_of_another_shape_is_ignored(cache_dir, arena):
    entry(arena)
    [path] = entries(cache_dir)
    assert cache.write(store.AREA, path.name, ("from", "another", "version"))
    assert not hit(arena)


def test_an_entry_of_another_compiler_is_ignored_and_replaced(cache_dir, arena, monkeypatch):
    entry(arena)
    monkeypatch.setattr(store, "compiler_hash", lambda: "another compiler")
    assert (hit(arena), hit(arena)) == (False, True)
    assert len(entries(cache_dir)) == 1


def test_the_compiler_hash_covers_the_grammar(tmp_path, monkeypatch):
    (tmp_path / "rulecraft.lark").write_text("start: \"x\"\n", encoding="utf-8")
    before = store.compiler_hash()
    store.compiler_hash.cache_clear()
    monkeypatch.setattr(store.package, "folder", lambda package: tmp_path)
    try:
        assert store.compiler_hash() != before
    finally:
        store.compiler_hash.cache_clear()


def test_a_cache_folder_others_can_write_is_not_used(cache_dir, arena):
    cache_dir.mkdir(mode=0o777)
    os.chmod(cache_dir, 0o777)
    entry(arena)
    assert (hit(arena), sorted(p.name for p in cache_dir.iterdir())) == (False, [])


def test_a_cache_folder_others_can_only_read_is_used(cache_dir, arena):
    cache_dir.mkdir(mode=0o755)
    os.chmod(cache_dir, 0o755)
    entry(arena)
    assert hit(arena)


def test_the_key_is_private_and_the_cache_can_be_turned_off(cache_dir, arena, monkeypatch):
    entry(arena)
    assert stat.S_IMODE((cache_dir / cache.KEY_FILE).stat().st_mode) == 0o600
    assert stat.S_IMODE(cache_dir.stat().st_mode) & 0o077 == 0
    os.chmod(cache_dir / cache.KEY_FILE, 0o644)  # readable by others: anyone could sign entries
    cache._secret_in.cache_clear()  # as a new process: the key is checked once per process
    assert not hit(arena)
    monkeypatch.setenv("RULECRAFT_NO_CACHE", "1")
    assert cache.cache_dir() is None
    assert not cache.write(store.AREA, "k", 1)
    assert cache.read(store.AREA, "k") is None


def files_under(folder: Path) -> set[Path]:
    return {p for p in folder.rglob("*") if p.is_file()}


def test_nothing_is_written_outside_the_cache_folder(cache_dir, arena, tough, tmp_path, monkeypatch):
    home = tmp_path / "home"
    home.mkdir()
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.setenv("XDG_CACHE_HOME", str(home / ".cache"))
    before = files_under(tmp_path)
    entry(arena, tough)
    entry(arena, tough)
    new = files_under(tmp_path) - before
    assert new
    assert all(p.is_relative_to(cache_dir) for p in new)
    parser_tables = {parser.PARSER_ENTRY[1]}  # if this process built the parser here (test_parser_cache.py)
    assert {p.name for p in new} - parser_tables == {cache.KEY_FILE, store.key([arena, tough])}


def test_the_cache_folder_follows_the_environment(monkeypatch, tmp_path):
    monkeypatch.delenv("RULECRAFT_CACHE_DIR")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert cache.cache_dir() == tmp_path / "xdg" / "rulecraft"
    monkeypatch.delenv("XDG_CACHE_HOME")
    monkeypatch.setenv("HOME", str(tmp_path))
    assert cache.cache_dir() == tmp_path / ".cache" / "rulecraft"


def test_each_file_of_a_base_is_parsed_once_for_several_mods(tmp_path, arena, monkeypatch):
    monkeypatch.setenv("RULECRAFT_NO_CACHE", "1")
    mods = [Path(write(tmp_path / name, MOD.replace("tough", name))) for name in ("one", "two", "three")]
    parsed: list[str] = []
    original = driver.build_module
    monkeypatch.setattr(driver, "build_module",
                        lambda text, file, diags: parsed.append(file) or original(text, file, diags))
    driver.forget_parsed()
    for m in mods:
        assert entry(arena, m).ruleset().definitions["grunt"].props["hp"] == 5
    assert sorted(parsed) == sorted({*parsed})
    assert len(parsed) == 2 + 3  # main and units once, each mod once


def run_cli(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "rulecraft", *args], capture_output=True, text=True, timeout=300)


def test_check_reports_the_same_warm_and_cold(cache_dir, arena, tough, tmp_path):
    broken = write(tmp_path / "broken", BASE.replace("import units", "import nowhere"))
    first = run_cli("check", str(arena), broken, "--mod", str(tough))
    second = run_cli("check", str(arena), broken, "--mod", str(tough))
    assert (first.returncode, first.stdout, first.stderr) == (second.returncode, second.stdout, second.stderr)
    assert "1 compiled, 1 with errors" in first.stdout
    assert "E0109" in first.stdout
    assert len(entries(cache_dir)) == 1  # a ruleset with errors is not stored


def test_games_lists_the_same_from_the_cache():
    first, second = run_cli("games", "--json"), run_cli("games", "--json")
    assert first.returncode == 0
    assert first.stdout == second.stdout
    assert '"id": "doom/expansion"' in first.stdout


def test_a_loaded_ruleset_pickles_as_its_load():
    rules = load("neuroshima")
    assert pickle.loads(pickle.dumps(rules)) is rules  # in this process: the same object
    with pytest.raises(TypeError, match="cannot be sent to another process"):
        pickle.dumps(compile_source('game "t" "T"\n'))


def test_a_copy_of_a_loaded_ruleset_is_a_copy():
    rules = load("neuroshima")
    shallow, deep = copy.copy(rules), copy.deepcopy(rules)
    assert shallow is not rules
    assert shallow.definitions is rules.definitions
    assert deep is not rules
    assert deep.definitions == rules.definitions
    assert deep.definitions is not rules.definitions
    shallow.definitions = {}
    assert rules.definitions


def test_a_spawn_pool_plays_the_same_seeded_games():
    rules = rulecraft.load("neuroshima")
    with multiprocessing.get_context("spawn").Pool(2) as pool:
        logs = pool.starmap(seeded_log, [(rules, "duel", seed) for seed in (1, 2)])
    assert logs == [seeded_log(rules, "duel", seed) for seed in (1, 2)]
