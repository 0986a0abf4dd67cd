"""The skirmish turn offers playing a card such as Industrial Complex into the squad (DT-012)."""

import pytest

import rulecraft
from rulecraft.runtime.play import start
from tests.rulesets.doomtrooper.conftest import Picker


@pytest.mark.rules("DT-012")
def test_a_skirmish_turn_plays_a_card_into_the_squad():
    game = start(rulecraft.load("doomtrooper"), "skirmish", seed=1)
    p = game.players[0]
    complex_ = game.create("industrial_complex", 1, game.zone("hand", p), p)
    agent = Picker({"the next action": ["into squad", "pass"], "into the squad": "industrial_complex"})
    game.choices.agents[p.id] = agent
    game.call("take_turn", p)
    assert "into squad" in agent.offered("the next action")[0]
    assert complex_.location is game.zone("squad", p)
