"""The new abilities, by exact outcome: what `rulecraft mutate` showed the other tests let pass."""

import pytest

from rulecraft.runtime import grid

ALL = ["zombie_commandos", "cherubs", "revenants", "maggots", "cacodemons", "spider_queen"]

LONG = ["#############", "#S..........#", "#...........#", "#############"]
OPEN = ["##########", "#S.......#", "#S.......#", "#........#", "##########"]


@pytest.mark.rules("DOOMX-020")
def test_a_double_attacker_whose_first_attack_kills_the_only_target_attacks_once(new_table):
    t = new_table(options=ALL)
    m = t.marines[0]
    t.marine(m, 8, 3)  # far from the start spaces, where he comes back
    t.set(t.bin(m), "wounds", 1)
    maggot = t.invader_at("maggot", 7, 4)
    t.set(maggot, "dice", ["green"])
    t.force("green", t.face("green", range=1, damage=2), t.face("green", range=1, damage=2))
    t.call("invader_attack", t.invader, maggot)
    assert [e["die"] for e in t.log("roll")] == ["green"]
    assert t.get(t.invader, "frags") == 1


@pytest.mark.rules("DOOMX-020")
def test_a_double_attacker_with_one_target_left_attacks_it_again(new_table):
    t = new_table(options=ALL)
    m = t.marines[0]
    t.marine(m, 1, 1)
    maggot = t.invader_at("maggot", 2, 2)
    t.set(maggot, "dice", ["green"])
    t.force("green", t.face("green", range=1, damage=2), t.face("green", range=2, damage=2))
    t.call("invader_attack", t.invader, maggot)
    assert [e["die"] for e in t.log("roll")] == ["green", "green"]


@pytest.mark.rules("DOOMX-020")
def test_a_double_attacker_on_the_first_space_of_the_map_attacks_twice(new_table):
    t = new_table(rows=["..........", "S.........", "S.........", "##########"], options=ALL)
    m = t.marines[0]
    t.marine(m, 0, 1)
    maggot = t.invader_at("maggot", 0, 0)  # covers (0,0) and (1,0)
    t.set(maggot, "dice", ["green"])
    t.force("green", t.face("green", range=1, damage=2), t.face("green", range=2, damage=2))
    t.call("invader_attack", t.invader, maggot)
    assert [e["die"] for e in t.log("roll")] == ["green", "green"]


@pytest.mark.rules("DOOMX-023")
def test_a_flyer_flies_exactly_its_budget(new_table):
    t = new_table(rows=OPEN, options=ALL)
    cherub = t.invader_at("cherub", 1, 3)
    reach = t.call("fly_reachable", cherub, "1x1", 3)
    assert t.s(4, 3) in reach and t.s(5, 3) not in reach
    assert max(t.xy(s)[0] for s in reach) == 4


@pytest.mark.rules("DOOMX-024")
def test_a_flyer_may_end_on_every_empty_space_in_reach(new_table):
    t = new_table(rows=OPEN, options=ALL)
    cherub = t.invader_at("cherub", 4, 3)
    reach = t.call("fly_reachable", cherub, "1x1", 1)
    assert sorted(reach) == sorted([t.s(4, 3), t.s(3, 3), t.s(5, 3), t.s(4, 2)] + [
        s for s in (t.s(3, 2), t.s(5, 2)) if s in grid.grid_neighbours(t.game, "map", t.s(4, 3))])


@pytest.mark.rules("DOOMX-025")
def test_a_flight_is_logged_and_leaves_the_start_space_empty(new_table):
    t = new_table(rows=OPEN, options=ALL)
    cherub = t.invader_at("cherub", 1, 3)
    t.call("fly_to", cherub, t.s(3, 3))
    assert f"{cherub.name} flies to space {t.s(3, 3)}" in t.messages()
    assert t.at(1, 3) is None and t.at(3, 3) == cherub


@pytest.mark.rules("DOOMX-026")
def test_a_soul_drain_miss_is_logged_and_kills_nobody(new_table):
    t = new_table(rows=LONG)
    m = t.marines[0]
    t.marine(m, 3, 1)
    inv = t.invader_at("archvile", 6, 1)
    t.set(inv, "wounded", 4)
    t.force("blue", t.face("blue", miss=True))
    assert t.call("soul_drain", inv, t.s(3, 1), ["blue"]) == 0
    assert "the soul drain misses" in t.messages()
    assert t.wounds(m) == 9 and t.get(inv, "wounded") == 4
    assert not any("killed outright" in x for x in t.messages())


def tk_table(new_table):
    t = new_table(rows=OPEN, options=ALL)
    vagary = t.invader_at("vagary", 1, 1)  # covers (1,1)-(2,2)
    m = t.marines[0]
    t.marine(m, 3, 1)  # next to her
    t.set(t.bin(m), "armor", 0)
    return t, vagary, m


@pytest.mark.rules("DOOMX-030", "DOOMX-031")
def test_a_telekinesis_roll_with_a_miss_is_logged_and_hurts_nobody(new_table):
    t, vagary, m = tk_table(new_table)
    dice = t.get(vagary, "dice")
    for d in dice:
        t.force(d, t.face(d, miss=True) if d == "blue" else t.face(d, range=1, damage=3))
    before = t.wounds(m)
    t.call("telekinesis", vagary, dice, 0, 0)
    assert "the telekinesis attack misses: no target is affected" in t.messages()
    assert t.wounds(m) == before


@pytest.mark.rules("DOOMX-031")
def test_a_telekinesis_roll_without_a_miss_hurts(new_table):
    t, vagary, m = tk_table(new_table)
    dice = t.get(vagary, "dice")
    for d in dice:
        t.force(d, t.face(d, range=2, damage=2) if d == "blue" else t.face(d, range=1, damage=2))
    before = t.wounds(m)
    dealt = t.call("telekinesis", vagary, dice, 0, 0)
    assert dealt == 4 and t.wounds(m) == before - 4
    assert "the telekinesis attack misses: no target is affected" not in t.messages()


@pytest.mark.rules("DOOMX-153")
def test_a_soul_drainer_in_reach_drains_and_a_plain_invader_rolls_its_attack(new_table):
    t = new_table(rows=LONG)
    a, b = t.marines
    t.marine(a, 2, 1)
    t.set(t.bin(a), "armor", 9)
    drainer = t.invader_at("archvile", 6, 1)
    t.set(drainer, "abilities", ["soul_drain"])
    t.set(drainer, "dice", ["red"])
    t.force("red", t.face("red", range=2, damage=1))
    t.call("expansion_invader_attack", drainer, t.s(2, 1))
    assert t.get(t.invader, "frags") == 1  # killed outright through 9 armor
    t.marine(b, 2, 2)
    t.set(t.bin(b), "armor", 0)
    plain = t.invader_at("archvile", 3, 2)
    t.set(plain, "dice", ["red"])
    t.force("red", t.face("red", range=2, damage=1))
    before = t.wounds(b)
    t.call("expansion_invader_attack", plain, t.s(2, 2))
    assert t.wounds(b) == before - 1 and t.get(t.invader, "frags") == 1
