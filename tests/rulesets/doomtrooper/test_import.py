"""`rulecraft import doomtrooperdb FILE.json`: a DoomtrooperDB card file becomes a card pool
that `rulecraft deck check --pool` type-checks against the game and uses."""

import json
from pathlib import Path

import pytest

from rulecraft.cli import main
from rulecraft.compiler.diagnostics import InputError
from rulecraft.decks.importer import import_files
from rulecraft.decks.legality import DeckError, check_deck

FIXTURES = Path(__file__).parent / "fixtures"


def test_the_fixture_imports_with_icons_tribes_sets_and_non_numeric_stats():
    pool, problems = import_files("doomtrooperdb", [FIXTURES / "doomtrooperdb-small.json"])
    assert problems == []
    cards = {c["id"]: c for c in pool["cards"]}
    assert cards["dtdb_07035"] == {"id": "dtdb_07035", "kind": "warrior", "name": "Gendarme", "code": "07035",
                                   "tribes": ["templars"], "set": "paradise_lost", "deck_limit": 5,
                                   "fight": 7, "shoot": 8, "armor": 8, "value": 9}
    assert cards["dtdb_01004"]["no_value"] == ["fight"]
    assert cards["dtdb_01004"]["icons"] == ["imperial"]
    assert cards["dtdb_07032"]["variable"] == ["fight", "shoot", "armor"]
    assert cards["dtdb_01162"]["printed"] == "fight 2x, shoot 2x, armor 2x, value 2x"
    assert "deck_limit" not in cards["dtdb_08002"]  # 0 in the database: no limit given
    assert cards["dtdb_01014"]["deck_limit"] == 1
    assert cards["dtdb_09001"]["icons"] == ["mishima", "capitol"]


def test_an_imported_pool_is_used_by_the_deck_check(tmp_path, capsys):
    out = tmp_path / "pool.yaml"
    assert main(["import", "doomtrooperdb", str(FIXTURES / "doomtrooperdb-small.json"), "-o", str(out)]) == 0
    deck = tmp_path / "deck.yaml"
    deck.write_text("format: doomtrooper/standard\nmain:\n  dtdb_07035: 5\n  Mixed Loyalties: 6\n  gendarme: 4\n",
                    encoding="utf-8")
    capsys.readouterr()
    assert main(["deck", "check", str(deck), "--pool", str(out), "--json"]) == 1
    report = json.loads(capsys.readouterr().out)
    # dtdb_07035 is the game's Gendarme (the same database code): 5 + 4 copies of one card
    assert [(v["rule"], v["cards"]) for v in report["violations"]] == [
        ("DT-009", []), ("DT-001", ["gendarme"]), ("DT-001", ["dtdb_09001"])]


def test_import_json_gives_the_pool_and_the_skipped_records(capsys):
    assert main(["import", "doomtrooperdb", str(FIXTURES / "doomtrooperdb-bad.json"), "--json"]) == 1
    document = json.loads(capsys.readouterr().out)
    assert [c["id"] for c in document["pool"]["cards"]] == ["dtdb_07035"]
    problems = document["problems"]
    assert {p["code"] for p in problems} == {"E0913"}
    assert [p["line"] for p in problems][:3] == [3, 4, 5]
    assert len(problems) == len(import_files("doomtrooperdb", [FIXTURES / "doomtrooperdb-bad.json"])[1])


def test_bad_records_are_reported_with_positions_and_skipped():
    pool, problems = import_files("doomtrooperdb", [FIXTURES / "doomtrooperdb-bad.json"])
    assert [c["id"] for c in pool["cards"]] == ["dtdb_07035"]
    got = [(p.code, p.line, p.column, p.message, p.help) for p in problems]
    assert got[0] == ("E0913", 3, 3, "no `type_code` (the card's kind)", "the record is skipped")
    assert got[1] == ("E0913", 4, 3, "type `spaceship` maps to no kind of the game", "the record is skipped")
    assert got[2][:3] == ("E0913", 5, 3)
    assert "cannot read 'martians'" in got[2][3]
    assert main(["import", "doomtrooperdb", str(FIXTURES / "doomtrooperdb-bad.json"), "-o", "/dev/null"]) == 1


def test_invalid_json_and_unknown_sources_are_usage_errors(tmp_path, capsys):
    bad = tmp_path / "bad.json"
    bad.write_text('[\n  {"code": "1",\n', encoding="utf-8")
    with pytest.raises(InputError) as info:
        import_files("doomtrooperdb", [bad])
    [d] = info.value.diagnostics
    assert (d.code, d.line, d.message.startswith("invalid JSON")) == ("E0902", 3, True)
    assert main(["import", "doomtrooperdb", str(bad)]) == 2
    assert main(["import", "doomtroperdb", str(bad)]) == 2
    assert "did you mean `doomtrooperdb`?" in capsys.readouterr().err


def test_a_pool_is_type_checked_against_the_game(tmp_path):
    pool = tmp_path / "pool.yaml"
    pool.write_text("game: doomtrooper\ncards:\n"
                    "  - {id: my_card, kind: warior, name: Mine}\n"
                    "  - {id: my_other, kind: warrior, name: Other, fight: seven, tribes: [templar], colour: red}\n"
                    "  - {id: gendarme, kind: warrior, name: Again}\n", encoding="utf-8")
    deck = tmp_path / "deck.yaml"
    deck.write_text("format: doomtrooper/standard\nmain:\n  gendarme: 1\n", encoding="utf-8")
    with pytest.raises(DeckError) as info:
        check_deck(deck, pools=[pool])
    got = [(d.code, d.line, d.column, d.message, d.help) for d in info.value.diagnostics]
    assert got == [
        ("E0907", 3, 5, "card `my_card`: unknown kind `warior`", "did you mean `warrior`?"),
        ("E0909", 4, 55, "card `my_other`: `fight` must be a whole number, not 'seven'", None),
        ("E0909", 4, 70, "card `my_other`: `templar` is not a tribe", "did you mean `templars`?"),
        ("E0908", 4, 89, "card `my_other`: a warrior has no property `colour`", None),
        ("E0906", 5, 5, "card `gendarme`: the game already has a card with this id", "give the pool's card its own id"),
    ]


def test_a_json_file_nested_too_deep_is_one_diagnostic(tmp_path):
    deep = tmp_path / "deep.json"
    deep.write_text("[" * 5_000 + "]" * 5_000, encoding="utf-8")  # deeper than Python's JSON reader can go
    shallow = tmp_path / "shallow.json"
    shallow.write_text('[{"code": ' + "[" * 100 + "]" * 100 + "}]", encoding="utf-8")
    for path in (deep, shallow):
        with pytest.raises(InputError) as info:
            import_files("doomtrooperdb", [path])
        [d] = info.value.diagnostics
        assert (d.code, d.message) == ("E0902", "the JSON nests deeper than 64 levels")
