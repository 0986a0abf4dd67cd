"""Abilities that carry their meaning: an ability's triggers fire for each thing that has it."""

import pytest

import rulecraft
from rulecraft.compiler.loader import load
from tests.support.folders import arena_mod, write

BASE = '''game "arena" "Arena"
event struck(amount: int)
event tick()
ability regenerate "Regenerate" {
  on tick { this.hp = this.hp + 1 }
}
ability thorns "Thorns" {
  on struck when amount > 1 order 5 { log "{this} pricks back" this.hp = this.hp + 10 }
}
kind unit { hp: int = 1, abilities: list<ability> = [] }
kind rock { hp: int = 0 }
unit troll "Troll" { abilities: [regenerate] }
unit briar "Briar" { abilities: [thorns, regenerate] }
unit grunt "Grunt" { }
rock stone "Stone" { }
fn lose(u: unit, a: ability) { u.abilities -= [a] }
'''


@pytest.fixture
def arena(tmp_path):
    return write(tmp_path / "arena", BASE)


def hp(game, *things):
    return [game.get(t, "hp") for t in things]


def test_an_abilitys_trigger_fires_for_the_things_that_have_it_only(arena):
    game = rulecraft.Game(load(arena))
    troll, briar, grunt = game.create("troll"), game.create("briar"), game.create("grunt")
    game.create("stone")
    game.emit("tick")
    assert hp(game, troll, briar, grunt) == [2, 2, 1]
    game.emit("struck", (1,))  # its `when` still applies
    assert hp(game, troll, briar, grunt) == [2, 2, 1]
    game.emit("struck", (3,))
    assert hp(game, troll, briar, grunt) == [2, 12, 1]


def test_a_mod_that_removes_the_ability_removes_the_behaviour(tmp_path, arena):
    m = arena_mod(tmp_path, "tame", 'patch troll { abilities -= [regenerate] }\npatch grunt { abilities += [thorns] }\n')
    game = rulecraft.Game(load(arena, [m]))
    troll, grunt = game.create("troll"), game.create("grunt")
    game.emit("tick")
    game.emit("struck", (2,))
    assert hp(game, troll, grunt) == [1, 11]


def test_a_thing_that_loses_the_ability_in_play_stops_doing_it(arena):
    game = rulecraft.Game(load(arena))
    troll = game.create("troll")
    game.emit("tick")
    game.call("lose", troll, "regenerate")
    game.emit("tick")
    assert hp(game, troll) == [2]


def test_an_abilitys_trigger_body_is_checked(tmp_path):
    bad = BASE.replace("on tick { this.hp = this.hp + 1 }", "on tick { this.hp = this.hq + 1 }")
    with pytest.raises(rulecraft.CompileError) as info:
        load(write(tmp_path / "bad", bad))
    [d] = info.value.diagnostics  # once, though troll and briar both have the ability
    assert (d.code, d.line, d.message) == ("E0103", 5, "unit has no property `hq`")


PARAMS = '''game "arena" "Arena"
event struck(amount: int)
ability armour_piercing(n: int = 1) "Armour Piercing" {
  on struck { this.hp = this.hp + param_of(this, armour_piercing, n) }
}
kind unit { hp: int = 0, abilities: list<ability> = [] }
unit spear "Spear" { abilities: [armour_piercing(3)] }
unit pike "Pike" { abilities: [armour_piercing] }
unit club "Club" { }
fn pierce(u: unit) -> int { return param_of(u, armour_piercing, n) }
fn pierces(u: unit) -> bool { return u has armour_piercing }
'''


def test_an_ability_given_arguments_is_read_with_param_of(tmp_path):
    game = rulecraft.Game(load(write(tmp_path / "params", PARAMS)))
    spear, pike, club = game.create("spear"), game.create("pike"), game.create("club")
    assert [game.call("pierce", u) for u in (spear, pike, club)] == [3, 1, 1]  # else the default
    assert [game.call("pierces", u) for u in (spear, pike, club)] == [True, True, False]
    game.emit("struck", (1,))
    assert hp(game, spear, pike, club) == [3, 1, 0]


def test_a_mod_gives_new_arguments_or_removes_the_ability(tmp_path):
    base = write(tmp_path / "arena", PARAMS)
    m = arena_mod(tmp_path, "rebalance", 'patch spear { abilities -= [armour_piercing] }\n'
                                   'patch pike { abilities -= [armour_piercing], abilities += [armour_piercing(5)] }\n')
    game = rulecraft.Game(load(base, [m]))
    spear, pike = game.create("spear"), game.create("pike")
    assert [game.call("pierces", spear), game.call("pierce", pike)] == [False, 5]
    game.emit("struck", (1,))
    assert hp(game, spear, pike) == [0, 5]
