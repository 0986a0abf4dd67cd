"""The Soul Cube (DOOMX-047 ... DOOMX-054, DOOMX-166, DOOMX-169, DOOMX-170)."""

import pytest

import rulecraft
from rulecraft.runtime import grid
from rulecraft.runtime.errors import GameOver

ROWS = [
    "#############",
    "#S.C........#",
    "#S..........#",
    "#...........#",
    "#############",
]


@pytest.fixture
def t(new_table):
    return new_table(rows=ROWS)


def carrier(t, p, x=2, y=1):
    fig = t.marine(p, x, y)
    cube = t.select("relic")[0]
    t.set(cube, "carrier", p)
    t.set(cube, "space", -1)
    return fig


def kill_with_pistol(t, fig, x, y, d="archvile"):
    inv = t.invader_at(d, x, y)
    t.set(inv, "wounded", t.get(inv, "wounds") - 1)
    t.force("yellow", t.face("yellow", range=2, damage=1))
    t.force("green", t.face("green", range=2, damage=1))
    t.call("resolve_attack", fig, t.s(x, y), ["yellow", "green"], 0, 0, 0, False)
    assert not t.on_board(inv)


@pytest.mark.rules("DOOMX-047")
def test_the_soul_cube_is_one_unique_weapon_found_on_the_map(new_table):
    t = new_table(rows=ROWS)
    (cube,) = t.select("relic")
    assert cube.def_id == "soul_cube"
    assert t.get(cube, "space") == t.s(3, 1)
    t.call("place_soul_cube")
    assert len(t.select("relic")) == 1
    m = t.marines[0]
    t.marine(m, 2, 1)
    t.declare(m, "advance")
    t.act("move_marine", m, t.s(3, 1))
    assert t.get(cube, "carrier") == m


@pytest.mark.rules("DOOMX-048")
def test_each_invader_killed_with_another_weapon_gives_a_soul_marker(t):
    m = t.marines[0]
    fig = carrier(t, m)
    kill_with_pistol(t, fig, 5, 1)
    assert t.get(t.bin(m), "souls") == 1
    other = t.marines[1]
    kill_with_pistol(t, t.marine(other, 1, 3), 5, 3)
    assert t.get(t.bin(other), "souls") == 0  # he does not carry it


@pytest.mark.rules("DOOMX-049")
def test_no_more_than_5_soul_markers(t):
    m = t.marines[0]
    fig = carrier(t, m)
    t.set(t.bin(m), "souls", 5)
    kill_with_pistol(t, fig, 5, 1)
    assert t.get(t.bin(m), "souls") == 5


@pytest.mark.rules("DOOMX-050")
def test_handing_over_or_dropping_the_cube_loses_the_markers(t):
    a, b = t.marines
    carrier(t, a)
    t.marine(b, 2, 2)
    t.set(t.bin(a), "souls", 4)
    t.declare(a, "advance")
    t.act("give_soul_cube", a, b)
    assert (t.get(t.bin(a), "souls"), t.get(t.bin(b), "souls")) == (0, 0)
    assert t.call("carries_cube", b)
    t.set(t.bin(b), "souls", 3)
    t.act("drop_soul_cube", b)
    cube = t.select("relic")[0]
    assert t.get(t.bin(b), "souls") == 0
    assert t.get(cube, "carrier") is None
    assert t.get(cube, "space") == t.s(2, 2)


@pytest.mark.rules("DOOMX-051")
def test_the_cube_attacks_only_with_all_5_markers(t):
    m = t.marines[0]
    carrier(t, m)
    t.invader_at("archvile", 6, 1)
    t.set(t.bin(m), "souls", 4)
    t.declare(m, "advance")
    assert "all 5" in t.refused("soul_cube_attack", m, t.s(6, 1))
    t.set(t.bin(m), "souls", 5)
    t.act("soul_cube_attack", m, t.s(6, 1))
    assert t.get(t.bin(m), "souls") == 0


@pytest.mark.rules("DOOMX-052")
def test_the_cube_reaches_8_spaces_in_sight_and_rolls_the_red_die(t):
    m = t.marines[0]
    carrier(t, m, 2, 1)
    t.invader_at("archvile", 11, 1)  # 9 away
    t.invader_at("archvile", 10, 2)  # 8 away
    t.set(t.bin(m), "souls", 5)
    t.declare(m, "unload")
    assert "at most 8" in t.refused("soul_cube_attack", m, t.s(11, 1))
    t.act("soul_cube_attack", m, t.s(10, 2))
    assert [e["die"] for e in t.log("roll")] == ["red"]


@pytest.mark.rules("DOOMX-053")
def test_any_result_but_a_miss_kills_whatever_the_armor_and_wounds(t):
    m = t.marines[0]
    carrier(t, m)
    cyber = t.invader_at("cyberdemon", 6, 1)
    t.set(t.bin(m), "souls", 5)
    t.declare(m, "advance")
    t.force("red", t.face("red", range=2, damage=1))
    t.act("soul_cube_attack", m, t.s(6, 1))
    assert not t.on_board(cyber)
    assert t.get(t.bin(m), "souls") == 0  # no soul marker for a Soul Cube kill


def test_a_soul_cube_miss_kills_nothing(doomx, new_table):
    t = new_table(rows=ROWS)
    m = t.marines[0]
    carrier(t, m)
    inv = t.invader_at("archvile", 6, 1)
    t.set(t.bin(m), "souls", 5)
    t.declare(m, "advance")
    fake_miss = dict(t.face("red", range=2, damage=1))
    fake_miss["miss"] = True
    t.force("red", fake_miss)
    t.act("soul_cube_attack", m, t.s(6, 1))
    assert t.on_board(inv)


@pytest.mark.rules("DOOMX-054")
def test_a_soul_cube_kill_heals_the_shooter_3_wounds(t):
    m = t.marines[0]
    carrier(t, m)
    t.invader_at("archvile", 6, 1)
    t.set(t.bin(m), "wounds", 4)  # 9 at the start: missing 5
    t.set(t.bin(m), "souls", 5)
    t.declare(m, "advance")
    t.act("soul_cube_attack", m, t.s(6, 1))
    assert t.wounds(m) == 7


@pytest.mark.rules("DOOMX-166")
def test_no_soul_cube_without_an_invader_player(doomx):
    game = rulecraft.Game(doomx, players=["a", "b"])
    for p in game.players:
        game.set(p, "role", "marine")
    game.call("build_board", ["#####", "#.C.#", "#####"], game.call("map_legend"))
    game.call("place_soul_cube")
    assert game.select("relic") == []


PORTAL = [
    "##########",
    "#S.P.....#",
    "#S..C..P.#",
    "##########",
]


@pytest.mark.rules("DOOMX-169")
def test_in_the_finale_the_cube_closes_portals_without_using_markers(new_table):
    t = new_table(rows=PORTAL)
    m = t.marines[0]
    carrier(t, m, 2, 1)
    t.set(t.bin(m), "souls", 2)
    t.declare(m, "advance")
    portals = t.select("portal")
    t.act("close_portal", m, portals[0])
    assert t.get(t.bin(m), "souls") == 2
    assert len(t.select("portal")) == 1


@pytest.mark.rules("DOOMX-170")
def test_in_the_finale_soul_drain_with_the_cube_still_needs_5_markers(new_table):
    t = new_table(rows=PORTAL)
    m = t.marines[0]
    carrier(t, m, 2, 1)
    t.invader_at("archvile", 5, 2)
    t.set(t.bin(m), "souls", 4)
    t.declare(m, "advance")
    assert "all 5" in t.refused("soul_cube_attack", m, t.s(5, 2))


@pytest.mark.rules("DOOMX-051", "DOOMX-052")
def test_the_soul_cube_is_offered_only_with_five_souls_and_an_invader_in_reach(new_table):
    t = new_table(rows=ROWS)
    m = t.marines[0]
    carrier(t, m, 1, 1)
    t.declare(m, "unload")
    t.invader_at("imp", 5, 1)
    t.set(t.bin(m), "souls", 4)
    assert "drain souls with the Soul Cube" not in t.call("marine_options", m)
    t.set(t.bin(m), "souls", 5)
    options = t.call("marine_options", m)
    assert "drain souls with the Soul Cube" in options
    assert "drop the Soul Cube" in options


def miss(t):
    face = dict(t.face("red", range=2, damage=1))
    face["miss"] = True
    return face


@pytest.mark.rules("DOOMX-166")
def test_with_an_invader_player_the_cube_lies_on_its_mark(new_table):
    t = new_table(rows=ROWS)
    assert [(c.def_id, t.get(c, "space")) for c in t.select("relic")] == [("soul_cube", t.s(3, 1))]


@pytest.mark.rules("DOOMX-048")
def test_a_soul_marker_is_logged_with_the_new_count(new_table):
    t = new_table(rows=ROWS)
    m = t.marines[0]
    fig = carrier(t, m)
    t.set(t.bin(m), "souls", 2)
    kill_with_pistol(t, fig, 5, 1)
    assert t.get(t.bin(m), "souls") == 3
    assert f"{fig.name} collects a soul marker (3)" in t.messages()


@pytest.mark.rules("DOOMX-049")
def test_a_sixth_soul_marker_is_refused_with_a_log(new_table):
    t = new_table(rows=ROWS)
    m = t.marines[0]
    fig = carrier(t, m)
    t.set(t.bin(m), "souls", 5)
    kill_with_pistol(t, fig, 5, 1)
    assert t.get(t.bin(m), "souls") == 5
    assert f"{fig.name} already has 5 soul markers" in t.messages()


@pytest.mark.rules("DOOMX-050")
def test_losing_the_cube_logs_the_markers_lost_only_when_there_are_some(new_table):
    t = new_table(rows=ROWS)
    a, b = t.marines
    carrier(t, a)
    t.marine(b, 2, 2)
    t.set(t.bin(a), "souls", 1)
    t.declare(a, "advance")
    t.act("give_soul_cube", a, b)
    assert f"{a.name} loses his 1 soul markers" in t.messages()
    assert t.get(t.bin(a), "souls") == 0
    t.act("drop_soul_cube", b)
    assert not any(x.startswith(f"{b.name} loses his") for x in t.messages())
    assert t.get(t.bin(b), "souls") == 0


@pytest.mark.rules("DOOMX-051")
def test_a_carrier_sharing_his_space_may_not_use_the_cube(new_table):
    t = new_table(rows=ROWS)
    m = t.marines[0]
    carrier(t, m, 2, 1)
    other = t.game.create("marine_blue")  # stacked on his space by a scenario
    board = t.game.boards["map"]
    board.occupant[t.s(2, 1)] = other.id
    board.anchor[other.id] = t.s(2, 1)
    board.size[other.id] = (1, 1)
    board.side[other.id] = "marines"
    board.figures[other.id] = other
    t.invader_at("archvile", 6, 1)
    t.set(t.bin(m), "souls", 5)
    t.declare(m, "advance")
    assert "same space" in t.refused("soul_cube_attack", m, t.s(6, 1))
    assert t.get(t.bin(m), "souls") == 5


@pytest.mark.rules("DOOMX-052")
def test_the_cube_attack_uses_exactly_one_attack(new_table):
    t = new_table(rows=ROWS)
    m = t.marines[0]
    carrier(t, m)
    t.invader_at("archvile", 6, 1)
    t.set(t.bin(m), "souls", 5)
    t.declare(m, "advance")
    t.set(m, "attacks_left", 2)
    t.act("soul_cube_attack", m, t.s(6, 1))
    assert t.get(m, "attacks_left") == 1


@pytest.mark.rules("DOOMX-053")
def test_a_cube_hit_on_an_empty_space_kills_nothing(new_table):
    t = new_table(rows=ROWS)
    m = t.marines[0]
    carrier(t, m)
    t.set(t.bin(m), "souls", 5)
    t.set(t.bin(m), "wounds", 4)
    t.declare(m, "advance")
    t.force("red", t.face("red", range=2, damage=1))
    t.act("soul_cube_attack", m, t.s(6, 1))
    assert not any("the Soul Cube kills" in x for x in t.messages())
    assert t.wounds(m) == 4  # nothing killed: no healing


@pytest.mark.rules("DOOMX-053")
def test_a_cube_kill_scores_campaign_kill_points(new_table):
    t = new_table(rows=ROWS, options=["campaign"])
    m = t.marines[0]
    carrier(t, m)
    t.set(t.invader_at("archvile", 6, 1), "kill_points", 2)
    t.set(t.bin(m), "souls", 5)
    t.declare(m, "advance")
    t.force("red", t.face("red", range=2, damage=1))
    t.act("soul_cube_attack", m, t.s(6, 1))
    assert t.get(m, "campaign_kills") == 2


@pytest.mark.rules("DOOMX-054")
def test_a_cube_miss_heals_nobody(new_table):
    t = new_table(rows=ROWS)
    m = t.marines[0]
    carrier(t, m)
    t.invader_at("archvile", 6, 1)
    t.set(t.bin(m), "wounds", 4)
    t.set(t.bin(m), "souls", 5)
    t.declare(m, "advance")
    t.force("red", miss(t))
    t.act("soul_cube_attack", m, t.s(6, 1))
    assert "the Soul Cube misses" in t.messages()
    assert t.wounds(m) == 4


@pytest.mark.rules("DOOMX-169")
def test_only_the_carrier_closes_a_portal(new_table):
    t = new_table(rows=PORTAL)
    m = t.marines[0]
    t.marine(m, 2, 1)
    t.declare(m, "advance")
    assert "does not carry" in t.refused("close_portal", m, t.select("portal")[0])
    assert len(t.select("portal")) == 2


@pytest.mark.rules("DOOMX-169")
def test_closing_the_last_portal_is_logged_and_wins(new_table):
    t = new_table(rows=PORTAL)
    m = t.marines[0]
    carrier(t, m, 2, 1)
    t.declare(m, "advance")
    first, last = t.select("portal")
    t.act("close_portal", m, first)
    assert "every portal is closed" not in t.messages()
    assert t.select("portal") == [last]
    t.set(m, "attacks_left", 1)
    grid_fig = t.call("figure_of", m)
    grid.grid_remove(t.game, "map", grid_fig)
    grid.grid_place(t.game, "map", grid_fig, t.s(6, 2), "1x1", "marines")
    with pytest.raises(GameOver):
        t.act("close_portal", m, last)
    assert "every portal is closed" in t.messages()
    assert t.select("portal") == []


@pytest.mark.rules("DOOMX-170")
def test_in_the_finale_the_cube_attacks_with_5_markers_not_with_4(new_table):
    t = new_table(rows=PORTAL)
    m = t.marines[0]
    carrier(t, m)
    inv = t.invader_at("archvile", 5, 2)
    t.declare(m, "advance")
    t.set(t.bin(m), "souls", 4)
    assert t.refused("soul_cube_attack", m, t.s(5, 2)).endswith("the Soul Cube attacks only with all 5 soul markers")
    t.set(t.bin(m), "souls", 5)
    t.force("red", t.face("red", miss=False))
    t.act("soul_cube_attack", m, t.s(5, 2))
    assert not t.on_board(inv)
    assert t.get(t.bin(m), "souls") == 0


@pytest.mark.rules("DOOMX-053")
def test_the_cubes_kill_is_logged_and_scored_whatever_the_wounds(new_table):
    t = new_table(rows=PORTAL, options=["campaign", "cacodemons"])
    m = t.marines[0]
    carrier(t, m)
    demon = t.invader_at("cacodemon", 5, 1)   # 10 wounds, armor 2
    t.declare(m, "advance")
    t.set(t.bin(m), "souls", 5)
    t.force("red", t.face("red", miss=False))
    t.act("soul_cube_attack", m, t.s(5, 1))
    assert not t.on_board(demon)
    assert f"the Soul Cube kills {demon.name}" in t.messages()
    assert t.get(m, "campaign_kills") == 2
