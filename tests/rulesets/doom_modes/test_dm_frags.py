"""Deathmatch fights: no ammo, frags and frag markers, coming back, orders and the timer
(DOOMX-093, DOOMX-098, DOOMX-105 ... DOOMX-108, DOOMX-112 ... DOOMX-121)."""

import pytest


def attackers(t):
    return [e["args"][0] for e in t.log("event") if e["event"] == "attacked"]


@pytest.mark.rules("DOOMX-093")
def test_the_frag_limit_is_three_five_or_seven_and_reaching_it_wins(match):
    assert match(options=("short_match",)).call("dm_frag_limit") == 3
    assert match().call("dm_frag_limit") == 5
    assert match(options=("long_match",)).call("dm_frag_limit") == 7
    t = match(options=("short_match",))
    a, b = t.p
    t.put(b, 3, 3)
    t.set(a, "frag_markers", 2)
    assert t.ends("dm_frag", b, a, True) == "m1"
    assert t.said("m1 reaches the frag limit of 3 and wins")


@pytest.mark.rules("DOOMX-098")
def test_every_marine_starts_with_five_wounds_and_two_armor(match):
    t = match(seats=6)
    bins = [t.bin(p) for p in t.p]
    assert [(t.get(b, "wounds"), t.get(b, "armor"), t.get(b, "max_wounds")) for b in bins] == [(5, 2, 5)] * 6
    assert [t.get(b, "color") for b in bins] == ["red", "green", "blue", "yellow", "purple", "orange"]


@pytest.mark.rules("DOOMX-107")
def test_there_is_no_ammunition_and_weapons_fire_without_it(match):
    t = match()
    t.a, t.b = t.p
    b = t.bin(t.a)
    assert [t.get(b, k) for k in ("bullets", "rockets", "cells")] == [0, 0, 0]
    t.put(t.a, 1, 1)
    t.put(t.b, 4, 1)
    t.declare(t.a, "unload")
    t.pistol({"range": 2, "damage": 1}, {"range": 2, "damage": 1})
    assert t.act("attack", t.a, t.s(4, 1), "pistol") == 1
    assert t.get(t.bin(t.b), "wounds") == 4


@pytest.mark.rules("DOOMX-108")
def test_an_ammo_icon_discards_the_weapon_unless_its_supply_is_unlimited(two):
    t = two
    t.put(t.a, 4, 1)
    t.put(t.b, 6, 1)
    t.declare(t.a, "unload")
    t.call("dm_take", t.a, t.zone("map_items")[0])
    assert t.get(t.bin(t.a), "weapons") == ["pistol", "grenade", "shotgun"]
    assert t.game.assume["shotgun.dice"] == ["red", "yellow"]
    t.grenade({"range": 0, "damage": 4, "ammo": True}, {"range": 2, "damage": 1})
    t.act("attack", t.a, t.s(6, 1), "shotgun")
    assert t.get(t.bin(t.a), "weapons") == ["pistol", "grenade"]
    assert len(t.tokens("shotgun_item")) == 2 and t.zone("carried", t.a) == []   # back in the pool


@pytest.mark.rules("DOOMX-108")
def test_the_fist_keeps_working_after_an_ammo_icon(two):
    t = two
    t.put(t.a, 4, 1)
    t.put(t.b, 5, 1)
    t.declare(t.a, "unload")
    t.force("red", t.face("red", range=0, damage=4, ammo=True))
    t.act("attack", t.a, t.s(5, 1), "fist")
    t.pistol({"range": 3, "damage": 0, "ammo": True}, {"range": 2, "damage": 1})
    t.act("attack", t.a, t.s(5, 1), "pistol")
    assert t.call("weapons_of", t.a) == ["fist", "grenade"]


@pytest.mark.rules("DOOMX-112")
def test_the_aim_order_works_as_in_the_base_game(match):
    t = match(answers={"m1": ["ready", "order", "aim", "attack", "pistol"]})
    a, b = t.p
    t.put(a, 1, 1)
    t.put(b, 5, 1)
    t.pistol({"range": 1, "damage": 1}, {"range": 1, "damage": 1})       # range 2 of 4: fails
    t.pistol({"range": 2, "damage": 1}, {"range": 2, "damage": 2})       # re-rolled: hits, damage 3
    t.call("dm_play_turn", a)
    assert len(t.log("roll")) == 4
    assert t.get(t.bin(b), "wounds") == 4 and t.game.select("aim_order", by_definition=True) == []


@pytest.mark.rules("DOOMX-113")
def test_a_guard_order_interrupts_another_marines_move(match):
    t = match(answers={"m2": [True, "pistol"]})
    a, b = t.p
    t.put(a, 1, 1)
    t.put(b, 9, 4)
    t.declare(b, "ready")
    t.act("place_order", b, "guard")
    t.call("end_marine_turn", b)
    t.declare(a, "sprint")
    t.pistol({"range": 4, "damage": 0}, {"range": 2, "damage": 2})      # range 6, damage 2: 1 wound
    t.move(a, 4, 2)                                    # in the guard's sight
    assert attackers(t) == [t.fig(b).ref]
    assert t.get(t.bin(a), "wounds") == 4 and t.game.select("guard_order", by_definition=True) == []
    assert t.get(a, "moves_left") == 5                 # his action goes on after the interruption
    t.move(a, 6, 2)
    assert len(attackers(t)) == 1


@pytest.mark.rules("DOOMX-114")
def test_of_two_guard_orders_the_older_is_resolved_first(match):
    t = match(seats=3, answers={"m2": [True, "pistol"], "m3": [True, "pistol"]})
    a, b, c = t.p
    t.put(a, 1, 1)
    t.put(c, 9, 4)
    t.put(b, 9, 1)
    for guard in (c, b):                               # c places his order first
        t.declare(guard, "ready")
        t.act("place_order", guard, "guard")
        t.call("end_marine_turn", guard)
    t.declare(a, "advance")
    t.move(a, 3, 2)
    assert attackers(t) == [t.fig(c).ref, t.fig(b).ref]


@pytest.mark.rules("DOOMX-115")
def test_a_frag_and_a_telefrag_earn_a_frag_marker(match):
    t = match(seats=3, rows=["##########", "#1.T..T.2#", "#3.......#", "##########"])
    a, b, c = t.p
    t.put(a, 1, 1)
    t.put(b, 2, 2)
    t.set(t.bin(b), "wounds", 1)
    t.declare(a, "unload")
    t.pistol({"range": 2, "damage": 1}, {"range": 2, "damage": 1})
    t.act("attack", a, t.s(2, 2), "pistol")
    assert t.get(b, "out") is True and t.get(a, "frag_markers") == 1
    t.put(c, 6, 1)                                     # on the other teleporter
    t.call("end_marine_turn", a)
    t.declare(a, "advance")
    t.move(a, 3, 1)                                    # onto a teleporter
    assert t.where(a) == (6, 1) and t.get(c, "out") is True
    assert t.get(a, "frag_markers") == 2 and t.said("m1 telefrags m3")


@pytest.mark.rules("DOOMX-116")
def test_fragging_ones_own_marine_costs_a_frag_marker_even_below_zero(match):
    t = match(seats=3)
    a, b, c = t.p
    t.put(a, 1, 1)
    t.put(b, 2, 1)
    t.set(t.bin(a), "wounds", 1)
    t.declare(a, "unload")
    t.grenade({"range": 1, "damage": 3}, {"range": 2, "damage": 1})
    t.act("attack", a, t.s(2, 1), "grenade")          # the blast catches the thrower
    assert t.get(a, "out") is True and t.get(a, "frag_markers") == -1
    assert t.call("dm_score_of", "m1") == -1
    u = match(seats=4, commanders=["Ann", "Ben", "Ann", "Ben"])
    ann, ben, ann2, _ = u.p
    u.put(ann2, 3, 3)
    u.call("dm_frag", ann2, ann, True)                # Ann frags her other marine
    assert u.call("dm_score_of", "Ann") == -1


@pytest.mark.rules("DOOMX-117", "DOOMX-118")
def test_a_fragged_marine_leaves_the_map_and_loses_what_he_picked_up(two):
    t = two
    t.put(t.a, 4, 1)
    t.put(t.b, 1, 3)
    t.declare(t.a, "advance")
    t.move(t.a, 5, 1)
    t.call("dm_frag", t.a, t.b, True)
    assert t.where(t.a) is None and t.get(t.a, "out") is True
    assert t.get(t.bin(t.a), "weapons") == [] and t.zone("carried", t.a) == []
    assert len(t.tokens("shotgun_item")) == 2


@pytest.mark.rules("DOOMX-119")
def test_a_marine_fragged_in_his_own_turn_ends_it_at_once(match):
    t = match(answers={"m1": ["unload", "attack", "grenade"]})
    a, b = t.p
    t.put(a, 1, 1)
    t.put(b, 2, 1)
    t.set(t.bin(a), "wounds", 1)
    t.grenade({"range": 1, "damage": 3}, {"range": 2, "damage": 1})
    with t.game.turn(a):
        t.call("dm_play_turn", a)                      # no further choice is asked of him
    assert t.get(a, "out") is True and t.get(a, "attacks_left") == 0
    assert t.said("m1's turn ends")
    assert t.get(t.bin(b), "wounds") == 3


@pytest.mark.rules("DOOMX-120", "DOOMX-121")
def test_at_his_next_turn_a_fragged_marine_restores_his_equipment_and_rolls_where_he_comes_back(two):
    t = two
    t.put(t.a, 4, 1)
    t.put(t.b, 8, 1)
    t.declare(t.a, "advance")
    t.move(t.a, 5, 1)
    t.call("dm_frag", t.a, t.b, True)
    t.force("green", t.face("green", range=3, damage=1))
    t.call("dm_reenter", t.a)
    b = t.bin(t.a)
    assert t.where(t.a) == (10, 4) and t.get(t.a, "out") is False
    assert (t.get(b, "wounds"), t.get(b, "armor"), t.get(b, "weapons")) == (5, 2, ["pistol", "grenade"])
    assert [e["die"] for e in t.log("roll")] == ["green"]


@pytest.mark.rules("DOOMX-105", "DOOMX-106")
def test_an_invader_card_set_is_the_timer_and_two_cards_go_each_round(two):
    t = two
    t.call("dm_start_timer")
    deck = t.game.zone("invader_deck")
    assert deck.hidden and len(deck.items) == 16
    t.call("dm_timer")
    assert (len(t.zone("invader_deck")), len(t.zone("invader_discard"))) == (14, 2)
    for _ in range(6):
        t.call("dm_timer")
    assert t.ends("dm_timer") is None                  # used up: nobody has a frag marker
    assert t.said("the timer has run out")


@pytest.mark.rules("DOOMX-105")
def test_when_the_timer_runs_out_the_most_frag_markers_win(two):
    t = two
    t.call("dm_start_timer")
    t.set(t.b, "frag_markers", 2)
    t.game.things.move(t.zone("invader_deck")[2:], t.game.zone("invader_discard"))
    assert t.ends("dm_timer") == "m2"
