"""Names of Python internals are plain language names: unknown, or harmless data."""

from __future__ import annotations

import builtins

import pytest

from rulecraft.compiler.build import unquote
from rulecraft.compiler.loader import load
from rulecraft.runtime.state import Entity

PYTHON_NAMES = ["__import__", "__class__", "__builtins__", "__globals__", "__subclasses__", "__dict__", "eval",
                "exec", "open", "compile", "getattr", "globals", "locals", "vars", "print", "rt", "_div", "b_abs"]


@pytest.mark.parametrize("name", PYTHON_NAMES)
def test_python_name_as_variable_is_unknown(refused, name):
    assert refused(f"fn f() -> int {{ return {name} }}") == {"E0101"}


@pytest.mark.parametrize("name", PYTHON_NAMES)
def test_python_name_as_function_is_unknown(refused, name):
    assert refused(f'fn f() {{ {name}("os") }}') == {"E0105"}


@pytest.mark.parametrize("name", ["__class__", "__dict__", "__globals__", "__code__"])
def test_python_attribute_on_a_value_is_refused(refused, name):
    assert refused(f"fn f() -> int {{ let x = 3\n return x.{name} }}") == {"E0201"}
    assert refused(f'fn f() -> int {{ return "text".{name} }}') == {"E0201"}


def test_python_names_declared_by_a_ruleset_are_its_own(game_of):
    game = game_of("""
fn eval(open: int) -> int { return open + 1 }
fn __import__() -> int { return 40 }
fn rt() -> int { return 1 }
fn exec() -> int {
  let __builtins__ = eval(1)
  let __class__ = __import__()
  let lambda = rt()
  let None = 0
  let class = __builtins__ + __class__ + lambda + None
  return class
}
""")
    assert game.call("exec") == 43


def test_properties_with_python_names_are_just_data(game_of):
    game = game_of("""
kind box { __class__: text, __dict__: int, __init__: text, eval: text, props: int }
box crate "Crate" { __class__: "int", __dict__: 1, eval: "__import__('os').system('echo pwned')" }
action poke(b: box) {
  b.__dict__ += 41
  b.__init__ = b.__class__
  b.props = 7
}
fn peek(b: box) -> text { return b.eval }
""")
    crate = game.create("crate")
    game.act("poke", crate)
    assert type(crate) is Entity
    assert crate.props == {"__class__": "int", "__dict__": 42, "__init__": "int",
                           "eval": "__import__('os').system('echo pwned')", "props": 7}
    assert game.call("peek", crate) == "__import__('os').system('echo pwned')"
    assert game.get(crate, "__class__") == "int"


def test_records_and_maps_with_python_names_are_just_data(game_of):
    game = game_of("""
record __class__ { __dict__: int, type_name: text, items: list<int> = [] }
fn poke() -> list<any> {
  let r = __class__(__dict__: 1, type_name: "__import__('os')")
  let m = {"__class__": 2, "keys": 3}
  m["__init__"] = r.__dict__
  let xs = [0]
  xs[0] = m["keys"]
  return [r.__dict__, r.type_name, r.items, m, xs]
}
""")
    assert game.call("poke") == [1, "__import__('os')", [], {"__class__": 2, "keys": 3, "__init__": 1}, [3]]


def test_builtin_field_names_cannot_be_redeclared_as_python_objects(refused):
    # `id`, `owner`... are the game's own fields: a definition cannot set them
    assert "E0205" in refused('kind box { n: int }\nbox b "B" { owner: none }')


@pytest.mark.parametrize("text", [
    "__import__('os').system('touch /tmp/rulecraft-pwned')",
    '\\"); __import__(\\"os\\").system(\\"id\\"); (\\"',
    "$HOME %s %(x)s \\n exec(compile('1','x','exec'))",
])
def test_string_literals_with_python_code_stay_strings(game_of, text):
    game = game_of(f'fn s() -> text {{ return "{text}" }}')
    assert game.call("s") == unquote(f'"{text}"')


def test_log_placeholder_cannot_reach_python(refused):
    assert refused('action a() { log "x {__import__}" }') == {"E0101"}
    assert refused('fn s() -> text { return "x {__import__}" }') == {"E0101"}
    assert refused('fn s() -> text { return "{0} {{ 1 }} ${HOME}" }') == {"E0101"}  # placeholders, checked
    assert refused('action a() { log "x {open(1)}" }') == {"E0105"}
    assert refused("action a() { log \"x {__import__('os')}\" }") == {"E0006"}


def test_keyword_names_compile_to_valid_python(game_of):
    game = game_of("""
fn q(def: int, lambda: int, yield: int, await: int, True: int, self: int) -> int {
  let async = def + lambda + yield + await + True + self
  return async
}
""")
    assert game.call("q", 1, 2, 3, 4, 5, 6) == 21


def _handlers(ruleset):
    funcs = [c.func for c in ruleset.callables.values()]
    funcs += [t.func for specs in ruleset.triggers.values() for t in specs]
    funcs += [row.func for t in ruleset.tables.values() for row in t.rows]
    funcs += [f for s in ruleset.scenarios.values() for f in s.parts.values()]
    return funcs


@pytest.mark.parametrize("ruleset_id", ["twilight-imperium", "inline"])
def test_compiled_namespace_has_no_python_builtins(ruleset_id, compile_ok):
    ruleset = load(ruleset_id) if ruleset_id != "inline" else compile_ok("""
event ping(n: int)
on ping { log "{n}" }
fn f(x: int) -> num { return x / 2 + abs(x) }
action a() { emit ping(floor(f(3))) }
""")
    funcs = _handlers(ruleset)
    assert funcs
    python_names = set(dir(builtins))
    for func in funcs:
        ns = func.__globals__
        assert ns["__builtins__"] == {}
        assert not python_names & set(ns), sorted(python_names & set(ns))
        helpers = ("__builtins__", "_div", "_add", "_mul", "_without", "_span", "_span_half_open", "_interval",
                   "_IndexError", "_item_fault", "_floordiv", "_mod", "_Refused", "__rulecraft_handlers__", "_own",
                   "_append", "_set_item", "_set_prop_item", "_get_key", "_record", "_own_list", "_fits", "_HALF",
                   "_equal", "_contains", "_number", "_join", "_set_key", "_get_truth_key",
                   "_truth_keyed", "_position", "_either", "_count_where")
        # `_rec_NAME`: the class of a record type the handlers make (set from `_record` by each file)
        assert all(k in helpers or k[:2] in ("f_", "t_", "r_", "s_", "b_", "x_", "m_") or k.startswith("_rec_")
                   for k in ns)


def test_generated_code_cannot_use_python_builtins(compile_ok):
    """Even code that named a Python builtin would fail: the handlers' globals hold none."""
    ruleset = compile_ok("fn f() -> int { return 1 }")
    ns = ruleset.callables["f"].func.__globals__
    with pytest.raises(NameError):
        exec("len([])", ns)  # checking the sandboxed namespace itself
