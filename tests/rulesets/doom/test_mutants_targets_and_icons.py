"""Weapons and targets, by exact outcome: the BFG 9000 is a weapon a marine needs the token of
(DOOM-100); a weapon without a blast radius hits the one figure in the nominated space, one
with a blast every figure near it (DOOM-102, DOOM-103); every icon a weapon shows is listed
(DOOM-128)."""

import pytest

import rulecraft


@pytest.fixture
def duel(table):
    t = table
    t.m = t.marines[0]
    t.fig = t.marine(t.m, 1, 1)
    return t


@pytest.mark.rules("DOOM-100")
def test_the_bfg_needs_its_token_and_then_fires_its_own_dice(duel):
    t = duel
    imp = t.invader_at("imp", 6, 1)
    zombie = t.invader_at("zombie", 7, 2)
    t.declare(t.m, "unload")
    assert t.refused("attack", t.m, t.s(6, 1), "bfg").endswith("the marine has not acquired that weapon")
    t.set(t.bin(t.m), "weapons", ["bfg"])
    t.set(t.bin(t.m), "cells", 1)
    assert t.game.assume["bfg.dice"] == ["red", "red", "blue"]
    t.force("red", t.face("red", range=1, damage=3), t.face("red", range=1, damage=3))
    t.force("blue", t.face("blue", range=4, damage=1))
    t.act("attack", t.m, t.s(6, 1), "bfg")
    assert [e["die"] for e in t.log("roll")] == ["red", "red", "blue"]
    assert not t.on_board(imp) and not t.on_board(zombie)     # 7 damage each: both in the blast die
    assert t.get(t.bin(t.m), "cells") == 0                    # the blue face's ammo icon


@pytest.mark.rules("DOOM-102", "DOOM-103")
@pytest.mark.parametrize("weapon, wounded", [("pistol", [1, 0]), ("grenade", [1, 1])])
def test_only_a_blast_reaches_past_the_figure_in_the_nominated_space(duel, weapon, wounded):
    t = duel
    imp = t.invader_at("imp", 4, 1)
    beside = t.invader_at("imp", 4, 2)
    t.declare(t.m, "unload")
    if weapon == "pistol":
        t.force("yellow", t.face("yellow", range=2, damage=0))
        t.force("green", t.face("green", range=2, damage=1))
    else:
        t.force("red", t.face("red", range=2, damage=1))
        t.force("yellow", t.face("yellow", range=2, damage=0))
    t.act("attack", t.m, t.s(4, 1), weapon)
    assert [t.get(i, "wounded") for i in (imp, beside)] == wounded


ICONS = 'weapon marked "Marked" { accuracy: 1  deadly: 2  blast: 1 }\n'


@pytest.mark.rules("DOOM-128")
def test_a_weapon_shows_an_icon_for_each_of_its_abilities(tmp_path):
    mod = tmp_path / "icons"
    mod.mkdir()
    (mod / "main.rules").write_text('mod "doom/icons" "Icons" extends "doom" version "1.0"\n' + ICONS)
    game = rulecraft.Game(rulecraft.load("doom", [str(mod)]), seed=1, players=["inv", "m1"])
    assert game.call("ability_icons", "marked") == ["accuracy", "deadly", "blast"]
    assert game.call("ability_icons", "pistol") == []
