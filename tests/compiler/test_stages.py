"""The compiler's middle stages and their typed hand-offs: collect -> apply mods -> check -> lower."""

from __future__ import annotations

import json
import pickle

from rulecraft.compiler import nodes as n
from rulecraft.compiler.check import check
from rulecraft.compiler.diagnostics import Diagnostics
from rulecraft.compiler.driver import check_modules, parse_module
from rulecraft.compiler.loader import compile_source
from rulecraft.compiler.mods import apply_mods
from rulecraft.compiler.resolved import (
    AssumeRef,
    BuiltinCall,
    ConstRef,
    DefinitionField,
    EntityField,
    Fixed,
    FnCall,
    FromLocal,
    LocalRef,
    Selection,
    ZoneRef,
)
from rulecraft.compiler.source import Source
from rulecraft.compiler.symbols import collect
from rulecraft.runtime.ruleset import Duration, Role
from rulecraft.runtime.types import INT, Ty, list_of

SOURCE = """
game "g" "G"
kind unit { power: int = 1, tags: list<text> }
unit scout "Scout" x2 { power: 2 }
const BONUS = 3
assume reach: int = 4 "a guess"
zone pile
fn boosted(u: unit, by: int = 1) -> int { return u.power + by + BONUS + reach }
action act(d: def<unit>) {
  let made = create d
  let n = boosted(made)
  for u in all unit { modify u.power += n this turn }
  for s in all scout { log "{s.def.power} {count(all unit)}" }
  shuffle pile
}
"""


def checked(text: str = SOURCE):
    diags = Diagnostics()
    module = parse_module(Source("t.rules", text), diags)
    assert module is not None
    sym, res = check_modules([module], diags)
    assert diags.errors == [], diags.errors
    return sym, res


def walk(node: object):
    """Every AST node inside `node`."""
    if isinstance(node, n.Node):
        yield node
        for name in node.__dataclass_fields__:
            yield from walk(getattr(node, name))
    elif isinstance(node, tuple):
        for item in node:
            yield from walk(item)


def test_the_checker_resolves_names_calls_and_properties_to_typed_records():
    sym, res = checked()
    body = (sym.callables["boosted"].body, sym.callables["act"].body)
    called = {id(e.func) for e in walk(body) if isinstance(e, n.Call)}  # a call is resolved, not its name
    names = {e.name: res.name(e) for e in walk(body) if isinstance(e, n.Name) and id(e) not in called}
    assert names["u"] == LocalRef("u")
    assert names["BONUS"] == ConstRef(3)
    assert names["reach"] == AssumeRef("reach")
    assert names["pile"] == ZoneRef("pile")
    calls = [res.call(e) for e in walk(body) if isinstance(e, n.Call)]
    assert BuiltinCall("count") in calls
    fn_call = next(c for c in calls if isinstance(c, FnCall))
    assert fn_call.name == "boosted"
    assert [res.value(d) for d in fn_call.missing] == [1]
    attrs = {type(res.attr(e)) for e in walk(body) if isinstance(e, n.Attr)}
    assert attrs == {EntityField, DefinitionField}
    assert {res.selection(e) for e in walk(body) if isinstance(e, n.Select)} == {Selection(False), Selection(True)}
    assert [res.source(e) for e in walk(body) if isinstance(e, n.Create)] == [FromLocal("d")]
    assert "power" in res.modified


def test_expression_types_are_recorded():
    sym, res = checked()
    ret = sym.callables["boosted"].body.stmts[0]
    assert isinstance(ret, n.Return)
    assert ret.value is not None
    assert res.type_of(ret.value) == INT


def test_applying_mods_makes_a_new_table_and_leaves_the_collected_one():
    base = 'game "g" "G"\nkind unit { power: int }\nunit scout "Scout" x1 { power: 1 }\n'
    mod = 'mod "m" "M" extends "g"\npatch scout { power = 5 }\noption fast "faster"\n'
    diags = Diagnostics()
    modules = [parse_module(Source("g.rules", base), diags), parse_module(Source("m.rules", mod), diags)]
    collected = collect([m for m in modules if m is not None], diags)
    applied = apply_mods(collected, diags)
    assert diags.errors == []
    assert collected.options == {}
    assert collected.changes == ()
    assert list(applied.options) == ["fast"]
    assert [c.target for c in applied.changes] == ["scout.power", "option fast"]
    assert collected.things["scout"].props[0].value != applied.things["scout"].props[0].value
    check(applied, diags)
    assert diags.errors == []


def test_a_die_or_definition_named_in_the_source_is_fixed():
    _, res = checked('game "g" "G"\ndie d6 "D6" { faces 1..6 }\nkind unit {}\nunit a "A" x1 {}\n'
                     'action go() { let r = roll d6\n let u = create a }\n')
    assert sorted(r.name for r in res.refs.values() if isinstance(r, Fixed)) == ["a", "d6"]


def test_a_type_is_its_display_text_with_its_structure():
    t = list_of(Ty("def", "unit"))
    assert t == "list<definition of unit>"
    assert str(t) == "list<definition of unit>"
    assert t.name == "list"
    assert t.element.name == "def"
    assert t.element.arg == "unit"
    assert {t: 1}["list<definition of unit>"] == 1
    assert json.dumps(t) == '"list<definition of unit>"'
    copy = pickle.loads(pickle.dumps(t))
    assert copy == t
    assert copy.element.arg == "unit"


def test_the_compiled_ruleset_carries_types_and_enums_that_equal_the_old_strings():
    rules = compile_source(SOURCE)
    act = rules.callables["act"]
    assert act.role == Role.ACTION == "action"
    assert act.params[0].type == "definition of unit"
    assert act.params[0].type.arg == "unit"
    assert rules.kinds["unit"].fields["tags"].type.element == "text"
    assert rules.assumptions["reach"].type == INT
    assert Duration.THIS_TURN == "this_turn"
