"""Setting up a Deathmatch and its rounds (DOOMX-090 ... DOOMX-092, DOOMX-099 ... DOOMX-105,
DOOMX-171, DOOMX-173, DOOMX-174), and the rounds of Capture the Flag (DOOMX-139, DOOMX-140)."""

import pytest

import rulecraft
from rulecraft import FirstLegalAgent, IllegalAction
from rulecraft.runtime import grid
from rulecraft.runtime.agents import Agent
from rulecraft.runtime.play import run, start


def setup(rules, scenario="deathmatch", agent=FirstLegalAgent, seed=1):
    players = rules.scenarios[scenario].props["players"]
    return rulecraft.new_game(rules, seed=seed, scenario=scenario, agents=[agent() for _ in players])


def turns(game):
    return [e["player"] for e in game.log if e["what"] == "turn"]


@pytest.mark.rules("DOOMX-090", "DOOMX-171")
def test_every_player_is_a_marine_and_nobody_plays_the_invaders(dm):
    game = setup(dm)
    assert [game.get(p, "role") for p in game.players] == ["marine"] * 4
    assert game.call("invader_player") is None
    game.begin_round()
    game.call("dm_round")
    assert sorted(turns(game)) == ["Ann", "Ben", "Cid", "Dee"]


@pytest.mark.rules("DOOMX-091")
def test_up_to_six_players(match, dm):
    t = match(seats=6)
    assert [t.get(p, "color") for p in t.p] == ["red", "green", "blue", "yellow", "purple", "orange"]
    seven = rulecraft.Game(dm, players=[f"p{i}" for i in range(7)])
    with pytest.raises(IllegalAction, match="up to 6"):
        seven.call("dm_seat_players", [f"p{i}" for i in range(7)])


@pytest.mark.rules("DOOMX-092")
def test_the_players_agree_on_one_of_three_maps(match, dm):
    t = match(answers={"m1": ["crossfire"]})
    rows = t.call("dm_choose_map", t.p[0])
    assert rows == t.call("dm_map_rows", "crossfire")
    assert (len(rows), len(rows[0])) == (9, 14)
    boards = [tuple(t.call("dm_map_rows", name)) for name in ("the_pit", "crossfire", "the_vault")]
    assert len(set(boards)) == 3
    asked = [e for e in t.log("choice") if e["prompt"] == "which Deathmatch map"]
    assert [(e["player"], e["options"], e["picked"]) for e in asked] == [("m1", 3, "crossfire")]


@pytest.mark.rules("DOOMX-099")
def test_the_invader_figures_stay_in_the_box(dm):
    game = setup(dm)
    assert game.select("invader") == []
    assert [f for f in grid.grid_figures(game, "map") if f.kind != "marine"] == []


@pytest.mark.rules("DOOMX-100")
def test_eight_named_marine_cards_are_sorted_out_before_shuffling(dm):
    game = setup(dm)
    aside = sorted(e.name for e in game.zone("set_aside").items)
    assert aside == sorted(["Cautious", "Danger Sense", "Efficient Killer", "Agile", "Prepared",
                            "Reconnaissance", "Scout", "Tech Squad"])
    left = game.zone("marine_deck").items + game.zone("marine_discard").items
    left += [c for p in game.players for c in game.zone("marine_cards", p).items]
    assert {c.def_id for c in left} == {"marine_card_back"}
    assert len(left) == game.assume["marine_deck_size"]


@pytest.mark.rules("DOOMX-101")
def test_each_marine_draws_two_cards_keeps_one_and_discards_the_other(dm):
    game = setup(dm)
    assert [len(game.zone("marine_cards", p).items) for p in game.players] == [1, 1, 1, 1]
    assert len(game.zone("marine_discard").items) == 4
    assert all(game.zone("card_choice", p).items == [] for p in game.players)


@pytest.mark.rules("DOOMX-102")
def test_the_kept_cards_are_revealed_together_after_everyone_chose(dm):
    game = setup(dm)
    kept = [c for p in game.players for c in game.zone("marine_cards", p).items]
    assert all(game.knows(p, c) for p in game.players for c in kept)
    last_pick = max(e["seq"] for e in game.log if e["what"] == "choice" and e["prompt"] == "which marine card to keep")
    shown = [e["seq"] for e in game.log if e["what"] == "reveal" and e["thing"] in [c.ref for c in kept]]
    assert len(shown) == 4
    assert min(shown) > last_pick


@pytest.mark.rules("DOOMX-103", "DOOMX-104")
def test_the_start_player_takes_any_re_entry_point_and_the_others_follow_counterclockwise(dm):
    for seed in (1, 2, 3):
        game = setup(dm, seed=seed)
        start = next(e["text"] for e in game.log if e["what"] == "log" and e["text"].endswith("is the start player"))
        first = game.player(start.split()[0])
        points = game.call("reentry_points")
        n = len(game.players)
        order = [game.players[(game.get(first, "seat") - i) % n] for i in range(n)]
        where = [grid.grid_where(game, "map", game.call("figure_of", p)) for p in order]
        assert where == points[:n]                      # each takes the first free point, in turn
        groups = game.get(game.find("the_match"), "groups")
        assert groups[0] == first.name


@pytest.mark.rules("DOOMX-173")
def test_with_two_or_three_people_each_commands_two_marines(dm):
    game = setup(dm, "deathmatch_for_two")
    assert [game.get(p, "commander") for p in game.players] == ["Ann", "Ben", "Ann", "Ben"]
    wrong = rulecraft.Game(dm, players=["a", "b", "c", "d"])
    with pytest.raises(IllegalAction, match="2 marines"):
        wrong.call("dm_seat_players", ["Ann", "Ann", "Ann", "Ben"])
    four = rulecraft.Game(dm, players=["a", "b", "c", "d", "e", "f", "g", "h"][:6])
    with pytest.raises(IllegalAction, match="two or three"):
        four.call("dm_seat_players", ["A", "B", "C", "D", "A", "B"])


@pytest.mark.rules("DOOMX-174")
def test_a_round_goes_round_the_table_twice_and_each_marine_moves_once(dm):
    game = setup(dm, "deathmatch_for_two")
    game.begin_round()
    game.call("dm_round")
    order = turns(game)
    assert sorted(order) == ["Ann", "Ann 2", "Ben", "Ben 2"]
    people = [game.get(game.player(n), "commander") for n in order]
    assert people in (["Ann", "Ben", "Ann", "Ben"], ["Ben", "Ann", "Ben", "Ann"])
    assert [game.get(p, "marker") for p in game.players] == ["red"] * 4


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
    rows = t.call("dm_choose_map", t.p[0])
    assert t.said("the map: ") == ["the map: the_vault"]
    assert rows == t.call("dm_map_rows", "the_vault")


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
    assert not late.over
    assert late.round == 40


@pytest.mark.rules("DOOMX-174")
def test_deathmatch_for_two_stops_after_round_40(dm):
    late = start(dm, "deathmatch_for_two", seed=1, agents=[FirstLegalAgent()] * 4)
    late.history.round = 39  # as if 39 rounds had been played
    run(late, "deathmatch_for_two")
    assert not late.over
    assert late.round == 40


@pytest.mark.rules("DOOMX-173")
def test_four_people_are_too_many_to_command_two_marines_each(dm):
    six = rulecraft.Game(dm, players=list("abcdef"))
    with pytest.raises(IllegalAction, match="only two or three people command two marines each"):
        six.call("dm_seat_players", ["A", "B", "C", "D", "A", "B"])


class LastMarineFirst(Agent):
    """Picks the last marine offered when a group chooses who moves next; the first option else."""

    def choose(self, game, player, options, prompt):
        return len(options) - 1 if prompt == "which marine moves next" else 0


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
    assert len(t.zone("invader_deck")) == 14
    assert len(t.zone("invader_discard")) == 2
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
    assert len(t.zone("invader_deck").items) == 17
    assert len(t.zone("set_aside").items) == 15


@pytest.mark.rules("DOOMX-139", "DOOMX-140")
def test_every_ctf_round_starts_with_green_markers_and_alternates_the_teams(ctf):
    game = setup(ctf, "ctf")
    rounds(game, 2)
    order = [game.player(name) for name in turns(game)]
    assert len(order) == 12
    assert sorted(turns(game)) == sorted([p.name for p in game.players] * 2)
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
    assert len(one.zone("invader_deck").items) == 1
    assert len(one.zone("set_aside").items) == 15
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
