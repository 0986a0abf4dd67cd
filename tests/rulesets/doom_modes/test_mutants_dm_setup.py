"""Deathmatch and CTF set-up and rounds, by exact outcome: what `rulecraft mutate` showed the
other tests let pass."""

import pytest

import rulecraft
from rulecraft import FirstLegalAgent, IllegalAction
from rulecraft.runtime.play import run, start


def setup(rules, scenario="deathmatch", seed=1):
    players = rules.scenarios[scenario].props["players"]
    return rulecraft.new_game(rules, seed=seed, scenario=scenario, agents=[FirstLegalAgent()] * len(players))


def turns(game):
    return [e["player"] for e in game.log if e["what"] == "turn"]


@pytest.mark.rules("DOOMX-090")
def test_a_seventh_marine_is_refused(dm):
    seven = rulecraft.Game(dm, players=[f"p{i}" for i in range(7)])
    with pytest.raises(IllegalAction, match="Deathmatch is for up to 6 marines"):
        seven.call("dm_seat_players", [f"p{i}" for i in range(7)])


@pytest.mark.rules("DOOMX-090", "DOOMX-174")
def test_with_two_marines_each_every_marine_moves_exactly_once_a_round(dm):
    game = setup(dm, "deathmatch_for_two")
    game.begin_round()
    game.call("dm_round")
    assert sorted(turns(game)) == ["Ann", "Ann 2", "Ben", "Ben 2"]


@pytest.mark.rules("DOOMX-091")
def test_every_seat_is_a_marine(match):
    t = match(seats=3)
    assert [t.get(p, "role") for p in t.p] == ["marine"] * 3


@pytest.mark.rules("DOOMX-092")
def test_the_map_chosen_is_logged(match):
    t = match(answers={"m1": ["the_vault"]})
    t.call("dm_choose_map", t.p[0])
    assert t.said("the map: ") == ["the map: the_vault"]


@pytest.mark.rules("DOOMX-100")
def test_the_marine_deck_is_shuffled_after_the_eight_cards_are_sorted_out(dm):
    game = setup(dm)
    shuffles = [e for e in game.log if e["what"] == "shuffle" and "marine_deck" in str(e.get("zone"))]
    assert len(shuffles) == 1
    sorted_out = [e["seq"] for e in game.log if e["what"] == "move" and "set_aside" in str(e)]
    assert not sorted_out or max(sorted_out) < shuffles[0]["seq"]


@pytest.mark.rules("DOOMX-171")
def test_the_deathmatch_scenario_plays_its_rounds_and_stops_after_round_40(dm):
    game = start(dm, "deathmatch", seed=1, agents=[FirstLegalAgent()] * 4)
    run(game, "deathmatch", max_rounds=1)
    assert sorted(turns(game)) == ["Ann", "Ben", "Cid", "Dee"]
    late = start(dm, "deathmatch", seed=1, agents=[FirstLegalAgent()] * 4)
    late.history.round = 39  # as if 39 rounds had been played
    run(late, "deathmatch")
    assert not late.over and late.round == 40


@pytest.mark.rules("DOOMX-174")
def test_deathmatch_for_two_stops_after_round_40(dm):
    late = start(dm, "deathmatch_for_two", seed=1, agents=[FirstLegalAgent()] * 4)
    late.history.round = 39  # as if 39 rounds had been played
    run(late, "deathmatch_for_two")
    assert not late.over and late.round == 40


@pytest.mark.rules("DOOMX-173")
def test_four_people_are_too_many_to_command_two_marines_each(dm):
    six = rulecraft.Game(dm, players=list("abcdef"))
    with pytest.raises(IllegalAction, match="only two or three people command two marines each"):
        six.call("dm_seat_players", ["A", "B", "C", "D", "A", "B"])
