"""List expressions: `[ITEM for VAR in ITEMS if COND]`, a list filtered and mapped in one expression.

Two mixins, one per stage: `ListChecks` of the body checker (compiler.bodies) and `ListLowering`
of the Lowerer (compiler.lower). The checker takes ITEMS as a `for` takes it (a list, or a map's
keys in order), gives VAR the item's type in a scope of ITEM and COND alone (a name already a
variable there is E0301: an item never hides a variable), checks COND as a condition and gives
`list<type of ITEM>`. The lowering is the loop it replaces (`let xs = []`, `for VAR in ITEMS { if
COND { xs += [ITEM] } }`), as a Python list comprehension: the items are charged to the step
budget before it starts, as a `for` charges its rounds (Lowerer.loop_items), and the list made
is checked against the limit on a list's length when it is done (`_fits`), as a loop's appends
are. A newcomer may add more clauses here (a second `for`, say) with their check and lowering.
"""

from __future__ import annotations

import ast
from collections.abc import Callable
from typing import Any

from ..runtime.types import ANY, Ty, list_of
from . import nodes as n

ITEMS = "_items"  # the lambda's parameter holding the charged items (no ruleset name starts with `_`)


class ListChecks:
    """What the body checker does with a list expression."""

    err: Callable[..., None]  # the body checker's (CheckContext.err)

    def expr(self, e: n.Expr, scope: Any, site: Any, depth: int) -> Ty:  # pragma: no cover - BodyChecker's
        raise NotImplementedError

    def condition(self, e: n.Expr, scope: Any, site: Any, depth: int, what: str) -> None:  # pragma: no cover
        raise NotImplementedError

    def list_comp(self, e: n.ListComp, scope: Any, site: Any, depth: int) -> Ty:
        t = self.expr(e.iterable, scope, site, depth)
        if t.name == "list":
            item = t.element
        elif t.name == "map":  # a map's keys, in the order they were added (as `for` takes them)
            item = t.key
        else:
            if t != ANY:
                self.err("E0201", f"a list expression runs over a list, but this is {t}", e.iterable.span)
            item = ANY
        if scope.lookup(e.var) is not None:
            self.err("E0301", f"`{e.var}` is already a variable here", e.var_span,
                     "name the item differently: it would hide the variable")
        inner = type(scope)({e.var: item}, scope)  # the body checker's Scope: VAR is known inside alone
        if e.cond is not None:
            self.condition(e.cond, inner, site, depth, "the `if` of a list expression")
        return list_of(self.expr(e.item, inner, site, depth))


class ListLowering:
    """What the Lowerer does with a list expression."""

    def expr(self, e: n.Expr) -> ast.expr:  # pragma: no cover - the Lowerer's
        raise NotImplementedError

    def loop_items(self, iterable: n.Expr) -> ast.expr:  # pragma: no cover - the Lowerer's
        raise NotImplementedError

    def list_comp(self, e: n.ListComp) -> ast.expr:
        """`_fits((lambda _items: [ITEM for v_VAR in _items if COND])(rt.charge(ITEMS)))`: the
        items are lowered outside the comprehension (Python allows no `:=` in its first iterable,
        and an item read `xs[i]` keeps its temporaries with one)."""
        loop = ast.comprehension(target=ast.Name(id=f"v_{e.var}", ctx=ast.Store()),
                                 iter=ast.Name(id=ITEMS, ctx=ast.Load()),
                                 ifs=[self.expr(e.cond)] if e.cond is not None else [], is_async=0)
        made = ast.ListComp(elt=self.expr(e.item), generators=[loop])
        args = ast.arguments(posonlyargs=[], args=[ast.arg(arg=ITEMS)], vararg=None, kwonlyargs=[], kw_defaults=[],
                             kwarg=None, defaults=[])
        run = ast.Call(func=ast.Lambda(args=args, body=made), args=[self.loop_items(e.iterable)], keywords=[])
        return ast.Call(func=ast.Name(id="_fits", ctx=ast.Load()), args=[run], keywords=[])
