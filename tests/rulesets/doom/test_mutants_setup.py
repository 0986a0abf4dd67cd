"""Exact outcomes of the setup steps and of a Knee Deep round, written so that a broken rule
shows (issue 12: the rule-mutation score)."""

import pytest

import rulecraft
from rulecraft.runtime import grid


def knee_deep(seed=1):
    return rulecraft.new_game("doom", seed=seed, scenario="knee_deep")


@pytest.mark.rules("DOOM-016")
def test_a_round_of_knee_deep_gives_every_player_his_turn():
    game = knee_deep()
    rulecraft.run(game, "knee_deep", max_rounds=1)
    invader = next(p.name for p in game.players if game.get(p, "role") == "invader")
    turns = [e["player"] for e in game.log if e["what"] == "turn"]
    assert len(turns) == 3 and turns[-1] == invader and invader not in turns[:2]


@pytest.mark.rules("DOOM-017", "DOOM-018")
def test_an_invader_chosen_anywhere_at_the_table_gets_one_seat_and_the_marines_follow_on_his_left(doom):
    game = rulecraft.Game(doom, seed=1, players=["a", "b", "c", "d"])
    game.begin_round()
    a, b, c, d = game.players
    game.call("choose_roles", b)                   # e.g. chosen at random: not the first player
    assert [game.get(p, "seat") for p in game.players] == [0, 1, 2, 3]
    assert [game.get(p, "role") for p in game.players] == ["marine", "invader", "marine", "marine"]
    assert [p.name for p in game.call("turn_order")] == ["c", "d", "a"]


@pytest.mark.rules("DOOM-022")
@pytest.mark.parametrize("facing", [0, 3, 6])
def test_the_compass_rose_points_where_the_scenario_says(doom, facing):
    game = rulecraft.Game(doom, seed=1, players=["inv", "m1"])
    game.begin_round()
    game.call("place_compass", facing)
    rose = game.find("compass_rose_token")
    assert game.get(rose, "facing") == facing


@pytest.mark.rules("DOOM-029")
def test_the_two_decks_hold_all_their_cards_once_the_starting_hands_are_dealt():
    game = knee_deep()
    marine_deck = game.zone("marine_deck").items
    invader_deck = game.zone("invader_deck").items
    hand = game.zone("invader_hand").items
    dealt = sum(len(game.zone("marine_cards", p).items) for p in game.players if game.get(p, "role") == "marine")
    assert dealt == 6
    assert len(marine_deck) + dealt == game.assume["marine_deck_size"] == 30
    assert len(invader_deck) + len(hand) == 16 and len(hand) == 5
    assert {c.kind for c in marine_deck} == {"marine_card"}
    assert {c.kind for c in invader_deck + hand} == {"spawn_card", "event_card"}


@pytest.mark.rules("DOOM-025")
def test_each_equipment_token_of_the_starting_area_is_announced_as_placed():
    game = knee_deep()
    placed = [e["args"][0] for e in game.log if e["what"] == "event" and e["event"] == "equipment_placed"]
    pickups = game.select("pickup")
    assert len(pickups) == 1 and placed == [pickups[0].ref]


@pytest.mark.rules("DOOM-025")
def test_the_equipment_token_of_a_revealed_area_is_announced_as_placed():
    game = knee_deep()
    width = 18                                                           # knee_deep_rows
    m = next(p for p in game.players if game.get(p, "role") == "marine")
    fig = game.call("figure_of", m)
    grid.grid_remove(game, "map", fig)
    grid.grid_place(game, "map", fig, 3 * width + 2, "1x1", "marines")     # next to the store's door
    start = len(game.log)
    game.act("declare_action", m, "advance")
    game.act("open_door", m, 4 * width + 2)
    placed = [e["args"][0] for e in game.log[start:] if e["what"] == "event" and e["event"] == "equipment_placed"]
    shotgun = [p for p in game.select("pickup") if p.def_id == "shotgun_pickup"]
    assert len(shotgun) == 1 and placed == [shotgun[0].ref]
    assert game.get(shotgun[0], "space") == grid.grid_marked(game, "map", "shotgun")[0]
