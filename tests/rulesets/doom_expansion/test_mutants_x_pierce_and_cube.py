"""A piercing attack's sight and its hits on an oversized invader (DOOMX-161, DOOMX-162), and
the Soul Cube's full charge in the finale (DOOMX-170), by exact outcome."""

import pytest

from tests.rulesets.doom_expansion.test_x_changes import shotgun_table


@pytest.mark.rules("DOOMX-161")
def test_a_piercing_attack_stops_where_a_surviving_invader_still_blocks_the_sight(new_table):
    t, m = shotgun_table(new_table)
    front = t.invader_at("archvile", 2, 1)
    behind = t.invader_at("archvile", 3, 1)
    t.set(front, "armor", 0)
    t.set(behind, "armor", 0)
    t.force("red", t.face("red", range=2, damage=1), t.face("red", range=2, damage=1))
    t.force("yellow", t.face("yellow", range=3, damage=0))
    t.act("piercing_attack", m, "shotgun", [t.s(2, 1), t.s(3, 1)])
    assert t.get(front, "wounded") == 1 and t.get(behind, "wounded") == 0
    assert [e["die"] for e in t.log("roll")] == ["red", "yellow"]
    assert f"the piercing attack has no line of sight to space {t.s(3, 1)} and stops" in t.messages()


@pytest.mark.rules("DOOMX-162")
def test_an_oversized_invader_is_hit_on_each_space_and_nobody_beside_the_path(new_table):
    t, m = shotgun_table(new_table)
    knight = t.invader_at("hell_knight", 2, 1)  # (2,1)-(3,2)
    beside = t.invader_at("archvile", 4, 1)
    t.set(knight, "armor", 0)
    t.set(beside, "armor", 0)
    t.force("red", t.face("red", range=2, damage=1), t.face("red", range=2, damage=1))
    t.force("yellow", t.face("yellow", range=3, damage=0))
    t.act("piercing_attack", m, "shotgun", [t.s(2, 1), t.s(3, 1)])
    assert [e["die"] for e in t.log("roll")] == ["red", "yellow", "red"]
    assert t.get(knight, "wounded") == 2 and t.get(beside, "wounded") == 0


PORTAL = [
    "##########",
    "#S.P.....#",
    "#S..C..P.#",
    "##########",
]


def carrier(t, m):
    t.marine(m, 2, 1)
    cube = t.select("relic")[0]
    t.set(cube, "carrier", m)
    t.set(cube, "space", -1)


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
    assert not t.on_board(inv) and t.get(t.bin(m), "souls") == 0


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
