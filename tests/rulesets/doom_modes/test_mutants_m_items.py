"""Deathmatch items, vaults, re-entry and CTF flags, by exact outcome: what `rulecraft mutate`
showed the other tests let pass (DOOMX-097, DOOMX-121, DOOMX-125, DOOMX-145, DOOMX-150)."""

import pytest

from tests.rulesets.doom_modes.test_ctf import FIELD
from tests.rulesets.doom_modes.test_dm_vaults import VAULT


@pytest.mark.rules("DOOMX-097")
def test_every_token_on_the_map_is_turned_face_up_for_all(match):
    t = match()
    tokens = t.zone("map_items")
    shown = [(e["thing"], e["shows"]) for e in t.log("reveal")]
    assert sorted(shown) == sorted((e.ref, e.def_id) for e in tokens) and len(tokens) == 4
    assert all(sorted(e.seen_by) == sorted(p.id for p in t.p) for e in tokens)


@pytest.mark.rules("DOOMX-121")
@pytest.mark.parametrize("rolled, point", [(1, (1, 1)), (2, (1, 3)), (3, (10, 4))])
def test_a_fragged_marine_comes_back_on_the_point_of_the_number_rolled(two, rolled, point):
    t = two
    t.put(t.b, 5, 2)
    t.set(t.a, "out", True)
    t.force("green", t.face("green", range=rolled, damage=1))
    t.call("dm_reenter", t.a)
    assert t.where(t.a) == point and t.get(t.a, "out") is False
    assert t.said("comes back on re-entry point") == [f"m1 comes back on re-entry point {rolled}"]


def key_in_hand(match, action):
    t = match(rows=VAULT)
    t.a, t.b = t.p
    t.put(t.a, 2, 1)
    t.put(t.b, 8, 1)
    t.declare(t.a, action)
    t.move(t.a, 3, 1)
    assert [e.def_id for e in t.zone("carried", t.a)] == ["security_key"]
    return t


@pytest.mark.rules("DOOMX-125")
def test_a_readying_marine_who_moves_with_the_key_may_no_longer_attack(match):
    t = key_in_hand(match, "ready")
    t.set(t.a, "attacks_left", 1)
    t.move(t.a, 4, 2)
    assert t.where(t.a) == (4, 2) and t.get(t.a, "attacks_left") == 0


@pytest.mark.rules("DOOMX-125")
def test_the_key_is_used_only_by_a_move_into_or_out_of_the_vault(match):
    t = key_in_hand(match, "sprint")
    t.move(t.a, 5, 2)                                  # with the key, but outside the vault
    assert t.get(t.a, "key_used") is False
    t.call("key_returns", t.a)
    assert t.tokens("security_key", "carried", t.a) != []
    t.move(t.a, 4, 4)                                  # through the security door
    assert t.get(t.a, "key_used") is True
    t.move(t.a, 4, 2)
    t.call("key_returns", t.a)
    assert t.on_map("security_key") == [(3, 1)] and t.get(t.a, "out") is False


def field(ctf_match):
    t = ctf_match(rows=FIELD, seats=6)
    t.red, t.blue = t.p[:3], t.p[3:]
    t.call("place_flags")
    t.flag = {f.def_id: f for f in t.zone("flags")}
    return t


@pytest.mark.rules("DOOMX-145")
def test_the_flag_taken_from_the_enemy_base_leaves_its_space(ctf_match):
    t = field(ctf_match)
    b = t.blue[0]
    red = t.flag["red_flag"]
    assert t.xy(t.get(red, "space")) == (2, 2)
    t.put(b, 4, 4)
    t.declare(b, "advance")
    t.move(b, 2, 3)                                    # the base's other space
    assert (t.get(red, "carrier"), t.get(red, "space")) == (b, -1)
    assert t.said("takes the") == ["m4 takes the Red flag"]


@pytest.mark.rules("DOOMX-150")
def test_a_dropped_flag_carried_on_by_the_enemy_team_leaves_the_space_where_it_lay(ctf_match):
    t = field(ctf_match)
    b, c = t.blue[:2]
    red = t.flag["red_flag"]
    t.put(b, 5, 3)
    t.set(red, "carrier", b)
    t.set(red, "space", -1)
    t.call("dm_frag", b, t.red[0], True)
    assert t.xy(t.get(red, "space")) == (5, 3)
    t.put(c, 6, 4)
    t.declare(c, "advance")
    t.move(c, 5, 3)
    assert (t.get(red, "carrier"), t.get(red, "space")) == (c, -1)


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
    assert t.where(t.a) == (1, 1) and t.get(t.b, "out") is True
    assert t.said("telefrags") == ["m1 comes back on m2 and telefrags him (no frag marker)"]


@pytest.mark.rules("DOOMX-125")
def test_a_move_with_the_key_keeps_the_rules_of_a_move(match):
    t = key_in_hand(match, "advance")
    assert t.get(t.a, "moves_left") == 3 and t.get(t.a, "moved") is True
    assert "a move goes to another space" in t.refused("dm_move", t.a, t.s(3, 1))
    assert "cannot end a move there" in t.refused("dm_move", t.a, t.s(0, 0))
    assert "cannot end a move there" in t.refused("dm_move", t.a, t.s(7, 1))      # 4 spaces away, 3 left
    t.move(t.a, 6, 1)
    assert t.where(t.a) == (6, 1) and t.get(t.a, "moves_left") == 0
    assert "no movement is left" in t.refused("dm_move", t.a, t.s(5, 1))


@pytest.mark.rules("DOOMX-125")
def test_a_marine_with_the_key_declares_his_action_before_moving(match):
    t = key_in_hand(match, "advance")
    t.set(t.a, "chosen", "")
    assert "declare one of the four actions" in t.refused("dm_move", t.a, t.s(4, 1))
    t.set(t.a, "chosen", "advance")
    t.set(t.a, "moved", False)
    t.move(t.a, 4, 1)
    assert t.get(t.a, "moved") is True
