"""No part over 25 methods: every class of rulecraft is small enough to read in one sitting, and a
class that grows past it is split by job, each part given the collaborators it uses.

The exceptions are the compiler's four tree visitors, whose methods are one per grammar rule or
node kind, each reached through a dispatch table (Lark's Transformer, `STATEMENTS`/`EXPRESSIONS`):
they are split by language area into mixins where an area has grown (compiler/comprehensions.py,
lower_data.py, data.py), not yet everywhere. Each exception names its size today, so the test
fails when one grows, and when one shrinks enough to leave the list."""

from __future__ import annotations

import ast
from pathlib import Path

import rulecraft

PACKAGE = Path(rulecraft.__file__).resolve().parent
MAX_METHODS = 25
VISITORS = {"compiler/build.py:Builder": 167, "compiler/lower.py:Lowerer": 73, "compiler/bodies.py:BodyChecker": 59,
            "compiler/check.py:DeclChecker": 30}  # path under rulecraft/, class: its methods today


def methods_of(cls: ast.ClassDef) -> list[str]:
    """The functions and properties a class body defines (`def`, `async def`, `x = property(...)`),
    not those of its nested classes."""
    names = [node.name for node in cls.body if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))]
    for node in cls.body:
        if isinstance(node, ast.Assign) and isinstance(node.value, ast.Call) and \
                isinstance(node.value.func, ast.Name) and node.value.func.id == "property":
            names += [t.id for t in node.targets if isinstance(t, ast.Name)]
    return names


def classes() -> dict[str, list[str]]:
    """`file:Class` -> its methods, for every class (nested ones too) of rulecraft."""
    found = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ClassDef):
                found[f"{path.relative_to(PACKAGE).as_posix()}:{node.name}"] = methods_of(node)
    return found


def test_methods_are_counted_from_the_class_body():
    source = ("class A:\n    x = 1\n    def f(self): pass\n    async def g(self): pass\n"
              "    @property\n    def p(self): return 1\n    q = property(f)\n"
              "    class Inner:\n        def h(self): pass\n")
    cls = ast.parse(source).body[0]
    assert isinstance(cls, ast.ClassDef)
    assert methods_of(cls) == ["f", "g", "p", "q"]


def test_no_class_has_more_than_25_methods():
    large = {name: len(methods) for name, methods in classes().items()
             if len(methods) > MAX_METHODS and name not in VISITORS}
    assert large == {}


def test_the_visitors_do_not_grow_and_leave_the_list_once_small():
    counts = {name: len(classes().get(name, [])) for name in VISITORS}
    assert {name: n for name, n in counts.items() if n > VISITORS[name]} == {}
    assert sorted(name for name, n in counts.items() if n <= MAX_METHODS) == []
