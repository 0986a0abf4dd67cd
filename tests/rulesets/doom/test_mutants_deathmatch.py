"""The base rules of wounds, frags and the marine's turn as the Deathmatch mod plays them
(its own copies of them name the base ids), with exact outcomes (issue 12: the rule-mutation
score)."""

import pytest

import rulecraft
from tests.rulesets.doom_modes.conftest import Match

DOOR = [
    "########",
    "#1.D...#",
    "#2.#...#",
    "########",
]


@pytest.fixture(scope="module")
def dm():
    return rulecraft.load("doom/deathmatch")


@pytest.fixture
def two(dm):
    t = Match(dm)
    t.a, t.b = t.p
    t.put(t.a, 1, 1)
    t.put(t.b, 4, 1)
    return t


def shoot(t, yellow, green):
    t.pistol(yellow, green)
    return t.act("attack", t.a, t.s(4, 1), "pistol")


@pytest.mark.rules("DOOM-116", "DOOM-122", "DOOM-123")
def test_one_wound_through_the_armor_takes_one_token_and_frags_no_one(two):
    t = two
    assert (t.get(t.bin(t.b), "wounds"), t.get(t.bin(t.b), "armor")) == (5, 2)
    t.declare(t.a, "unload")
    assert shoot(t, {"range": 2, "damage": 1}, {"range": 2, "damage": 1}) == 1      # 2 damage, armor 2
    assert t.get(t.bin(t.b), "wounds") == 4
    assert t.said("suffers") == ["m2 suffers 1 wounds (4 left on the bin)"]
    assert (t.get(t.a, "frag_markers"), t.where(t.b)) == (0, (4, 1))


@pytest.mark.rules("DOOM-122", "DOOM-123")
def test_the_wound_that_leaves_one_token_frags_no_one_and_the_last_one_does(two):
    t = two
    t.set(t.bin(t.b), "wounds", 2)
    t.declare(t.a, "unload")
    shoot(t, {"range": 2, "damage": 1}, {"range": 2, "damage": 1})
    assert (t.get(t.bin(t.b), "wounds"), t.get(t.a, "frag_markers"), t.where(t.b)) == (1, 0, (4, 1))
    shoot(t, {"range": 2, "damage": 1}, {"range": 2, "damage": 1})
    assert (t.get(t.a, "frag_markers"), t.where(t.b), t.get(t.b, "out")) == (1, None, True)
    assert t.said("is fragged") == ["m2 is fragged"]


@pytest.mark.rules("DOOM-039")
def test_a_deathmatch_marine_next_to_a_closed_door_is_offered_to_open_it(dm):
    t = Match(dm, rows=DOOR, answers={"m1": ["sprint", "door", 0, "stop"]})
    a, b = t.p
    t.put(a, 2, 1)
    t.put(b, 1, 2)
    with t.game.phase("marines"), t.game.turn(a):
        t.call("dm_play_turn", a)
    assert t.said("opens a door") == ["m1 opens a door"]
    assert t.get(a, "chosen") == ""
