"""Setting up a Deathmatch and its rounds (DOOMX-090 ... DOOMX-092, DOOMX-099 ... DOOMX-104,
DOOMX-171, DOOMX-173, DOOMX-174)."""

import pytest

import rulecraft
from rulecraft import FirstLegalAgent, IllegalAction
from rulecraft.runtime import grid


def setup(rules, scenario="deathmatch", seed=1):
    players = rules.scenarios[scenario].props["players"]
    return rulecraft.new_game(rules, seed=seed, scenario=scenario, agents=[FirstLegalAgent()] * len(players))


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
    assert rows == t.call("dm_map_rows", "crossfire") and (len(rows), len(rows[0])) == (9, 14)
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
    assert {c.def_id for c in left} == {"marine_card_back"} and len(left) == game.assume["marine_deck_size"]


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
    assert len(shown) == 4 and min(shown) > last_pick


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
