"""Deathmatch equipment: the item pool, medical tokens, Invisibility and the Vitality Booster
(DOOMX-079 ... DOOMX-089, DOOMX-094 ... DOOMX-097, DOOMX-109 ... DOOMX-111, DOOMX-165, DOOMX-166)."""

import pytest

import rulecraft
from rulecraft import FirstLegalAgent


@pytest.mark.rules("DOOMX-079")
def test_invisibility_goes_into_the_bin_full_colour_side_up_at_once(two):
    t = two
    t.put(t.a, 6, 3)
    t.declare(t.a, "advance")
    t.move(t.a, 7, 3)
    b = t.bin(t.a)
    assert (t.get(b, "invisible"), t.get(b, "invisible_new")) == (2, True)
    assert [e.def_id for e in t.zone("carried", t.a)] == ["invisibility"]


@pytest.mark.rules("DOOMX-080")
def test_an_invisible_marine_cannot_be_attacked(two):
    t = two
    t.put(t.a, 1, 1)
    t.put(t.b, 4, 1)
    t.set(t.bin(t.b), "invisible", 2)
    t.declare(t.a, "unload")
    assert "invisible" in t.refused("attack", t.a, t.s(4, 1), "pistol")
    t.set(t.bin(t.b), "invisible", 0)
    t.pistol({"range": 2, "damage": 1}, {"range": 2, "damage": 1})
    assert t.act("attack", t.a, t.s(4, 1), "pistol") == 1


@pytest.mark.rules("DOOMX-081")
def test_a_blast_does_not_touch_an_invisible_marine(match):
    t = match(seats=3)
    a, b, c = t.p
    t.put(a, 1, 1)
    t.put(b, 4, 2)
    t.put(c, 5, 2)
    t.set(t.bin(b), "invisible", 1)
    t.declare(a, "unload")
    t.grenade({"range": 1, "damage": 3}, {"range": 2, "damage": 1})   # range 3, damage 4
    assert t.act("attack", a, t.s(4, 1), "grenade") == 2                    # 4 // armor 2, on c only
    assert (t.get(t.bin(b), "wounds"), t.get(t.bin(c), "wounds")) == (5, 3)
    assert t.said("invisible: the blast does not touch him")


@pytest.mark.rules("DOOMX-082", "DOOMX-122")
def test_an_invisible_marine_is_still_hurt_by_what_is_no_attack(two):
    t = two
    t.put(t.b, 1, 3)                                   # the only re-entry point numbered 2
    t.set(t.bin(t.b), "invisible", 2)
    t.set(t.a, "out", True)
    t.force("green", t.face("green", range=2, damage=1))
    t.call("dm_reenter", t.a)
    assert t.where(t.a) == (1, 3)
    assert t.get(t.b, "out") is True
    assert (t.get(t.a, "frag_markers"), t.get(t.b, "frag_markers")) == (0, 0)   # no point for it


@pytest.mark.rules("DOOMX-083", "DOOMX-084")
def test_invisibility_fades_after_the_next_turn_and_goes_after_the_one_after(two):
    t = two
    t.put(t.a, 6, 3)
    t.declare(t.a, "advance")
    t.move(t.a, 7, 3)                                  # turn N
    b = t.bin(t.a)
    seen = []
    for _ in range(3):                                 # the ends of turns N, N+1, N+2
        t.call("invisibility_fades", t.a)
        seen.append(t.get(b, "invisible"))
    assert seen == [2, 1, 0]
    assert t.zone("carried", t.a) == []
    assert len(t.tokens("invisibility")) == 2


@pytest.mark.rules("DOOMX-085")
def test_a_fragged_marine_gives_up_invisibility_at_once(two):
    t = two
    t.put(t.a, 6, 3)
    t.put(t.b, 1, 1)
    t.declare(t.a, "advance")
    t.move(t.a, 7, 3)
    t.call("dm_frag", t.a, t.b, True)
    assert t.get(t.bin(t.a), "invisible") == 0
    assert t.zone("carried", t.a) == []
    assert len(t.tokens("invisibility")) == 2


@pytest.mark.rules("DOOMX-086", "DOOMX-087", "DOOMX-088")
def test_the_vitality_booster_raises_the_maximum_by_two_and_heals_fully(two):
    t = two
    t.put(t.a, 6, 4)
    b = t.bin(t.a)
    t.set(b, "wounds", 2)
    t.declare(t.a, "advance")
    t.move(t.a, 7, 4)
    assert t.get(b, "booster") is True                 # it lies beside the bin
    assert (t.get(b, "max_wounds"), t.get(b, "wounds")) == (7, 7)


@pytest.mark.rules("DOOMX-089")
def test_the_next_frag_discards_the_booster_and_the_maximum_returns_to_normal(two):
    t = two
    t.put(t.a, 6, 4)
    t.declare(t.a, "advance")
    t.move(t.a, 7, 4)
    t.call("dm_frag", t.a, t.b, True)
    b = t.bin(t.a)
    assert (t.get(b, "booster"), t.get(b, "max_wounds")) == (False, 5)
    t.force("green", t.face("green", range=1, damage=1))
    t.call("dm_reenter", t.a)
    assert t.get(b, "wounds") == 5


@pytest.mark.rules("DOOMX-094")
def test_the_pool_holds_three_copies_with_up_to_four_players_and_four_with_five_or_six(match):
    assert [match(seats=n).call("pool_copies", n) for n in (2, 4, 5, 6)] == [3, 3, 4, 4]
    assert len(match(seats=4).tokens("shotgun_item")) + 1 == 3     # one of the 3 lies on the map
    assert len(match(seats=5).tokens("shotgun_item")) + 1 == 4


@pytest.mark.rules("DOOMX-095")
def test_items_lying_on_the_map_are_taken_from_the_pool(match):
    t = match(rows=["#########", "#1.s.s.2#", "#3..c...#", "#########"])
    assert t.on_map("shotgun_item") == [(3, 1), (5, 1)]
    assert (len(t.tokens("shotgun_item")), len(t.tokens("chaingun_item"))) == (1, 2)
    assert t.tokens("plasma_item") == []               # the map needs no plasma gun


@pytest.mark.rules("DOOMX-096")
def test_medical_tokens_and_keys_do_not_go_into_the_pool(match):
    t = match(rows=["#########", "#1.+.k.2#", "#3......#", "#########"])
    assert t.on_map("medical_token") == [(3, 1)]
    assert t.on_map("security_key") == [(5, 1)]
    assert t.zone("item_pool") == []


@pytest.mark.rules("DOOMX-097")
def test_the_map_is_built_with_everything_face_up(match):
    t = match()
    tokens = t.zone("map_items")
    assert {e.def_id for e in tokens} == {"shotgun_item", "medical_token", "invisibility", "vitality_booster"}
    assert all(not e.face_down for e in tokens)
    assert all(t.game.knows(p, e) for p in t.p for e in tokens)
    assert t.log("board")[0]["board"] == "map"
    assert not [e for e in t.log("hide")]


@pytest.mark.rules("DOOMX-109")
def test_a_marine_takes_a_copy_from_the_pool_and_the_map_token_stays(two):
    t = two
    t.put(t.a, 4, 1)
    t.put(t.b, 6, 2)
    t.declare(t.a, "advance")
    t.move(t.a, 5, 1)
    assert "shotgun" in t.get(t.bin(t.a), "weapons")
    assert t.on_map("shotgun_item") == [(5, 1)]
    assert len(t.tokens("shotgun_item")) == 1
    t.move(t.a, 5, 3)
    t.game.things.remove(t.tokens("shotgun_item"))           # the pool runs dry
    t.declare(t.b, "advance")
    t.move(t.b, 5, 1)
    assert "shotgun" not in t.get(t.bin(t.b), "weapons")
    assert t.zone("carried", t.b) == []
    assert t.said("no Shotgun is left in the item pool")


@pytest.mark.rules("DOOMX-110")
def test_no_marine_holds_two_tokens_of_one_type(two):
    t = two
    t.put(t.a, 4, 1)
    t.declare(t.a, "sprint")
    t.move(t.a, 5, 1)
    t.move(t.a, 4, 1)
    t.move(t.a, 5, 1)
    assert t.get(t.bin(t.a), "weapons").count("shotgun") == 1
    assert len(t.tokens("shotgun_item", "carried", t.a)) == 1
    assert len(t.tokens("shotgun_item")) == 1
    assert t.said("has a Shotgun already")


@pytest.mark.rules("DOOMX-111")
def test_a_medical_token_heals_a_marine_fully_when_he_enters_its_space(two):
    t = two
    t.put(t.a, 2, 2)
    t.set(t.bin(t.a), "wounds", 1)
    t.declare(t.a, "advance")
    t.move(t.a, 5, 2)
    assert t.get(t.bin(t.a), "wounds") == 5
    assert t.on_map("medical_token") == [(5, 2)]       # the token stays


@pytest.mark.rules("DOOMX-111")
def test_a_medical_token_heals_a_marine_who_only_passes_over_its_space(match):
    gap = ["############",
           "#1...#.....#",
           "#....+.....#",                             # the only way past column 5 near row 2
           "#2...#.i...#",
           "#......v..3#",
           "############"]
    t = match(rows=gap)
    t.a = t.p[0]
    t.put(t.a, 4, 2)
    t.set(t.bin(t.a), "wounds", 1)
    t.declare(t.a, "advance")
    t.move(t.a, 6, 2)                                  # through (5, 2), ending beyond it
    assert t.where(t.a) == (6, 2)
    assert t.get(t.bin(t.a), "wounds") == 5
    assert len(t.said("fully healed by the medical token")) == 1


@pytest.mark.rules("DOOMX-165")
def test_invisibility_and_the_vitality_booster_exist_only_in_deathmatch_and_ctf(dm, ctf):
    base = rulecraft.load("doom")
    assert "invisibility" not in base.definitions
    assert "vitality_booster" not in base.definitions
    for rules in (dm, ctf):
        assert {"invisibility", "vitality_booster"} <= set(rules.definitions)
    game = rulecraft.new_game(dm, seed=2, scenario="deathmatch")
    assert {e.def_id for e in game.zone("map_items").items} & {"invisibility", "vitality_booster"}


@pytest.mark.rules("DOOMX-166")
def test_the_soulcube_is_never_a_deathmatch_item(dm):
    for seed in (1, 2, 3):
        game = rulecraft.new_game(dm, seed=seed, scenario="deathmatch")
        items = game.zone("item_pool").items + game.zone("map_items").items
        assert items
        assert not [e for e in items if "soul" in e.def_id]
    assert not [d for d in dm.definitions if "soul" in d]


@pytest.mark.rules("DOOMX-097")
def test_every_token_on_the_map_is_turned_face_up_for_all(match):
    t = match()
    tokens = t.zone("map_items")
    shown = [(e["thing"], e["shows"]) for e in t.log("reveal")]
    assert sorted(shown) == sorted((e.ref, e.def_id) for e in tokens)
    assert len(tokens) == 4
    assert all(sorted(e.seen_by) == sorted(p.id for p in t.p) for e in tokens)


@pytest.mark.rules("DOOMX-106")
def test_the_timer_logs_the_cards_discarded_and_left(two):
    t = two
    t.call("dm_start_timer")
    t.call("dm_timer")
    assert t.said("the timer: ") == ["the timer: 2 cards are discarded (14 left)"]
    assert len(t.zone("invader_deck")) == 14


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
    assert t.get(t.bin(t.a), "wounds") == 5


@pytest.mark.rules("DOOMX-191")
def test_without_a_timer_the_reshuffle_is_logged():
    rules = rulecraft.load("doom/deathmatch", ["doom/variants/no-timer"])
    game = rulecraft.new_game(rules, seed=1, scenario="deathmatch", agents=[FirstLegalAgent()] * 4)
    game.things.move(game.zone("invader_deck").items[1:], game.zone("invader_discard"))
    game.call("scatter_card")
    texts = [e["text"] for e in game.log if e["what"] == "log"]
    assert "the scatter attack took the last card: the discards are shuffled into a new draw pile" in texts
    assert game.zone("invader_discard").items == []
