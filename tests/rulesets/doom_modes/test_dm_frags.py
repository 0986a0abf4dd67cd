"""Deathmatch fights: no ammo, frags and frag markers, coming back, orders and the timer
(DOOMX-093, DOOMX-098, DOOMX-105 ... DOOMX-108, DOOMX-112 ... DOOMX-121), and the base rules of
an attack's outcome, wounds and doors as Deathmatch plays them under their base ids (DOOM-039,
DOOM-114 ... DOOM-116, DOOM-122, DOOM-123)."""

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
    assert len(t.tokens("shotgun_item")) == 2
    assert t.zone("carried", t.a) == []  # back in the pool


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
    assert t.get(t.bin(b), "wounds") == 4
    assert t.game.select("aim_order", by_definition=True) == []


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
    assert t.get(t.bin(a), "wounds") == 4
    assert t.game.select("guard_order", by_definition=True) == []
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
    assert t.get(b, "out") is True
    assert t.get(a, "frag_markers") == 1
    t.put(c, 6, 1)                                     # on the other teleporter
    t.call("end_marine_turn", a)
    t.declare(a, "advance")
    t.move(a, 3, 1)                                    # onto a teleporter
    assert t.where(a) == (6, 1)
    assert t.get(c, "out") is True
    assert t.get(a, "frag_markers") == 2
    assert t.said("m1 telefrags m3")


@pytest.mark.rules("DOOMX-116")
def test_fragging_ones_own_marine_costs_a_frag_marker_even_below_zero(match):
    t = match(seats=3)
    a, b, _c = t.p
    t.put(a, 1, 1)
    t.put(b, 2, 1)
    t.set(t.bin(a), "wounds", 1)
    t.declare(a, "unload")
    t.grenade({"range": 1, "damage": 3}, {"range": 2, "damage": 1})
    t.act("attack", a, t.s(2, 1), "grenade")          # the blast catches the thrower
    assert t.get(a, "out") is True
    assert t.get(a, "frag_markers") == -1
    assert t.call("dm_score_of", "m1") == -1
    u = match(seats=4, commanders=["Ann", "Ben", "Ann", "Ben"])
    ann, _ben, ann2, _ = u.p
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
    assert t.where(t.a) is None
    assert t.get(t.a, "out") is True
    assert t.get(t.bin(t.a), "weapons") == []
    assert t.zone("carried", t.a) == []
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
    assert t.get(a, "out") is True
    assert t.get(a, "attacks_left") == 0
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
    assert t.where(t.a) == (10, 4)
    assert t.get(t.a, "out") is False
    assert (t.get(b, "wounds"), t.get(b, "armor"), t.get(b, "weapons")) == (5, 2, ["pistol", "grenade"])
    assert [e["die"] for e in t.log("roll")] == ["green"]


@pytest.mark.rules("DOOMX-105", "DOOMX-106")
def test_an_invader_card_set_is_the_timer_and_two_cards_go_each_round(two):
    t = two
    t.call("dm_start_timer")
    deck = t.game.zone("invader_deck")
    assert deck.hidden
    assert len(deck.items) == 16
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


DOOR = [
    "########",
    "#1.D...#",
    "#2.#...#",
    "########",
]


@pytest.fixture
def apart(two):
    """The two seats' marines three spaces apart: `a` at (1,1), `b` at (4,1)."""
    two.put(two.a, 1, 1)
    two.put(two.b, 4, 1)
    return two


def shoot(t, yellow, green):
    t.pistol(yellow, green)
    return t.act("attack", t.a, t.s(4, 1), "pistol")


@pytest.mark.rules("DOOM-116", "DOOM-122", "DOOM-123")
def test_one_wound_through_the_armor_takes_one_token_and_frags_no_one(apart):
    t = apart
    assert (t.get(t.bin(t.b), "wounds"), t.get(t.bin(t.b), "armor")) == (5, 2)
    t.declare(t.a, "unload")
    assert shoot(t, {"range": 2, "damage": 1}, {"range": 2, "damage": 1}) == 1      # 2 damage, armor 2
    assert t.get(t.bin(t.b), "wounds") == 4
    assert t.said("suffers") == ["m2 suffers 1 wounds (4 left on the bin)"]
    assert (t.get(t.a, "frag_markers"), t.where(t.b)) == (0, (4, 1))


@pytest.mark.rules("DOOM-122", "DOOM-123")
def test_the_wound_that_leaves_one_token_frags_no_one_and_the_last_one_does(apart):
    t = apart
    t.set(t.bin(t.b), "wounds", 2)
    t.declare(t.a, "unload")
    shoot(t, {"range": 2, "damage": 1}, {"range": 2, "damage": 1})
    assert (t.get(t.bin(t.b), "wounds"), t.get(t.a, "frag_markers"), t.where(t.b)) == (1, 0, (4, 1))
    shoot(t, {"range": 2, "damage": 1}, {"range": 2, "damage": 1})
    assert (t.get(t.a, "frag_markers"), t.where(t.b), t.get(t.b, "out")) == (1, None, True)
    assert t.said("is fragged") == ["m2 is fragged"]


@pytest.mark.rules("DOOM-039")
def test_a_deathmatch_marine_next_to_a_closed_door_is_offered_to_open_it(match):
    t = match(rows=DOOR, answers={"m1": ["sprint", "door", 0, "stop"]})
    a, b = t.p
    t.put(a, 2, 1)
    t.put(b, 1, 2)
    with t.game.phase("marines"), t.game.turn(a):
        t.call("dm_play_turn", a)
    assert t.said("opens a door") == ["m1 opens a door"]
    assert t.get(a, "chosen") == ""


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


@pytest.mark.rules("DOOMX-115")
def test_a_frag_marker_gained_is_logged_with_the_score(two):
    t = two
    t.put(t.b, 3, 3)
    t.call("dm_frag", t.b, t.a, True)
    assert t.get(t.a, "frag_markers") == 1
    assert t.said("m1 gains a frag marker (1)") == ["m1 gains a frag marker (1)"]


@pytest.mark.rules("DOOMX-116")
def test_fragging_ones_own_marine_is_logged_with_the_score(match):
    t = match(seats=4, commanders=["Ann", "Ben", "Ann", "Ben"])
    ann, _, ann2, _ = t.p
    t.put(ann2, 3, 3)
    t.call("dm_frag", ann2, ann, True)
    assert t.said("Ann fragged his own marine and loses a frag marker (-1)")
    assert t.get(ann, "frag_markers") == -1
    assert t.call("dm_score_of", "Ann") == -1


@pytest.mark.rules("DOOMX-085", "DOOMX-118")
def test_a_fragged_marine_loses_one_turn_of_invisibility_left(two):
    t = two
    t.put(t.b, 3, 3)
    t.set(t.bin(t.b), "invisible", 1)
    t.set(t.bin(t.b), "invisible_new", True)
    t.call("dm_frag", t.b, t.a, True)
    assert t.get(t.bin(t.b), "invisible") == 0
    assert t.get(t.bin(t.b), "invisible_new") is False


@pytest.mark.rules("DOOMX-118")
def test_a_fragged_marine_loses_the_vitality_booster(two):
    t = two
    t.put(t.b, 3, 3)
    t.set(t.bin(t.b), "booster", True)
    t.set(t.bin(t.b), "max_wounds", 7)
    t.call("dm_frag", t.b, t.a, True)
    assert t.get(t.bin(t.b), "booster") is False
    assert t.get(t.bin(t.b), "max_wounds") == 5


@pytest.mark.rules("DOOMX-121")
@pytest.mark.parametrize(("rolled", "where"), [(1, (1, 1)), (2, (1, 3)), (3, (10, 4))])
def test_the_green_die_names_the_re_entry_point(two, rolled, where):
    t = two
    t.put(t.b, 8, 1)
    t.put(t.a, 5, 2)
    t.call("dm_frag", t.a, t.b, True)
    t.force("green", t.face("green", range=rolled, damage=1))
    t.call("dm_reenter", t.a)
    assert t.where(t.a) == where
    assert t.said(f"m1 comes back on re-entry point {rolled}")


@pytest.mark.rules("DOOMX-122")
def test_coming_back_on_a_taken_point_telefrags_with_a_log(two):
    t = two
    t.put(t.b, 1, 1)  # on re-entry point 1, the only one
    t.put(t.a, 5, 2)
    t.call("dm_frag", t.a, t.b, True)
    t.force("green", t.face("green", range=1, damage=1))
    t.call("dm_reenter", t.a)
    assert t.where(t.a) == (1, 1)
    assert t.get(t.b, "out") is True
    assert t.said("m1 comes back on m2 and telefrags him (no frag marker)")
    assert t.get(t.a, "frag_markers") == 0


@pytest.mark.rules("DOOMX-121")
@pytest.mark.parametrize(("rolled", "point"), [(1, (1, 1)), (2, (1, 3)), (3, (10, 4))])
def test_a_fragged_marine_comes_back_on_the_point_of_the_number_rolled(two, rolled, point):
    t = two
    t.put(t.b, 5, 2)
    t.set(t.a, "out", True)
    t.force("green", t.face("green", range=rolled, damage=1))
    t.call("dm_reenter", t.a)
    assert t.where(t.a) == point
    assert t.get(t.a, "out") is False
    assert t.said("comes back on re-entry point") == [f"m1 comes back on re-entry point {rolled}"]


@pytest.mark.rules("DOOMX-121")
def test_on_a_map_without_a_point_of_the_number_rolled_any_free_point_will_do(match):
    t = match(rows=["#########", "#1.....3#", "#.......#", "#########"])
    a, b = t.p
    t.put(b, 4, 2)
    t.set(a, "out", True)
    t.force("green", t.face("green", range=2, damage=1))
    t.call("dm_reenter", a)
    assert t.where(a) == (1, 1)                            # the first of the points 1 and 3


@pytest.mark.rules("DOOMX-121", "DOOMX-122")
def test_with_every_point_of_the_number_taken_the_marine_telefrags_the_one_there(two):
    t = two
    t.put(t.b, 1, 1)                                   # the only re-entry point numbered 1
    t.set(t.a, "out", True)
    t.force("green", t.face("green", range=1, damage=1))
    t.call("dm_reenter", t.a)
    assert t.where(t.a) == (1, 1)
    assert t.get(t.b, "out") is True
    assert t.said("telefrags") == ["m1 comes back on m2 and telefrags him (no frag marker)"]


@pytest.mark.rules("DOOMX-113")
def test_an_ammo_icon_in_a_guard_attack_discards_the_guards_weapon(match):
    t = match(answers={"m2": [True, "pistol"]})
    a, b = t.p
    t.put(a, 1, 1)
    t.put(b, 9, 4)
    t.declare(b, "ready")
    t.act("place_order", b, "guard")
    t.call("end_marine_turn", b)
    t.declare(a, "sprint")
    t.pistol({"range": 3, "damage": 0, "ammo": True}, {"range": 2, "damage": 2})
    t.move(a, 4, 2)
    assert attackers(t) == [t.fig(b).ref]
    assert "pistol" not in t.call("weapons_of", b)
    assert t.said("interrupts") == ["m2 interrupts m1 with his guard order"]


def guard_table(match, weapons):
    t = match(answers={"m2": [True, "pistol"]})
    a, b = t.p
    t.put(a, 1, 1)
    t.put(b, 9, 4)
    t.declare(b, "ready")
    t.act("place_order", b, "guard")
    t.call("end_marine_turn", b)
    t.set(t.bin(b), "weapons", weapons)
    t.declare(a, "sprint")
    return t, a, b


@pytest.mark.rules("DOOMX-114")
def test_a_guard_with_only_one_ranged_weapon_still_interrupts(match):
    t, a, b = guard_table(match, ["pistol"])
    t.pistol({"range": 4, "damage": 0}, {"range": 2, "damage": 2})
    t.move(a, 4, 2)
    assert attackers(t) == [t.fig(b).ref]


@pytest.mark.rules("DOOMX-114")
def test_a_guard_without_a_ranged_weapon_is_not_asked(match):
    t, a, _b = guard_table(match, [])
    t.move(a, 4, 2)
    assert attackers(t) == []
    assert not [e for e in t.log("choice") if e["prompt"].startswith("use the guard order")]
