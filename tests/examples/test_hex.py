"""examples/hex: the connection game on a 7x7 rhombus, won by joining one's own two sides
(`hex_joined`, `hex_border`); played to the end by random agents, and its rule tests."""

from pathlib import Path

import pytest

import rulecraft
from rulecraft.runtime.ruletests import run_tests

HEX = Path(__file__).resolve().parents[2] / "examples" / "hex"


@pytest.fixture(scope="module")
def hex_rules():
    return rulecraft.load(str(HEX))


@pytest.mark.parametrize("seed", range(4))
def test_a_game_ends_when_the_winner_joins_their_sides_and_the_loser_has_not(hex_rules, seed):
    game = rulecraft.new_game(hex_rules, seed=seed, scenario="classic")
    rulecraft.run(game, "classic")
    assert game.over
    loser = next(p for p in game.players if p is not game.winner)
    assert game.call("has_won", game.winner)
    assert not game.call("has_won", loser)
    stones = len(game.select("stone"))
    assert 13 <= stones <= 49  # at least 7 of the winner's and 6 of the loser's


def test_the_rule_tests_pin_a_win_and_a_non_win(hex_rules):
    outcomes = {o.test.title: o.passed for o in run_tests(hex_rules)}
    assert outcomes == {"a red chain from the top row to the bottom row wins for red": True,
                        "a red chain broken once, or joining the wrong sides, does not win": True}
