"""Calls of built-ins: the typed entry point where what the checker found proves what it assumes.

Takes a call of a built-in the lowerer lowers: its name, its arguments, what the checker resolved
(the Resolution) and what the analysis pass found (Facts: the fns whose calls are inlined). Gives
the name of the global the call lowers to: `t_NAME`, the built-in's typed entry point
(runtime/library.py `TYPED`), when every argument its signature types as one of library.PROVEN
is proven; otherwise `b_NAME`, the checked entry point, which checks every argument at run time.
Both give the same answers and the same refusals; the typed one skips only what is proven here.
`t_` + a built-in's name never meets a trigger's handler (`t_` + a number, driver.py).

Proofs, by the shape of the expression alone:
- a `board` argument: the name of a board the ruleset declares (a text, whatever is laid on it);
- an `int` argument: a whole number written out or a `const` holding one; a call of a built-in
  whose every answer is a whole number (library.WHOLE); `-`, `+`, `-`, `*`, `//` or `%` of such;
  `if ... then ... else` between such; a call of a fn that is inlined (facts.inlinable) whose
  result is such.
A variable proves nothing: a value of type `any` may stand where an `int` or a `board` is
expected (a parameter, a `let` or a loop's variable may hold none, a fraction or a text).

A newcomer may add a proof here (another shape of expression that can only be a whole number,
or a board), or a proven parameter type (library.PROVEN) with the proof of its arguments.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..runtime.builtins import BUILTINS
from ..runtime.library import PROVEN, TYPED, WHOLE
from ..runtime.types import BOARD
from . import nodes as n
from . import resolved as r
from .facts import Facts, is_int_literal

ARITHMETIC = frozenset({n.BinOp.ADD, n.BinOp.SUB, n.BinOp.MUL, n.BinOp.FLOORDIV, n.BinOp.MOD})


def entry_point(name: str, args: Sequence[n.Expr], res: r.Resolution, facts: Facts) -> str:
    """The global a call of the built-in `name` on `args` calls: its typed entry point where every
    argument it assumes something of is proven, else its checked one."""
    if name in TYPED and all(proven(want, a, res, facts) for want, a in zip(BUILTINS[name].params, args)):
        return f"t_{name}"
    return f"b_{name}"


def proven(want: str, e: n.Expr, res: r.Resolution, facts: Facts) -> bool:
    """Whether `e` is proven to be what a typed entry point assumes of a parameter of type `want`."""
    if want not in PROVEN:
        return True  # the typed entry point checks it as the checked one does
    if want == "board":
        return isinstance(e, n.Name) and isinstance(res.ref(e), r.ConstRef) and res.type_of(e) == BOARD
    return whole(e, res, facts)


def whole(e: n.Expr, res: r.Resolution, facts: Facts) -> bool:
    """Whether `e` can only be a whole number (a Python int: never a bool, a fraction or none)."""
    if is_int_literal(e):
        return True
    if isinstance(e, n.Name):
        ref = res.ref(e)
        return isinstance(ref, r.ConstRef) and ref.value.__class__ is int
    if isinstance(e, n.Unary):
        return e.op == n.UnaryOp.NEG and whole(e.operand, res, facts)
    if isinstance(e, n.Binary):
        return e.op in ARITHMETIC and whole(e.left, res, facts) and whole(e.right, res, facts)
    if isinstance(e, n.IfExpr):
        return whole(e.then, res, facts) and whole(e.other, res, facts)
    if isinstance(e, n.Call):
        ref = res.ref(e)
        if isinstance(ref, r.BuiltinCall):
            return ref.name in WHOLE
        decl = facts.inlinable.get(e)
        return decl is not None and whole(decl.body.stmts[0].value, res, facts)  # type: ignore[attr-defined]  # a Return
    return False
