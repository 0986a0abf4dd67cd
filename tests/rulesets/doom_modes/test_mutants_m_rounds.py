"""Deathmatch and CTF rounds, the start placement and the timer, by exact outcome: what
`rulecraft mutate` showed the other tests let pass (DOOMX-090, DOOMX-104, DOOMX-105, DOOMX-139,
DOOMX-140, DOOMX-174)."""

import pytest

import rulecraft
from rulecraft import FirstLegalAgent, IllegalAction
from rulecraft.runtime import grid
from rulecraft.runtime.agents import Agent
from rulecraft.runtime.play import run, start


class LastMarineFirst(Agent):
    """Picks the last marine offered when a group chooses who moves next; the first option else."""

    def choose(self, game, player, options, prompt):
        return len(options) - 1 if prompt == "which marine moves next" else 0


def setup(rules, scenario, agent=FirstLegalAgent, seed=1):
    players = rules.scenarios[scenario].props["players"]
    return rulecraft.new_game(rules, seed=seed, scenario=scenario, agents=[agent() for _ in players])


def turns(game):
    return [e["player"] for e in game.log if e["what"] == "turn"]


def rounds(game, n):
    for _ in range(n):
        game.begin_round()
        game.call("dm_round")


@pytest.mark.rules("DOOMX-090")
def test_in_each_deathmatch_round_every_marine_plays_and_the_timer_ends_it(two):
    t = two
    t.put(t.a, 1, 1)
    t.put(t.b, 10, 4)
    t.call("dm_start_timer")
    t.game.begin_round()
    t.call("dm_round")
    assert t.said("the timer: ") == ["the timer: 2 cards are discarded (14 left)"]
    assert len(t.zone("invader_deck")) == 14 and len(t.zone("invader_discard")) == 2
    assert sorted(t.said(" declares ")) == ["m1 declares sprint", "m2 declares sprint"]


@pytest.mark.rules("DOOMX-104")
def test_the_others_place_counterclockwise_from_the_start_player_on_free_points(dm):
    game = setup(dm, "deathmatch")
    seats = [p.name for p in game.players]                        # Ann, Ben, Cid, Dee: clockwise
    (start,) = [e["text"] for e in game.log if e["what"] == "log" and "start player" in e["text"]]
    assert start == "Cid is the start player"
    placed = [e for e in game.log if e["what"] == "choice" and e["prompt"] == "the re-entry point where the marine starts"]
    assert [e["player"] for e in placed] == ["Cid", "Ben", "Ann", "Dee"]            # to his right, and on
    assert [e["options"] for e in placed] == [6, 5, 4, 3]                           # each takes a free point
    where = {p.name: grid.grid_where(game, "map", game.call("figure_of", p)) for p in game.players}
    assert [where[e["player"]] for e in placed] == [e["picked"] for e in placed]
    assert len(set(where.values())) == len(seats)


@pytest.mark.rules("DOOMX-105")
def test_a_timer_the_size_of_one_invader_deck_sets_no_card_aside(two):
    t = two
    assert t.game.assume["timer_size"] == 16
    t.call("dm_start_timer")
    assert len(t.zone("invader_deck")) == 16
    assert [e["count"] for e in t.log("draw") if e["zone"] == "invader_deck"] == [0]
    assert t.zone("set_aside") == []


@pytest.mark.rules("DOOMX-105")
def test_a_timer_bigger_than_one_deck_takes_a_second_deck_and_sets_the_surplus_aside(dm):
    t = rulecraft.Game(dm, seed=1, players=["m1", "m2"], assumptions={"timer_size": 17})
    t.call("dm_start_timer")
    assert len(t.zone("invader_deck").items) == 17 and len(t.zone("set_aside").items) == 15


@pytest.mark.rules("DOOMX-139", "DOOMX-140")
def test_every_ctf_round_starts_with_green_markers_and_alternates_the_teams(ctf):
    game = setup(ctf, "ctf")
    rounds(game, 2)
    order = [game.player(name) for name in turns(game)]
    assert len(order) == 12 and sorted(turns(game)) == sorted([p.name for p in game.players] * 2)
    start = game.get(game.find("the_match"), "groups")[0]
    other = "blue" if start == "red" else "red"
    assert [game.get(p, "team") for p in order] == [start, other] * 6
    assert [game.get(p, "marker") for p in game.players] == ["red"] * 6


@pytest.mark.rules("DOOMX-140")
def test_a_round_turns_the_red_markers_of_the_round_before_green_again(ctf):
    game = setup(ctf, "ctf")
    game.begin_round()
    for p in game.players:
        game.set(p, "marker", "red")                  # as the round before left them
    game.call("dm_round")
    assert sorted(turns(game)) == sorted(p.name for p in game.players)
    assert [game.get(p, "marker") for p in game.players] == ["red"] * 6


@pytest.mark.rules("DOOMX-174")
def test_a_commander_of_two_marines_chooses_which_of_them_moves_first(dm):
    game = setup(dm, "deathmatch_for_two", agent=LastMarineFirst)
    rounds(game, 1)
    first, second = game.get(game.find("the_match"), "groups")
    marines = {g: [p.name for p in game.players if game.get(p, "group") == g] for g in (first, second)}
    assert turns(game) == [marines[first][1], marines[second][1], marines[first][0], marines[second][0]]
    picks = [e for e in game.log if e["what"] == "choice" and e["prompt"] == "which marine moves next"]
    assert [e["options"] for e in picks] == [2, 2, 1, 1]


@pytest.mark.rules("DOOMX-174")
def test_a_round_of_deathmatch_for_two_moves_every_marine_once(dm):
    game = start(dm, "deathmatch_for_two", seed=1, agents=[FirstLegalAgent()] * 4)
    run(game, "deathmatch_for_two", max_rounds=1)
    assert sorted(turns(game)) == ["Ann", "Ann 2", "Ben", "Ben 2"]
    assert [game.get(p, "marker") for p in game.players] == ["red"] * 4


@pytest.mark.rules("DOOMX-105")
def test_a_timer_needs_at_least_one_card(dm):
    one = rulecraft.Game(dm, seed=1, players=["m1", "m2"], assumptions={"timer_size": 1})
    one.call("dm_start_timer")
    assert len(one.zone("invader_deck").items) == 1 and len(one.zone("set_aside").items) == 15
    empty = rulecraft.Game(dm, seed=1, players=["m1", "m2"], assumptions={"timer_size": 0})
    with pytest.raises(IllegalAction, match="timer_size: the timer needs at least one card"):
        empty.call("dm_start_timer")


@pytest.mark.rules("DOOMX-090")
def test_six_marines_may_play_and_every_marine_needs_a_commander(dm):
    six = rulecraft.Game(dm, players=[f"p{i}" for i in range(6)])
    six.call("dm_seat_players", [f"p{i}" for i in range(6)])
    assert [six.get(p, "role") for p in six.players] == ["marine"] * 6
    four = rulecraft.Game(dm, players=list("abcd"))
    with pytest.raises(IllegalAction, match="name the commander of every marine"):
        four.call("dm_seat_players", ["a", "b", "c"])


@pytest.mark.rules("DOOMX-090", "DOOMX-173")
def test_seating_refuses_commanders_of_unequal_numbers_of_marines(dm):
    four = rulecraft.Game(dm, players=list("abcd"))
    with pytest.raises(IllegalAction, match="with two or three people each commands 2 marines"):
        four.call("dm_seat_players", ["A", "B", "A", "C"])
