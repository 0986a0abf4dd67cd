"""A minimal tree-walking interpreter over compiler.nodes, for the handler benchmark.

It evaluates the AST itself at run time (no Python code is generated): every call
walks the statements and expressions recursively and calls the same Game methods the
compiled handler calls. It covers only the subset of nodes the benchmark's fn uses.
"""

from __future__ import annotations

import operator
from typing import Any

from rulecraft.compiler import nodes as n
from rulecraft.compiler.check import BUILTIN_FIELDS
from rulecraft.runtime.builtins import BUILTINS

BINARY = {"+": operator.add, "-": operator.sub, "*": operator.mul, "//": operator.floordiv, "%": operator.mod,
          "==": operator.eq, "!=": operator.ne, "<": operator.lt, "<=": operator.le, ">": operator.gt,
          ">=": operator.ge, "in": lambda a, b: a in b, "not in": lambda a, b: a not in b}


class _Return(Exception):
    def __init__(self, value: Any):
        self.value = value


class Interpreter:
    def __init__(self, rt, callables: dict[str, n.FnDecl]):
        self.rt = rt
        self.callables = callables

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
            self.stmt(s, env)

    def stmt(self, s: n.Stmt, env: dict[str, Any]) -> None:
        rt = self.rt
        if isinstance(s, n.Let):
            env[s.name] = self.expr(s.value, env)
        elif isinstance(s, n.Assign):
            value = self.expr(s.value, env)
            t = s.target
            if isinstance(t, n.Name):
                if s.op == "=":
                    env[t.name] = value
                else:
                    env[t.name] = env[t.name] + value if s.op == "+=" else env[t.name] - value
            else:
                obj = self.expr(t.target, env)
                if s.op != "=":
                    current = rt.things.get(obj, t.name) if t.name in BUILTIN_FIELDS else rt.things.prop(obj, t.name)
                    value = current + value if s.op == "+=" else current - value
                rt.things.set(obj, t.name, value)
        elif isinstance(s, n.If):
            for cond, body in s.branches:
                if self.expr(cond, env):
                    self.block(body, env)
                    return
            if s.otherwise is not None:
                self.block(s.otherwise, env)
        elif isinstance(s, n.For):
            for item in rt.budget.charge(self.expr(s.iterable, env)):
                env[s.var] = item
                self.block(s.body, env)
        elif isinstance(s, n.While):
            while self.expr(s.cond, env):
                rt.budget.tick()
                self.block(s.body, env)
        elif isinstance(s, n.Return):
            raise _Return(self.expr(s.value, env) if s.value is not None else None)
        elif isinstance(s, n.ExprStmt):
            self.expr(s.expr, env)
        elif isinstance(s, n.RuleRef):
            rt.history.touch(s.ids)
        else:
            raise NotImplementedError(type(s).__name__)

    # ---- expressions

    def expr(self, e: n.Expr, env: dict[str, Any]) -> Any:
        if isinstance(e, n.Literal):
            return e.value
        if isinstance(e, n.Name):
            return env[e.name]
        if isinstance(e, n.Attr):
            target = self.expr(e.target, env)
            return self.rt.things.get(target, e.name) if e.name in BUILTIN_FIELDS else self.rt.things.prop(target, e.name)
        if isinstance(e, n.Binary):
            if e.op == "and":
                return self.expr(e.left, env) and self.expr(e.right, env)
            if e.op == "or":
                return self.expr(e.left, env) or self.expr(e.right, env)
            return BINARY[e.op](self.expr(e.left, env), self.expr(e.right, env))
        if isinstance(e, n.Unary):
            value = self.expr(e.operand, env)
            return (not value) if e.op == "not" else -value
        if isinstance(e, n.Call):
            name = e.func.name  # type: ignore[attr-defined]
            args = [self.expr(a, env) for a in e.args]
            if name in self.callables:
                return self.call(self.callables[name], *args)
            return BUILTINS[name][0](self.rt, *args)
        if isinstance(e, n.ListExpr):
            return [self.expr(i, env) for i in e.items]
        if isinstance(e, n.Select):
            where = None
            if e.where is not None:
                cond = e.where

                def where(it, cond=cond):
                    return self.expr(cond, {**env, "it": it})
            at = self.expr(e.at, env) if e.at is not None else None
            owner = self.expr(e.owner, env) if e.owner is not None else None
            return self.rt.things.select(e.kind, at, owner, where, e.kind in self.rt.rules.definitions)
        raise NotImplementedError(type(e).__name__)
