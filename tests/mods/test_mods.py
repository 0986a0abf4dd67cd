"""Mods: add, patch, replace, remove, change steps, options; conflicts; load order."""

import pytest

import rulecraft
from rulecraft.compiler.loader import load
from tests.support.folders import arena_mod, write

BASE = '''game "arena" "Arena"
kind unit { hp: int = 1, tags: list<text> = [] }
unit grunt "Grunt" { hp: 2, tags: ["melee"] }
unit archer "Archer" { tags: ["ranged"] }
kind player { score: int = 0 }
fn round_of(p: player) {
  step draw { p.score += 1 }
  step fight { p.score += 10 }
  step score { p.score += 100 }
}
action play(p: player) { round_of(p) }
action recruit(p: player) { create grunt owned by p }
'''


@pytest.fixture
def arena(tmp_path):
    return write(tmp_path / "arena", BASE)


def diagnostics(arena, *mods):
    with pytest.raises(rulecraft.CompileError) as info:
        load(arena, mods)
    return [(d.code, d.file.rsplit("/", 2)[-2] if d.file else None, d.line, d.column) for d in info.value.diagnostics]


def test_a_mod_patches_properties_and_lists(tmp_path, arena):
    m = arena_mod(tmp_path, "tough", 'patch grunt { hp = 5, tags += ["shield"] }\npatch archer { tags -= ["ranged"] }\n')
    rules = load(arena, [m])
    assert rules.definitions["grunt"].props == {"hp": 5, "tags": ["melee", "shield"]}
    assert rules.definitions["archer"].props["tags"] == []
    assert rules.id == "arena"
    assert rules.mods == ("arena/tough",)
    assert load(arena).definitions["grunt"].props["hp"] == 2  # the base alone is unchanged


def test_a_mod_adds_kinds_fields_definitions_and_triggers(tmp_path, arena):
    m = arena_mod(tmp_path, "souls", 'patch kind unit { souls: int = 0 }\nunit ghost "Ghost" { souls: 3 }\n'
                               'event haunt()\non haunt { for g in all ghost { g.souls += 1 } }\n'
                               'action spook() { create ghost  emit haunt() }\n')
    game = rulecraft.Game(load(arena, [m]))
    game.act("spook")
    assert game.find("ghost").props["souls"] == 4
    assert game.create("grunt").props["souls"] == 0


def test_a_replacement_applies_only_when_its_option_is_chosen(tmp_path, arena):
    m = arena_mod(tmp_path, "elite", 'option elites "Elite grunts replace grunts"\nunit elite "Elite" { hp: 4 }\n'
                               'replace grunt with elite when elites\n')
    rules = load(arena, [m])
    plain = rulecraft.Game(rules)
    plain.act("recruit", plain.players[0])
    chosen = rulecraft.Game(rules, options=["elites"])
    chosen.act("recruit", chosen.players[0])
    assert [e.def_id for e in plain.select("unit")] == ["grunt"]
    assert [e.def_id for e in chosen.select("unit")] == ["elite"]
    assert rules.options == {"elites": "Elite grunts replace grunts"}


def test_steps_are_inserted_replaced_and_removed(tmp_path, arena):
    m = arena_mod(tmp_path, "steps", 'before step fight in round_of { p.score += 1000 }\n'
                               'replace step score in round_of { p.score += 200 }\nremove step draw in round_of\n')
    game = rulecraft.Game(load(arena, [m]))
    game.act("play", game.players[0])
    assert game.players[0].props["score"] == 1000 + 10 + 200


def test_mods_stack_in_load_order(tmp_path, arena):
    a = arena_mod(tmp_path, "a", 'unit scout "Scout" {}\n')
    b = write(tmp_path / "b", 'mod "arena/b" "b" extends "arena/a"\npatch scout { hp = 7 }\n')
    assert load(arena, [a, b]).definitions["scout"].props["hp"] == 7
    # b needs a loaded first; what b patches is then unknown, which is no error of its own
    assert diagnostics(arena, b) == [("E0307", "b", 1, 5)]


def test_two_mods_changing_the_same_property_conflict_naming_both(tmp_path, arena):
    a = arena_mod(tmp_path, "a", "patch grunt { hp = 3 }\n")
    b = arena_mod(tmp_path, "b", "patch grunt { hp = 4 }\n")
    with pytest.raises(rulecraft.CompileError) as info:
        load(arena, [a, b])
    (d,) = info.value.diagnostics
    assert (d.code, d.file.endswith("b/main.rules"), d.line) == ("E0701", True, 2)
    assert d.labels[0][0].file.endswith("a/main.rules")
    assert d.labels[0][0].line == 2
    assert 'overrides "arena/a"' in d.help


def test_a_mod_that_declares_it_overrides_wins(tmp_path, arena):
    a = arena_mod(tmp_path, "a", "patch grunt { hp = 3 }\n")
    b = arena_mod(tmp_path, "b", "patch grunt { hp = 4 }\n", ' overrides "arena/a"')
    assert load(arena, [a, b]).definitions["grunt"].props["hp"] == 4


def test_declared_incompatible_mods_are_refused(tmp_path, arena):
    a = arena_mod(tmp_path, "a", "")
    b = arena_mod(tmp_path, "b", "", ' conflicts "arena/a"')
    assert [c[0] for c in diagnostics(arena, a, b)] == ["E0703"]
    load(arena, [b])  # alone it is fine


def test_only_mods_change_things_and_targets_must_exist(tmp_path, arena):
    assert [c[0] for c in diagnostics(write(tmp_path / "g", 'game "g" "G"\nkind u {}\nu x "X" {}\npatch x { }\n'))] \
        == ["E0704"]
    m = arena_mod(tmp_path, "bad", "patch grunnt { hp = 1 }\nremove step fite in round_of\nreplace grunt with nobody\n")
    assert [c[0] for c in diagnostics(arena, m)] == ["E0108", "E0705", "E0108"]


def test_a_mod_cannot_redefine_what_the_base_defines(tmp_path, arena):
    m = arena_mod(tmp_path, "dup", 'unit grunt "Grunt again" {}\n')
    with pytest.raises(rulecraft.CompileError) as info:
        load(arena, [m])
    (d,) = info.value.diagnostics
    assert d.code == "E0301"
    assert "patch grunt" in d.help


def test_mod_diff_lists_every_change(tmp_path, arena):
    import json
    import subprocess
    import sys

    m = arena_mod(tmp_path, "big", 'patch grunt { hp = 5 }\nunit ghost "Ghost" {}\nremove archer\n'
                             'option ghosts "Ghosts replace grunts"\nreplace grunt with ghost when ghosts\n'
                             'after step fight in round_of { p.score += 1 }\n')
    out = subprocess.run([sys.executable, "-m", "rulecraft", "mod", "diff", arena, m, "--json"],
                         capture_output=True, text=True, check=True).stdout
    doc = json.loads(out)
    assert doc["added"] == ["ghost"]
    assert doc["removed"] == ["archer"]
    assert doc["changed"] == [{"id": "grunt", "property": "hp", "before": 2, "after": 5}]
    assert [(o["change"], o["target"]) for o in doc["other"]] == [
        ("option", "option ghosts"), ("replace", "grunt (replaced)"), ("insert after", "step fight in round_of")]


def test_a_hostile_mod_is_as_contained_as_any_ruleset(tmp_path, arena):
    secret = tmp_path / "secret.rules"
    secret.write_text("game \"x\" \"x\"\n", encoding="utf-8")
    escape = arena_mod(tmp_path, "escape", "import secret\n")
    assert [c[0] for c in diagnostics(arena, escape)] == ["E0109"]
    python = arena_mod(tmp_path, "python", "action a() { __import__(\"os\") }\n")
    assert [c[0] for c in diagnostics(arena, python)] == ["E0105"]
    loop = arena_mod(tmp_path, "loop", "event again()\non again { emit again() }\nbefore step draw in round_of { emit again() }\n")
    game = rulecraft.Game(load(arena, [loop]))
    with pytest.raises(rulecraft.BudgetExceeded):
        game.act("play", game.players[0])


def test_a_patch_carries_the_rule_ids_it_implements(tmp_path, arena):
    m = arena_mod(tmp_path, "ruled", "patch grunt {\n  rule X-042\n  hp = 9\n}\n")
    rules = load(arena, [m])
    assert "X-042" in rules.definitions["grunt"].rules
    assert rules.rule_sites["X-042"][0].endswith("ruled/main.rules:2:1")
    game = rulecraft.Game(rules)
    game.create("grunt")
    assert "X-042" in game.history.touched


def test_a_patch_adds_triggers_to_a_definition_and_a_mod_removes_a_scenario(tmp_path):
    base = write(tmp_path / "arena", BASE + 'event hit(u: unit)\naction strike(u: unit) { emit hit(u) }\n'
                 'scenario brawl "Brawl" { setup { create grunt } }\n')
    m = arena_mod(tmp_path, "armour", 'patch grunt {\n  on hit when u == this { this.hp += 1 }\n}\nremove brawl\n')
    rules = load(base, [m])
    assert "brawl" not in rules.scenarios
    assert "brawl" in load(base).scenarios
    game = rulecraft.Game(rules)
    grunt, archer = game.create("grunt"), game.create("archer")
    game.act("strike", grunt)
    game.act("strike", archer)
    assert (grunt.props["hp"], archer.props["hp"]) == (3, 1)


def test_a_mod_cannot_reach_a_ruleset_outside_its_siblings(tmp_path, arena):
    """`extends` names a bundled ruleset or a sibling folder; a path never walks further out."""
    far = tmp_path.parent / f"{tmp_path.name}-secret"
    write(far, 'game "secret" "Secret"\n')
    nested = write(tmp_path / "deep" / "mods" / "sneaky", f'mod "sneaky" "Sneaky" extends "../../../{far.name}"\n')
    with pytest.raises(rulecraft.CompileError) as info:
        load(nested)
    assert [d.code for d in info.value.diagnostics] == ["E0307"]
    assert not any(str(far) in s for s in info.value.sources)
