"""Every `assume` of every bundled ruleset is a documented, overridable decision: it has a
note, a user can change it as `--set NAME=VALUE` does, the game then holds the new value
(definitions and dice that take it show it), and the ruleset reads it somewhere."""

import json
import re

import pytest

import rulecraft
from rulecraft.compiler.loader import bundled_ids, bundled_root
from rulecraft.inputs.given import assumption_overrides
from rulecraft.runtime.ruleset import AssumedValue


@pytest.fixture(scope="module")
def declared():
    """Each assumption once, with the first bundled ruleset (in id order) that has it:
    a game's own before its mods'."""
    out = {}
    for ruleset_id in bundled_ids():
        rules = rulecraft.load(ruleset_id)
        for name, a in rules.assumptions.items():
            out.setdefault((name, a.where.split(":")[0]), (rules, a))
    return out


def sample(ty, rules):
    """Some value of type `ty`, to put into an empty list."""
    if ty.name == "list":
        return [sample(ty.arg, rules)]
    if ty.name in rules.enums:
        return rules.enums[ty.name][0]
    if ty.name == "die":
        return sorted(rules.dice)[0]
    if ty.name == "def":
        return rules.defs_of(str(ty.arg))[0].id
    return {"int": 1, "num": 1, "bool": True, "text": "x"}.get(ty.name, 1)


def changed(value, ty, rules):
    """A value of the same type that differs from `value`."""
    if ty.name == "list":
        return value[:-1] if value else [sample(ty.arg, rules)]
    if ty.name == "bool":
        return not value
    if ty.name == "text":
        return value + "x"
    return value + 1


def as_text(value):
    """`value` as it is written after `--set NAME=` on the command line."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return json.dumps(value) if isinstance(value, list) else str(value)


def test_every_assumption_has_a_note(declared):
    assert len(declared) > 100
    bare = [f"{name} ({where})" for (name, where), (_, a) in declared.items() if len(a.doc.strip()) < 10]
    assert not bare, "assumptions without a note: " + ", ".join(bare)


def test_every_assumption_takes_a_value_given_on_the_command_line(declared):
    for (name, _), (rules, a) in declared.items():
        new = changed(a.value, a.type, rules)
        given = assumption_overrides(rules, [f"{name}={as_text(new)}"])
        assert given == {name: new}, name
        game = rulecraft.Game(rules, seed=1, players=["a", "b", "c"], assumptions=given)
        assert game.assume[name] == new != a.value, name
        for d in rules.definitions.values():
            for prop, v in d.props.items():
                if isinstance(v, AssumedValue) and v.assumption == name:
                    assert game.things.props_of(d.kind, d.props)[prop] == new, f"{d.id}.{prop}"
        for die in rules.dice.values():
            if die.table is not None and die.table[0] == name:
                assert rules.faces(die.id, game.assume) != rules.faces(die.id), die.id


STRING = re.compile(r'"(?:[^"\\]|\\.)*"')


def code_of(path):
    """A rules file without its texts and comments."""
    return "\n".join(STRING.sub('""', line).split("#")[0] for line in path.read_text(encoding="utf-8").splitlines())


def test_every_assumption_is_read_by_its_game(declared):
    root = bundled_root()
    code = {}
    unread = []
    for (name, where), (rules, _) in declared.items():
        if "." in name:  # an inline assumption (DEFINITION.PROPERTY): the property on its own block reads it
            definition, prop = name.split(".", 1)
            value = rules.definitions[definition].props.get(prop)
            if not (isinstance(value, AssumedValue) and value.assumption == name):
                unread.append(f"{name} ({where})")
            continue
        game = where.split("/")[0]
        if game not in code:
            code[game] = "\n".join(code_of(p) for p in sorted((root / game).rglob("*.rules")))
        uses = len(re.findall(rf"\b{name}\b", code[game])) - len(re.findall(rf"\bassume\s+{name}\b", code[game]))
        if uses < 1:
            unread.append(f"{name} ({where})")
    assert not unread, "assumptions no rule reads: " + ", ".join(unread)
