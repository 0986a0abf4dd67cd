"""Hands counted by tests of their things under exact odds (runtime/odds_draws.py `Sample`): every
answer equals the hypergeometric formula written with math.comb, on decks of 30 and 60 cards where
every order could not be followed (named cards, several names at once, a kind, at least k, several
tests of one hand together, a test of one copy held from before the shuffle), and a game that is
not under exact odds counts as the list expression always did (same number, same steps)."""

from fractions import Fraction
from math import comb

import pytest

import rulecraft
from rulecraft.runtime import odds
from rulecraft.runtime.errors import RuleFault
from rulecraft.runtime.game import Game

DECK = '''game "hands" "Hands"
kind card { cost: int = 0 }
kind creature: card { }
kind spell: card { }
creature bolt "Bolt" x4 { cost: 1 }
creature bear "Bear" x4 { cost: 2 }
spell storm "Storm" x4 { cost: 3 }
spell charm "Charm" x3 { cost: 1 }
creature beast "Beast" x20 { }
spell ward "Ward" x25 { }
pool deck "Deck" of card

fn hand(n: int) -> list<card> {
  fill deck
  shuffle deck
  return draw n from deck
}
query at_least(k: int, n: int) { let h = hand(n)  return count([c for c in h if c.def == bolt]) >= k }
query either_name(n: int) { let h = hand(n)  return count([c for c in h if c.def == bolt or c.def == storm]) > 0 }
query creatures(n: int) { let h = hand(n)  return count([c for c in h if c is creature]) }
query together(n: int) {
  let h = hand(n)
  return [count([c for c in h if c.def == bolt]), count([c for c in h if c is spell])]
}
query both(n: int) {
  let h = hand(n)
  return count([c for c in h if c.def == bolt]) > 0 and count([c for c in h if c.def == charm]) > 0
}
query cheap(n: int) { let h = hand(n)  return count([c for c in h if c.cost == 1]) }
query held_copy(n: int) {
  fill deck
  let mine = first(items(deck))
  shuffle deck
  let h = draw n from deck
  return count([c for c in h if c == mine])
}
query in_play(n: int) {
  let h = hand(n)
  let bolts = count([c for c in h if c.def == bolt])
  let also = [c for c in h if c.def == bolt]
  return [bolts, count(also)]
}
'''
THIRTY = DECK.replace("x20", "x2").replace("x25", "x13")  # 4 + 4 + 4 + 3 + 2 + 13 = 30 cards


@pytest.fixture(scope="module")
def sixty():
    return rulecraft.compile_source(DECK)


@pytest.fixture(scope="module")
def thirty():
    return rulecraft.compile_source(THIRTY)


def at_least(k: int, copies: int, deck: int, n: int) -> Fraction:
    """P(at least k of `copies` cards among n drawn from `deck`)."""
    return sum((Fraction(comb(copies, i) * comb(deck - copies, n - i), comb(deck, n)) for i in range(k, min(copies, n) + 1)),
               Fraction(0))


def law(deck: int, n: int, *cells: int) -> dict[tuple[int, ...], Fraction]:
    """The joint law of how many of each cell (sizes `cells`, the rest of the deck apart) n draws hold."""
    out: dict[tuple[int, ...], Fraction] = {}

    def grow(prefix: tuple[int, ...], left: int, rest: tuple[int, ...]) -> None:
        if not rest:
            others = deck - sum(cells)
            ways = comb(others, left)
            for size, got in zip(cells, prefix):
                ways *= comb(size, got)
            if ways:
                out[prefix] = Fraction(ways, comb(deck, n))
            return
        for i in range(min(rest[0], left) + 1):
            grow((*prefix, i), left - i, rest[1:])
    grow((), n, cells)
    return out


@pytest.mark.parametrize(("k", "n"), [(1, 7), (2, 7), (3, 7), (4, 7), (1, 1), (1, 0), (2, 15), (4, 59)])
def test_at_least_k_of_four_named_copies_in_sixty(sixty, k, n, games):
    got = odds.odds(sixty, "at_least", [k, n])
    assert got == {o: p for o, p in ((True, at_least(k, 4, 60, n)), (False, 1 - at_least(k, 4, 60, n))) if p}
    assert len(games) <= 2  # one path per outcome of the comparison, never one per order


def test_the_opening_hand_of_thirty(thirty, games):
    p = 1 - Fraction(comb(26, 7), comb(30, 7))
    assert odds.odds(thirty, "at_least", [1, 7]) == {True: p, False: 1 - p}
    assert len(games) == 2


@pytest.mark.parametrize("rules_name", ["thirty", "sixty"])
def test_several_names_a_kind_and_tests_together(rules_name, request):
    rules = request.getfixturevalue(rules_name)
    deck = 30 if rules_name == "thirty" else 60
    spells = 4 + 3 + (13 if deck == 30 else 25)
    assert odds.odds(rules, "either_name", [7])[True] == at_least(1, 8, deck, 7)
    assert odds.odds(rules, "creatures", [7]) == {c: p for (c,), p in law(deck, 7, deck - spells).items()}
    assert odds.odds(rules, "together", [7]) == {(b, s): p for (b, s), p in law(deck, 7, 4, spells).items()}
    no_bolt, no_charm = Fraction(comb(deck - 4, 7), comb(deck, 7)), Fraction(comb(deck - 3, 7), comb(deck, 7))
    neither = Fraction(comb(deck - 7, 7), comb(deck, 7))
    assert odds.odds(rules, "both", [7])[True] == 1 - no_bolt - no_charm + neither
    assert odds.odds(rules, "cheap", [7]) == {c: p for (c,), p in law(deck, 7, 4 + 3).items()}  # a property


def test_a_copy_held_from_before_is_told_apart(sixty):
    assert odds.odds(sixty, "held_copy", [7]) == {0: Fraction(53, 60), 1: Fraction(7, 60)}


def test_a_count_and_the_hand_read_after_it_agree(sixty):
    assert odds.odds(sixty, "in_play", [2]) == {(b, b): p for (b,), p in law(60, 2, 4).items()}


QUERIES = [("at_least", [1, 3]), ("either_name", [4]), ("creatures", [5]), ("together", [3]), ("both", [3]),
           ("cheap", [2]), ("in_play", [3])]


@pytest.mark.parametrize(("query", "args"), QUERIES)
def test_a_game_not_under_odds_counts_as_the_list_expression(query, args):
    """The same query, its counts written `let xs = [...]  count(xs)` (a list expression made and
    measured): the same result and the same steps, on 5 seeds."""
    rules = rulecraft.compile_source(DECK)
    listed = rulecraft.compile_source(_listed(DECK))
    names = [r.callables[query].func.__code__.co_names for r in (rules, listed)]
    assert "_count_where" in names[0]
    assert "_count_where" not in names[1]
    for seed in range(5):
        results = []
        for r in (rules, listed):
            game = Game(r, seed=seed)
            results.append((r.callables[query].func(game, *args), game.budget.steps))
        assert results[0] == results[1]


def _listed(source: str) -> str:
    """The source with every `count([...])` written as `count(list ...)`: a list made, then counted."""
    return source.replace("count([", "count(kept([").replace("])", "]))").replace(
        "fn hand(", "fn kept(xs: list<card>) -> list<card> { return xs }\nfn hand(")


def test_a_ruleset_that_reads_where_things_are_draws_every_hand(games):
    """A hand lent stays in its zone until it is read: where a handler reads a thing's `location`,
    no hand is lent, and the answer is the one every order gives."""
    rules = rulecraft.compile_source(THIRTY.replace("query cheap(", """query nowhere(n: int) {
  let h = hand(n)
  return count([c for c in all card where it.location == none])
}
query cheap("""))
    assert odds.odds(rules, "at_least", [1, 2]) == {True: at_least(1, 4, 30, 2), False: 1 - at_least(1, 4, 30, 2)}
    assert len(games) == 30 * 29


def test_counts_of_one_hand_answered_together_are_one_path(sixty, games):
    """A list of counts of one hand is one random value (lazy.jointly): its law is read at once."""
    spells = 4 + 3 + 25
    assert odds.odds(sixty, "together", [7]) == {(b, s): p for (b, s), p in law(60, 7, 4, spells).items()}
    assert len(games) == 1



SMALL = '''game "small" "Small"
kind card { cost: int = 1 }
card one "One" x3 { }
card free "Free" x1 { cost: 0 }
card two "Two" x2 { cost: 2 }
pool deck "Deck" of card
query ratio(n: int) {
  fill deck
  shuffle deck
  let h = draw n from deck
  return count([c for c in h if 6 // c.cost > 2])
}
'''


def test_a_test_that_faults_on_a_card_faults_as_every_order_does():
    """A test is tried on every card of the deck, drawn or not; where it faults on one, the hand is
    drawn and tested card by card, so the fault is the one a game meets, at its place."""
    rules = rulecraft.compile_source(SMALL)
    with pytest.raises(RuleFault, match="division by zero") as lazy:
        odds.odds(rules, "ratio", [2])
    with pytest.raises(RuleFault, match="division by zero") as every_order:
        odds.query_odds(rules, "ratio", [2], lazy=False)
    assert str(lazy.value) == str(every_order.value)
    assert lazy.value.where == every_order.value.where == "<source>:11:3"
