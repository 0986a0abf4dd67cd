"""Draws from a shuffled zone under exact odds (runtime/odds_draws.py): the shuffle is chosen when
the zone's order is read, and every answer equals the enumeration of every order (`lazy=False`) on
small decks: what a hand holds, the order it came in (its first and last card, a loop that stops
at the first match, a draw from it, a zone it joined that held cards already) and which copy of
a card it holds (a copy singled out by a selection, held from before the shuffle, or answered)."""

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
die d3 "Three" { faces 1..3 }

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
query first_card(n: int) { let h = hand(n)  return h[0].def }
query last_card(n: int) { let h = hand(n)  return last(h).colour }
query first_black() {
  let h = hand(3)
  let at = 0
  for c in h {
    if c.colour == "black" { return at }
    at += 1
  }
  return -1
}
query from_the_hand() {
  fill deck
  shuffle deck
  draw 3 from deck to table
  let b = draw 1 from table
  return [b[0].def, first(items(table)).def]
}
query joins_a_zone() {
  fill tiles
  fill deck
  shuffle deck
  draw 2 from deck to tiles
  return [t.def for t in items(tiles)]
}
query singled_out(n: int) {
  let h = hand(n)
  let a = first(all standard where it.def == ace)
  return count([c for c in h if c == a])
}
query held_before() {
  fill deck
  let a = first(items(deck))
  shuffle deck
  let h = draw 2 from deck
  return count([c for c in h if c == a])
}
query taken_out() {
  fill deck
  shuffle deck
  let a = draw 1 from deck
  remove first(all standard where it.def == king)
  let b = draw 2 from deck
  return [a[0].def, [c.def for c in b], size(deck)]
}
query count_then_first(n: int) {
  let h = hand(n)
  let a = count([c for c in h if c.def == ace])
  return [a, h[0].def]
}
query count_then_left() {
  let h = hand(2)
  let a = count([c for c in h if c.colour == "red"])
  return [a, count([c for c in items(deck) if c.def == ace]), size(deck)]
}
query count_then_again(n: int) {
  let h = hand(2)
  let a = count([c for c in h if c.def == pip])
  let g = draw n from deck
  return [a, count([c for c in g if c.def == king]), count([c for c in h if c.def == king])]
}
query count_and_roll() { let h = hand(3)  return count([c for c in h if c.def == ace]) + roll d3 }
query count_then_hand() {
  let h = hand(2)
  let a = count([c for c in h if c.colour == "black"])
  return [a, h]
}
query count_then_select() {
  let h = hand(2)
  let a = count([c for c in h if c.def == king])
  return [a, count(all standard where it.def == king)]
}
query count_then_shuffle() {
  let h = hand(2)
  shuffle deck
  let a = count([c for c in h if c.def == ace])
  return [a, first(items(deck)).def]
}
query by_identity() {
  let h = hand(2)
  let low = first(all standard)
  return count([c for c in h if c == low or c.def == king])
}
query count_then_moved() {
  let h = hand(2)
  let a = count([c for c in h if c.def == ace])
  move h to table
  return [a, count([c for c in items(table) if c.def == ace])]
}
query the_card() { let h = hand(1)  return h[0] }
query unread() {
  fill deck
  shuffle deck
  return size(deck)
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


CASES = [("any_ace", [3]), ("named", [3]), ("reds", [2]), ("reds", [4]), ("jokers", [3]), ("held", [0]),
         ("held", [9]), ("named", [9]), ("twice", [2]), ("twice", [6]), ("one_by_one", []), ("left_on_top", []),
         ("into_a_zone", [3]), ("every_tile", [2]), ("every_tile", [4]), ("first_card", [3]), ("last_card", [2]),
         ("first_black", []), ("from_the_hand", []), ("joins_a_zone", []), ("singled_out", [2]),
         ("held_before", []), ("the_card", []), ("taken_out", []), ("count_then_first", [3]), ("count_then_left", []),
         ("count_then_again", [2]), ("count_and_roll", []), ("count_then_hand", []), ("count_then_select", []),
         ("count_then_shuffle", []), ("by_identity", []), ("count_then_moved", [])]


@pytest.mark.parametrize(("query", "args"), CASES)
def test_a_drawn_hand_has_the_odds_of_every_order(rules, query, args):
    assert odds.query_odds(rules, query, args) == odds.query_odds(rules, query, args, lazy=False)


def test_the_hand_is_the_multivariate_hypergeometric_law(rules):
    got = odds.odds(rules, "named", [3])
    assert got == {(a, k): Fraction(comb(2, a) * comb(1, k) * comb(3, 3 - a - k), comb(6, 3))
                   for a in range(3) for k in range(2) if a + k <= 3}
    assert odds.odds(rules, "jokers", [3]) == {0: Fraction(1)}  # a card of no copies is never drawn
    assert odds.odds(rules, "held", [9]) == {6: Fraction(1)}  # more than the deck holds: all of it


def test_the_order_and_the_copy_of_a_drawn_card_have_their_odds(rules):
    assert odds.odds(rules, "first_card", [3]) == {"ace": Fraction(1, 3), "king": Fraction(1, 6),
                                                   "pip": Fraction(1, 2)}
    assert odds.odds(rules, "singled_out", [2]) == {1: Fraction(1, 3), 0: Fraction(2, 3)}  # 2 of 6 places
    assert odds.odds(rules, "the_card", []) == {f"{d}#{i}": Fraction(1, 6)  # each copy its own (the players are #1, #2)
                                                for d, i in (("ace", 3), ("ace", 4), ("king", 5), ("pip", 6),
                                                             ("pip", 7), ("pip", 8))}


def test_a_shuffle_nobody_reads_is_one_path(rules, games):
    assert odds.odds(rules, "unread", []) == {6: Fraction(1)}
    assert len(games) == 1


def test_a_draw_chooses_the_places_it_takes_order_by_order(rules, games):
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
    assert len(games) == 1  # counted by a test of each thing: the hand is never drawn
    games.clear()
    odds.odds(rules, "first_card", [2])
    assert len(games) == 6 * 5  # an index draws the hand: a path per order of the two places, none for the four left
    games.clear()
    assert odds.odds(rules, "one_by_one", [])[("ace", "ace")] == Fraction(1, 15)
    assert len(games) == 6 * 5
    games.clear()
    odds.odds(rules, "left_on_top", [])
    assert len(games) == 6 * 5 * 4 * 3 * 2  # reading what is left (`items`) chooses every place
