"""Which `where` conditions of a selection every copy of a definition answers alike.

A condition that reads the thing (`it`) only through what its definition gives every copy
(`it.def`, `it.name`, `it.kind`, properties no `modify` changes) and does nothing but read (no
fn call, roll, choice, creation, nested selection) gives one answer for all the things made from
one definition that share their property values. The runtime then asks it once per run of such
things (Things.select, `shared`), not once per thing. Anything this module does not know is
treated as reading the thing itself: the condition is then asked of every thing.

Takes a `where` condition and the Resolution; gives a yes or no, which the analysis pass
(facts.py) records for the lowerer. A newcomer may widen what counts as reading only
(READING_BUILTINS, COMPOSITE), never what counts as shared.
"""

from __future__ import annotations

from typing import Any

from . import nodes as n
from . import resolved as r
from .symbols import BUILTIN_FIELDS

IT = "it"
SHARED_FIELDS = frozenset({"def", "name", "kind"})  # the built-in fields (BUILTIN_FIELDS) fixed by the definition
# Built-ins that only read (no chance, no change): any other (a board library's too) is not trusted here.
READING_BUILTINS = frozenset({"count", "sum", "min", "max", "first", "last", "ceil", "floor", "abs", "text",
                              "distinct", "definitions", "range", "size", "items", "current_round"})
# Expressions made of their parts alone: pure if their parts are.
COMPOSITE = (n.Literal, n.TextTemplate, n.This, n.ListExpr, n.MapExpr, n.RecordNew, n.Index, n.Cast, n.Unary,
             n.Binary, n.IfExpr, n.Interval)


def per_definition(where: n.Expr, res: r.Resolution) -> bool:
    """True if `where` reads the thing only through what its definition shares, and only reads."""
    stack: list[Any] = [where]
    while stack:
        e = stack.pop()
        if isinstance(e, n.Attr) and _is_it(e.target):
            if not _shared_field(e, res):
                return False
        elif isinstance(e, n.Name):
            if _is_it(e):  # the thing itself: compared, kept or passed on
                return False
        elif isinstance(e, n.Attr):
            if isinstance(res.attr(e), r.DefinitionField):  # reading a definition runs its own rules
                return False
            stack.append(e.target)
        elif isinstance(e, n.Call):
            ref = res.call(e)
            if not (isinstance(ref, r.BuiltinCall) and ref.name in READING_BUILTINS):
                return False
            stack.extend(e.args)
        elif isinstance(e, COMPOSITE):
            stack.extend(n.children(e))
        else:
            return False
    return True


def _is_it(e: n.Expr) -> bool:
    return isinstance(e, n.Name) and e.name == IT


def _shared_field(e: n.Attr, res: r.Resolution) -> bool:
    """`it.NAME` read as every copy of the definition has it (as the lowerer reads it from the
    stored properties: no modifier can change it)."""
    if e.name in SHARED_FIELDS:
        return True
    if e.name in BUILTIN_FIELDS:  # its id, owner, location, ...: each thing's own
        return False
    ref = res.attr(e)
    return isinstance(ref, r.EntityField) and ref.kind is not None and e.name not in res.modified

