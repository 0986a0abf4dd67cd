"""MCTS against the random agent, in alternating seats: it must win at least 90 % of the games in
Connect Four and Breakthrough (the examples) and in Neuroshima duels. The games are seeded, so
each count is exact; they are played two at a time."""

from __future__ import annotations

from concurrent.futures import ProcessPoolExecutor
from functools import partial

import pytest

from tests.support.games import searching_wins


@pytest.mark.parametrize(("game_id", "scenario", "spec", "games"), [
    ("examples/connect-four", "classic", "mcts:playouts=50", 20),
    ("examples/breakthrough", "classic", "mcts:playouts=200", 10),
    # a Neuroshima turn asks several choices: a short horizon ranked by the ruleset's `score` (the
    # HQ's hit points left) keeps each playout cheap
    ("neuroshima", "duel", "mcts:playouts=32,turns=2", 10),
])
def test_mcts_beats_random_in_nine_games_of_ten(game_id, scenario, spec, games):
    with ProcessPoolExecutor(2) as pool:
        won = sum(pool.map(partial(searching_wins, game_id, scenario, spec), range(games)))
    assert won >= 0.9 * games, f"{spec} won {won} of {games} games of {game_id}/{scenario}"
