"""Dodge, Double Attack, Fly, Soul Drain and Telekinesis (DOOMX-019 ... DOOMX-032)."""

import pytest

from rulecraft.runtime import grid

ALL = ["zombie_commandos", "cherubs", "revenants", "maggots", "cacodemons", "spider_queen"]


@pytest.fixture
def t(new_table):
    return new_table(options=ALL)


@pytest.mark.rules("DOOMX-019")
def test_a_dodging_figure_has_every_successful_attack_rolled_again(t):
    m = t.marines[0]
    fig = t.marine(m, 1, 1)
    revenant = t.invader_at("revenant", 5, 1)
    imp = t.invader_at("archvile", 5, 3)
    hit, miss = t.face("blue", range=6), t.face("blue", miss=True)
    t.force("blue", hit, miss, hit)
    assert t.call("resolve_attack", fig, t.s(5, 1), ["blue"], 0, 0, 0, False)["hit"] is False  # rolled again: missed
    assert t.get(revenant, "wounded") == 0
    assert t.call("resolve_attack", fig, t.s(5, 3), ["blue"], 0, 0, 0, False)["hit"] is True  # no dodge: one roll
    assert t.get(imp, "wounded") == 1
    assert len(t.log("roll")) == 3


@pytest.mark.rules("DOOMX-020")
def test_a_double_attacker_attacks_twice(t):
    m = t.marines[0]
    t.marine(m, 1, 1)
    maggot = t.invader_at("maggot", 2, 2)
    t.set(maggot, "dice", ["green"])
    t.force("green", t.face("green", range=1, damage=2), t.face("green", range=2, damage=2))
    before = t.wounds(m)
    t.call("invader_attack", t.invader, maggot)
    assert [e["die"] for e in t.log("roll")] == ["green", "green"]
    assert t.wounds(m) == before - 1 - 1  # armor 2: 2 damage is 1 wound, twice


@pytest.mark.rules("DOOMX-021")
def test_a_double_attacker_moves_normally(new_table):
    t = new_table(options=ALL, invader_picks={"where the invader moves": 6 + 1 * 10,
                                                  "what the activated invader does next": ["move", "end its activation"]})
    maggot = t.invader_at("maggot", 1, 1)  # 2x1, movement 5: its far end may go from (2,1) to (7,1)
    assert t.get(maggot, "movement") == t.game.assume["maggot.movement"] == 5
    reach = grid.grid_reachable(t.game, "map", maggot, 5)
    assert max(t.xy(s)[0] for s in reach) == 6
    t.call("activate", t.invader, maggot)
    assert t.where(maggot) == (6, 1)


FLY_ROWS = [
    "##########",
    "#S.O.....#",
    "#S.O.....#",
    "#..O..####",
    "#~~~.....#",
    "##########",
]


@pytest.mark.rules("DOOMX-022", "DOOMX-023")
def test_a_flyer_passes_over_enemies_and_blocking_obstacles(new_table):
    t = new_table(rows=FLY_ROWS, options=ALL, invader_picks={"where the invader moves": 0,
                                                              "what the activated invader does next": ["move", "end its activation"]})
    cherub = t.invader_at("cherub", 1, 1)
    t.marine(t.marines[0], 2, 1)
    t.marine(t.marines[1], 2, 2)
    reach = t.call("fly_reachable", cherub, "1x1", 3)
    assert t.s(4, 1) in reach   # over the marines and the obstacle column
    walker = t.invader_at("archvile", 1, 3)
    assert t.s(4, 1) not in grid.grid_reachable(t.game, "map", walker, 3)
    t.game.choices.agents[t.invader.id].picks["where the invader moves"] = t.s(4, 1)
    t.call("activate", t.invader, cherub)
    assert t.where(cherub) == (4, 1)


@pytest.mark.rules("DOOMX-024")
def test_a_flyer_ends_only_on_an_empty_open_space(new_table):
    t = new_table(rows=FLY_ROWS, options=ALL)
    cherub = t.invader_at("cherub", 1, 1)
    t.marine(t.marines[0], 2, 1)
    reach = t.call("fly_reachable", cherub, "1x1", 3)
    assert t.s(3, 1) not in reach
    assert t.s(2, 1) not in reach
    assert "cannot end" in t.call_refused("fly_to", cherub, t.s(3, 2))


@pytest.mark.rules("DOOMX-025")
def test_a_flyer_crosses_hazards_at_1_a_space_unhurt(new_table):
    t = new_table(rows=FLY_ROWS, options=ALL)
    cherub = t.invader_at("cherub", 1, 3)
    assert t.s(4, 4) in t.call("fly_reachable", cherub, "1x1", 3)
    t.call("fly_to", cherub, t.s(3, 4))
    assert t.where(cherub) == (3, 4)
    assert t.get(cherub, "wounded") == 0


LONG = ["#############", "#S..........#", "#...........#", "#############"]


@pytest.mark.rules("DOOMX-026")
def test_soul_drain_reaches_8_spaces_in_sight(new_table):
    t = new_table(rows=LONG)
    inv = t.invader_at("archvile", 10, 1)
    t.marine(t.marines[0], 2, 1)  # 8 away
    t.marine(t.marines[1], 1, 2)  # 9 away
    assert "at most 8" in t.call_refused("soul_drain", inv, t.s(1, 2), ["red"])
    assert t.call("soul_drain", inv, t.s(2, 1), ["red"]) == 1


@pytest.mark.rules("DOOMX-026", "DOOMX-027")
def test_an_invader_with_soul_drain_uses_it_on_a_marine_in_reach(new_table):
    t = new_table(rows=LONG)
    m = t.marines[0]
    t.marine(m, 2, 1)
    inv = t.invader_at("archvile", 6, 1)
    t.set(inv, "abilities", ["soul_drain"])
    t.set(t.bin(m), "armor", 9)
    t.force("blue", t.face("blue", range=2))
    t.force("yellow", t.face("yellow", range=1, damage=1))
    t.call("invader_attack", t.invader, inv)
    assert t.get(t.invader, "frags") == 1  # killed outright through 9 armor


@pytest.mark.rules("DOOMX-027", "DOOMX-028")
def test_soul_drain_kills_whatever_the_armor_and_heals_3(new_table):
    t = new_table(rows=LONG)
    m = t.marines[0]
    t.marine(m, 3, 1)
    t.set(t.bin(m), "armor", 2)
    assert t.wounds(m) == 9
    inv = t.invader_at("archvile", 6, 1)
    t.set(inv, "wounded", 4)
    t.force("red", t.face("red", range=2, damage=1))
    assert t.call("soul_drain", inv, t.s(3, 1), ["red"]) == 1
    assert t.get(t.invader, "frags") == 1          # the marine is fragged
    assert t.get(inv, "wounded") == 1               # 4 - 3


def test_soul_drain_fails_on_a_miss(new_table):
    t = new_table(rows=LONG)
    m = t.marines[0]
    t.marine(m, 3, 1)
    inv = t.invader_at("archvile", 6, 1)
    t.force("blue", t.face("blue", miss=True))
    assert t.call("soul_drain", inv, t.s(3, 1), ["blue"]) == 0
    assert t.get(t.invader, "frags") == 0


TK_ROWS = [
    "##########",
    "#........#",
    "#........#",
    "#......#.#",
    "#........#",
    "##########",
]


def tk_table(new_table):
    t = new_table(rows=TK_ROWS, marines=3, options=ALL)
    vagary = t.invader_at("vagary", 1, 1)  # covers (1,1)-(2,2)
    figs = [t.marine(t.marines[0], 4, 2), t.marine(t.marines[1], 6, 4), t.marine(t.marines[2], 8, 3)]
    t.set(t.invader_at("archvile", 5, 1), "armor", 0)  # not an enemy of hers
    for p in t.marines:
        t.set(t.bin(p), "armor", 1)
    return t, vagary, figs


@pytest.mark.rules("DOOMX-029")
def test_telekinesis_targets_every_enemy_space_in_sight(new_table):
    t, vagary, _figs = tk_table(new_table)
    assert sorted(t.call("telekinesis_spaces", vagary)) == sorted([t.s(4, 2), t.s(6, 4)])  # (8,3) is behind the wall


@pytest.mark.rules("DOOMX-030", "DOOMX-032")
def test_one_telekinesis_roll_hurts_the_enemies_within_its_range(new_table):
    t, vagary, _figs = tk_table(new_table)
    t.force("red", t.face("red", range=1, damage=2))
    t.force("blue", t.face("blue", range=3, damage=2))  # range 4, damage 4
    t.call("invader_attack", t.invader, vagary)
    assert len(t.log("roll")) == 2
    assert [t.wounds(p) for p in t.marines] == [8 - 4, 8 - 4, 8]  # 2 and 4 away are within 4 (3 marines: 8 wounds)


@pytest.mark.rules("DOOMX-031")
def test_a_telekinesis_miss_fails_the_whole_attack(new_table):
    t, vagary, _figs = tk_table(new_table)
    t.force("blue", t.face("blue", miss=True))
    t.call("invader_attack", t.invader, vagary)
    assert [t.wounds(p) for p in t.marines] == [8, 8, 8]


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
    assert t.s(4, 3) in reach
    assert t.s(5, 3) not in reach
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
    assert t.at(1, 3) is None
    assert t.at(3, 3) == cherub


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
    assert t.wounds(m) == 9
    assert t.get(inv, "wounded") == 4
    assert not any("killed outright" in x for x in t.messages())


def vagary_and_one_marine(new_table):
    t = new_table(rows=OPEN, options=ALL)
    vagary = t.invader_at("vagary", 1, 1)  # covers (1,1)-(2,2)
    m = t.marines[0]
    t.marine(m, 3, 1)  # next to her
    t.set(t.bin(m), "armor", 0)
    return t, vagary, m


@pytest.mark.rules("DOOMX-030", "DOOMX-031")
def test_a_telekinesis_roll_with_a_miss_is_logged_and_hurts_nobody(new_table):
    t, vagary, m = vagary_and_one_marine(new_table)
    dice = t.get(vagary, "dice")
    for d in dice:
        t.force(d, t.face(d, miss=True) if d == "blue" else t.face(d, range=1, damage=3))
    before = t.wounds(m)
    t.call("telekinesis", vagary, dice, 0, 0)
    assert "the telekinesis attack misses: no target is affected" in t.messages()
    assert t.wounds(m) == before


@pytest.mark.rules("DOOMX-031")
def test_a_telekinesis_roll_without_a_miss_hurts(new_table):
    t, vagary, m = vagary_and_one_marine(new_table)
    dice = t.get(vagary, "dice")
    for d in dice:
        t.force(d, t.face(d, range=2, damage=2) if d == "blue" else t.face(d, range=1, damage=2))
    before = t.wounds(m)
    dealt = t.call("telekinesis", vagary, dice, 0, 0)
    assert dealt == 4
    assert t.wounds(m) == before - 4
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
    assert t.wounds(b) == before - 1
    assert t.get(t.invader, "frags") == 1


HALL = ["###########", "#S........#", "###########"]


@pytest.mark.rules("DOOMX-021")
def test_a_double_attacker_walks_and_cannot_pass_a_marine_as_a_flyer_would(new_table):
    t = new_table(rows=HALL, options=["maggots"],
                  invader_picks={"what the activated invader does next": ["move", "end its activation"]})
    maggot = t.invader_at("maggot", 3, 1)  # 2x1 on (3,1)-(4,1), movement 5
    t.marine(t.marines[0], 5, 1)           # in its way
    offered = t.call("invader_destinations", maggot, 5)
    assert sorted(t.xy(s) for s in offered) == [(1, 1), (2, 1)]  # back down the hall only
    assert t.s(6, 1) in t.call("fly_reachable", maggot, "2x1", 5)  # a flyer would pass over him
    t.game.choices.agents[t.invader.id].picks["where the invader moves"] = t.s(1, 1)
    t.call("activate", t.invader, maggot)
    assert t.where(maggot) == (1, 1)
    assert [e["options"] for e in t.log("choice") if e["prompt"] == "where the invader moves"] == [2]
