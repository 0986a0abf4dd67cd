"""The batch deck check (`rulecraft.DeckChecker`): the same reports as one `check_deck` per
deck, with each format and each card pool loaded once for the whole batch."""

import json
from pathlib import Path

import pytest
from ruamel.yaml import YAML

import rulecraft
from rulecraft.decks import legality as decks
from rulecraft.decks import pools
from rulecraft.decks.legality import DeckChecker, DeckError, check_deck, read_deck

GALLERY = Path(__file__).resolve().parents[2] / "examples" / "decks"
DECKS = sorted(GALLERY.glob("*.yaml"))


def pool_of(path):
    """The pool a gallery deck names in its `# pool:` line, as a list of files."""
    head = path.read_text(encoding="utf-8").splitlines()
    return [str(GALLERY / line.split(":", 1)[1].strip()) for line in head if line.startswith("# pool:")]


def as_mapping(path):
    return json.loads(json.dumps(YAML(typ="safe").load(path.read_text(encoding="utf-8"))))


def test_every_gallery_deck_gets_the_same_report_in_a_batch_as_alone():
    singles = {p: check_deck(p, pools=pool_of(p)) for p in DECKS}
    for pool in {tuple(pool_of(p)) for p in DECKS}:
        group = [p for p in DECKS if tuple(pool_of(p)) == pool]
        checker = DeckChecker(pools=pool)
        assert checker.check_many(group) == [singles[p] for p in group]
        assert checker.check_many(read_deck(p) for p in group) == [singles[p] for p in group]
        assert checker.check_many(as_mapping(p) for p in group) == [singles[p] for p in group]
    assert {r["legal"] for r in singles.values()} == {True, False}


def test_a_batch_finds_each_format_once_and_reads_each_pool_once(monkeypatch):
    found, read = [], []
    resolve_format, read_pool = decks.resolve_format, pools.read_pool
    monkeypatch.setattr(decks, "resolve_format", lambda *a: found.append(a[0].format) or resolve_format(*a))
    monkeypatch.setattr(pools, "read_pool", lambda p: read.append(p.name) or read_pool(p))
    checker = DeckChecker(pools=[GALLERY / "pools" / "homemade.yaml"])
    league = [GALLERY / "templars-legal.yaml", GALLERY / "dt032-homemade.yaml", GALLERY / "dt009-59-cards.yaml"]
    reports = checker.check_many([*league, GALLERY / "standard-legal.yaml", GALLERY / "standard-six-copies.yaml"])
    assert found == ["doomtrooper/prague-league-2010", "doomtrooper/standard"]
    assert read == ["homemade.yaml"]
    assert [r["legal"] for r in reports] == [True, False, False, True, False]


def test_a_given_format_and_parameters_apply_to_every_deck(tmp_path):
    rules = rulecraft.compile_source('''game "g" "G"
kind card {}
card a "A" {}
zone main
param least: int = 1 "cards needed"
check F-1 "enough cards" {
  let n = count(all card at main)
  if n < least { violation "{n} cards; {least} needed" }
}
''', "g.rules")
    checker = DeckChecker(rules, params={"least": "3"})
    reports = checker.check_many([{"format": "other", "main": {"a": n}} for n in (2, 3)])
    assert reports == [{"legal": False, "format": "g", "violations": [{"rule": "F-1", "message": "2 cards; 3 needed",
                                                                           "cards": []}]},
                       {"legal": True, "format": "g", "violations": []}]


def test_an_unusable_mapping_deck_is_reported_where_its_json_text_has_the_problem():
    deck = {"format": "doomtrooper/prague-league-2010", "faction": "templars", "main": {"gendarm": 4}}
    with pytest.raises(DeckError) as batch:
        DeckChecker().check(deck)
    with pytest.raises(DeckError) as single:
        check_deck(deck)
    got = [(d.code, d.file, d.line, d.column, d.message, d.help) for d in batch.value.diagnostics]
    assert got == [(d.code, d.file, d.line, d.column, d.message, d.help) for d in single.value.diagnostics]
    assert got == [("E0811", "<deck>", 1, 78, "unknown card `gendarm`", "did you mean `gendarme`?")]


def test_a_bad_pool_is_reported_by_the_first_deck_that_needs_it_after_the_decks_own_problems(tmp_path):
    pool = tmp_path / "pool.yaml"
    pool.write_text("game: doomtrooper\ncards:\n  - {id: x1, kind: spaceship, name: X}\n", encoding="utf-8")
    checker = DeckChecker(pools=[pool])
    with pytest.raises(DeckError) as info:
        checker.check({"main": {"gendarme": 1}})
    assert [d.code for d in info.value.diagnostics] == ["E0806"]  # the deck names no format
    with pytest.raises(DeckError) as info:
        checker.check(GALLERY / "templars-legal.yaml")
    assert [(d.code, d.file, d.line, d.column) for d in info.value.diagnostics] == [("E0907", str(pool), 3, 5)]
