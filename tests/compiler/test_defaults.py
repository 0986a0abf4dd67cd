"""A definition's own numbers (`wounds: 3 assumed "why"`) and a file's `defaults` blocks
(compiler/defaults.py): an inline assumption is an assumption like any `assume`, named
DEFINITION.PROPERTY; a default reaches the definitions after it that take the property.
The wrong inputs (E0308, E0309) are in corpus/inline_assumption.rules and corpus/defaults_unused.rules."""

import json

import rulecraft
from rulecraft.cli import main
from rulecraft.compiler.loader import check_source, load
from tests.support.folders import write

ARENA = '''game "arena" "Arena"
kind unit { hp: int = 1  side: text = ""  dice: list<die> = [] }
die d6 { faces 1..6 }
assume brute_hp: int = 4 "a brute's hit points, declared apart"
unit brute "Brute" { hp: brute_hp }
unit grunt "Grunt" {
  hp: 3 assumed "the rules give no number"
  dice: ["d6"] assumed "one die, a guess"
}
scenario duel { players: ["a"]  setup { create grunt } }
'''


def test_an_inline_assumption_is_listed_with_its_type_value_note_and_place():
    rules = rulecraft.compile_source(ARENA, "arena.rules")
    assert list(rules.assumptions) == ["brute_hp", "grunt.hp", "grunt.dice"]  # in source order
    hp = rules.assumptions["grunt.hp"]
    assert (str(hp.type), hp.value, hp.doc, hp.where) == ("int", 3, "the rules give no number", "arena.rules:7:3")
    assert (str(rules.assumptions["grunt.dice"].type), rules.assumptions["grunt.dice"].value) == ("list<die>", ["d6"])


def test_a_definition_reads_its_inline_assumption_and_a_setting_overrides_it():
    rules = rulecraft.compile_source(ARENA)
    assert rulecraft.Game(rules).create("grunt").props["hp"] == 3
    assert rulecraft.Game(rules, assumptions={"grunt.hp": 8}).create("grunt").props["hp"] == 8
    assert rulecraft.Game(rules, assumptions={"grunt.hp": 8}).create("brute").props["hp"] == 4


def test_the_command_line_lists_and_sets_an_inline_assumption(tmp_path, capsys):
    arena = write(tmp_path / "arena", ARENA)
    assert main(["assumptions", str(arena), "--json", "--set", "grunt.hp=6"]) == 0
    rows = {r["name"]: r for r in json.loads(capsys.readouterr().out)["assumptions"]}
    assert (rows["grunt.hp"]["value"], rows["grunt.hp"]["default"], rows["grunt.hp"]["note"]) == (6, 3,
                                                                                               "the rules give no number")
    assert main(["assumptions", str(arena), "--set", "grunt.hpp=6"]) == 2
    assert "unknown assumption 'grunt.hpp'" in capsys.readouterr().err


def test_a_mod_patching_the_property_leaves_the_base_assumption_unread_and_unwarned(tmp_path):
    arena = write(tmp_path / "arena", ARENA)
    mod = write(tmp_path / "tough", 'mod "arena/tough" "Tough" extends "arena"\npatch grunt { hp = 9 }\n')
    rules = load(arena, [mod])
    assert "grunt.hp" in rules.assumptions
    assert rulecraft.Game(rules, assumptions={"grunt.hp": 2}).create("grunt").props["hp"] == 9


def test_a_mods_own_definition_may_carry_inline_assumptions(tmp_path):
    arena = write(tmp_path / "arena", ARENA)
    mod = write(tmp_path / "ogres", 'mod "arena/ogres" "Ogres" extends "arena"\n'
                                    'unit ogre "Ogre" { hp: 12 assumed "an ogre is tough" }\n')
    rules = load(arena, [mod])
    assert list(rules.assumptions)[-1] == "ogre.hp"
    assert rulecraft.Game(rules, assumptions={"ogre.hp": 5}).create("ogre").props["hp"] == 5


DEFAULTS = '''game "t" "T"
kind unit { hp: int = 1  side: text = "" }
kind banner { motto: text = "" }
unit early "Early" {}
defaults { side: "red"  hp: 2 }
unit grunt "Grunt" {}
unit boss "Boss" { side: "blue" }
banner flag "Flag" { motto: "onward" }
defaults { side: "green" }
unit late "Late" {}
'''


def test_a_default_reaches_the_definitions_after_it_that_do_not_give_their_own():
    game = rulecraft.Game(rulecraft.compile_source(DEFAULTS))
    props = {d: game.create(d).props for d in ("early", "grunt", "boss", "late")}
    assert [(p["side"], p["hp"]) for p in props.values()] == [("", 1), ("red", 2), ("blue", 2), ("green", 1)]
    assert game.create("flag").props["motto"] == "onward"  # a banner has neither property: untouched


def test_defaults_compile_to_the_same_definitions_as_properties_written_on_each():
    spelt = DEFAULTS.replace('unit grunt "Grunt" {}', 'unit grunt "Grunt" { side: "red"  hp: 2 }') \
                    .replace('unit boss "Boss" { side: "blue" }', 'unit boss "Boss" { side: "blue"  hp: 2 }') \
                    .replace('unit late "Late" {}', 'unit late "Late" { side: "green" }') \
                    .replace('defaults { side: "red"  hp: 2 }\n', "").replace('defaults { side: "green" }\n', "")
    written, defaulted = rulecraft.compile_source(spelt), rulecraft.compile_source(DEFAULTS)
    assert {k: v.props for k, v in written.definitions.items()} == {k: v.props for k, v in defaulted.definitions.items()}


def test_defaults_and_inline_assumptions_compile_without_a_diagnostic():
    assert check_source(DEFAULTS).items == []
    assert check_source(ARENA).items == []
