"""Exact reports of the deck rules (the Prague League and the standard format), written to catch the rule mutants that survived."""

from pathlib import Path

import pytest
from ruamel.yaml import YAML

from rulecraft.decks.legality import check_deck

GALLERY = Path(__file__).resolve().parents[2] / "examples" / "decks"


@pytest.mark.rules("DT-032")
def test_a_single_homemade_card_is_forbidden():
    deck = YAML(typ="safe").load((GALLERY / "dt032-homemade.yaml").read_text(encoding="utf-8"))
    deck["main"]["Templar Zealot (homemade)"] = 1    # one copy instead of two
    deck["main"]["blood_lust"] = 3                   # still 60 cards
    report = check_deck(deck, pools=[GALLERY / "pools/homemade.yaml"])
    assert [(v["rule"], v["message"], v["cards"]) for v in report["violations"]] == [
        ("DT-032", "1 homemade card (Templar Zealot (homemade)); homemade cards are forbidden",
         ["homemade_templar_zealot"])]


@pytest.mark.rules("DT-009")
def test_the_standard_format_wants_at_least_sixty_cards():
    names = ["gendarme", "gendarme_bestal", "horde_centurion", "horde_trooper", "templar_legionnaire", "templar_marine",
             "southern_europe", "body_armor", "bayonet", "composite_armor", "cowardice", "narrow_escape"]

    def deck(n):   # 12 cards, 5 copies each, the last one fewer
        return {"format": "doomtrooper/standard", "main": dict({c: 5 for c in names}, narrow_escape=n - 55)}

    assert check_deck(deck(60))["violations"] == []
    assert [(v["rule"], v["message"]) for v in check_deck(deck(59))["violations"]] == [
        ("DT-009", "the deck has 59 cards; at least 60 are required")]
