"""Capture the Flag (DOOMX-129 ... DOOMX-151, DOOMX-172)."""

import pytest

import rulecraft
from rulecraft import FirstLegalAgent, IllegalAction, ScriptedAgent
from rulecraft.runtime import grid
from rulecraft.runtime.play import run, start

FIELD = [
    "############",
    "#xxx....yyy#",
    "#xXx....yYy#",
    "#xXx....yYy#",
    "#xxx....yyy#",
    "############",
]


def make(ctf_match):
    """m1, m2, m3 in the red team (rifles), m4, m5, m6 in the blue (chainsaws); flags home."""
    t = ctf_match(rows=FIELD, seats=6)
    t.red, t.blue = t.p[:3], t.p[3:]
    t.call("place_flags")
    t.flag = {f.def_id: f for f in t.zone("flags")}
    return t


@pytest.fixture
def field(ctf_match):
    return make(ctf_match)


def flag_at(t, name):
    return t.xy(t.call("flag_spot", t.flag[name]))


def points(t):
    return [t.get(t.call("hq_of", team), "points") for team in ("red", "blue")]


def setup(rules, seed=1):
    return rulecraft.new_game(rules, seed=seed, scenario="ctf", agents=[FirstLegalAgent()] * 6)


@pytest.mark.rules("DOOMX-129")
def test_capture_the_flag_is_set_up_like_a_deathmatch(ctf):
    game = setup(ctf)
    bins = game.select("equipment_bin")
    assert [(game.get(b, "wounds"), game.get(b, "armor")) for b in bins] == [(5, 2)] * 6
    assert len(game.zone("invader_deck").items) == 16
    assert game.select("invader") == []
    assert len(game.zone("set_aside").items) == 8


@pytest.mark.rules("DOOMX-130", "DOOMX-172")
def test_the_ctf_maps_have_a_red_and_a_blue_headquarters(ctf):
    for seed in (1, 2, 3):
        game = setup(ctf, seed)
        for area, base in (("hq_red", "base_red"), ("hq_blue", "base_blue")):
            assert grid.grid_area_open(game, "map", area)
            assert len(grid.grid_marked(game, "map", base)) == 2
        assert sorted(h.def_id for h in game.select("headquarters")) == ["blue_hq", "red_hq"]
        assert len([f for f in grid.grid_figures(game, "map") if f.kind == "marine"]) == 6


@pytest.mark.rules("DOOMX-131")
def test_each_flag_starts_on_its_own_base(ctf_match):
    t = make(ctf_match)
    assert (flag_at(t, "red_flag"), flag_at(t, "blue_flag")) == ((2, 2), (9, 2))


@pytest.mark.rules("DOOMX-132", "DOOMX-133")
def test_flags_and_bases_block_neither_movement_nor_sight(ctf_match):
    t = make(ctf_match)
    a, b = t.red[0], t.blue[0]
    t.put(a, 1, 2)
    t.put(b, 4, 2)
    assert grid.grid_at(t.game, "map", t.s(2, 2)) is None
    t.declare(a, "advance")
    t.move(a, 3, 2)                                    # across the red flag and base
    assert t.where(a) == (3, 2)
    t.put(t.red[1], 1, 2)
    assert grid.grid_sees(t.game, "map", t.fig(t.red[1]), t.s(9, 2), [t.fig(a), t.fig(b)])


@pytest.mark.rules("DOOMX-134")
def test_all_six_figures_are_always_in_play(ctf):
    game = setup(ctf)
    assert sorted(game.get(m, "color") for m in game.select("marine")) == sorted(
        ["red", "green", "blue", "yellow", "purple", "orange"])
    five = rulecraft.Game(ctf, players=["a", "b", "c", "d", "e"])
    with pytest.raises(IllegalAction, match="all 6"):
        five.call("ctf_seat_players", ["a", "b", "a", "b", "a"])


@pytest.mark.rules("DOOMX-135")
def test_the_rifles_form_one_team_and_the_chainsaws_the_other(ctf):
    game = setup(ctf)
    for team, holds in (("red", "rifle"), ("blue", "chainsaw")):
        figures = [game.call("figure_of", p) for p in game.players if game.get(p, "team") == team]
        assert len(figures) == 3
        assert {game.get(f, "holds") for f in figures} == {holds}


@pytest.mark.rules("DOOMX-136")
def test_nobody_commands_figures_of_both_teams(ctf):
    game = setup(ctf)
    for person in ("Ann", "Ben"):
        assert len({game.get(p, "team") for p in game.players if game.get(p, "commander") == person}) == 1
    fresh = rulecraft.Game(ctf, players=["a", "b", "c", "d", "e", "f"])
    fresh.create("red_hq")
    fresh.create("blue_hq")
    fresh.call("dm_seat_players", ["Ann", "Ben", "Ann", "Ben", "Ann", "Ben"])
    fresh.act("join_team", fresh.players[0], "red")
    with pytest.raises(IllegalAction, match="both teams"):
        fresh.act("join_team", fresh.players[2], "blue")


@pytest.mark.rules("DOOMX-137", "DOOMX-138")
def test_a_start_team_drawn_by_lot_and_the_teams_place_by_turns_in_their_headquarters(ctf):
    starts = set()
    for seed in range(1, 9):
        game = setup(ctf, seed)
        starts.add(game.get(game.find("the_match"), "groups")[0])
        placed = [e["thing"] for e in game.log if e["what"] == "place"]
        owners = [game.things.entities[int(ref.split("#")[1])].owner for ref in placed]
        teams = [game.get(p, "team") for p in owners]
        assert teams[0] == game.get(game.find("the_match"), "groups")[0]
        assert all(teams[i] != teams[i + 1] for i in range(5))
        for p in game.players:
            at = grid.grid_where(game, "map", game.call("figure_of", p))
            assert grid.grid_area(game, "map", at) == "hq_" + game.get(p, "team")
    assert starts == {"red", "blue"}


@pytest.mark.rules("DOOMX-139", "DOOMX-140")
def test_the_teams_pick_their_marines_by_turns_and_the_markers_show_who_has_moved(ctf):
    game = setup(ctf)
    game.begin_round()
    assert {game.get(p, "marker") for p in game.players} == {"green"}
    game.call("dm_round")
    order = [game.player(e["player"]) for e in game.log if e["what"] == "turn"]
    teams = [game.get(p, "team") for p in order]
    start = game.get(game.find("the_match"), "groups")[0]
    assert teams == [start, "blue" if start == "red" else "red"] * 3
    assert len(set(order)) == 6
    assert [game.get(p, "marker") for p in game.players] == ["red"] * 6


@pytest.mark.rules("DOOMX-141")
def test_frags_are_not_scored(field):
    t = field
    t.put(t.red[0], 4, 2)
    t.call("dm_frag", t.red[0], t.blue[0], True)
    assert [t.get(p, "frag_markers") for p in t.p] == [0] * 6
    assert points(t) == [0, 0]


@pytest.mark.rules("DOOMX-142", "DOOMX-147", "DOOMX-148")
def test_both_flags_on_a_teams_base_score_a_point_and_go_home(field):
    t = field
    b = t.blue[0]
    t.put(b, 3, 2)
    t.declare(b, "sprint")
    t.move(b, 2, 3)                                    # the other space of the red base
    assert flag_at(t, "red_flag") == (2, 3)
    assert points(t) == [0, 0]
    t.move(b, 6, 3)
    t.move(b, 9, 3)                                    # the blue base, where the blue flag is
    assert points(t) == [0, 1]
    assert (flag_at(t, "red_flag"), flag_at(t, "blue_flag")) == ((2, 2), (9, 2))
    assert t.get(t.flag["red_flag"], "carrier") is None


@pytest.mark.rules("DOOMX-142")
def test_the_team_with_the_points_to_win_ends_the_match(field):
    t = field
    hq = t.call("hq_of", "blue")
    t.set(hq, "points", t.game.assume["ctf_points_to_win"] - 1)
    b = t.blue[0]
    t.put(b, 9, 3)
    t.set(t.flag["red_flag"], "carrier", b)
    t.set(t.flag["red_flag"], "space", -1)
    assert t.ends("check_capture") == "m4"


@pytest.mark.rules("DOOMX-143", "DOOMX-144")
def test_a_fragged_marine_sits_out_a_turn_and_comes_back_at_his_headquarters(field):
    t = field
    a = t.red[0]
    t.put(a, 6, 2)
    t.call("dm_frag", a, t.blue[0], True)
    t.call("dm_take_turn", a)
    assert t.get(a, "out") is True
    assert t.said("m1 sits out this turn")
    assert [e["player"] for e in t.log("choice")][-1:] != ["m1"]
    t.set(t.bin(a), "weapons", [])
    t.call("dm_take_turn", a)
    assert t.get(a, "out") is False
    assert t.where(a)[0] in (1, 2, 3)
    assert t.get(t.bin(a), "weapons") == ["pistol", "grenade"]
    assert t.get(a, "chosen") == ""
    assert t.said("m1 comes back at the red headquarters")


@pytest.mark.rules("DOOMX-145")
def test_a_marine_on_either_space_of_the_enemy_base_takes_the_enemy_flag(field):
    t = field
    b = t.blue[0]
    t.put(b, 4, 4)
    t.declare(b, "advance")
    t.move(b, 2, 3)
    assert t.get(t.flag["red_flag"], "carrier") == b


@pytest.mark.rules("DOOMX-146")
def test_a_flag_carrier_may_not_pass_the_flag(field):
    t = field
    b, c = t.blue[:2]
    t.put(b, 4, 2)
    t.put(c, 5, 2)
    t.declare(b, "advance")
    t.move(b, 2, 2)
    assert "may not pass" in t.refused("pass_flag", b, c)
    assert t.get(t.flag["red_flag"], "carrier") == b


@pytest.mark.rules("DOOMX-149", "DOOMX-150")
def test_a_fragged_carrier_drops_the_flag_and_his_team_may_carry_it_on(field):
    t = field
    b, c = t.blue[:2]
    t.put(b, 3, 2)
    t.declare(b, "sprint")
    t.move(b, 2, 2)
    t.move(b, 5, 3)
    t.call("dm_frag", b, t.red[0], True)
    assert flag_at(t, "red_flag") == (5, 3)
    assert t.get(t.flag["red_flag"], "carrier") is None
    t.put(c, 6, 4)
    t.declare(c, "advance")
    t.move(c, 5, 3)
    assert t.get(t.flag["red_flag"], "carrier") == c


@pytest.mark.rules("DOOMX-151")
def test_a_dropped_flag_picked_up_by_its_own_team_goes_straight_home(field):
    t = field
    b, a = t.blue[0], t.red[0]
    t.put(b, 3, 2)
    t.declare(b, "sprint")
    t.move(b, 2, 2)
    t.move(b, 5, 3)
    t.call("dm_frag", b, a, True)
    t.put(a, 6, 4)
    t.declare(a, "advance")
    t.move(a, 5, 3)
    assert flag_at(t, "red_flag") == (2, 2)
    assert t.get(t.flag["red_flag"], "carrier") is None


@pytest.mark.rules("DOOMX-145")
def test_the_flag_taken_from_the_enemy_base_leaves_its_space(ctf_match):
    t = make(ctf_match)
    b = t.blue[0]
    red = t.flag["red_flag"]
    assert t.xy(t.get(red, "space")) == (2, 2)
    t.put(b, 4, 4)
    t.declare(b, "advance")
    t.move(b, 2, 3)                                    # the base's other space
    assert (t.get(red, "carrier"), t.get(red, "space")) == (b, -1)
    assert t.said("takes the") == ["m4 takes the Red flag"]


@pytest.mark.rules("DOOMX-150")
def test_a_dropped_flag_carried_on_by_the_enemy_team_leaves_the_space_where_it_lay(ctf_match):
    t = make(ctf_match)
    b, c = t.blue[:2]
    red = t.flag["red_flag"]
    t.put(b, 5, 3)
    t.set(red, "carrier", b)
    t.set(red, "space", -1)
    t.call("dm_frag", b, t.red[0], True)
    assert t.xy(t.get(red, "space")) == (5, 3)
    t.put(c, 6, 4)
    t.declare(c, "advance")
    t.move(c, 5, 3)
    assert (t.get(red, "carrier"), t.get(red, "space")) == (c, -1)


@pytest.mark.rules("DOOMX-129")
def test_the_setup_puts_all_six_marines_in_their_headquarters(ctf):
    game = setup(ctf)
    for p in game.players:
        at = grid.grid_where(game, "map", game.call("figure_of", p))
        assert at >= 0
        assert grid.grid_area(game, "map", at) == "hq_" + game.get(p, "team")


@pytest.mark.rules("DOOMX-130")
def test_each_ctf_map_name_gives_its_own_map(ctf_match):
    t = make(ctf_match)
    t.game.choices.agents[t.p[0].id] = ScriptedAgent(["courtyard", "bridge", "strongroom"])
    courtyard, bridge, strongroom = (t.call("ctf_choose_map", t.p[0]) for _ in range(3))
    assert (len(courtyard), len(bridge), len(strongroom)) == (9, 8, 9)
    assert "~" in "".join(bridge)
    assert "~" not in "".join(courtyard + strongroom)
    assert "V" in "".join(strongroom)
    assert "V" not in "".join(courtyard)
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
    first = next(e["picked"] for e in game.log if e["what"] == "choice" and e["prompt"] == "which marine the team places next")
    assert [game.get(p, "team") for p in game.players if p.name == first] == [start_team]   # it places first


@pytest.mark.rules("DOOMX-142", "DOOMX-147")
def test_a_flag_point_is_logged_with_the_teams_points(field):
    t = field
    b = t.blue[0]
    t.put(b, 9, 3)
    t.set(t.flag["red_flag"], "carrier", b)
    t.set(t.flag["red_flag"], "space", -1)
    t.call("check_capture")
    assert t.said("flag point") == ["the blue team scores a flag point (1)"]
    assert points(t) == [0, 1]


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
    assert t.get(a, "out") is False
    assert t.where(a) == t.xy(hq[0])


@pytest.mark.rules("DOOMX-172")
def test_the_ctf_scenario_plays_its_rounds_and_stops_after_round_40(ctf):
    game = start(ctf, "ctf", seed=1, agents=[FirstLegalAgent()] * 6)
    run(game, "ctf", max_rounds=1)
    assert len([e for e in game.log if e["what"] == "turn"]) == 6
    late = start(ctf, "ctf", seed=1, agents=[FirstLegalAgent()] * 6)
    late.history.round = 39  # as if 39 rounds had been played
    run(late, "ctf")
    assert not late.over
    assert late.round == 40


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
