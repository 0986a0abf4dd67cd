"""Card pools are parsed once per content: kept in the process and in the user's cache (the
compiler's, signed) keyed by the text's digest; a changed file is parsed again, a corrupt or
foreign cache file is ignored and rewritten, and a bad pool is reported the same way every time."""

import pytest

from rulecraft.compiler import cache
from rulecraft.decks import pools
from rulecraft.decks.legality import DeckError, check_deck

POOL = """game: doomtrooper
source: "a player's own cards"
set:
  banned_cards: [bamboozled]
cards:
  - {id: homemade_zealot, kind: warrior, name: "Templar Zealot", tribes: [templars], set: homemade, fight: 5}
  - {id: homemade_blade, kind: equipment, name: "Zealot Blade", set: homemade}
"""


@pytest.fixture
def parses(monkeypatch, tmp_path):
    """A fresh cache folder and process memo; counts the YAML parses of pool files."""
    monkeypatch.setenv("RULECRAFT_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.delenv("RULECRAFT_NO_CACHE", raising=False)
    monkeypatch.setattr(pools, "_parsed", {})
    count = []
    load_yaml = pools.load_yaml
    monkeypatch.setattr(pools, "load_yaml", lambda *a: count.append(a[0].file) or load_yaml(*a))
    return count


def write(path, text):
    path.write_text(text, encoding="utf-8")
    return path


def cache_files(tmp_path):
    folder = tmp_path / "cache" / pools.AREA
    return sorted(p for p in folder.iterdir() if not p.name.startswith(".")) if folder.exists() else []


def summary(pool):
    return (pool.file, pool.game, [(c.id, c.kind, c.name, c.props, c.position, c.prop_positions) for c in pool.cards],
            pool.settings, pool.setting_positions)


def test_a_pool_is_parsed_once_per_content_in_a_process_and_across_processes(parses, tmp_path):
    first = pools.read_pool(write(tmp_path / "a.yaml", POOL))
    again = pools.read_pool(tmp_path / "a.yaml")
    copy = pools.read_pool(write(tmp_path / "b.yaml", POOL))  # the same text elsewhere
    assert parses == [str(tmp_path / "a.yaml")]
    assert summary(again) == summary(first)
    assert summary(copy)[1:] == summary(first)[1:]
    assert copy.file == str(tmp_path / "b.yaml")
    pools._parsed.clear()  # a new process: the cache file answers
    assert summary(pools.read_pool(tmp_path / "a.yaml")) == summary(first)
    assert parses == [str(tmp_path / "a.yaml")]
    assert len(cache_files(tmp_path)) == 1
    assert first.cards[0].props == {"tribes": ["templars"], "set": "homemade", "fight": 5}
    assert first.cards[1].position == (7, 5)
    assert first.cards[0].where("fight") == (6, 108)


def test_a_changed_pool_is_parsed_again(parses, tmp_path):
    path = write(tmp_path / "a.yaml", POOL)
    pools.read_pool(path)
    write(path, POOL.replace("fight: 5", "fight: 6"))
    pools._parsed.clear()
    assert pools.read_pool(path).cards[0].props["fight"] == 6
    assert len(parses) == 2
    assert len(cache_files(tmp_path)) == 2


@pytest.mark.parametrize("damage", ["truncate", "garbage", "other area", "other layout", "wrong shape"])
def test_a_corrupt_or_foreign_cache_file_is_ignored_and_rewritten(parses, tmp_path, damage):
    path = write(tmp_path / "a.yaml", POOL)
    fresh = summary(pools.read_pool(path))
    [entry] = cache_files(tmp_path)
    stored = cache.read(pools.AREA, entry.name)
    data = entry.read_bytes()
    if damage == "truncate":
        entry.write_bytes(data[: len(data) // 2])
    elif damage == "garbage":
        entry.write_bytes(b"\x00\x01 garbage")
    elif damage == "other area":  # signed by this user, but for another area
        assert cache.write("rulesets", entry.name, stored)
        entry.write_bytes((tmp_path / "cache" / "rulesets" / entry.name).read_bytes())
    else:
        layout, parsed = stored
        assert cache.write(pools.AREA, entry.name, (layout + 1, parsed) if damage == "other layout"
                           else (layout, {"cards": [["x"]]}))
    pools._parsed.clear()
    assert summary(pools.read_pool(path)) == fresh
    assert len(parses) == 2
    assert cache.read(pools.AREA, entry.name) == stored  # rebuilt


def test_no_cache_file_is_written_when_caching_is_off(parses, tmp_path, monkeypatch):
    monkeypatch.setenv("RULECRAFT_NO_CACHE", "1")
    path = write(tmp_path / "a.yaml", POOL)
    pools.read_pool(path)
    assert cache.cache_dir() is None
    assert not (tmp_path / "cache").exists()
    pools.read_pool(path)
    assert len(parses) == 1  # the process still keeps it


def test_a_bad_pool_gets_the_same_diagnostics_every_time(parses, tmp_path):
    path = write(tmp_path / "bad.yaml", "game: doomtrooper\ncards:\n  - {id: Bad-Id, kind: warrior, name: X}\n")
    got = []
    for _ in range(2):
        with pytest.raises(DeckError) as info:
            pools.read_pool(path)
        got.append([(d.code, d.file, d.line, d.column, d.message) for d in info.value.diagnostics])
    assert got[0] == got[1]
    assert got[0][0][:4] == ("E0906", str(path), 3, 10)
    assert len(parses) == 2
    assert cache_files(tmp_path) == []


def test_a_cached_pool_checks_a_deck_as_a_freshly_parsed_one(parses, tmp_path):
    path = write(tmp_path / "a.yaml", POOL.replace("fight: 5", "fight: five"))
    deck = {"format": "doomtrooper/prague-league-2010", "faction": "templars", "main": {"gendarme": 4}}
    reports = []
    for _ in range(2):
        pools._parsed.clear()
        with pytest.raises(DeckError) as info:
            check_deck(deck, pools=[path])
        reports.append([(d.code, d.file, d.line, d.column, d.message) for d in info.value.diagnostics])
    assert len(parses) == 1
    assert reports[0] == reports[1]
    assert reports[0][0][:4] == ("E0909", str(path), 6, 108)


def test_the_cache_folder_is_made_private_as_the_compiled_rulesets_cache_wants_it(parses, tmp_path):
    pools.read_pool(write(tmp_path / "a.yaml", POOL))
    for folder in (tmp_path / "cache", tmp_path / "cache" / "pools"):
        assert folder.stat().st_mode & 0o077 == 0


def test_a_games_deck_settings_are_read_once_then_kept_in_the_cache(monkeypatch, tmp_path):
    monkeypatch.setenv("RULECRAFT_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.delenv("RULECRAFT_NO_CACHE", raising=False)
    from ruamel import yaml

    from rulecraft.decks import legality

    rules = legality.load_format("doomtrooper/prague-league-2010")
    reads = []
    safe_load = yaml.YAML.load
    monkeypatch.setattr(yaml.YAML, "load", lambda self, text: reads.append(1) or safe_load(self, text))
    assert legality.deck_settings(rules) == {"identity": ["code"]}
    assert legality.deck_settings(rules) == {"identity": ["code"]}
    assert len(reads) == 1
    assert [p.name for p in (tmp_path / "cache" / legality.SETTINGS_AREA).iterdir() if not p.name.startswith(".")]
