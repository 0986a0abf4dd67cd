"""Deathmatch: a hazardous space still hurts an invisible marine (DOOMX-082: hazards are no
attack), and a frag by a hazard scores for nobody (a decision)."""

import pytest

ARENA = [
    "############",
    "#1..~......#",
    "#..........#",
    "#2.........#",
    "#.........3#",
    "############",
]


@pytest.mark.rules("DOOMX-082")
def test_an_invisible_marine_walking_onto_a_hazard_is_hurt(match):
    t = match(rows=ARENA)
    a, _b = t.p
    t.put(a, 2, 1)
    t.set(t.bin(a), "invisible", 2)
    before = t.get(t.bin(a), "wounds")
    t.declare(a, "advance")
    t.move(a, 4, 1)
    assert t.get(t.bin(a), "wounds") == before - t.game.assume["hazard_wounds"]


@pytest.mark.rules("DOOMX-082", "DOOMX-117")
def test_a_marine_fragged_by_a_hazard_gives_nobody_a_frag_marker(match):
    t = match(rows=ARENA)
    a, b = t.p
    t.put(a, 2, 1)
    t.put(b, 6, 3)
    t.set(t.bin(a), "wounds", 1)
    t.declare(a, "advance")
    t.move(a, 4, 1)
    assert t.get(a, "out") is True
    assert t.where(a) is None
    assert (t.get(a, "frag_markers"), t.get(b, "frag_markers")) == (0, 0)
