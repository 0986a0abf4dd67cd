"""Every scenario of every bundled ruleset (games, formats and mods loaded by their own id) plays
and its log replays line for line from what the log's first line names: the game and the mods
applied on top of it, never a mod on top of itself."""

import pytest

import rulecraft
from rulecraft.compiler.loader import bundled_ids
from rulecraft.runtime.play import replay, run, start

ROUNDS = 4
CASES = [(rid, scenario) for rid in bundled_ids() for scenario in sorted(rulecraft.load(rid).scenarios)]


@pytest.mark.parametrize(("ruleset_id", "scenario"), CASES, ids=[f"{r}/{s}" for r, s in CASES])
def test_the_log_of_every_bundled_scenario_replays(ruleset_id, scenario):
    game = run(start(rulecraft.load(ruleset_id), scenario, seed=1), scenario, ROUNDS)
    header = game.log[0]
    assert (header["what"], header["game"], header["mods"]) == ("scenario", ruleset_id, [])
    again = replay(rulecraft.load(header["game"], header["mods"]), game.log)
    assert again.log_lines() == game.log_lines()


def test_a_mod_applied_on_top_is_named_once_in_the_log():
    rules = rulecraft.load("doom/deathmatch", ["doom/variants/fast-timer"])
    header = run(start(rules, "deathmatch", seed=3), "deathmatch", 2).log[0]
    assert (header["game"], header["mods"]) == ("doom/deathmatch", ["doom/variants/fast-timer"])
    assert rules.mods == ("doom/deathmatch", "doom/variants/fast-timer")
