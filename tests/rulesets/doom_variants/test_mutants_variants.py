"""The variants, by exact outcome: what `rulecraft mutate` showed the other tests let pass."""

import pytest

import rulecraft
from rulecraft.runtime import grid

V = "doom/variants/"


def equipped(mod, **assumptions):
    """A base game with one difficulty card laid out and these assumptions overridden."""
    rules = rulecraft.load("doom", [V + mod])
    game = rulecraft.Game(rules, seed=1, players=["inv", "m1", "m2"], assumptions=assumptions)
    game.call("choose_roles", game.players[0])
    game.call("choose_scenario", game.players[0])
    game.call("give_equipment")
    game.call("deal_starting_cards")
    b = game.call("bin_of", game.players[1])
    return {"bullets": game.get(b, "bullets"), "invader cards": len(game.zone("invader_hand").items)}


@pytest.mark.rules("DOOMX-176")
def test_hey_not_too_rough_never_leaves_fewer_than_no_bullets():
    assert equipped("hey-not-too-rough", not_too_rough_bullets=-9)["bullets"] == 0


@pytest.mark.rules("DOOMX-176")
def test_too_young_to_die_deals_one_extra_invader_card_when_set_to_one():
    assert equipped("too-young-to-die", too_young_invader_cards=1)["invader cards"] == 6


@pytest.mark.rules("DOOMX-177")
def test_nightmare_deals_one_extra_invader_card_when_set_to_one():
    assert equipped("nightmare", nightmare_invader_cards=1)["invader cards"] == 6


@pytest.mark.rules("DOOMX-180")
def test_the_card_elite_training_draws_is_shown_to_everybody(table):
    t = table("elite-training", marines=2)
    t.game.call("deal_starting_cards")
    assert all(t.game.knows(q, c) for p in t.marines for c in t.cards(p) for q in t.game.players)


@pytest.mark.rules("DOOMX-181")
def test_the_locked_and_loaded_token_is_logged(knee_deep):
    game = knee_deep("locked-and-loaded")
    game.emit("door_opened", (grid.grid_space(game, "map", 2, 4),))
    assert "a bullets token lies with the shotgun" in [e["text"] for e in game.log if e["what"] == "log"]


@pytest.mark.rules("DOOMX-198")
def test_special_forces_take_the_deck_down_to_its_last_card(table):
    t = table("special-forces-training", marines=1)
    t.game.assume["marine_deck_size"] = 2
    t.game.call("deal_starting_cards")
    (m,) = t.marines
    assert len(t.cards(m)) == 2 and t.zone("marine_deck") == []
    assert len([e for e in t.log("choice") if "Special Forces" in e["prompt"]]) == 2  # nothing left to choose from


@pytest.mark.rules("DOOMX-199")
def test_task_force_asks_no_trade_of_a_marine_without_cards_or_partners(table):
    t = table("task-force-training", marines=2)
    t.game.assume["marine_deck_size"] = 3
    t.game.call("deal_starting_cards")
    m1, m2 = t.marines
    assert [len(t.cards(p)) for p in t.marines] == [3, 0]
    assert not [e for e in t.log("choice") if "trade" in e["prompt"]]
