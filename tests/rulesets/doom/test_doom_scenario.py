"""Knee Deep in the Dead played by random agents: it ends, and a seed fixes the log."""

import pytest

import rulecraft
from rulecraft.runtime import grid
from rulecraft.runtime.play import replay, run, start


@pytest.fixture(scope="module")
def doom_rules():
    return rulecraft.load("doom")


def play(rules, seed, rounds=None):
    return run(start(rules, "knee_deep", seed=seed), "knee_deep", rounds)


@pytest.mark.rules("DOOM-016", "DOOM-035")
def test_knee_deep_plays_to_its_end_or_the_round_limit(doom_rules):
    for seed in range(1, 6):
        game = play(doom_rules, seed)
        final = game.log[-1]
        assert final["what"] == "final"
        assert (game.over or final["rounds"] == 12)


def test_the_same_seed_gives_the_same_log_and_another_seed_another(doom_rules):
    a, b, c = play(doom_rules, 7).log_lines(), play(doom_rules, 7).log_lines(), play(doom_rules, 8).log_lines()
    assert a == b
    assert a != c


def test_a_logged_game_replays_identically(doom_rules):
    game = play(doom_rules, 3)
    again = replay(doom_rules, game.log)
    assert again.log_lines() == game.log_lines()


def test_doors_reveal_areas_with_their_invaders_and_equipment(doom_rules):
    game = start(doom_rules, "knee_deep", seed=1)
    hall_door = grid.grid_space(game, "map", 5, 2)
    game.emit("door_opened", (hall_door,))
    assert grid.grid_area_open(game, "map", "hall")
    assert not grid.grid_area_open(game, "map", "store")
    on_board = game.select("invader", at=game.zone("on_board"))
    assert sorted(f.def_id for f in on_board) == ["imp", "zombie", "zombie", "zombie"]
    assert grid.grid_marked(game, "map", "exit")


def test_the_cli_runs_the_scenario(doom_rules):
    import subprocess
    import sys

    out = subprocess.run([sys.executable, "-m", "rulecraft", "run", "doom/knee_deep", "--seed", "4", "--json"],
                         capture_output=True, check=True, text=True).stdout.splitlines()
    assert '"what":"final"' in out[-1]
