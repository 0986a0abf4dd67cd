"""Deathmatch items, orders, vaults and the timer, by exact outcome: what `rulecraft mutate`
showed the other tests let pass."""

import pytest

import rulecraft
from rulecraft import FirstLegalAgent
from rulecraft.runtime import grid
from tests.rulesets.doom_modes.test_dm_vaults import VAULT


def attackers(t):
    return [e["args"][0] for e in t.log("event") if e["event"] == "attacked"]


@pytest.mark.rules("DOOMX-096")
def test_a_key_sent_back_returns_to_the_space_where_it_lay(match):
    t = match(rows=VAULT)
    a, b = t.p
    t.put(a, 2, 1)
    t.put(b, 8, 1)
    t.declare(a, "sprint")
    t.move(a, 3, 1)
    t.move(a, 6, 1)
    t.call("dm_frag", a, b, True)
    assert t.on_map("security_key") == [(3, 1)]
    assert t.said("the security key returns to its place")


@pytest.mark.rules("DOOMX-106")
def test_the_timer_logs_the_cards_discarded_and_left(two):
    t = two
    t.call("dm_start_timer")
    t.call("dm_timer")
    assert t.said("the timer: ") == ["the timer: 2 cards are discarded (14 left)"]


@pytest.mark.rules("DOOMX-107")
def test_restoring_a_marine_empties_his_ammunition(two):
    t = two
    b = t.bin(t.a)
    for k in ("bullets", "rockets", "cells"):
        t.set(b, k, 3)
    t.call("dm_restore", t.a)
    assert [t.get(b, k) for k in ("bullets", "rockets", "cells")] == [0, 0, 0]


@pytest.mark.rules("DOOMX-111")
def test_a_move_that_misses_the_medical_token_heals_nothing(two):
    t = two
    t.put(t.a, 2, 1)
    t.set(t.bin(t.a), "wounds", 1)
    t.declare(t.a, "advance")
    t.move(t.a, 3, 1)
    assert t.get(t.bin(t.a), "wounds") == 1
    assert not t.said("fully healed")


@pytest.mark.rules("DOOMX-111")
def test_the_medical_token_heal_is_logged(two):
    t = two
    t.put(t.a, 2, 2)
    t.set(t.bin(t.a), "wounds", 1)
    t.declare(t.a, "advance")
    t.move(t.a, 5, 2)
    assert t.said("fully healed") == ["m1 is fully healed by the medical token"]


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
    t, a, b = guard_table(match, [])
    t.move(a, 4, 2)
    assert attackers(t) == []
    assert not [e for e in t.log("choice") if e["prompt"].startswith("use the guard order")]


@pytest.mark.rules("DOOMX-123")
def test_the_vault_is_part_of_the_board_and_a_key_holder_enters_it(match):
    t = match(rows=VAULT)
    a, b = t.p
    t.put(a, 2, 1)
    t.put(b, 8, 1)
    assert grid.grid_area_open(t.game, "map", "vault")
    t.declare(a, "sprint")
    t.move(a, 3, 1)
    t.move(a, 4, 4)
    assert t.where(a) == (4, 4)


@pytest.mark.rules("DOOMX-127")
def test_a_marine_shut_in_the_vault_is_told_so(match):
    t = match(rows=VAULT)
    a, b = t.p
    t.put(a, 2, 1)
    t.put(b, 8, 1)
    t.declare(a, "sprint")
    t.move(a, 3, 1)
    t.move(a, 5, 4)
    t.call("key_returns", a)
    assert t.said("shut in the vault") == ["m1 is shut in the vault"]


@pytest.mark.rules("DOOMX-191")
def test_without_a_timer_the_reshuffle_is_logged():
    rules = rulecraft.load("doom/deathmatch", ["doom/variants/no-timer"])
    game = rulecraft.new_game(rules, seed=1, scenario="deathmatch", agents=[FirstLegalAgent()] * 4)
    game.things.move(game.zone("invader_deck").items[1:], game.zone("invader_discard"))
    game.call("scatter_card")
    texts = [e["text"] for e in game.log if e["what"] == "log"]
    assert "the scatter attack took the last card: the discards are shuffled into a new draw pile" in texts
