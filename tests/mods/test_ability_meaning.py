"""An ability's meaning declared with it: step hooks that run where the thing has the ability
(a `require` in one is a check), and modifiers of the properties of every thing that has it."""

import pytest

import rulecraft
from rulecraft.compiler.loader import load
from tests.support.folders import write

BASE = '''game "arena" "Arena"
kind unit { hp: int = 3, speed: int = 2, abilities: list<ability> = [] }
kind rock { weight: int = 1 }
assume swift_bonus: int = 1 "how much faster a swift unit is"
ability tough(extra: int = 1) "Tough" {
  after step hurt in strike for u = target {
    log "{u} shrugs off {extra}"
    u.hp += extra
  }
  modify speed -= extra
}
ability swift "Swift" { modify speed += swift_bonus }
ability rooted "Rooted" {
  before step go in walk for u = mover { require false else "a rooted unit does not walk" }
}
unit ogre "Ogre" { abilities: [tough(2)] }
unit troll "Troll" { abilities: [tough] }
unit imp "Imp" { abilities: [swift] }
unit tree "Tree" { abilities: [rooted] }
rock boulder "Boulder" { }
fn strike(target: any) {
  step hurt {
    if target is unit { let t = target as unit  t.hp -= 2 }
  }
}
fn walk(mover: unit) -> int {
  step go { return mover.speed }
}
fn swift_thing(x: any) -> bool { return x has swift }
'''


@pytest.fixture
def arena(tmp_path):
    return write(tmp_path / "arena", BASE)


def test_a_step_hook_runs_only_for_a_thing_that_has_the_ability_with_its_arguments(arena):
    game = rulecraft.Game(load(arena))
    ogre, troll, imp, boulder = (game.create(d) for d in ("ogre", "troll", "imp", "boulder"))
    for target in (ogre, troll, imp, boulder):
        game.call("strike", target)
    assert [ogre.props["hp"], troll.props["hp"], imp.props["hp"]] == [3, 2, 1]
    assert [e["text"] for e in game.log if e["what"] == "log"] == ["Ogre shrugs off 2", "Troll shrugs off 1"]


def test_a_require_in_a_before_hook_is_a_check(arena):
    game = rulecraft.Game(load(arena))
    assert game.call("walk", game.create("imp")) == 3
    with pytest.raises(rulecraft.IllegalAction, match="a rooted unit does not walk"):
        game.call("walk", game.create("tree"))


def test_a_modifier_changes_the_property_while_the_thing_has_the_ability(arena):
    game = rulecraft.Game(load(arena))
    ogre, imp = game.create("ogre"), game.create("imp")
    assert [game.get(ogre, "speed"), game.get(imp, "speed")] == [0, 3]
    game.set(imp, "abilities", [])
    assert game.get(imp, "speed") == 2
    game.set(imp, "abilities", ["swift", "tough"])  # the imp's definition gives tough no argument: 1
    game.set(ogre, "abilities", ["swift", "tough"])  # the ogre's gives it 2
    assert [game.get(imp, "speed"), game.get(ogre, "speed")] == [2 + 1 - 1, 2 + 1 - 2]
    assert ogre.props["speed"] == 2  # the stored value is unchanged


def test_an_ability_modifier_applies_before_a_modify_statement(tmp_path):
    folder = write(tmp_path / "order", BASE + '''
fn slowed(u: unit) -> int {
  modify u.speed = 1 this turn
  return u.speed
}
''')
    game = rulecraft.Game(load(folder))
    assert game.call("slowed", game.create("imp")) == 1  # `=` replaces the swift unit's 3


def test_a_modifier_reads_the_assumption_users_set(arena):
    game = rulecraft.Game(load(arena), assumptions={"swift_bonus": 4})
    assert game.get(game.create("imp"), "speed") == 6


def test_has_is_false_for_none_and_for_things_without_abilities(arena):
    game = rulecraft.Game(load(arena))
    assert [game.call("swift_thing", x) for x in (None, game.create("boulder"), game.create("imp"))] == \
        [False, False, True]


def test_a_mod_gives_an_ability_a_meaning_in_a_base_procedure_and_a_patch_takes_it_away(tmp_path, arena):
    mod = write(tmp_path / "spiky", 'mod "arena/spiky" "Spiky" extends "arena"\n'
                                    'ability spiky "Spiky" {\n'
                                    '  after step hurt in strike for u = target { u.hp -= 1 }\n'
                                    '}\n'
                                    'patch imp { abilities += [spiky] }\n')
    game = rulecraft.Game(load(arena, [mod]))
    imp = game.create("imp")
    game.call("strike", imp)
    assert imp.props["hp"] == 0
    unpatched = write(tmp_path / "unspiky", 'mod "arena/unspiky" "Unspiky" extends "arena/spiky" overrides "arena/spiky"\n'
                                            'patch imp { abilities -= [spiky] }\n')
    game = rulecraft.Game(load(arena, [mod, unpatched]))
    imp = game.create("imp")
    game.call("strike", imp)
    assert imp.props["hp"] == 1


def test_has_asks_a_definition_as_printed_and_is_false_for_one_without_abilities(arena):
    game = rulecraft.Game(load(arena))
    assert [game.call("swift_thing", d) for d in ("imp", "ogre", "boulder")] == [True, False, False]
