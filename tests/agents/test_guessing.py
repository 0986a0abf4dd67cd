"""The searching agents guess a hidden card no better than what they have seen allows.

The game (guessing/main.rules): five cards of five values in a shared deck, one drawn into each
player's hand and one set aside; the guesser wins if it names the value of the holder's card.
Holding one card and seeing no other, a player's best odds are exactly 1 in 4. A searching agent
whose playouts knew the holder's hand would win all 200 games; an honest one wins about 50, and
more than the binomial 99 % bound of 200 games at 1/4 less than once in a hundred runs. Shown
the holder's card (`peeked`), it wins every game: what a player has seen, its playouts keep.
"""

from __future__ import annotations

from fractions import Fraction
from math import comb
from pathlib import Path

import pytest

from rulecraft.agents.specs import make_agent
from rulecraft.compiler.loader import load
from rulecraft.runtime import play
from rulecraft.runtime.agents import RandomAgent

GAMES = 200
BEST_ODDS = Fraction(1, 4)  # the holder's card is one of the 4 values the guesser does not hold
SPECS = ["mcts:playouts=30", "greedy:samples=4"]


def upper_bound(n: int, p: Fraction, level: Fraction) -> int:
    """The least k with P(X <= k) >= level for X ~ Binomial(n, p), exactly."""
    total = Fraction(0)
    for k in range(n + 1):
        total += comb(n, k) * p**k * (1 - p) ** (n - k)
        if total >= level:
            return k
    return n


def guessed_right(scenario: str, spec: str) -> int:
    rules = load(str(Path(__file__).parent / "guessing"))
    wins = 0
    for seed in range(GAMES):
        game = play.start(rules, scenario, seed=seed, agents=[make_agent(spec), RandomAgent()], log="simulation")
        wins += play.run(game, scenario).winner.name == "guesser"
    return wins


def test_the_bound_is_the_binomial_quantile():
    bound = upper_bound(GAMES, BEST_ODDS, Fraction(99, 100))
    assert bound == 65
    below = sum(comb(GAMES, k) * BEST_ODDS**k * (1 - BEST_ODDS) ** (GAMES - k) for k in range(bound))
    assert below < Fraction(99, 100)  # one less is not yet the 99 % quantile


@pytest.mark.parametrize("spec", SPECS)
def test_a_searching_agent_guesses_a_hidden_card_no_better_than_the_odds(spec):
    assert guessed_right("guess", spec) <= upper_bound(GAMES, BEST_ODDS, Fraction(99, 100))


@pytest.mark.parametrize("spec", SPECS)
def test_a_searching_agent_uses_the_card_it_was_shown(spec):
    assert guessed_right("peeked", spec) == GAMES
