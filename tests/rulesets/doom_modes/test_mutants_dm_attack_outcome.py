"""A Deathmatch attack's outcome, by exact result (Deathmatch resolves step 5 its own way): a
short roll fails with a log line and no damage (DOOM-114); a hit deals the damage the dice show
to the marine in the target space (DOOM-115)."""

import pytest


@pytest.mark.rules("DOOM-114")
def test_a_short_roll_fails_and_says_so(two):
    t = two
    t.put(t.a, 1, 1)
    t.put(t.b, 6, 1)
    t.declare(t.a, "unload")
    t.pistol({"range": 1, "damage": 1}, {"range": 2, "damage": 1})      # range 3 of 5
    assert t.act("attack", t.a, t.s(6, 1), "pistol") == 0
    assert t.said("the attack fails") == ["the attack fails"]
    assert t.get(t.bin(t.b), "wounds") == 5


@pytest.mark.rules("DOOM-115")
def test_a_hit_deals_the_damage_the_dice_show_to_the_marine_in_the_space(two):
    t = two
    t.put(t.a, 1, 1)
    t.put(t.b, 4, 1)
    t.declare(t.a, "unload")
    t.pistol({"range": 1, "damage": 2}, {"range": 2, "damage": 2})      # damage 4, armor 2: 2 wounds
    assert t.act("attack", t.a, t.s(4, 1), "pistol") == 2
    assert t.get(t.bin(t.b), "wounds") == 3
    assert t.said("the attack fails") == []
