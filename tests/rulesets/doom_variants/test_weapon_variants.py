"""Super Shotgun (DOOMX-182), Tireless Pistols (DOOMX-183) and Locked and Loaded (DOOMX-181)."""

import pytest

import rulecraft
from rulecraft.runtime import grid


@pytest.mark.rules("DOOMX-182")
def test_super_shotgun_gives_every_shotgun_knockback_instead_of_pierce(variants):
    assert rulecraft.load("doom").definitions["shotgun"].props["abilities"] == ["pierce"]
    assert variants("super-shotgun").definitions["shotgun"].props["abilities"] == ["knockback"]


def shotgun_hit(t):
    """m1 at (2,2) fires the shotgun at an imp at (4,2): range 4 (2 needed), 1 damage; the imp lives."""
    m = t.marines[0]
    t.marine(m, 2, 2)
    imp = t.invader_at("imp", 4, 2)
    t.set(t.bin(m), "weapons", ["shotgun"])
    t.act("declare_action", m, "advance")
    t.force("red", t.face("red", range=2, damage=1))
    t.force("yellow", t.face("yellow", range=2, damage=0))
    t.act("attack", m, t.s(4, 2), "shotgun")
    return imp


@pytest.mark.rules("DOOMX-182")
def test_a_super_shotgun_hit_pushes_the_target_one_space_away(table):
    t = table("super-shotgun")
    imp = shotgun_hit(t)
    assert t.get(imp, "wounded") == 1
    assert t.where(imp) == (5, 2)
    assert "knockback pushes Imp 1 spaces" in t.texts()


def test_without_the_variant_the_shotgun_pushes_nobody(table):
    t = table()
    imp = shotgun_hit(t)
    assert t.get(imp, "wounded") == 1
    assert t.where(imp) == (4, 2)


@pytest.mark.rules("DOOMX-182")
def test_a_wall_stops_the_knockback(table):
    t = table("super-shotgun")
    m = t.marines[0]
    t.marine(m, 6, 2)
    imp = t.invader_at("imp", 8, 2)            # (9, 2) is the wall
    t.set(t.bin(m), "weapons", ["shotgun"])
    t.act("declare_action", m, "advance")
    t.force("red", t.face("red", range=2, damage=1))
    t.force("yellow", t.face("yellow", range=2, damage=0))
    t.act("attack", m, t.s(8, 2), "shotgun")
    assert t.where(imp) == (8, 2)
    assert "knockback pushes Imp 0 spaces" in t.texts()


@pytest.mark.rules("DOOMX-182")
def test_other_weapons_do_not_knock_back(table):
    t = table("super-shotgun")
    m = t.marines[0]
    t.marine(m, 2, 2)
    imp = t.invader_at("imp", 4, 2)
    t.act("declare_action", m, "advance")
    t.force("yellow", t.face("yellow", range=2, damage=0))
    t.force("green", t.face("green", range=2, damage=1))
    t.act("attack", m, t.s(4, 2), "pistol")
    assert t.get(imp, "wounded") == 1
    assert t.where(imp) == (4, 2)


def fire_pistol_with_ammo_icons(t, bullets):
    m = t.marines[0]
    t.marine(m, 2, 2)
    t.invader_at("imp", 4, 2)
    t.set(t.bin(m), "bullets", bullets)
    t.act("declare_action", m, "advance")
    t.force("yellow", t.face("yellow", ammo=True))
    t.force("green", t.face("green", ammo=True))
    t.act("attack", m, t.s(4, 2), "pistol")
    return t.get(t.bin(m), "bullets")


@pytest.mark.rules("DOOMX-183")
def test_tireless_pistols_fire_without_bullets(table, variants):
    plain = table()
    m = plain.marines[0]
    plain.marine(m, 2, 2)
    plain.invader_at("imp", 4, 2)
    plain.set(plain.bin(m), "bullets", 0)
    plain.act("declare_action", m, "advance")
    assert "no ammo" in plain.refused("attack", m, plain.s(4, 2), "pistol")
    assert fire_pistol_with_ammo_icons(table("tireless-pistols"), 0) == 0
    assert variants("tireless-pistols").definitions["pistol"].props["ammo"] == "ammo_free"


@pytest.mark.rules("DOOMX-183")
def test_a_tireless_pistol_spends_no_ammo_on_an_ammo_icon(table):
    assert fire_pistol_with_ammo_icons(table(), 3) == 2                  # the base game spends one token
    tireless = table("tireless-pistols")
    assert fire_pistol_with_ammo_icons(tireless, 3) == 3
    assert "DOOMX-183" in tireless.game.history.touched  # the patched pistol's data was read


def open_store(game):
    game.emit("door_opened", (grid.grid_space(game, "map", 2, 4),))
    return grid.grid_marked(game, "map", "shotgun")[0]


@pytest.mark.rules("DOOMX-181")
def test_locked_and_loaded_puts_a_bullets_token_with_the_shotgun(knee_deep):
    game = knee_deep("locked-and-loaded")
    assert game.select("loaded_ammo") == []
    space = open_store(game)
    (token,) = game.select("loaded_ammo")
    assert (game.get(token, "space"), game.get(token, "ammo"), game.get(token, "amount")) == (space, "bullets", 2)


@pytest.mark.rules("DOOMX-181")
def test_a_marine_ending_his_move_there_takes_the_ammo(knee_deep):
    game = knee_deep("locked-and-loaded")
    space = open_store(game)
    p = next(p for p in game.players if game.get(p, "role") == "marine")
    b = game.call("bin_of", p)
    before = game.get(b, "bullets")
    game.emit("marine_moved", (p, space, [space]))
    assert game.get(b, "bullets") == before + 2
    assert game.select("loaded_ammo") == []
    assert game.get(b, "weapons") == ["shotgun"]


@pytest.mark.rules("DOOMX-181", "DOOMX-183")
def test_no_token_comes_with_a_weapon_of_unlimited_ammo(knee_deep):
    loaded = knee_deep("locked-and-loaded")
    both = knee_deep("locked-and-loaded", "tireless-pistols")
    for game in (loaded, both):
        t = game.things.spawn("shotgun_pickup", gives=["pistol"], space=3)
        game.emit("equipment_placed", (t,))
    assert [loaded.get(a, "ammo") for a in loaded.select("loaded_ammo")] == ["bullets"]
    assert both.select("loaded_ammo") == []


def test_the_variants_load_by_their_ids():
    v = "doom/variants/"
    rules = rulecraft.load("doom", [v + "super-shotgun", v + "tireless-pistols", v + "locked-and-loaded"])
    assert rules.mods == ("doom/variants/super-shotgun", "doom/variants/tireless-pistols", "doom/variants/locked-and-loaded")
