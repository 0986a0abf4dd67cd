"""Inlining: a call of a small fn, made by a statement, lowered into its caller.

Takes a statement, what the checker resolved and the table of fns; gives the calls in it that
are evaluated before anything else in the statement that could fail or change the game
(`hoisted`, in the order they run), each calling a fn that can be written out in its caller
(`fits`): its only `return` is its last statement, it is in the caller's file (so a fault in it
names the same `file:line:col`: the place is read from the innermost handler's code) and it has
at most INLINED_STATEMENTS statements if it has a loop, INLINED_PLAIN if not (a few statements,
whose call would cost about as much as they do: a playout's `board()`). The lowerer then runs
the fn's body before the statement, in the caller's frame, on its own renamed variables (`renamed`), and the statement reads the
result from a variable: no call at run time, and the same steps, faults and values, in the same
order. Calls do not cost steps, so inlining changes no count. A newcomer may let more
statements or expressions hoist their calls (`STATEMENT_PARTS`, `Hoisting.walk`), keeping the
order in which they run.
"""

from __future__ import annotations

import ast
from collections.abc import Callable

from ...runtime.ruleset import Role
from .. import nodes as n
from .. import resolved as r

INLINED_STATEMENTS = 16  # statements of a fn (nested ones counted) that is written out in its caller
INLINED_PLAIN = 4  # the same, for a fn without a loop
ORDER_TYPES = frozenset({"int", "bool"})  # operand types an order comparison never fails on
NUMBERS = frozenset({"int", "num"})


def fits(decl: n.FnDecl, file: str) -> bool:
    """Whether a fn can be written out in a caller in `file`: one exit, at its end, and small."""
    stmts = decl.body.stmts
    if decl.role != Role.FN or decl.span.file != file or not stmts:
        return False
    last = stmts[-1]
    if not isinstance(last, n.Return) or last.value is None:
        return False
    count, loops = 0, False
    for node in n.walk(decl.body, skip=(n.Expr,)):
        if isinstance(node, n.Return) and node is not last:
            return False
        count += isinstance(node, n.Stmt)
        loops = loops or isinstance(node, (n.For, n.While))
    return count <= (INLINED_STATEMENTS if loops else INLINED_PLAIN)


def statement_parts(s: n.Stmt) -> tuple[n.Expr, ...]:
    """The expressions a statement evaluates first, in order, before anything else it does."""
    if isinstance(s, n.Let):
        return (s.value,)
    if isinstance(s, n.Assign) and isinstance(s.target, n.Name):
        return (s.value,)
    if isinstance(s, n.Assign) and isinstance(s.target, n.Attr) and s.op == n.AssignOp.SET:
        return (s.target.target, s.value)  # the thing, then the value (`rt.things.set(thing, name, value)`)
    if isinstance(s, (n.ExprStmt,)):
        return (s.expr,)
    if isinstance(s, n.Require):
        return (s.cond,)
    if isinstance(s, n.If):
        return (s.branches[0][0],)
    if isinstance(s, n.For):
        return (s.iterable,)
    return ()


class Hoisting:
    """Finds the calls of a statement that may run before the rest of it: walks its expressions
    in the order they run, and takes a call only while everything run before it (but the calls
    taken) neither fails nor changes anything (`clean`)."""

    def __init__(self, res: r.Resolution, inlined: Callable[[n.Call], bool], plain_sums: Callable[[n.Node], bool]):
        self.res = res
        self.inlined = inlined
        self.plain_sums = plain_sums
        self.found: list[n.Call] = []
        self.clean = True

    def hoisted(self, s: n.Stmt) -> tuple[n.Call, ...]:
        self.found, self.clean = [], True
        for part in statement_parts(s):
            self.walk(part)
        return tuple(self.found)

    def walk(self, e: n.Expr) -> None:
        if isinstance(e, n.Call):
            self.call(e)
        elif isinstance(e, n.Unary):
            self.walk(e.operand)
            self.clean = self.clean and (e.op == n.UnaryOp.NOT or self.res.type_of(e.operand).name in NUMBERS)
        elif isinstance(e, n.Binary) and e.op not in n.LOGIC:
            self.walk(e.left)
            self.walk(e.right)
            self.clean = self.clean and self.harmless(e)
        elif isinstance(e, (n.Binary, n.IfExpr)):  # `a and b`, `if c then a else b`: the rest may not run
            self.walk(e.left if isinstance(e, n.Binary) else e.cond)
            self.clean = False
        elif isinstance(e, n.Choose):
            self.walk(e.chooser)
            self.walk(e.options)
            self.clean = False
        elif not self.quiet(e):
            self.clean = False

    def call(self, e: n.Call) -> None:
        ref = self.res.call(e)
        if self.clean and self.inlined(e):
            self.found.append(e)  # its arguments run with it, first
            return
        if isinstance(ref, (r.FnCall, r.BuiltinCall)) and not (isinstance(ref, r.BuiltinCall) and ref.name == "first"):
            for a in e.args:  # the arguments, in order, then the call
                self.walk(a)
        self.clean = False

    def quiet(self, e: n.Expr) -> bool:
        """Reading it can neither fail nor change anything: a literal, a variable, a constant."""
        if isinstance(e, (n.Literal, n.This)):
            return True
        return isinstance(e, n.Name) and isinstance(self.res.name(e), (r.LocalRef, r.ConstRef))

    def harmless(self, e: n.Binary) -> bool:
        """An operation that cannot fail nor change anything, on operands already computed:
        `+` and `-` of numbers, `==` and `!=` of values that do not nest, orders of whole numbers."""
        types = {self.res.type_of(o).name for o in (e.left, e.right)}
        if self.res.is_nested(e):
            return False
        if e.op in n.EQUALITY:
            return True
        if e.op in n.ORDER:
            return types <= ORDER_TYPES
        if e.op == n.BinOp.ADD:
            return self.plain_sums(e) and types <= NUMBERS
        return e.op == n.BinOp.SUB and types <= NUMBERS


def renamed(stmts: list[ast.stmt], k: int) -> list[ast.stmt]:
    """The lowered body of a fn written out in a caller, its variables and the parameters of its
    lambdas (`v_NAME`) renamed `vK_NAME`: no name of the caller's is touched (they all start `v_`)."""
    for stmt in stmts:
        for node in ast.walk(stmt):
            if isinstance(node, ast.Name) and node.id.startswith("v_"):
                node.id = f"v{k}_{node.id[2:]}"
            elif isinstance(node, ast.arg) and node.arg.startswith("v_"):  # a `where`'s `it`
                node.arg = f"v{k}_{node.arg[2:]}"
    return stmts
