"""A format's counts (`deck_counts()`): what a deck holds against what the format asks, given in
a report when the checker is asked for them (`DeckChecker(counts=True)`, the deck page's)."""

from pathlib import Path

import pytest

import rulecraft
from rulecraft import DeckChecker, GameError, check_deck

GALLERY = Path(__file__).resolve().parents[2] / "examples" / "decks"
LEAGUE = "doomtrooper/prague-league-2010"


def league_counts(cards, warriors, tribe_name, tribe_cards, tribe_needed, sideboard):
    return [{"name": "cards in the main deck", "value": cards, "at_least": 60, "at_most": None},
            {"name": "warriors in the main deck", "value": warriors, "at_least": 5, "at_most": None},
            {"name": f"cards with the {tribe_name} icon (33 % of the main deck, rounded up)", "value": tribe_cards,
             "at_least": tribe_needed, "at_most": None},
            {"name": "cards in the sideboard", "value": sideboard, "at_least": 25, "at_most": 25}]


def test_the_league_counts_cards_warriors_the_tribe_share_and_the_sideboard():
    checker = DeckChecker(counts=True)
    legal = checker.check(GALLERY / "templars-legal.yaml")
    assert legal["legal"]
    assert legal["counts"] == league_counts(60, 24, "Templars", 28, 20, 25)
    broken = checker.check(GALLERY / "several-rules-at-once.yaml")
    assert broken["counts"] == league_counts(29, 4, "Templars", 2, 10, 1)
    # the counts beside the violations that speak of the same numbers
    assert [v["rule"] for v in broken["violations"] if v["rule"] in ("DT-005", "DT-009", "DT-010", "DT-027")] == [
        "DT-005", "DT-009", "DT-010", "DT-027"]


def test_the_tribe_share_needed_is_a_third_of_the_main_deck_rounded_up():
    checker = DeckChecker(counts=True)
    shares = [(r["counts"][0]["value"], r["counts"][2]["at_least"]) for r in
              checker.check_many([GALLERY / "templars-exactly-33-percent.yaml", GALLERY / "templars-legal.yaml"])]
    assert shares == [(100, 33), (60, 20)]  # 33 % of 60 is 19.8


def test_the_standard_rules_bound_only_the_cards():
    report = DeckChecker(counts=True).check(GALLERY / "standard-59-cards.yaml")
    assert report["counts"] == [{"name": "cards in the main deck", "value": 59, "at_least": 60, "at_most": None},
                                {"name": "warriors in the main deck", "value": 30, "at_least": None, "at_most": None},
                                {"name": "cards in the sideboard", "value": 0, "at_least": None, "at_most": None}]


def test_a_report_gives_counts_only_when_asked():
    deck = GALLERY / "templars-legal.yaml"
    assert "counts" not in check_deck(deck)
    assert "counts" not in DeckChecker().check(deck)
    assert DeckChecker(counts=True).check(deck) == check_deck(deck) | {"counts": league_counts(60, 24, "Templars", 28,
                                                                                              20, 25)}


FORMAT = '''game "g" "G"
kind card {}
card a "A" {}
zone main
check F-1 "one card" {
  if count(all card at main) != 1 { violation "not one card" }
}
'''


def test_a_format_without_counts_gives_none():
    rules = rulecraft.compile_source(FORMAT, "g.rules")
    assert DeckChecker(rules, counts=True).check({"format": "g", "main": {"a": 1}}) == {
        "legal": True, "format": "g", "violations": [], "counts": []}


def test_counts_that_are_not_records_are_the_format_s_error():
    rules = rulecraft.compile_source(FORMAT + 'fn deck_counts() -> list<int> { return [1] }\n', "g.rules")
    with pytest.raises(GameError, match=r"`deck_counts\(\)` of g must give a list of records, not \[1\]"):
        DeckChecker(rules, counts=True).check({"format": "g", "main": {"a": 1}})
