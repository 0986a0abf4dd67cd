"""Counts by a test: `count([v for v in XS if TEST])` lowered so a hand not yet drawn can answer it.

The lowering of a list expression makes the list and `count` measures it. Where the item is the
variable itself and TEST only reads (names, constants, fields and properties of things, `is`,
`has`, `as`, arithmetic, comparisons and `if ... then ... else`; no call, roll, draw, selection or
item read), the count is lowered instead to `_count_where(ITEMS, lambda v_VAR: TEST)`, ITEMS
charged to the step budget as the list expression charges them: on a list it tests the same
items in the same order and gives the same number, at the same steps; on a hand that exact odds
have not drawn yet (runtime/odds_draws.py) it counts without choosing the hand's order.

Takes the Lowerer and a `count` call; gives the lowered count, or None where the call is not of
this form (the lowering then makes it as any call). A newcomer may widen what a test may read
here, if the runtime's `count_where` answers it without a place of the hand.
"""

from __future__ import annotations

import ast
from typing import Any

from . import nodes as n

READING = (n.Literal, n.Name, n.This, n.ListExpr, n.Unary, n.Binary, n.IfExpr, n.IsKind, n.Attr, n.Has, n.Cast)


def counted_by_test(lowerer: Any, call: n.Call) -> ast.expr | None:
    """`count([v for v in XS if TEST])` as `_count_where(charged XS, lambda v_v: TEST)`, or None."""
    if len(call.args) != 1 or not isinstance(call.args[0], n.ListComp):
        return None
    comp = call.args[0]
    if comp.cond is None or not isinstance(comp.item, n.Name) or comp.item.name != comp.var:
        return None
    if lowerer.res.type_of(comp.iterable).name != "list" or not reads_only(comp.cond):
        return None
    args = ast.arguments(posonlyargs=[], args=[ast.arg(arg=f"v_{comp.var}")], vararg=None, kwonlyargs=[],
                         kw_defaults=[], kwarg=None, defaults=[])
    test = ast.Lambda(args=args, body=lowerer.expr(comp.cond))
    return ast.Call(func=ast.Name(id="_count_where", ctx=ast.Load()), args=[lowerer.loop_items(comp.iterable), test],
                    keywords=[])


def reads_only(e: n.Expr) -> bool:
    """Whether the expression is made of READING nodes alone (walked without recursion)."""
    stack: list[Any] = [e]
    while stack:
        x = stack.pop()
        if not isinstance(x, READING):
            return False
        if isinstance(x, n.ListExpr):
            stack.extend(x.items)
        elif isinstance(x, n.Unary):
            stack.append(x.operand)
        elif isinstance(x, n.Binary):
            stack += [x.left, x.right]
        elif isinstance(x, n.IfExpr):
            stack += [x.cond, x.then, x.other]
        elif isinstance(x, (n.IsKind, n.Cast)):
            stack.append(x.value)
        elif isinstance(x, (n.Attr, n.Has)):
            stack.append(x.target)
    return True
