"""Raising base armor in a campaign (DOOMX-154): the seed says once per campaign, not by how
much - `campaign_armor_raise`, a marked assumption."""

import pytest

import rulecraft
from rulecraft.runtime.agents import Agent
from rulecraft.runtime.play import run, start


@pytest.mark.rules("DOOMX-154")
@pytest.mark.parametrize("raise_by", [1, 2])
def test_base_armor_rises_by_campaign_armor_raise(new_table, raise_by):
    t = new_table(options=["campaign"])
    t.game.assume["campaign_armor_raise"] = raise_by
    m = t.marines[0]
    armor = t.get(t.bin(m), "armor")
    t.act("raise_base_armor", m)
    assert t.get(t.bin(m), "armor") == armor + raise_by


class Raiser(Agent):
    """Marines who raise their base armor when offered; the rest as the first legal option."""

    def __init__(self):
        self.asked = 0

    def choose(self, game, player, options, prompt):
        if prompt == "raise your base armor (once per campaign)":
            self.asked += 1
            return options.index(True)
        return 0


@pytest.mark.rules("DOOMX-154")
@pytest.mark.parametrize("options", [["campaign"], []])
def test_a_campaign_scenario_offers_each_marine_the_raise_once_before_it_starts(options):
    agent = Raiser()
    game = start(rulecraft.load("doom/expansion"), "knee_deep", seed=1, agents=[agent] * 3, options=options)
    marines = [p for p in game.players if p.props["role"] == "marine"]
    before = {p.name: game.get(game.call("bin_of", p), "armor") for p in marines}
    run(game, "knee_deep", 2)
    after = {p.name: game.get(game.call("bin_of", p), "armor") for p in marines}
    raised = 1 if options else 0
    assert agent.asked == raised * len(marines)                        # round 1 only, once each
    assert after == {name: armor + raised for name, armor in before.items()}
