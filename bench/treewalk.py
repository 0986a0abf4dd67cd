"""A minimal tree-walking interpreter over compiler.nodes, for the handler benchmark.

It evaluates the AST itself at run time (no Python code is generated): every call
walks the statements and expressions recursively and calls the same Game methods the
compiled handler calls, reading what the checker resolved (compiler.resolved) as the
lowering does. It covers only the subset of nodes the benchmark's fns use.
"""

from __future__ import annotations

import operator
from typing import Any

from rulecraft.compiler import nodes as n
from rulecraft.compiler.resolved import FnCall, Resolution
from rulecraft.compiler.symbols import BUILTIN_FIELDS
from rulecraft.runtime.builtins import BUILTINS

BINARY = {"+": operator.add, "-": operator.sub, "*": operator.mul, "//": operator.floordiv, "%": operator.mod,
          "==": operator.eq, "!=": operator.ne, "<": operator.lt, "<=": operator.le, ">": operator.gt,
          ">=": operator.ge, "in": lambda a, b: a in b, "not in": lambda a, b: a not in b}


class _Return(Exception):
    def __init__(self, value: Any):
        self.value = value


class Interpreter:
    def __init__(self, rt, callables: dict[str, n.FnDecl], res: Resolution):
        self.rt = rt
        self.callables = callables
        self.res = res

    def call(self, decl: n.FnDecl, *args: Any) -> Any:
        env = {p.name: a for p, a in zip(decl.params, args)}
        try:
            self.block(decl.body, env)
        except _Return as r:
            return r.value
        return None

    # ---- statements

    def block(self, b: n.Block, env: dict[str, Any]) -> None:
        for s in b.stmts:
            STATEMENTS[type(s)](self, s, env)

    def let(self, s: n.Let, env: dict[str, Any]) -> None:
        env[s.name] = self.expr(s.value, env)

    def assign(self, s: n.Assign, env: dict[str, Any]) -> None:
        value = self.expr(s.value, env)
        t = s.target
        if isinstance(t, n.Name):
            if s.op != "=":
                value = env[t.name] + value if s.op == "+=" else env[t.name] - value
            env[t.name] = value
            return
        assert isinstance(t, n.Attr)
        obj = self.expr(t.target, env)
        if s.op != "=":
            current = self.rt.properties.get(obj, t.name) if t.name in BUILTIN_FIELDS else self.rt.properties.prop(obj, t.name)
            value = current + value if s.op == "+=" else current - value
        self.rt.things.set(obj, t.name, value)

    def if_(self, s: n.If, env: dict[str, Any]) -> None:
        for cond, body in s.branches:
            if self.expr(cond, env):
                self.block(body, env)
                return
        if s.otherwise is not None:
            self.block(s.otherwise, env)

    def for_(self, s: n.For, env: dict[str, Any]) -> None:
        for item in self.rt.budget.charge(self.expr(s.iterable, env)):
            env[s.var] = item
            self.block(s.body, env)

    def while_(self, s: n.While, env: dict[str, Any]) -> None:
        while self.expr(s.cond, env):
            self.rt.budget.tick()
            self.block(s.body, env)

    def return_(self, s: n.Return, env: dict[str, Any]) -> None:
        raise _Return(self.expr(s.value, env) if s.value is not None else None)

    def expr_stmt(self, s: n.ExprStmt, env: dict[str, Any]) -> None:
        self.expr(s.expr, env)

    def rule_ref(self, s: n.RuleRef, env: dict[str, Any]) -> None:
        self.rt.history.touch(s.ids)

    # ---- expressions

    def expr(self, e: n.Expr, env: dict[str, Any]) -> Any:
        return EXPRESSIONS[type(e)](self, e, env)

    def literal(self, e: n.Literal, env: dict[str, Any]) -> Any:
        return e.value

    def name(self, e: n.Name, env: dict[str, Any]) -> Any:
        return env[e.name]

    def attr(self, e: n.Attr, env: dict[str, Any]) -> Any:
        target = self.expr(e.target, env)
        return self.rt.properties.get(target, e.name) if e.name in BUILTIN_FIELDS else self.rt.properties.prop(target, e.name)

    def binary(self, e: n.Binary, env: dict[str, Any]) -> Any:
        if e.op == "and":
            return self.expr(e.left, env) and self.expr(e.right, env)
        if e.op == "or":
            return self.expr(e.left, env) or self.expr(e.right, env)
        return BINARY[e.op](self.expr(e.left, env), self.expr(e.right, env))

    def unary(self, e: n.Unary, env: dict[str, Any]) -> Any:
        value = self.expr(e.operand, env)
        return (not value) if e.op == "not" else -value

    def call_expr(self, e: n.Call, env: dict[str, Any]) -> Any:
        ref = self.res.call(e)
        args = [self.expr(a, env) for a in e.args]
        if isinstance(ref, FnCall):
            return self.call(self.callables[ref.name], *args)
        return BUILTINS[ref.name][0](self.rt, *args)

    def list_expr(self, e: n.ListExpr, env: dict[str, Any]) -> Any:
        return [self.expr(i, env) for i in e.items]

    def select(self, e: n.Select, env: dict[str, Any]) -> Any:
        where = None
        if e.where is not None:
            cond = e.where

            def where(it, cond=cond):
                return self.expr(cond, {**env, "it": it})
        at = self.expr(e.at, env) if e.at is not None else None
        owner = self.expr(e.owner, env) if e.owner is not None else None
        return self.rt.selection.select(e.kind, at, owner, where, self.res.selection(e).of_definition)


W = Interpreter
STATEMENTS = {n.Let: W.let, n.Assign: W.assign, n.If: W.if_, n.For: W.for_, n.While: W.while_, n.Return: W.return_,
              n.ExprStmt: W.expr_stmt, n.RuleRef: W.rule_ref}
EXPRESSIONS = {n.Literal: W.literal, n.Name: W.name, n.Attr: W.attr, n.Binary: W.binary, n.Unary: W.unary,
               n.Call: W.call_expr, n.ListExpr: W.list_expr, n.Select: W.select}
