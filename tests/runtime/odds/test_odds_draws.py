"""Draws from a shuffled zone under exact odds (runtime/odds_draws.py): a hand by the
hypergeometric law, equal to the enumeration of every order (`lazy=False`) on small decks, and
made at one chance point, not a path per order."""

from fractions import Fraction
from math import comb

import pytest

import rulecraft
from rulecraft.runtime import odds

DECK = '''game "t" "T"
kind card { colour: text = "" }
kind standard: card { }
standard ace "Ace" x2 { colour: "red" }
standard king "King" x1 { colour: "red" }
standard pip "Pip" x3 { colour: "black" }
card joker "Joker" { }   # a card of no copies in the deck
pool deck "Deck" of standard
kind tile { }
tile sun "Sun" x2 { }
tile moon "Moon" x2 { }
pool tiles "Tiles" of tile
zone table

fn hand(n: int) -> list<card> {
  fill deck
  shuffle deck
  return draw n from deck
}
query any_ace(n: int) { let h = hand(n)  return count([c for c in h if c.def == ace]) > 0 }
query named(n: int) { let h = hand(n)  return [count([c for c in h if c.def == ace]), count([c for c in h if c.def == king])] }
query reds(n: int) { let h = hand(n)  return count([c for c in h if c.colour == "red"]) }
query jokers(n: int) { let h = hand(n)  return count([c for c in h if c.def == joker]) }
query held(n: int) { let h = hand(n)  return count(h) }
query twice(n: int) {
  let first = hand(2)
  let second = draw n from deck
  return [count([c for c in first if c.def == pip]), count([c for c in second if c.def == pip])]
}
query one_by_one() {
  fill deck
  shuffle deck
  let a = draw 1 from deck
  let b = draw 1 from deck
  return [a[0].def, b[0].def]
}
query left_on_top() { let h = hand(2)  return first(items(deck)).colour }
query into_a_zone(n: int) {
  fill deck
  shuffle deck
  draw n from deck to table
  return count([c for c in items(table) if c.colour == "black"])
}
query every_tile(n: int) {
  fill tiles
  shuffle tiles
  let h = draw n from tiles
  return [count([t for t in h if t.def == sun]), count([t for t in h if t.def == moon])]
}
'''


@pytest.fixture(scope="module")
def rules():
    return rulecraft.compile_source(DECK)


@pytest.fixture
def games(monkeypatch):
    """Counts the games the odds make: one per chance path."""
    made = []
    original = odds.Game

    def counted(*args, **kwargs):
        made.append(1)
        return original(*args, **kwargs)
    monkeypatch.setattr(odds, "Game", counted)
    return made


CASES = [("any_ace", [3]), ("named", [3]), ("reds", [2]), ("reds", [4]), ("jokers", [3]), ("held", [0]),
         ("held", [9]), ("named", [9]), ("twice", [2]), ("twice", [6]), ("one_by_one", []), ("left_on_top", []),
         ("into_a_zone", [3]), ("every_tile", [2]), ("every_tile", [4])]


@pytest.mark.parametrize(("query", "args"), CASES)
def test_a_drawn_hand_has_the_odds_of_every_order(rules, query, args):
    assert odds.query_odds(rules, query, args) == odds.query_odds(rules, query, args, lazy=False)


def test_the_hand_is_the_multivariate_hypergeometric_law(rules, games):
    got = odds.odds(rules, "named", [3])
    assert got == {(a, k): Fraction(comb(2, a) * comb(1, k) * comb(3, 3 - a - k), comb(6, 3))
                   for a in range(3) for k in range(2) if a + k <= 3}
    assert len(games) == len(got)  # a path per hand, none per order
    games.clear()
    assert odds.odds(rules, "jokers", [3]) == {0: Fraction(1)}  # a card of no copies is never drawn
    assert odds.odds(rules, "held", [9]) == {6: Fraction(1)}  # more than the deck holds: all of it
    assert len(games) == 6 + 1  # the six hands of three cards of three definitions; the whole deck


def test_an_opening_hand_of_seven_from_thirty_is_a_handful_of_paths(games):
    rules = rulecraft.compile_source('''game "hand" "An opening hand"
kind card { }
card wanted "Wanted" x4 { }
card other "Other" x26 { }
pool deck "Deck" of card
query opening(size: int) {
  fill deck
  shuffle deck
  let hand = draw size from deck
  return count([c for c in hand if c.def == wanted]) > 0
}
''')
    none = Fraction(comb(26, 7), comb(30, 7))
    assert odds.odds(rules, "opening", [7]) == {True: 1 - none, False: none}
    assert len(games) == 5  # 0 to 4 wanted cards in the hand


def test_copies_that_differ_are_shuffled_order_by_order(rules, games):
    marked = rulecraft.compile_source(DECK.replace('query held(n: int) {', '''query marked(n: int) {
  fill deck
  let aces = [c for c in items(deck) if c.def == ace]
  aces[0].colour = "gold"
  shuffle deck
  let h = draw n from deck
  return count([c for c in h if c.colour == "gold"])
}
query held(n: int) {'''))
    assert odds.odds(marked, "marked", [2]) == {1: Fraction(1, 3), 0: Fraction(2, 3)}
    assert len(games) == 720  # the gold ace is not like the other: every order of the six cards
