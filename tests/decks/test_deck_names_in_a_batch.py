"""Card names are resolved once per format and then remembered: every deck of a batch still
gets its own problems, wherever its sections are."""

import pytest

import rulecraft
from rulecraft.decks.legality import DeckChecker, DeckError

FORMAT = '''game "cardgame" "A card game with a format"
kind card {}
card grey_wolf "Grey Wolf" {}
card howl "Howl" {}
zone main
zone sideboard
'''


@pytest.fixture(scope="module")
def rules():
    return rulecraft.compile_source(FORMAT, "cardgame.rules")


def problems(checker, deck):
    with pytest.raises(DeckError) as info:
        checker.check(deck)
    return [(p.code, p.message) for p in info.value.diagnostics]


def test_an_unknown_section_before_a_known_one_leaves_its_cards_checked(rules):
    checker = DeckChecker(rules)
    deck = {"format": "cardgame", "bench": {"howl": 1}, "main": {"grey_wulf": 2, "Howl": 1}}
    assert problems(checker, deck) == [
        ("E0810", "the format has no deck section `bench`"),
        ("E0811", "unknown card `grey_wulf`"),
    ]


def test_names_remembered_from_one_deck_serve_the_next(rules):
    checker = DeckChecker(rules)
    good = {"format": "cardgame", "main": {"Grey Wolf": 2, "howl": 1}}
    assert checker.check_many([good, good]) == [{"legal": True, "format": "cardgame", "violations": []}] * 2
    assert problems(checker, {"format": "cardgame", "main": {"Grey Wolf": 1, "Grey Wolff": 1}}) == [
        ("E0811", "unknown card `Grey Wolff`")]
    assert checker.check(good)["legal"]
