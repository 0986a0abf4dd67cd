"""The Neuroshima Hex duel is won both ways by either army, through legal play: the other HQ
destroyed in a battle (an army that places its units where they wound the other HQ most and
plays its Battle tokens when they pay, support/ns_seeking.py, against one that only ends its
turns), or more hit points left on the HQ after the final battle (random agents, the first seed
that ends so)."""

import pytest
from support.ns_seeking import besieges
from support.scenario_play import ended_with, first_won, replays
from support.seeking import Seeking

SEEDS = range(1, 60)


def at_random(name):
    return Seeking()


@pytest.mark.parametrize("army", ["north", "south"])
def test_the_army_that_destroys_the_other_hq_wins(army):
    game = first_won("neuroshima", "duel", range(1, 6), besieges(army),
                     lambda g: ended_with(g) == (army, f"{army} wins: the other HQ is destroyed"))
    other = next(p for p in game.players if p.name != army)
    assert game.call("hq_left", other) == 0 < game.call("hq_left", game.player(army))
    assert replays(game)


@pytest.mark.parametrize("army", ["north", "south"])
def test_the_army_with_more_hq_hit_points_after_the_final_battle_wins(army):
    game = first_won("neuroshima", "duel", SEEDS, at_random,
                     lambda g: g.winner is not None and ended_with(g)[0] == army and "hit points left" in ended_with(g)[1])
    other = next(p for p in game.players if p.name != army)
    left = game.call("hq_left", game.player(army))
    assert ended_with(game)[1] == f"{army} wins with {left} hit points left on the HQ"
    assert left > game.call("hq_left", other) > 0
    assert "the final battle" in [e["text"] for e in game.log if e["what"] == "log"]
    assert replays(game)
