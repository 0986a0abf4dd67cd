"""Standardised Training (DOOMX-179), Locked and Loaded (DOOMX-181), Chainsaw Massacre
(DOOMX-192 ... 194) and Hail to the King, Baby! (DOOMX-195 ... 197)."""

import pytest

import rulecraft
from rulecraft.runtime import grid
from rulecraft.runtime.play import start


def tokens(t, p):
    b = t.bin(p)
    return {k: t.get(b, k) for k in ("bullets", "wounds", "armor")}


@pytest.mark.rules("DOOMX-179")
@pytest.mark.parametrize("marines", [1, 2, 3])
def test_standardised_training_equips_every_marine_as_in_a_two_marine_game(table, marines):
    t = table("standardised-training", marines=marines)
    t.game.call("deal_starting_cards")
    for p in t.marines:
        assert tokens(t, p) == {"bullets": 3, "wounds": 9, "armor": 2}
        assert len(t.cards(p)) == 3


def test_without_it_three_marines_get_the_three_marine_row(table):
    t = table(marines=3)
    t.game.call("deal_starting_cards")
    assert tokens(t, t.marines[0]) == {"bullets": 2, "wounds": 8, "armor": 2}
    assert len(t.cards(t.marines[0])) == 2


@pytest.mark.rules("DOOMX-179")
def test_a_fragged_marine_comes_back_with_the_two_marine_row(table):
    t = table("standardised-training", marines=3)
    m = t.marines[0]
    fig = t.marine(m, 1, 1)
    t.set(t.bin(m), "armor", 0)
    t.game.call("wound_marine", fig, 9)
    assert t.get(t.bin(m), "wounds") == 9
    assert t.get(t.bin(m), "armor") == 2


@pytest.mark.rules("DOOMX-192")
def test_chainsaw_massacre_gives_every_marine_a_chainsaw(table):
    t = table("chainsaw-massacre", marines=3)
    assert [t.get(t.bin(p), "weapons") for p in t.marines] == [["chainsaw"]] * 3
    plain = table(marines=3)
    assert [plain.get(plain.bin(p), "weapons") for p in plain.marines] == [[]] * 3


@pytest.mark.rules("DOOMX-193")
def test_the_starting_chainsaw_never_breaks(table):
    t = table("chainsaw-massacre")
    m = t.marines[0]
    t.game.call("lose_weapon", m, "chainsaw", "broken")
    assert t.get(t.bin(m), "weapons") == ["chainsaw"]
    assert f"{m.name} keeps the chainsaw: it never breaks" in t.texts()


@pytest.mark.rules("DOOMX-194")
def test_the_starting_chainsaw_is_never_lost_through_ammo_use(table):
    t = table("chainsaw-massacre")
    m = t.marines[0]
    t.game.call("lose_weapon", m, "chainsaw", "ammo")
    assert t.get(t.bin(m), "weapons") == ["chainsaw"]
    assert f"{m.name} keeps the chainsaw: it is never lost through ammo use" in t.texts()


@pytest.mark.rules("DOOMX-193")
def test_other_weapons_still_break_and_without_the_variant_the_chainsaw_too(table):
    t = table("chainsaw-massacre")
    m = t.marines[0]
    t.set(t.bin(m), "weapons", ["chainsaw", "shotgun"])
    t.game.call("lose_weapon", m, "shotgun", "broken")
    assert t.get(t.bin(m), "weapons") == ["chainsaw"]
    plain = table()
    p = plain.marines[0]
    plain.set(plain.bin(p), "weapons", ["chainsaw"])
    plain.game.call("lose_weapon", p, "chainsaw", "broken")
    assert plain.get(plain.bin(p), "weapons") == []


@pytest.mark.rules("DOOMX-195")
def test_hail_to_the_king_starts_every_marine_with_chainsaw_and_shotgun(table):
    t = table("hail-to-the-king", marines=3)
    assert [t.get(t.bin(p), "weapons") for p in t.marines] == [["chainsaw", "shotgun"]] * 3


@pytest.mark.rules("DOOMX-196")
def test_the_kings_weapons_are_indestructible(table):
    t = table("hail-to-the-king")
    m = t.marines[0]
    t.set(t.bin(m), "weapons", ["chainsaw", "shotgun", "plasma_gun"])
    for w in ("shotgun", "chainsaw", "plasma_gun"):
        t.game.call("lose_weapon", m, w, "broken")
    assert t.get(t.bin(m), "weapons") == ["chainsaw", "shotgun"]
    assert f"{m.name} keeps the shotgun: it is indestructible" in t.texts()


@pytest.mark.rules("DOOMX-197")
def test_the_kings_weapons_are_not_lost_through_ammo_use(table):
    t = table("hail-to-the-king")
    m = t.marines[0]
    t.game.call("lose_weapon", m, "shotgun", "ammo")
    assert t.get(t.bin(m), "weapons") == ["chainsaw", "shotgun"]
    assert f"{m.name} keeps the shotgun: it cannot be lost through ammo use" in t.texts()


@pytest.mark.rules("DOOMX-195")
def test_the_starting_shotgun_is_usable_at_once(table):
    t = table("hail-to-the-king")
    m = t.marines[0]
    t.marine(m, 2, 2)
    t.invader_at("imp", 3, 2)
    t.act("declare_action", m, "advance")
    assert [w for w in t.game.call("weapons_of", m)] == ["fist", "pistol", "grenade", "chainsaw", "shotgun"]


@pytest.mark.rules("DOOMX-192", "DOOMX-194", "DOOMX-195", "DOOMX-197")
@pytest.mark.parametrize(("variant", "kept"), [("chainsaw-massacre", ["chainsaw"]),
                                           ("hail-to-the-king", ["chainsaw", "shotgun"])])
def test_in_deathmatch_the_variant_weapons_are_given_and_survive_ammo_use(variant, kept):
    rules = rulecraft.load("doom/deathmatch", [f"doom/variants/{variant}"])
    game = start(rules, "deathmatch", seed=1)
    for p in game.players:
        assert game.get(game.call("bin_of", p), "weapons") == ["pistol", "grenade", *kept]
    p = game.players[0]
    for w in kept:
        game.call("lose_weapon", p, w, "ammo")
    game.call("lose_weapon", p, "pistol", "ammo")
    assert game.get(game.call("bin_of", p), "weapons") == ["grenade", *kept]


@pytest.mark.rules("DOOMX-181")
def test_the_locked_and_loaded_token_is_logged(knee_deep):
    game = knee_deep("locked-and-loaded")
    game.emit("door_opened", (grid.grid_space(game, "map", 2, 4),))
    assert "a bullets token lies with the shotgun" in [e["text"] for e in game.log if e["what"] == "log"]
    shotgun = next(p for p in game.select("pickup") if p.def_id == "shotgun_pickup")
    assert [(game.get(a, "ammo"), game.get(a, "space")) for a in game.select("loaded_ammo")] == [("bullets", game.get(shotgun, "space"))]
