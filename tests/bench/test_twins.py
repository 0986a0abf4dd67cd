"""The hand-written twins in bench/twins play the same games as the example rulesets, the flat
ones (a list of cells) and those written with the grid built-ins (figures on a board): seeded
games replayed in both, every move and the winner compared."""

from pathlib import Path

import pytest

import rulecraft
from bench.twins import breakthrough, connect_four, connect_four_as_written

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
BREAKTHROUGHS = ["breakthrough", "breakthrough-grid"]
CONNECT_FOURS = ["connect-four", "connect-four-grid"]


def played(folder: str, seed: int) -> tuple[list, str | None]:
    game = rulecraft.new_game(rulecraft.load(str(EXAMPLES / folder)), seed=seed, scenario="classic")
    rulecraft.run(game, "classic")
    picks = [e["picked"] for e in game.log if e["what"] == "choice"]
    return picks, game.winner.name if game.winner else None


@pytest.mark.parametrize("folder", BREAKTHROUGHS)
@pytest.mark.parametrize("seed", range(10))
def test_breakthrough_twin_makes_the_same_moves(folder, seed):
    picks, winner = played(folder, seed)
    moves, twin_winner = breakthrough.play(seed)
    assert [(m["origin"], m["target"]) for m in picks] == moves
    assert twin_winner == winner


@pytest.mark.parametrize("folder", CONNECT_FOURS)
@pytest.mark.parametrize("seed", range(10))
def test_connect_four_twin_makes_the_same_moves(folder, seed):
    picks, winner = played(folder, seed)
    columns, twin_winner = connect_four.play(seed)
    assert picks == columns
    assert twin_winner == winner
    assert connect_four_as_written.play(seed) == (columns, winner)


def test_the_seeds_give_different_games_and_both_outcomes():
    """The comparison above is not vacuous: games differ by seed, and wins and draws or both sides' wins occur."""
    games = [breakthrough.play(seed) for seed in range(10)]
    assert len({tuple(moves) for moves, _ in games}) == 10
    assert {winner for _, winner in games} == {"white", "black"}
    assert len({tuple(connect_four.play(seed)[0]) for seed in range(10)}) == 10
