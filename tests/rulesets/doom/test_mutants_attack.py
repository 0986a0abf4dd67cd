"""Exact outcomes of attacks (range, success, wounds, kills and frags), written so that a broken
rule shows (issue 12: the rule-mutation score)."""

import pytest

from rulecraft.runtime import grid


@pytest.fixture
def duel(table):
    t = table
    t.m = t.marines[0]
    t.fig = t.marine(t.m, 1, 1)
    return t


def pistol(t, yellow, green):
    t.force("yellow", t.face("yellow", **yellow))
    t.force("green", t.face("green", **green))


def attacks(t):
    return [(e["args"][2], e["args"][3]) for e in t.log("event") if e["event"] == "attacked"]


@pytest.mark.rules("DOOM-093")
def test_each_attack_uses_up_exactly_one_attack(duel):
    t = duel
    t.invader_at("imp", 5, 1)
    t.declare(t.m, "unload")
    t.act("attack", t.m, t.s(5, 1), "pistol")
    assert t.get(t.m, "attacks_left") == 1
    t.act("attack", t.m, t.s(5, 1), "pistol")
    assert t.get(t.m, "attacks_left") == 0


@pytest.mark.rules("DOOM-096", "DOOM-097")
def test_a_fist_reaches_the_adjacent_spaces_only(duel):
    t = duel
    near = t.invader_at("imp", 2, 2)
    t.invader_at("imp", 3, 1)
    assert t.call("attack_targets", t.m, "fist") == [t.s(2, 2)]
    assert t.call("can_target", t.fig, t.s(2, 2), True) is True
    assert t.call("can_target", t.fig, t.s(3, 1), True) is False
    assert t.call("can_target", t.fig, t.s(3, 1), False) is True
    t.declare(t.m, "unload")
    t.force("red", t.face("red", range=1, damage=3))
    t.act("attack", t.m, t.s(2, 2), "fist")
    assert not t.on_board(near)                        # 3 wounds kill an imp
    assert t.refused("attack", t.m, t.s(3, 1), "fist") == "a melee attack needs an adjacent space"


@pytest.mark.rules("DOOM-097")
def test_a_melee_invader_attacks_only_an_adjacent_marine(duel):
    t = duel
    demon = t.invader_at("demon", 3, 1)       # 2x2 at (3,1)-(4,2): 2 spaces from the marine
    assert t.get(demon, "melee") is True
    assert t.call("invader_targets", demon) == []
    grid.grid_move(t.game, "map", demon, t.s(2, 1), 1)
    assert t.call("invader_targets", demon) == [t.s(1, 1)]


@pytest.mark.rules("DOOM-110", "DOOM-114")
def test_the_dice_must_reach_the_counted_range(duel):
    t = duel
    imp = t.invader_at("imp", 5, 3)  # 4 spaces (diagonals count one)
    t.declare(t.m, "unload")
    pistol(t, {"range": 1, "damage": 1}, {"range": 2, "damage": 1})     # 3: short
    assert t.act("attack", t.m, t.s(5, 3), "pistol") == 0
    assert t.messages()[-1] == "the attack fails"
    pistol(t, {"range": 2, "damage": 1}, {"range": 2, "damage": 1})     # 4: hits for 2
    assert t.act("attack", t.m, t.s(5, 3), "pistol") == 2
    assert t.get(imp, "wounded") == 2
    assert len(t.log("roll")) == 4
    assert attacks(t) == [(False, 0), (True, 2)]


@pytest.mark.rules("DOOM-115", "DOOM-103")
def test_a_pistol_shot_at_his_own_space_hurts_nobody(duel):
    t = duel
    wounds = t.get(t.bin(t.m), "wounds")
    t.declare(t.m, "advance")
    pistol(t, {"range": 4, "damage": 0}, {"range": 2, "damage": 2})
    assert t.act("attack", t.m, t.s(1, 1), "pistol") == 0
    assert t.get(t.bin(t.m), "wounds") == wounds


@pytest.mark.rules("DOOM-116")
def test_damage_below_the_armor_rating_wounds_a_marine_not_at_all(table):
    t = table
    m = t.marines[0]
    t.marine(m, 1, 1)
    imp = t.invader_at("imp", 4, 1)
    t.set(t.bin(m), "wounds", 8)
    pistol(t, {"range": 4, "damage": 0}, {"range": 2, "damage": 1})   # 1 damage, armor 2
    t.game.call("resolve_attack", imp, t.s(1, 1), ["yellow", "green"], 0, 0, 0, False)
    assert t.get(t.bin(m), "wounds") == 8
    assert not [s for s in t.messages() if "suffers" in s]
    assert attacks(t) == [(True, 0)]


@pytest.mark.rules("DOOM-122", "DOOM-123")
def test_a_wound_that_takes_the_last_token_frags_the_marine(table):
    t = table
    m = t.marines[0]
    fig = t.marine(m, 3, 3)
    imp = t.invader_at("imp", 6, 3)
    t.set(t.bin(m), "wounds", 2)
    t.set(t.bin(m), "armor", 1)
    pistol(t, {"range": 4, "damage": 0}, {"range": 2, "damage": 1})   # 1 wound: 1 left
    t.game.call("resolve_attack", imp, t.s(3, 3), ["yellow", "green"], 0, 0, 0, False)
    assert (t.get(t.bin(m), "wounds"), t.get(t.invader, "frags"), t.where(fig)) == (1, 0, (3, 3))
    assert t.messages()[-1].endswith("suffers 1 wounds (1 left on the bin)")
    pistol(t, {"range": 4, "damage": 0}, {"range": 2, "damage": 1})   # the last token
    t.game.call("resolve_attack", imp, t.s(3, 3), ["yellow", "green"], 0, 0, 0, False)
    assert (t.get(t.bin(m), "wounds"), t.get(t.invader, "frags"), t.where(fig)) == (9, 1, (1, 1))


@pytest.mark.rules("DOOM-124", "DOOM-125")
def test_wound_tokens_equal_to_the_rating_kill_and_the_log_says_so(duel):
    t = duel
    imp = t.invader_at("imp", 4, 1)                  # wound rating 3, armor 0
    t.declare(t.m, "unload")
    pistol(t, {"range": 1, "damage": 1}, {"range": 2, "damage": 1})   # 2 wounds
    t.act("attack", t.m, t.s(4, 1), "pistol")
    assert t.get(imp, "wounded") == 2 and t.on_board(imp)
    assert t.messages()[-1].endswith("takes 2 wound tokens (2 of 3)")
    pistol(t, {"range": 4, "damage": 0}, {"range": 2, "damage": 1})   # 1 more: exactly 3
    t.act("attack", t.m, t.s(4, 1), "pistol")
    assert not t.on_board(imp)
    killed = [s for s in t.messages() if s.endswith("is killed")]
    assert len(killed) == 1
    assert [e["event"] for e in t.log("event") if e["event"] == "invader_killed"] == ["invader_killed"]


@pytest.mark.rules("DOOM-127")
def test_a_roll_that_reaches_the_range_hits_at_the_first_roll(duel):
    t = duel
    imp = t.invader_at("imp", 3, 1)
    t.declare(t.m, "advance")
    pistol(t, {"range": 1, "damage": 1}, {"range": 1, "damage": 1})   # range 2 of 2
    assert t.act("attack", t.m, t.s(3, 1), "pistol") == 2
    assert (t.get(imp, "wounded"), len(t.log("roll"))) == (2, 2)


@pytest.mark.rules("DOOM-127", "DOOM-054")
def test_an_aimed_attack_that_fails_is_rolled_again_and_the_second_roll_stands(duel):
    t = duel
    imp = t.invader_at("imp", 5, 1)
    t.declare(t.m, "ready")
    t.act("place_order", t.m, "aim")
    t.force("yellow", t.face("yellow", range=1, damage=1), t.face("yellow", range=4, damage=0))
    t.force("green", t.face("green", range=1, damage=1), t.face("green", range=2, damage=2))
    assert t.act("attack", t.m, t.s(5, 1), "pistol") == 2
    assert (t.get(imp, "wounded"), len(t.log("roll"))) == (2, 4)
    assert "the aimed attack is rolled again" in t.messages()


@pytest.mark.rules("DOOM-127", "DOOM-054")
def test_a_hit_on_a_dodging_marine_is_rolled_again_and_may_then_fail(table):
    t = table
    m = t.marines[0]
    t.marine(m, 1, 1)
    imp = t.invader_at("imp", 5, 1)
    t.declare(m, "ready")
    t.act("place_order", m, "dodge")
    wounds = t.get(t.bin(m), "wounds")
    t.force("yellow", t.face("yellow", range=4, damage=0), t.face("yellow", range=1, damage=1))
    t.force("green", t.face("green", range=2, damage=2), t.face("green", range=1, damage=1))
    t.game.call("resolve_attack", imp, t.s(1, 1), ["yellow", "green"], 0, 0, 0, False)
    assert t.get(t.bin(m), "wounds") == wounds and len(t.log("roll")) == 4
    assert t.game.select("dodge_order", by_definition=True) == []
    assert attacks(t) == [(False, 0)]
