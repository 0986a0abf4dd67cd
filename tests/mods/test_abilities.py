"""Declared abilities: named once, attached by checked name, asked with `has`, patched by mods."""

import pytest

import rulecraft
from rulecraft.compiler.loader import load
from tests.support.folders import arena_mod, write

BASE = '''game "arena" "Arena"
ability fly "Fly"
ability pierce "Pierce"
kind unit { hp: int = 1, abilities: list<ability> = [] }
unit bat "Bat" { abilities: [fly] }
unit spear "Spear" { abilities: [pierce] }
kind player { score: int = 0 }
fn flies(u: unit) -> bool { return u has fly }
fn pierces(u: unit) -> bool { return u has pierce }
'''


@pytest.fixture
def arena(tmp_path):
    return write(tmp_path / "arena", BASE)


def test_has_asks_the_definitions_declared_abilities(arena):
    game = rulecraft.Game(load(arena))
    bat, spear = game.create("bat"), game.create("spear")
    assert [game.call("flies", bat), game.call("pierces", bat)] == [True, False]
    assert [game.call("flies", spear), game.call("pierces", spear)] == [False, True]


def test_a_mod_declares_an_ability_and_moves_abilities_between_definitions(tmp_path, arena):
    m = arena_mod(tmp_path, "swap", 'ability burrow "Burrow"\n'
                              'patch bat { abilities -= [fly], abilities += [burrow] }\n'
                              'patch spear { abilities += [fly] }\n'
                              'fn burrows(u: unit) -> bool { return u has burrow }\n')
    game = rulecraft.Game(load(arena, [m]))
    bat, spear = game.create("bat"), game.create("spear")
    assert [game.call("flies", bat), game.call("burrows", bat)] == [False, True]
    assert [game.call("flies", spear), game.call("pierces", spear)] == [True, True]


def test_a_misspelt_ability_does_not_compile(tmp_path, arena):
    m = arena_mod(tmp_path, "typo", 'patch bat { abilities += [fyl] }\n')
    with pytest.raises(rulecraft.CompileError) as info:
        load(arena, [m])
    [d] = info.value.diagnostics
    assert d.code == "E0120"
    assert "unknown ability `fyl`" in d.message
    assert "did you mean `fly`?" in (d.help or "")
