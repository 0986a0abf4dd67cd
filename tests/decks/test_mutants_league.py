"""Exact reports of the Prague League deck rules, written to catch the rule mutants that survived."""

from pathlib import Path

import pytest
from ruamel.yaml import YAML

from rulecraft.decks import check_deck

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
