"""The red die's miss (the Soul Cube can miss, DOOMX-052, DOOMX-053) and the Dodge ability
against an aimed attack: an attack is rolled again at most once (DOOMX-019, DOOM-054)."""

import pytest

ALL = ["zombie_commandos", "cherubs", "revenants", "maggots", "cacodemons", "spider_queen"]
ROWS = ["############", "#S.C.......#", "#S.........#", "#S.........#", "############"]   # C: the Soul Cube


@pytest.mark.rules("DOOMX-052", "DOOMX-053")
def test_the_soul_cube_misses_on_the_red_dies_miss_face(new_table):
    t = new_table(rows=ROWS)
    m = t.marines[0]
    t.marine(m, 2, 1)
    cube = t.select("relic")[0]
    t.set(cube, "carrier", m)
    archvile = t.invader_at("archvile", 6, 1)
    t.set(t.bin(m), "souls", 5)
    t.set(t.bin(m), "wounds", 4)
    t.declare(m, "advance")
    t.force("red", t.face("red", miss=True))          # a face of the red die itself
    t.act("soul_cube_attack", m, t.s(6, 1))
    assert t.on_board(archvile)
    assert t.get(archvile, "wounded") == 0
    assert t.get(t.bin(m), "souls") == 0               # the markers are spent all the same
    assert t.wounds(m) == 4                            # no kill, no healing


@pytest.mark.rules("DOOMX-053")
def test_the_red_die_has_exactly_one_miss_face_among_six(doomx):
    faces = doomx.faces("red", {})
    assert len(faces) == 6
    assert sum(f["miss"] for f in faces) == 1
    assert {"range": 0, "damage": 4, "ammo": True, "miss": False} in faces   # the known face


def aiming_at_a_revenant(new_table):
    t = new_table(options=ALL)
    m = t.marines[0]
    t.marine(m, 1, 1)
    t.declare(m, "ready")
    t.act("place_order", m, "aim")
    revenant = t.invader_at("revenant", 5, 1)
    t.set(t.bin(m), "weapons", [])
    return t, m, revenant


def pistol_rolls(t):
    return [e["die"] for e in t.log("roll")]


@pytest.mark.rules("DOOMX-019", "DOOM-054")
def test_an_aimed_attack_that_fails_then_hits_a_dodger_is_not_rolled_a_third_time(new_table):
    t, m, revenant = aiming_at_a_revenant(new_table)
    short, far = t.face("yellow", range=1, damage=1), t.face("yellow", range=4, damage=0)
    t.force("yellow", short, far, short)
    t.force("green", t.face("green", range=1, damage=1), t.face("green", range=2, damage=1),
            t.face("green", range=1, damage=1))
    t.act("attack", m, t.s(5, 1), "pistol")
    assert pistol_rolls(t) == ["yellow", "green", "yellow", "green"]   # two rolls, not three
    assert t.get(revenant, "wounded") > 0                                # the second roll stands


@pytest.mark.rules("DOOMX-019", "DOOM-054")
def test_an_aimed_attack_that_hits_a_dodger_and_then_fails_is_not_rolled_a_third_time(new_table):
    t, m, revenant = aiming_at_a_revenant(new_table)
    short, far = t.face("yellow", range=1, damage=1), t.face("yellow", range=4, damage=0)
    t.force("yellow", far, short, far)
    t.force("green", t.face("green", range=2, damage=1), t.face("green", range=1, damage=1),
            t.face("green", range=2, damage=1))
    t.act("attack", m, t.s(5, 1), "pistol")
    assert pistol_rolls(t) == ["yellow", "green", "yellow", "green"]
    assert t.get(revenant, "wounded") == 0
