"""Lowering: checked AST -> Python `ast` -> code objects (the handlers).

Handlers are built as Python syntax trees, never as source text. A name from a ruleset
only ever becomes a string constant or an identifier with a fixed prefix (`v_` for
variables, `f_` for functions), and the only attributes reached are those the runtime's
interface table names (`runtime/interface.py`). So no ruleset, however hostile, can reach Python.
"""

from __future__ import annotations

import ast
from typing import Any

from ..runtime.arith import checked_add, checked_mul, exact_div, without
from ..runtime.builtins import BUILTINS, span
from ..runtime.errors import IllegalAction
from ..runtime.interface import HANDLER_CALLS, HANDLER_DATA
from . import nodes as n
from .check import BUILTIN_FIELDS, Checker
from .types import ANY

RT = "rt"


def _name(id: str) -> ast.Name:
    return ast.Name(id=id, ctx=ast.Load())


def _const(value: Any) -> ast.expr:
    if isinstance(value, list):
        return ast.List(elts=[_const(v) for v in value], ctx=ast.Load())
    return ast.Constant(value=value)


def _on_rt(path: str, attr: str) -> ast.expr:
    """`rt.attr`, or `rt.part.attr` where the runtime's interface table puts it on a part."""
    owner: ast.expr = _name(RT)
    if path:
        owner = ast.Attribute(value=owner, attr=path, ctx=ast.Load())
    return ast.Attribute(value=owner, attr=attr, ctx=ast.Load())


def _rt(method: str, *args: ast.expr) -> ast.Call:
    return ast.Call(func=_on_rt(HANDLER_CALLS[method], method), args=list(args), keywords=[])


def _rt_data(table: str) -> ast.expr:
    return _on_rt(HANDLER_DATA[table], table)


def _call(func: str, *args: ast.expr) -> ast.Call:
    return ast.Call(func=_name(func), args=list(args), keywords=[])


def var(name: str) -> str:
    return f"v_{name}"


def fn(name: str) -> str:
    return f"f_{name}"


# The built-in fields of every thing and the runtime Entity slot holding each: a fixed table
# of the compiler's own, so no name from a ruleset ever becomes an attribute.
ENTITY_SLOTS = {"id": "id", "name": "name", "def": "def_id", "kind": "kind", "owner": "owner",
                "location": "location", "face_down": "face_down", "alive": "alive"}
assert set(ENTITY_SLOTS) == set(BUILTIN_FIELDS)

BINOPS = {"+": ast.Add, "-": ast.Sub, "*": ast.Mult, "//": ast.FloorDiv, "%": ast.Mod}
CMPOPS = {"==": ast.Eq, "!=": ast.NotEq, "<": ast.Lt, "<=": ast.LtE, ">": ast.Gt, ">=": ast.GtE,
          "in": ast.In, "not in": ast.NotIn}


def namespace() -> dict[str, Any]:
    """The only globals compiled handlers see: no Python builtins at all."""
    ns: dict[str, Any] = {"__builtins__": {}, "_div": exact_div, "_add": checked_add, "_mul": checked_mul,
                          "_without": without, "_span": span,
                          "_Refused": IllegalAction}
    for name, (func, _, _) in BUILTINS.items():
        ns[f"b_{name}"] = func
    return ns


class Lowerer:
    def __init__(self, checker: Checker):
        self.c = checker
        self.role = "fn"
        self.rules: list[str] = []

    # ---- functions --------------------------------------------------------

    def function(self, name: str, params: list[str], body: list[ast.stmt], line: int) -> ast.FunctionDef:
        args = ast.arguments(posonlyargs=[], args=[ast.arg(arg=p) for p in params], vararg=None,
                             kwonlyargs=[], kw_defaults=[], kwarg=None, defaults=[])
        f = ast.FunctionDef(name=name, args=args, body=body or [ast.Pass()], decorator_list=[], returns=None,
                            type_params=[])
        _locate(f, line)
        return f

    def callable(self, decl: n.FnDecl) -> ast.FunctionDef:
        self.role = decl.role
        body = self.block(decl.body)
        return self.function(fn(decl.name), [RT] + [var(p.name) for p in decl.params], body, decl.span.line)

    def trigger(self, pyname: str, trig: n.Trigger, params: list[str]) -> ast.FunctionDef:
        """func(rt, this, *event_args) -> True if it fired."""
        self.role = "trigger"
        body: list[ast.stmt] = []
        if trig.when is not None:
            body.append(ast.If(test=ast.UnaryOp(op=ast.Not(), operand=self.expr(trig.when)),
                               body=[ast.Return(value=ast.Constant(False))], orelse=[]))
        body += self.block(trig.body)
        body.append(ast.Return(value=ast.Constant(True)))
        return self.function(pyname, [RT, "this"] + [var(p) for p in params], body, trig.span.line)

    def play(self, pyname: str, play: n.Play) -> list[ast.FunctionDef]:
        """A card's effect in a window: `pyname_when(rt, this, player)` and `pyname(rt, this, player)`."""
        self.role = "trigger"
        when = self.expr(play.when) if play.when is not None else ast.Constant(True)
        params = [RT, "this", var("player")]
        return [self.function(f"{pyname}_when", params, [ast.Return(value=when)], play.span.line),
                self.function(pyname, params, self.block(play.body), play.span.line)]

    def row(self, pyname: str, row: n.TableRow, params: list[str]) -> ast.FunctionDef:
        self.role = "row"
        return self.function(pyname, [RT, var("rolled")] + [var(p) for p in params], self.block(row.body),
                             row.span.line)

    def part(self, pyname: str, body: n.Block) -> ast.FunctionDef:
        self.role = "scenario"
        return self.function(pyname, [RT], self.block(body), body.span.line)

    # ---- statements -------------------------------------------------------

    def block(self, b: n.Block) -> list[ast.stmt]:
        out: list[ast.stmt] = []
        for s in b.stmts:
            for py in self.stmt(s):
                _locate(py, s.span.line)
                out.append(py)
        return out

    def body(self, b: n.Block) -> list[ast.stmt]:
        return self.block(b) or [ast.Pass()]

    def stmt(self, s: n.Stmt) -> list[ast.stmt]:
        e = self.expr
        if isinstance(s, n.Let):
            return [ast.Assign(targets=[ast.Name(id=var(s.name), ctx=ast.Store())], value=e(s.value))]
        if isinstance(s, n.Assign):
            return [self.assign(s.target, s.op, e(s.value), s.value)]
        if isinstance(s, n.If):
            orelse = self.body(s.otherwise) if s.otherwise else []
            for cond, body in reversed(s.branches[1:]):
                orelse = [ast.If(test=e(cond), body=self.body(body), orelse=orelse)]
            cond, body = s.branches[0]
            return [ast.If(test=e(cond), body=self.body(body), orelse=orelse)]
        if isinstance(s, n.For):  # a `for` runs over a list it already has: its rounds are charged at once
            items = e(s.iterable)
            if isinstance(s.iterable, n.Call) and self.c.info.get(id(s.iterable)) == ("builtin", "range"):
                items = _call("_span", _name(RT), *(e(a) for a in s.iterable.args))  # no list to build
            return [ast.For(target=ast.Name(id=var(s.var), ctx=ast.Store()), iter=_rt("charge", items),
                            body=self.body(s.body), orelse=[])]
        if isinstance(s, n.While):
            return [ast.While(test=e(s.cond), body=[ast.Expr(value=_rt("tick"))] + self.block(s.body), orelse=[])]
        if isinstance(s, n.Emit):
            return [ast.Expr(value=_rt("emit", ast.Constant(s.event),
                                       ast.Tuple(elts=[e(a) for a in s.args], ctx=ast.Load())))]
        if isinstance(s, n.Destroy):
            return [ast.Expr(value=_rt("destroy", e(s.target)))]
        if isinstance(s, n.Remove):
            return [ast.Expr(value=_rt("remove", e(s.target)))]
        if isinstance(s, n.Move):
            return [ast.Expr(value=_rt("move", e(s.target), e(s.dest)))]
        if isinstance(s, n.Reveal):
            return [ast.Expr(value=_rt("reveal", e(s.target), e(s.to) if s.to else ast.Constant(None)))]
        if isinstance(s, n.Hide):
            return [ast.Expr(value=_rt("hide", e(s.target)))]
        if isinstance(s, n.Modify):
            d = s.duration
            return [ast.Expr(value=_rt("modify", e(s.target.target), ast.Constant(s.target.name), ast.Constant(s.op),
                                       e(s.value), ast.Constant(d.kind), ast.Constant(d.event),
                                       ast.Constant(s.order)))]
        if isinstance(s, n.Require):
            message = s.message or "a requirement of this action is not met"
            return [ast.If(test=ast.UnaryOp(op=ast.Not(), operand=e(s.cond)),
                           body=[ast.Expr(value=_rt("fail", ast.Constant(message)))], orelse=[])]
        if isinstance(s, n.Log):
            return [ast.Expr(value=_rt("log_text", self.template(s.parts)))]
        if isinstance(s, n.Return):
            if self.role == "trigger":
                return [ast.Return(value=ast.Constant(True))]
            return [ast.Return(value=e(s.value) if s.value is not None else None)]
        if isinstance(s, n.Break):
            return [ast.Break()]
        if isinstance(s, n.Continue):
            return [ast.Continue()]
        if isinstance(s, n.Shuffle):
            return [ast.Expr(value=_rt("shuffle", e(s.zone)))]
        if isinstance(s, n.Fill):
            return [ast.Expr(value=_rt("fill", ast.Constant(s.pool)))]
        if isinstance(s, (n.Phase, n.Step)):
            method = "phase" if isinstance(s, n.Phase) else "step"
            return [ast.With(items=[ast.withitem(context_expr=_rt(method, ast.Constant(s.name)), optional_vars=None)],
                             body=self.body(s.body))]
        if isinstance(s, n.Turn):
            return [ast.With(items=[ast.withitem(context_expr=_rt("turn", e(s.player)), optional_vars=None)],
                             body=self.body(s.body))]
        if isinstance(s, n.EndGame):
            return [ast.Expr(value=_rt("end_game", e(s.winner) if s.winner else ast.Constant(None)))]
        if isinstance(s, n.RuleRef):
            return [ast.Expr(value=_rt("touch", ast.Constant(s.ids)))]
        if isinstance(s, n.Violation):
            cards = e(s.cards) if s.cards is not None else ast.List(elts=[], ctx=ast.Load())
            return [ast.Expr(value=_rt("violation", self.template(s.parts), cards))]
        if isinstance(s, n.Window):
            order = e(s.order) if s.order is not None else ast.Constant(None)
            return [ast.Expr(value=_rt("window", ast.Constant(s.name), ast.Constant(s.zone), order))]
        if isinstance(s, n.Expect):
            message = s.message or "the expectation is not met"
            return [ast.If(test=ast.UnaryOp(op=ast.Not(), operand=e(s.cond)),
                           body=[ast.Expr(value=_rt("expectation_failed", ast.Constant(message)))], orelse=[])]
        if isinstance(s, n.ExpectRefused):
            handler = ast.ExceptHandler(type=_name("_Refused"), name=None, body=[ast.Pass()])
            failed = ast.Expr(value=_rt("expectation_failed", ast.Constant("the action was expected to be refused")))
            return [ast.Try(body=[ast.Expr(value=e(s.action))], handlers=[handler], orelse=[failed], finalbody=[])]
        if isinstance(s, n.ExprStmt):
            return [ast.Expr(value=e(s.expr))]
        raise TypeError(f"cannot lower {type(s).__name__}")

    def template(self, parts: tuple) -> ast.expr:
        """"text {expr} text" -> "".join([...]) with each placeholder as text."""
        pieces = [ast.Constant(p) if isinstance(p, str) else _call("b_text", _name(RT), self.expr(p)) for p in parts]
        return ast.Call(func=ast.Attribute(value=ast.Constant(""), attr="join", ctx=ast.Load()),
                        args=[ast.List(elts=pieces, ctx=ast.Load())], keywords=[])

    def assign(self, target: n.Expr, op: str, value: ast.expr, value_node: n.Expr) -> ast.stmt:
        """`=`, `+=`, `-=` on a variable or a property; on lists `+=` appends and `-=` takes items out."""
        if op != "=":
            helper = self.update_helper(op, target, value_node)
            current = _name(var(target.name)) if isinstance(target, n.Name) else \
                _rt("get", self.expr(target.target), ast.Constant(target.name))  # type: ignore[attr-defined]
            value = _call(helper, current, value) if helper else \
                ast.BinOp(left=current, op=ast.Add() if op == "+=" else ast.Sub(), right=value)
        if isinstance(target, n.Name):
            return ast.Assign(targets=[ast.Name(id=var(target.name), ctx=ast.Store())], value=value)
        assert isinstance(target, n.Attr)
        return ast.Expr(value=_rt("set", self.expr(target.target), ast.Constant(target.name), value))

    def update_helper(self, op: str, target: n.Expr, value: n.Expr) -> str | None:
        if op == "+=":
            return "_add" if self.may_grow(target, value) else None
        kinds = {self.c.types.get(id(o), ANY).name for o in (target, value)}
        return "_without" if kinds & {"list", "any"} else None

    def plain_read(self, e: n.Attr) -> bool:
        """A property of a thing of a known kind that no `modify` of the ruleset (or its mods) touches."""
        target = self.c.types.get(id(e.target))
        return target is not None and self.c.is_kind(target.name) and e.name not in self.c.modified

    def may_grow(self, *operands: n.Expr) -> bool:
        """True if `+` may join lists or texts (whose size could double each step)."""
        return any(self.c.types.get(id(o), ANY).name in ("list", "text", "any") for o in operands)

    # ---- expressions ------------------------------------------------------

    def expr(self, e: n.Expr) -> ast.expr:
        x = self.expr
        if isinstance(e, n.Literal):
            return ast.Constant(e.value)
        if isinstance(e, n.Name):
            how, what = self.c.info[id(e)]
            if how == "local":
                return _name(var(what))
            if how == "const":
                return _const(what)
            if how in ("assume", "param"):
                table = "assume" if how == "assume" else "params"
                return ast.Subscript(value=_rt_data(table),
                                     slice=ast.Constant(what), ctx=ast.Load())
            if how == "zone":
                return _rt("zone", ast.Constant(what))
            if how == "option":
                options = _rt_data("options")
                return ast.Compare(left=ast.Constant(what), ops=[ast.In()], comparators=[options])
            raise TypeError(how)
        if isinstance(e, n.This):
            return _name("this")
        if isinstance(e, n.ListExpr):
            return ast.List(elts=[x(i) for i in e.items], ctx=ast.Load())
        if isinstance(e, n.Attr):
            if self.c.info.get(id(e)) == "face":
                return ast.Subscript(value=x(e.target), slice=ast.Constant(e.name), ctx=ast.Load())
            if self.c.info.get(id(e)) == "definition":
                return _rt("defprop", x(e.target), ast.Constant(e.name))
            if e.name in ENTITY_SLOTS:  # what every thing has: read straight from the thing
                return ast.Attribute(value=x(e.target), attr=ENTITY_SLOTS[e.name], ctx=ast.Load())
            if self.plain_read(e):  # no modifier can ever change it: read the stored value
                props = ast.Attribute(value=x(e.target), attr="props", ctx=ast.Load())
                return ast.Subscript(value=props, slice=ast.Constant(e.name), ctx=ast.Load())
            return _rt("prop", x(e.target), ast.Constant(e.name))
        if isinstance(e, n.Call):
            how, name = self.c.info[id(e)]
            args = [x(a) for a in e.args]
            if how == "fn":
                decl = self.c.sym.callables[name]
                for p in decl.params[len(args):]:
                    args.append(_const(self.c.const_value(p.default)))
                return _call(fn(name), _name(RT), *args)
            if how == "builtin":
                return _call(f"b_{name}", _name(RT), *args)
            if how == "table":
                return _rt("table", ast.Constant(name), *args)
            return _rt("zone", ast.Constant(name), *args)
        if isinstance(e, n.Index):
            return ast.Subscript(value=x(e.target), slice=x(e.index), ctx=ast.Load())
        if isinstance(e, n.Cast):
            return _rt("cast", x(e.value), ast.Constant(e.kind))
        if isinstance(e, n.Unary):
            op = ast.Not() if e.op == "not" else ast.USub()
            return ast.UnaryOp(op=op, operand=x(e.operand))
        if isinstance(e, n.Binary):
            if e.op in ("and", "or"):
                return ast.BoolOp(op=ast.And() if e.op == "and" else ast.Or(), values=[x(e.left), x(e.right)])
            if e.op in CMPOPS:
                return ast.Compare(left=x(e.left), ops=[CMPOPS[e.op]()], comparators=[x(e.right)])
            if e.op == "/":
                return _call("_div", x(e.left), x(e.right))
            if e.op == "+" and self.may_grow(e.left, e.right):
                return _call("_add", x(e.left), x(e.right))
            if e.op == "*" and not (_is_int_literal(e.left) or _is_int_literal(e.right)):
                return _call("_mul", x(e.left), x(e.right))
            return ast.BinOp(left=x(e.left), op=BINOPS[e.op](), right=x(e.right))
        if isinstance(e, n.IfExpr):
            return ast.IfExp(test=x(e.cond), body=x(e.then), orelse=x(e.other))
        if isinstance(e, n.Select):
            where = ast.Constant(None)
            if e.where is not None:
                args = ast.arguments(posonlyargs=[], args=[ast.arg(arg=var("it"))], vararg=None, kwonlyargs=[],
                                     kw_defaults=[], kwarg=None, defaults=[])
                where = ast.Lambda(args=args, body=x(e.where))
            return _rt("select", ast.Constant(e.kind), x(e.at) if e.at else ast.Constant(None),
                       x(e.owner) if e.owner else ast.Constant(None), where, ast.Constant(bool(self.c.info[id(e)])))
        if isinstance(e, n.Create):
            definition = _name(var(e.definition)) if self.c.info.get(id(e)) == "dynamic" else ast.Constant(e.definition)
            return _rt("create", definition, ast.Constant(e.count),
                       x(e.at) if e.at else ast.Constant(None), x(e.owner) if e.owner else ast.Constant(None),
                       ast.Constant(e.face_down))
        if isinstance(e, n.Roll):
            dynamic = self.c.info.get(id(e))
            return _rt("roll", _name(var(e.die)) if dynamic else ast.Constant(e.die))
        if isinstance(e, n.Draw):
            return _rt("draw", x(e.count), x(e.source), x(e.dest) if e.dest else ast.Constant(None))
        if isinstance(e, n.Choose):
            return _rt("choose", x(e.chooser), x(e.options), ast.Constant(e.prompt))
        raise TypeError(f"cannot lower {type(e).__name__}")


def _is_int_literal(e: n.Expr) -> bool:
    return isinstance(e, n.Literal) and isinstance(e.value, int)


def _locate(node: ast.AST, line: int) -> None:
    """Give every node without a position the source line it came from (for tracebacks)."""
    for sub in ast.walk(node):
        if "lineno" in sub._attributes and not hasattr(sub, "lineno"):
            sub.lineno = sub.end_lineno = line
            sub.col_offset = sub.end_col_offset = 0


def compile_functions(funcs: list[ast.FunctionDef], filename: str, ns: dict[str, Any]) -> None:
    """Compile a file's handlers into `ns` (shared by every file of the ruleset)."""
    module = ast.Module(body=funcs, type_ignores=[])
    ast.fix_missing_locations(module)
    exec(compile(module, filename, "exec"), ns)  # noqa: S102 - code built from ast nodes only
