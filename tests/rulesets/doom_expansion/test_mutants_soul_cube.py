"""The Soul Cube, by exact outcome: what `rulecraft mutate` showed the other tests let pass."""

import pytest

from rulecraft.runtime import grid
from rulecraft.runtime.errors import GameOver

ROWS = [
    "#############",
    "#S.C........#",
    "#S..........#",
    "#...........#",
    "#############",
]

PORTAL = [
    "##########",
    "#S.P.....#",
    "#S..C..P.#",
    "##########",
]


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
    t.act("drop_soul_cube", b)
    assert not any(x.startswith(f"{b.name} loses his") for x in t.messages())


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
    t.set(m, "attacks_left", 1)
    grid_fig = t.call("figure_of", m)
    grid.grid_remove(t.game, "map", grid_fig)
    grid.grid_place(t.game, "map", grid_fig, t.s(6, 2), "1x1", "marines")
    with pytest.raises(GameOver):
        t.act("close_portal", m, last)
    assert "every portal is closed" in t.messages()
