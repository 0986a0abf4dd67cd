"""A batch checks what a deck holds once (`DeckChecker`, `legality.Examined`): a deck holding the
same cards, in the same order, with the same parameters as one checked before gets that report
again without being laid out; any other deck is laid out and checked; every report is the one
`check_deck` gives, and each is the caller's own."""

from dataclasses import replace
from pathlib import Path

from rulecraft.decks import legality
from rulecraft.decks.legality import DeckChecker, check_deck, read_deck

GALLERY = Path(__file__).resolve().parents[2] / "examples" / "decks"
LEGAL = GALLERY / "templars-legal.yaml"


def counted(monkeypatch) -> list[int]:
    """Every lay out and check of a deck (`legality.examine`), counted."""
    calls: list[int] = []
    examine = legality.examine
    monkeypatch.setattr(legality, "examine", lambda *a: calls.append(1) or examine(*a))
    return calls


def one_fewer(deck, k: int):
    """The deck with one copy fewer of its k-th main card."""
    main = [(card, copies - (i == k), where) for i, (card, copies, where) in enumerate(deck.sections["main"])]
    return replace(deck, sections=deck.sections | {"main": main})


def test_a_deck_checked_again_is_not_laid_out_again_and_gets_the_same_report(monkeypatch):
    calls = counted(monkeypatch)
    deck = read_deck(LEGAL)
    reports = DeckChecker().check_many([deck, read_deck(LEGAL), LEGAL, deck])
    assert calls == [1]
    assert reports == [check_deck(LEGAL)] * 4


def test_decks_that_hold_other_cards_other_counts_or_another_order_are_each_checked(monkeypatch):
    calls = counted(monkeypatch)
    deck = read_deck(LEGAL)
    main = deck.sections["main"]
    others = [deck, one_fewer(deck, 0), one_fewer(deck, 1), replace(deck, sections=deck.sections | {"main": main[::-1]})]
    reports = DeckChecker().check_many(others)
    assert len(calls) == 4
    assert reports == [check_deck(d) for d in others]
    assert [r["legal"] for r in reports] == [True, False, False, True]
    assert reports[1]["violations"] == [{"rule": "DT-009", "message": "the deck has 59 cards; at least 60 are required",
                                         "cards": []}]


def test_another_parameter_value_is_another_holding(monkeypatch):
    calls = counted(monkeypatch)
    deck = read_deck(LEGAL)
    triad = replace(deck, params=deck.params | {"faction": "lutheran_triad"})
    reports = DeckChecker().check_many([deck, triad, deck, triad])
    assert len(calls) == 2
    assert [r["legal"] for r in reports] == [True, False, True, False]
    assert reports[1] == reports[3] == check_deck(triad)
    assert {v["rule"] for v in reports[1]["violations"]} >= {"DT-002", "DT-005"}


def test_a_report_is_the_callers_own_to_change():
    checker = DeckChecker()
    deck = one_fewer(read_deck(LEGAL), 0)
    first = checker.check(deck)
    first["violations"][0]["cards"].append("changed")
    first["violations"].clear()
    assert checker.check(deck) == check_deck(deck)
    assert checker.check(deck)["violations"][0]["rule"] == "DT-009"


def test_at_most_examined_kept_holdings_are_kept_the_oldest_forgotten_first(monkeypatch):
    monkeypatch.setattr(legality, "EXAMINED_KEPT", 2)
    calls = counted(monkeypatch)
    deck = read_deck(LEGAL)
    a, b, c = one_fewer(deck, 0), one_fewer(deck, 1), one_fewer(deck, 2)
    checker = DeckChecker()
    checker.check_many([a, b, c])  # a is forgotten to keep c
    assert len(checker._examined.found) == 2
    assert len(calls) == 3
    checker.check_many([c, b])
    assert len(calls) == 3
    checker.check_many([a])
    assert len(calls) == 4
