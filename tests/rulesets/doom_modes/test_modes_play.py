"""Deathmatch and Capture the Flag played to the end by random agents through `rulecraft run`:
several seeds, each seeded and replayable (same seed, same log)."""

import json
import subprocess
import sys

import pytest

import rulecraft
from rulecraft.runtime.play import replay, run, start

GAMES = [("doom/deathmatch", "deathmatch"), ("doom/deathmatch", "deathmatch_for_two"), ("doom/ctf", "ctf")]


def cli(*args):
    out = subprocess.run([sys.executable, "-m", "rulecraft", "run", *args, "--json"],
                         capture_output=True, text=True, check=True).stdout
    return [json.loads(line) for line in out.splitlines()]


@pytest.mark.parametrize(("game", "scenario"), GAMES)
def test_random_agents_play_to_the_end_under_several_seeds(game, scenario):
    for seed in (1, 2, 3, 4):
        log = cli(f"{game}/{scenario}", "--seed", str(seed))
        final = log[-1]
        assert log[0]["what"] == "scenario"
        assert log[0]["seed"] == seed
        assert final["what"] == "final"
        assert any(e["what"] == "end" for e in log)
        ended = [e for e in log if e["what"] == "log" and ("wins" in e["text"] or "nobody wins" in e["text"])]
        assert ended, f"{scenario} seed {seed} ended without a result"


@pytest.mark.parametrize(("game", "scenario"), GAMES)
def test_the_same_seed_gives_the_same_log_and_a_log_replays(game, scenario):
    rules = rulecraft.load(game)
    a = run(start(rules, scenario, seed=5), scenario)
    b = run(start(rules, scenario, seed=5), scenario)
    c = run(start(rules, scenario, seed=6), scenario)
    assert a.log_lines() == b.log_lines() != c.log_lines()
    assert replay(rules, a.log).log_lines() == a.log_lines()


def test_the_cli_finds_a_mods_scenario_and_applies_mods_and_options():
    log = cli("doom/deathmatch/deathmatch", "--seed", "3", "--mod", "doom/variants/fast-timer", "--option", "short_match")
    assert log[0]["mods"][-1] == "doom/variants/fast-timer"
    assert log[0]["options"] == ["short_match"]
    assert any(e["what"] == "log" and "3 cards are discarded" in e["text"] for e in log)
    assert cli("doom/variants/no-timer/deathmatch", "--seed", "1", "--rounds", "3")[-1]["rounds"] == 3
