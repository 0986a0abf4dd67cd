"""Animals in play: which warriors may have one is printed on the cards, so it is the marked
assumption `animal_keepers`; the skirmish turn offers giving an animal to such a warrior."""

import pytest

import rulecraft
from rulecraft.runtime.play import start
from tests.rulesets.doomtrooper.conftest import Picker
from tests.rulesets.doomtrooper.test_game_rules import Table


def skirmish_turn(plan, assumptions=None):
    """The Templars' turn of a skirmish with a Templar Marine on the station and a Tusked Serett
    in hand; the player takes the planned actions, then passes."""
    rules = rulecraft.load("doomtrooper")
    game = start(rules, "skirmish", seed=1, assumptions=assumptions)
    p = game.players[0]
    marine = game.create("templar_marine", 1, game.zone("station", p), p)
    serett = game.create("tusked_serett", 1, game.zone("hand", p), p)
    agent = Picker({"the next action": [*plan, "pass"]})
    game.choices.agents[p.id] = agent
    return game, p, marine, serett, agent


@pytest.mark.rules("DT-071")
def test_a_skirmish_turn_gives_a_beast_to_a_warrior_that_may_have_one():
    game, p, marine, serett, agent = skirmish_turn(["animal"])
    game.call("take_turn", p)
    assert "animal" in agent.offered("the next action")[0]
    assert serett.location is marine
    assert game.get(serett, "bearer") is marine
    assert game.get(marine, "fight") == 6 + 3     # the Serett's Fight counts


@pytest.mark.rules("DT-071")
def test_the_warriors_that_may_have_an_animal_are_an_assumption():
    game, p, _marine, serett, agent = skirmish_turn([], assumptions={"animal_keepers": []})
    game.call("take_turn", p)
    assert "animal" not in agent.offered("the next action")[0]
    assert serett.location is game.zone("hand", p)


@pytest.mark.rules("DT-071")
def test_a_warrior_not_among_the_keepers_may_not_have_an_animal(dt):
    t = Table(dt)
    trooper = t.warrior("horde_trooper", t.a)
    assert "may not have an animal" in t.refused("give_animal", t.a, trooper, t.hand("predatorian", t.a))
    cavalier = t.warrior("cavalier", t.a)
    t.act("give_animal", t.a, cavalier, t.hand("equine", t.a))
    assert t.get(cavalier, "armor") == 4 + 2
