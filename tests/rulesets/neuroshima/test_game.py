"""Whole games: two Doomsday Machine armies played by random agents, seeded and replayable."""

import json
import subprocess
import sys

import pytest

import rulecraft
from rulecraft.runtime.play import replay, run, start


def play(ns, seed):
    game = start(ns, "duel", seed=seed)
    return run(game, "duel")


@pytest.mark.rules("NS-050")
def test_a_game_sets_up_both_armies_and_their_hqs(ns):
    game = start(ns, "duel", seed=5)
    for p in game.players:
        hq = game.get(p, "hq")
        assert hq.def_id == "hq_doomsday"
        assert game.call("on_board", hq)
        assert len(game.zone("deck", p).items) == 34


@pytest.mark.parametrize("seed", [1, 2, 3, 4, 5, 6, 7, 8])
def test_a_seeded_game_is_played_to_its_end(ns, seed):
    game = play(ns, seed)
    assert game.over
    final = game.log[-1]
    assert final["what"] == "final"
    assert final["rounds"] < 60
    battles = [e for e in game.log if e["what"] == "event" and e["event"] == "battle_fought"]
    assert battles  # at least the final battle
    if game.winner is None:
        assert any("draw" in e.get("text", "") for e in game.log if e["what"] == "log")


def test_the_same_seed_gives_the_same_log_and_other_seeds_differ(ns):
    first, again, other = play(ns, 11), play(ns, 11), play(ns, 12)
    assert first.log_lines() == again.log_lines()
    assert first.log_lines() != other.log_lines()
    assert first.digest() == again.digest() != other.digest()


def test_a_logged_game_replays_line_for_line(ns):
    game = play(ns, 21)
    assert replay(ns, game.log).log_lines() == game.log_lines()


def test_random_games_end_in_wins_for_both_sides_and_draws(ns):
    results = {str(play(ns, seed).winner) for seed in range(1, 25)}
    assert len(results) >= 2


def test_the_command_line_runs_a_seeded_game():
    cmd = [sys.executable, "-m", "rulecraft", "run", "neuroshima/duel", "--seed", "4", "--json"]
    out = subprocess.run(cmd, capture_output=True, text=True, check=True).stdout.splitlines()
    again = subprocess.run(cmd, capture_output=True, text=True, check=True).stdout.splitlines()
    assert out == again
    assert json.loads(out[0])["what"] == "scenario"
    assert json.loads(out[-1])["what"] == "final"


def test_the_api_starts_the_scenario(ns):
    game = rulecraft.new_game(ns, seed=2, scenario="duel")
    assert [p.name for p in game.players] == ["north", "south"]
    assert len(game.get(game.players[0], "hq").name) > 0
