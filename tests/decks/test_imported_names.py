"""Imported cards are shown by their names as the source spells them: a name written in capitals
is put in title case that keeps model codes, Roman numerals and abbreviations (not
`Ac-40 "justifier"`), and a name in mixed case stays as it is; a deck's report then shows it so."""

import json

import pytest

from rulecraft.decks.importer import import_files, write_pool
from rulecraft.decks.legality import check_deck


@pytest.mark.parametrize(("given", "shown"), [
    ('AC-40 "JUSTIFIER"', 'AC-40 "Justifier"'),
    ("GOMORRIAN EMASCULATOR", "Gomorrian Emasculator"),
    ("LORD OF THE DEAD", "Lord of the Dead"),
    ("THE SOUL OF A WARRIOR", "The Soul of a Warrior"),
    ("MK II SHOTGUN", "Mk II Shotgun"),
    ("M.I.A.", "M.I.A."),
    ("STRAY 70MM-CALIBRE ROUND", "Stray 70MM-Calibre Round"),
    ("CRENSHAW - ISLAND TEAM MEMBER", "Crenshaw - Island Team Member"),
    ("ŽELEZNÁ PĚST", "Železná Pěst"),
    ("(NEW) BLADE", "(New) Blade"),
    ('AC-40 "Justifier"', 'AC-40 "Justifier"'),
    ("Mishima's HEIR", "Mishima's HEIR"),
])
def test_an_imported_name_is_shown_as_the_source_spells_it(tmp_path, given, shown):
    source = tmp_path / "cards.json"
    source.write_text(json.dumps([{"code": "99001", "name": given, "type_code": "warrior", "faction_code": ["general"],
                                   "expansion_code": "promo", "fight": "5", "shoot": "5", "armor": "5", "value": "5"}]),
                      encoding="utf-8")
    pool, problems = import_files("doomtrooperdb", [source])
    assert problems == []
    assert [c["name"] for c in pool["cards"]] == [shown]


def test_a_deck_report_names_an_imported_card_as_its_pool_spells_it(tmp_path):
    source = tmp_path / "cards.json"
    source.write_text(json.dumps([{"code": "99001", "name": 'AC-40 "JUSTIFIER"', "type_code": "warrior",
                                   "faction_code": ["general"], "expansion_code": "promo", "deck_limit": 1}]),
                      encoding="utf-8")
    pool, _ = import_files("doomtrooperdb", [source])
    path = tmp_path / "pool.yaml"
    with path.open("w", encoding="utf-8") as out:
        write_pool(pool, out)
    deck = tmp_path / "deck.txt"
    deck.write_text('format: doomtrooper/standard\n2x ac-40 "justifier"\n', encoding="utf-8")
    report = check_deck(deck, pools=[path])
    assert [v["message"] for v in report["violations"]] == [
        "the deck has 2 cards; at least 60 are required",
        '2 copies of AC-40 "Justifier"; the card allows at most 1']
