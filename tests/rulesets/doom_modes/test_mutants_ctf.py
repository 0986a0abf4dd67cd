"""Capture the Flag, by exact outcome: what `rulecraft mutate` showed the other tests let pass."""

import pytest

import rulecraft
from rulecraft import FirstLegalAgent, IllegalAction, ScriptedAgent
from rulecraft.runtime import grid
from rulecraft.runtime.play import run, start
from tests.rulesets.doom_modes.test_ctf import make


@pytest.fixture
def field(ctf_match):
    return make(ctf_match)


def setup(rules, seed=1):
    return rulecraft.new_game(rules, seed=seed, scenario="ctf", agents=[FirstLegalAgent()] * 6)


@pytest.mark.rules("DOOMX-129")
def test_the_setup_puts_all_six_marines_in_their_headquarters(ctf):
    game = setup(ctf)
    for p in game.players:
        at = grid.grid_where(game, "map", game.call("figure_of", p))
        assert at >= 0 and grid.grid_area(game, "map", at) == "hq_" + game.get(p, "team")


@pytest.mark.rules("DOOMX-130")
def test_each_ctf_map_name_gives_its_own_map(ctf_match):
    t = make(ctf_match)
    t.game.choices.agents[t.p[0].id] = ScriptedAgent(["courtyard", "bridge", "strongroom"])
    courtyard, bridge, strongroom = (t.call("ctf_choose_map", t.p[0]) for _ in range(3))
    assert (len(courtyard), len(bridge), len(strongroom)) == (9, 8, 9)
    assert "~" in "".join(bridge) and "~" not in "".join(courtyard + strongroom)
    assert "V" in "".join(strongroom) and "V" not in "".join(courtyard)
    assert t.said("the map: ") == ["the map: courtyard", "the map: bridge", "the map: strongroom"]


@pytest.mark.rules("DOOMX-134")
def test_people_who_cannot_be_split_into_two_teams_of_three_are_refused(ctf):
    game = rulecraft.Game(ctf, players=list("abcdef"))
    game.create("red_hq")
    game.create("blue_hq")
    with pytest.raises(IllegalAction, match="cannot be split into two teams of three"):
        game.call("ctf_seat_players", ["A", "A", "B", "B", "C", "C"])


@pytest.mark.rules("DOOMX-136")
def test_a_fourth_marine_does_not_join_a_full_team(ctf):
    game = rulecraft.Game(ctf, players=list("abcdef"))
    game.create("red_hq")
    game.create("blue_hq")
    game.call("dm_seat_players", list("ABCDEF"))
    for p in game.players[:3]:
        game.act("join_team", p, "red")
    with pytest.raises(IllegalAction, match="a team has three figures"):
        game.act("join_team", game.players[3], "red")
    assert game.get(game.players[3], "team") == ""


@pytest.mark.rules("DOOMX-137")
def test_the_starting_team_is_logged(ctf):
    game = setup(ctf)
    start_team = game.get(game.find("the_match"), "groups")[0]
    said = [e["text"] for e in game.log if e["what"] == "log" and e["text"].endswith("team starts")]
    assert said == [f"the {start_team} team starts"]


@pytest.mark.rules("DOOMX-142", "DOOMX-147")
def test_a_flag_point_is_logged_with_the_teams_points(field):
    t = field
    b = t.blue[0]
    t.put(b, 9, 3)
    t.set(t.flag["red_flag"], "carrier", b)
    t.set(t.flag["red_flag"], "space", -1)
    t.call("check_capture")
    assert t.said("flag point") == ["the blue team scores a flag point (1)"]


@pytest.mark.rules("DOOMX-148")
def test_the_winning_team_is_logged(field):
    t = field
    hq = t.call("hq_of", "blue")
    t.set(hq, "points", t.game.assume["ctf_points_to_win"] - 1)
    b = t.blue[0]
    t.put(b, 9, 3)
    t.set(t.flag["red_flag"], "carrier", b)
    t.set(t.flag["red_flag"], "space", -1)
    assert t.ends("check_capture") == "m4"
    assert t.said("team wins") == ["the blue team wins"]


@pytest.mark.rules("DOOMX-149")
def test_a_dropped_flag_is_logged_where_its_carrier_fell(field):
    t = field
    a = t.red[0]
    t.put(a, 6, 2)
    t.set(t.flag["blue_flag"], "carrier", a)
    t.set(t.flag["blue_flag"], "space", -1)
    t.call("dm_frag", a, t.blue[0], True)
    assert t.get(t.flag["blue_flag"], "space") == t.s(6, 2)
    assert t.said("lies where") == ["the Blue flag lies where m1 fell"]


@pytest.mark.rules("DOOMX-144")
def test_a_marine_comes_back_on_the_last_free_space_of_his_headquarters(field):
    t = field
    a = t.red[0]
    t.put(a, 6, 2)
    t.call("dm_frag", a, t.blue[0], True)
    t.call("dm_take_turn", a)                          # sits out
    hq = [s for s in grid.grid_area_spaces(t.game, "map", "hq_red") if grid.grid_fits(t.game, "map", s, "1x1")]
    for s in hq[1:]:
        grid.grid_place(t.game, "map", t.game.create(t.fig(a).def_id), s, "1x1", "red")
    assert [s for s in hq if grid.grid_at(t.game, "map", s) is None] == [hq[0]]
    t.call("dm_take_turn", a)
    assert t.get(a, "out") is False and t.where(a) == t.xy(hq[0])


@pytest.mark.rules("DOOMX-172")
def test_the_ctf_scenario_plays_its_rounds_and_stops_after_round_40(ctf):
    game = start(ctf, "ctf", seed=1, agents=[FirstLegalAgent()] * 6)
    run(game, "ctf", max_rounds=1)
    assert len([e for e in game.log if e["what"] == "turn"]) == 6
    late = start(ctf, "ctf", seed=1, agents=[FirstLegalAgent()] * 6)
    late.history.round = 39  # as if 39 rounds had been played
    run(late, "ctf")
    assert not late.over and late.round == 40


@pytest.mark.rules("DOOMX-134")
def test_the_first_marine_of_each_commander_chooses_the_team(ctf):
    game = setup(ctf)
    asked = [e["player"] for e in game.log if e["what"] == "choice"
             and e["prompt"] == "which team the commander's marines join"]
    assert asked == ["Ann", "Ben"]


@pytest.mark.rules("DOOMX-138")
def test_a_marine_placed_on_the_first_space_of_the_map_is_not_placed_again(ctf_match):
    t = ctf_match(rows=["xxx....yyy", "xXx....yYy", "xXx....yYy", "xxx....yyy"], seats=6)
    t.call("ctf_place_marines")
    assert all(t.where(p) is not None for p in t.p)
    assert len({t.where(p) for p in t.p}) == 6
