"""The searching agents play in every scenario of every bundled game (the Doom variants aside:
they change rules, not what a search meets): each decision plays the game on in copies from the
runner's checkpoints, leaves the real game as it was, and the game's log replays."""

from __future__ import annotations

import pytest

import rulecraft
from rulecraft.compiler.loader import bundled_ids
from rulecraft.runtime.agents import RandomAgent
from rulecraft.runtime.play import replay, run, start
from tests.support.watched import Watched

ROUNDS = 2
CASES = [(rid, scenario) for rid in bundled_ids() if not rid.startswith("doom/variants/")
         for scenario in sorted(rulecraft.load(rid).scenarios)]


@pytest.mark.parametrize("spec", ["mcts:playouts=3,turns=1", "greedy:samples=1"])
@pytest.mark.parametrize(("ruleset_id", "scenario"), CASES, ids=[f"{r}/{s}" for r, s in CASES])
def test_searching_agents_play_every_bundled_scenario(ruleset_id, scenario, spec):
    rules = rulecraft.load(ruleset_id)
    players = rules.scenarios[scenario].props.get("players", ["p1", "p2"])
    watched = Watched(spec)
    agents = [watched, *(RandomAgent() for _ in players[1:])]
    game = run(start(rules, scenario, seed=2, agents=agents), scenario, ROUNDS)
    assert replay(rules, game.log).log_lines() == game.log_lines()
    asked = [e for e in game.log if e["what"] == "choice" and e["options"] > 1 and e["player"] == players[0]]
    assert watched.decisions == len(asked)
