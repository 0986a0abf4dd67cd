"""The README's "write your first mod" example, run for real."""

from pathlib import Path

import rulecraft
from rulecraft.runtime.play import start

MOD = str(Path(__file__).resolve().parents[2] / "examples" / "mods" / "rich-galaxy")


def test_the_example_mod_patches_adds_and_offers_an_option():
    rules = rulecraft.load("twilight-imperium", [MOD])
    assert rules.mods == ("examples/rich-galaxy",)
    assert rules.definitions["wealth_1"].props["credits"] == 4
    assert rules.definitions["treasure_fleet"].count == 2
    assert sum(d.count for d in rules.defs_of("domain_counter")) == 46


def test_the_option_swaps_radioactive_counters_for_industrial_societies():
    rules = rulecraft.load("twilight-imperium", [MOD])
    plain = start(rules, "small_galaxy", seed=1)
    chosen = start(rules, "small_galaxy", seed=1, options=["friendly_worlds"])
    count = lambda game, d: len([e for e in game.select("domain_counter") if e.def_id == d])
    assert (count(plain, "radioactive"), count(plain, "industrial_society")) == (4, 2)
    assert (count(chosen, "radioactive"), count(chosen, "industrial_society")) == (0, 6)


def test_the_new_step_pays_every_race_before_its_fleet_moves():
    rules = rulecraft.load("twilight-imperium", [MOD])
    game = start(rules, "small_galaxy", seed=1)
    sol = game.player("Sol")
    with game.phase("invasion"):
        game.call("take_turn", sol)
    paid = [e for e in game.log if e["what"] == "set" and e["prop"] == "credits" and e["thing"] == "Sol"]
    assert paid
    assert paid[0]["value"] == 1


def test_the_treasure_fleet_pays_six_credits_on_the_first_invasion():
    rules = rulecraft.load("twilight-imperium", [MOD])
    game = rulecraft.Game(rules)
    p = game.players[0]
    s = game.create("deep_space")
    planet = game.create("lodor", 1, s)
    game.create("treasure_fleet", 1, planet, None, True)
    game.create("ground_force", 1, s, p)
    with game.phase("invasion"):
        game.act("invade", p, planet, 1)
    assert p.props["credits"] == 6
    assert planet.props["controller"] is p
