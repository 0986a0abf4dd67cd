"""Lowering: checked AST -> Python `ast` -> code objects (the handlers).

Handlers are built as Python syntax trees, never as source text. A name from a ruleset
only ever becomes a string constant or an identifier with a fixed prefix (`v_` for
variables, `f_` for functions), and the only attributes reached are those the runtime's
interface table names (`runtime/interface.py`). So no ruleset, however hostile, can reach Python.
"""

from __future__ import annotations

import ast
import copy
import sys
from types import CodeType
from typing import Any, Callable

from ..runtime.errors import ITEM_MARK
from ..runtime.interface import HANDLER_CALLS, HANDLER_DATA
from ..runtime.ruleset import Role
from . import nodes as n
from . import resolved as r
from .comprehensions import ListLowering
from .lower_data import LOOKING_BUILTINS, DataLowering, is_int_literal, is_positive_literal, record_classes, uses
from .selections import per_definition
from .source import Span
from .symbols import BUILTIN_FIELDS

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

B = n.BinOp
SMALL_BITS = 64  # a product of two whole numbers this small is far below MAX_BITS: it is not checked
COUNTER_BITS = 51  # a loop's counter from a number of at most 15 digits, over at most a million numbers
BINOPS: dict[n.BinOp, type[ast.operator]] = {B.ADD: ast.Add, B.SUB: ast.Sub, B.MUL: ast.Mult, B.FLOORDIV: ast.FloorDiv,
                                             B.MOD: ast.Mod}
CMPOPS: dict[n.BinOp, type[ast.cmpop]] = {B.EQ: ast.Eq, B.NE: ast.NotEq, B.LT: ast.Lt, B.LE: ast.LtE, B.GT: ast.Gt,
                                          B.GE: ast.GtE, B.IN: ast.In, B.NOT_IN: ast.NotIn}


class Lowerer(DataLowering, ListLowering):
    """Lowers bodies to Python functions, reading what the checker resolved (a Resolution);
    one method per node kind, found through STATEMENTS and EXPRESSIONS."""

    def __init__(self, res: r.Resolution, callables: dict[str, n.FnDecl] | None = None):
        self.res = res
        self.callables = callables or {}  # the fns a call may be inlined from (`inlined_call`)
        self.arguments: dict[str, ast.expr] | None = None  # a fn's parameters while its result is inlined
        self.body_of = n.Body.FN  # what the body being lowered belongs to
        self.owned: set[str] = set()  # the variables the body changes in place (lower_data)
        self.pushed: set[str] = set()  # of them, the lists it grows one item at a time
        self.lists: set[str] = set()  # of them, those it changes as lists (grown, or with items set)
        self.loops = 0  # how many loops enclose the statement being lowered
        self.checked: set[str] = set()  # the lists an enclosing loop checks the length of when it ends
        self.record_types: set[str] = set()  # the record types made by the handlers lowered since the last function
        self.counters: set[str] = set()  # loop variables counting from 0 or more that their loop never changes
        self.set_once: set[str] = set()  # the body's variables that one `let` sets and nothing changes
        self.sized: dict[str, int] = {}  # of them, those holding a whole number of at most so many bits (`bits`)
        self.parameter_bits: dict[str, int | None] | None = None  # while sizing the result of a call (`bits`)
        self.level = 0  # how deep the block being lowered nests
        self.items_read = 0  # list item reads lowered so far (each names its temporaries: lower_data)

    # ---- functions --------------------------------------------------------

    def function(self, name: str, params: list[str], body: list[ast.stmt], where: Span) -> ast.FunctionDef:
        args = ast.arguments(posonlyargs=[], args=[ast.arg(arg=p) for p in params], vararg=None,
                             kwonlyargs=[], kw_defaults=[], kwarg=None, defaults=[])
        body = self.prologue(params) + body
        # A list item read past the end raises IndexError: the fault names the index (errors.item_fault).
        faulted = ast.Raise(exc=_call("_item_fault", _name("_err")), cause=ast.Constant(None))
        body = [ast.Try(body=body or [ast.Pass()], handlers=[ast.ExceptHandler(type=_name("_IndexError"), name="_err",
                                                                             body=[faulted])],
                        orelse=[], finalbody=[])]
        f = ast.FunctionDef(name=name, args=args, body=body, decorator_list=[], returns=None)
        f.record_types = self.record_types  # type: ignore[attr-defined]  # read by compile_functions
        self.record_types = set()
        if sys.version_info >= (3, 12):
            f.type_params = []
        _locate(f, where.line, where.column)
        return f

    def callable(self, decl: n.FnDecl) -> ast.FunctionDef:
        self.body_of = n.Body(decl.role)
        body = self.block(decl.body)
        return self.function(fn(decl.name), [RT] + [var(p.name) for p in decl.params], body, decl.span)

    def trigger(self, pyname: str, trig: n.Trigger, params: list[str]) -> ast.FunctionDef:
        """func(rt, this, *event_args) -> True if it fired."""
        self.body_of = n.Body.TRIGGER
        body: list[ast.stmt] = []
        if trig.when is not None:
            body.append(ast.If(test=ast.UnaryOp(op=ast.Not(), operand=self.expr(trig.when)),
                               body=[ast.Return(value=ast.Constant(False))], orelse=[]))
            _locate(body[-1], trig.when.span.line, trig.when.span.column)
        body += self.block(trig.body)
        body.append(ast.Return(value=ast.Constant(True)))
        return self.function(pyname, [RT, "this"] + [var(p) for p in params], body, trig.span)

    def play(self, pyname: str, play: n.Play) -> list[ast.FunctionDef]:
        """A card's effect in a window: `pyname_when(rt, this, player)` and `pyname(rt, this, player)`."""
        self.body_of = n.Body.TRIGGER
        when: ast.stmt = ast.Return(value=self.expr(play.when) if play.when is not None else ast.Constant(True))
        _locate(when, *((play.when.span.line, play.when.span.column) if play.when is not None else (play.span.line,)))
        params = [RT, "this", var("player")]
        out = [self.function(f"{pyname}_when", params, [when], play.span),
               self.function(pyname, params + [var(t.name) for t in play.targets], self.block(play.body), play.span)]
        if play.targets:  # `pyname_targets(rt, this, player)`: the list each target is picked from
            lists = ast.List(elts=[self.expr(t.source) for t in play.targets], ctx=ast.Load())
            out.append(self.function(f"{pyname}_targets", params, [ast.Return(value=lists)], play.span))
        return out

    def window_after(self, pyname: str, w: n.WindowDecl) -> list[ast.FunctionDef]:
        """A window's after-play block: `pyname_when(rt, this, player)` and `pyname(rt, this, player)`."""
        self.body_of = n.Body.TRIGGER
        when: ast.stmt = ast.Return(value=self.expr(w.after_when) if w.after_when is not None else ast.Constant(True))
        _locate(when, *((w.after_when.span.line, w.after_when.span.column) if w.after_when is not None
                        else (w.span.line,)))
        params = [RT, "this", var("player")]
        body = self.block(w.after) if w.after is not None else []
        return [self.function(f"{pyname}_when", params, [when], w.span),
                self.function(pyname, params, body, w.span)]

    def ability_modifier(self, pyname: str, m: n.AbilityModifier, params: list[str]) -> ast.FunctionDef:
        """`pyname(rt, *params)`: the value an ability's `modify` applies."""
        self.body_of = n.Body.FN
        value = ast.Return(value=self.expr(m.value))
        _locate(value, m.value.span.line, m.value.span.column)
        return self.function(pyname, [RT] + [var(p) for p in params], [value], m.span)

    def row(self, pyname: str, row: n.TableRow, params: list[str]) -> ast.FunctionDef:
        self.body_of = n.Body.ROW
        return self.function(pyname, [RT, var("rolled")] + [var(p) for p in params], self.block(row.body),
                             row.span)

    def part(self, pyname: str, body: n.Block) -> ast.FunctionDef:
        self.body_of = n.Body.SCENARIO
        return self.function(pyname, [RT], self.block(body), body.span)

    # ---- statements -------------------------------------------------------

    def block(self, b: n.Block) -> list[ast.stmt]:
        if self.level == 0:
            used = uses(b, self.res)
            self.owned, self.pushed, self.lists = used.owned, used.pushed, used.lists
            self.set_once, self.sized = used.set_once(), {}
        self.level += 1
        try:
            return self.statements(b)
        finally:
            self.level -= 1

    def statements(self, b: n.Block) -> list[ast.stmt]:
        out: list[ast.stmt] = []
        for s in b.stmts:
            lower = STATEMENTS.get(type(s))
            if lower is None:
                raise TypeError(f"cannot lower {type(s).__name__}")
            for py in lower(self, s):
                _locate(py, s.span.line, s.span.column)
                out.append(py)
        return out

    def body(self, b: n.Block) -> list[ast.stmt]:
        return self.block(b) or [ast.Pass()]

    def let(self, s: n.Let) -> list[ast.stmt]:
        if s.name in self.set_once:
            size = self.bits(s.value)
            if size is not None:
                self.sized[s.name] = size
        return [ast.Assign(targets=[ast.Name(id=var(s.name), ctx=ast.Store())], value=self.into_owned(s.name, s.value))]

    def assign(self, s: n.Assign) -> list[ast.stmt]:
        """`=`, `+=`, `-=` on a variable, a property or an item; on lists `+=` appends and `-=` takes items out."""
        target = s.target
        if isinstance(target, n.Name) and target.name in self.owned and s.op != n.AssignOp.SUB:
            if s.op == n.AssignOp.ADD and self.res.type_of(target).name == "list":
                return [self.grow(target, s.value)]
            if s.op == n.AssignOp.SET:
                return [ast.Assign(targets=[ast.Name(id=var(target.name), ctx=ast.Store())],
                                   value=self.into_owned(target.name, s.value))]
        value = self.expr(s.value)
        if s.op != n.AssignOp.SET:
            helper = self.update_helper(s.op, target, s.value)
            current = self.current(target)
            value = _call(helper, _name(RT), current, value) if helper else \
                ast.BinOp(left=current, op=ast.Add() if s.op == n.AssignOp.ADD else ast.Sub(), right=value)
        if isinstance(target, n.Index):
            return [self.set_item(target, value)]
        if isinstance(target, n.Name):
            return [ast.Assign(targets=[ast.Name(id=var(target.name), ctx=ast.Store())], value=value)]
        assert isinstance(target, n.Attr)
        return [ast.Expr(value=_rt("set", self.expr(target.target), ast.Constant(target.name), value))]

    def current(self, target: n.Expr) -> ast.expr:
        """The value `+=` or `-=` starts from."""
        if isinstance(target, n.Name):
            return _name(var(target.name))
        if isinstance(target, n.Index):
            return self.item(target)
        assert isinstance(target, n.Attr)
        return _rt("get", self.expr(target.target), ast.Constant(target.name))

    def if_(self, s: n.If) -> list[ast.stmt]:
        orelse = self.body(s.otherwise) if s.otherwise else []
        for cond, body in reversed(s.branches[1:]):
            orelse = [ast.If(test=self.expr(cond), body=self.body(body), orelse=orelse)]
        cond, body = s.branches[0]
        return [ast.If(test=self.expr(cond), body=self.body(body), orelse=orelse)]

    def loop_items(self, iterable: n.Expr) -> ast.expr:
        """What a loop (a `for`, a list expression) runs over, its rounds charged at once."""
        numbers = _small_span(iterable)
        if numbers is not None:  # `for i in 0..63`: a constant
            items: ast.expr = ast.Constant(numbers)  # type: ignore[arg-type]  # a tuple of ints is a valid constant
        elif isinstance(iterable, n.Interval):  # `for i in a..b`: no list to build
            items = _call("_span", _name(RT), self.expr(iterable.low), self.expr(iterable.high))
        elif isinstance(iterable, n.Call) and self.res.call(iterable) == r.BuiltinCall("range"):
            items = _call("_span_half_open", _name(RT), *(self.expr(a) for a in iterable.args))
        else:
            items = self.expr(iterable)
        return _rt("charge", items)

    def for_(self, s: n.For) -> list[ast.stmt]:
        """A `for` runs over a list it already has: its rounds are charged at once."""
        items = self.loop_items(s.iterable)
        used = uses(s.body, self.res)
        counter = _counts_from_whole(s.iterable, self.res) and s.var not in self.counters \
            and s.var not in used.bindings
        if counter:
            self.counters.add(s.var)
        try:
            body, checks = self.loop_body(s.body, used)
        finally:
            self.counters.discard(s.var) if counter else None
        return [ast.For(target=ast.Name(id=var(s.var), ctx=ast.Store()), iter=items,
                        body=self.prologue([var(s.var)]) + body, orelse=[])] + checks

    def while_(self, s: n.While) -> list[ast.stmt]:
        body, checks = self.loop_body(s.body, uses(s.body, self.res))
        return [ast.While(test=self.expr(s.cond), body=[ast.Expr(value=_rt("tick"))] + body, orelse=[])] + checks

    def emit(self, s: n.Emit) -> list[ast.stmt]:
        args = ast.Tuple(elts=[self.expr(a) for a in s.args], ctx=ast.Load())
        return [ast.Expr(value=_rt("emit", ast.Constant(s.event), args))]

    def on_thing(self, s: n.Destroy | n.Remove | n.Hide) -> list[ast.stmt]:
        return [ast.Expr(value=_rt(THING_ACTIONS[type(s)], self.expr(s.target)))]

    def move(self, s: n.Move) -> list[ast.stmt]:
        return [ast.Expr(value=_rt("move", self.expr(s.target), self.expr(s.dest)))]

    def reveal(self, s: n.Reveal) -> list[ast.stmt]:
        return [ast.Expr(value=_rt("reveal", self.expr(s.target), self.optional(s.to)))]

    def modify(self, s: n.Modify) -> list[ast.stmt]:
        d = s.duration
        return [ast.Expr(value=_rt("modify", self.expr(s.target.target), ast.Constant(s.target.name),
                                   ast.Constant(s.op.value), self.expr(s.value), ast.Constant(d.kind.value),
                                   ast.Constant(d.event), ast.Constant(s.order)))]

    def require(self, s: n.Require) -> list[ast.stmt]:
        return self.unless(s.cond, "fail", s.message or "a requirement of this action is not met")

    def expect(self, s: n.Expect) -> list[ast.stmt]:
        return self.unless(s.cond, "expectation_failed", s.message or "the expectation is not met")

    def unless(self, cond: n.Expr, method: str, message: str) -> list[ast.stmt]:
        return [ast.If(test=ast.UnaryOp(op=ast.Not(), operand=self.expr(cond)),
                       body=[ast.Expr(value=_rt(method, ast.Constant(message)))], orelse=[])]

    def expect_refused(self, s: n.ExpectRefused) -> list[ast.stmt]:
        handler = ast.ExceptHandler(type=_name("_Refused"), name=None, body=[ast.Pass()])
        failed = ast.Expr(value=_rt("expectation_failed", ast.Constant("the action was expected to be refused")))
        return [ast.Try(body=[ast.Expr(value=self.expr(s.action))], handlers=[handler], orelse=[failed], finalbody=[])]

    def log(self, s: n.Log) -> list[ast.stmt]:
        logged = ast.Expr(value=_rt("log_text", self.template(s.parts)))
        if not all(isinstance(p, str) or self.quiet(p) for p in s.parts):
            return [logged]
        # A simulation's log keeps no text: a line whose values can neither fail nor change anything
        # is not even made there (its number is still taken, as in the full log).
        return [ast.If(test=_rt_data("full"), body=[logged], orelse=[ast.Expr(value=_rt("skip_log"))])]

    def quiet(self, e: n.Expr) -> bool:
        """True if reading `e` can neither fail nor change the game: a variable or a constant."""
        if isinstance(e, (n.Literal, n.This)):
            return True
        return isinstance(e, n.Name) and isinstance(self.res.name(e), (r.LocalRef, r.ConstRef))

    def plain_read(self, e: n.Expr) -> bool:
        """True if reading `e` changes nothing: a variable, a constant, and a thing's built-in
        fields or a record's fields of such (which fail only on none, wherever they are read)."""
        if isinstance(e, n.Attr):
            ref = self.res.attr(e)
            return (isinstance(ref, r.RecordField) or (e.name in ENTITY_SLOTS and not isinstance(ref, r.DefinitionField))) \
                and self.plain_read(e.target)
        return self.quiet(e)

    def return_(self, s: n.Return) -> list[ast.stmt]:
        if self.body_of == n.Body.TRIGGER:
            return [ast.Return(value=ast.Constant(True))]
        if s.value is None:
            return [ast.Return(value=None)]
        value = self.read(s.value)
        if self.loops and isinstance(s.value, n.Name) and s.value.name in self.pushed and self.is_owned(s.value):
            value = _call("_fits", value)  # returned from inside a loop, before its length check
        return [ast.Return(value=value)]

    def break_(self, s: n.Break) -> list[ast.stmt]:
        return [ast.Break()]

    def continue_(self, s: n.Continue) -> list[ast.stmt]:
        return [ast.Continue()]

    def shuffle(self, s: n.Shuffle) -> list[ast.stmt]:
        return [ast.Expr(value=_rt("shuffle", self.expr(s.zone)))]

    def fill(self, s: n.Fill) -> list[ast.stmt]:
        return [ast.Expr(value=_rt("fill", ast.Constant(s.pool)))]

    def phase(self, s: n.Phase | n.Step) -> list[ast.stmt]:
        if isinstance(s, n.Step) and s.silent:  # a hook point: what mods put there, with no log entry
            return self.block(s.body)
        method = "phase" if isinstance(s, n.Phase) else "step"
        return [ast.With(items=[ast.withitem(context_expr=_rt(method, ast.Constant(s.name)), optional_vars=None)],
                         body=self.body(s.body))]

    def turn(self, s: n.Turn) -> list[ast.stmt]:
        return [ast.With(items=[ast.withitem(context_expr=_rt("turn", self.expr(s.player)), optional_vars=None)],
                         body=self.body(s.body))]

    def end_game(self, s: n.EndGame) -> list[ast.stmt]:
        return [ast.Expr(value=_rt("end_game", self.optional(s.winner)))]

    def rule_ref(self, s: n.RuleRef) -> list[ast.stmt]:
        return [ast.Expr(value=_rt("touch", ast.Tuple(elts=[ast.Constant(i) for i in s.ids], ctx=ast.Load())))]

    def violation(self, s: n.Violation) -> list[ast.stmt]:
        cards = self.expr(s.cards) if s.cards is not None else ast.List(elts=[], ctx=ast.Load())
        return [ast.Expr(value=_rt("violation", self.template(s.parts), cards))]

    def window(self, s: n.Window) -> list[ast.stmt]:
        return [ast.Expr(value=_rt("window", ast.Constant(s.name), ast.Constant(s.zone), self.optional(s.order)))]

    def expr_stmt(self, s: n.ExprStmt) -> list[ast.stmt]:
        return [ast.Expr(value=self.expr(s.expr))]

    def template(self, parts: tuple[str | n.Expr, ...]) -> ast.expr:
        """"text {expr} text" -> "".join([...]) with each placeholder as text."""
        pieces: list[ast.expr] = [ast.Constant(p) if isinstance(p, str) else _call("b_text", _name(RT), self.expr(p)) for p in parts]
        return ast.Call(func=ast.Attribute(value=ast.Constant(""), attr="join", ctx=ast.Load()),
                        args=[ast.List(elts=pieces, ctx=ast.Load())], keywords=[])

    def update_helper(self, op: n.AssignOp, target: n.Expr, value: n.Expr) -> str | None:
        if op == n.AssignOp.ADD:
            return "_add" if self.may_grow(target, value) else None
        kinds = {self.res.type_of(o).name for o in (target, value)}
        return "_without" if kinds & {"list", "any"} else None

    def may_grow(self, *operands: n.Expr) -> bool:
        """True if `+` may join lists or texts (whose size could double each step)."""
        return any(self.res.type_of(o).name in ("list", "text", "any") for o in operands)

    # ---- expressions ------------------------------------------------------

    def expr(self, e: n.Expr) -> ast.expr:
        lower = EXPRESSIONS.get(type(e))
        if lower is None:
            raise TypeError(f"cannot lower {type(e).__name__}")
        return lower(self, e)

    def optional(self, e: n.Expr | None) -> ast.expr:
        return self.expr(e) if e is not None else ast.Constant(None)

    def literal(self, e: n.Literal) -> ast.expr:
        return ast.Constant(e.value)

    def text_template(self, e: n.TextTemplate) -> ast.expr:
        return self.template(e.parts)

    def name(self, e: n.Name) -> ast.expr:
        ref = self.res.name(e)
        if isinstance(ref, r.LocalRef) and self.arguments is not None:
            return copy.deepcopy(self.arguments[ref.name])
        if isinstance(ref, r.LocalRef):
            return self.owned_read(e, _name(var(ref.name)))
        if isinstance(ref, r.ConstRef):
            return _const(ref.value)
        if isinstance(ref, (r.AssumeRef, r.ParamRef)):
            table = "assume" if isinstance(ref, r.AssumeRef) else "params"
            return ast.Subscript(value=_rt_data(table), slice=ast.Constant(ref.name), ctx=ast.Load())
        if isinstance(ref, r.ZoneRef):
            return _rt("zone", ast.Constant(ref.name))
        return ast.Compare(left=ast.Constant(ref.name), ops=[ast.In()], comparators=[_rt_data("options")])

    def this(self, e: n.This) -> ast.expr:
        return _name("this")

    def list_expr(self, e: n.ListExpr) -> ast.expr:
        return ast.List(elts=[self.expr(i) for i in e.items], ctx=ast.Load())

    def attr(self, e: n.Attr) -> ast.expr:
        ref, target = self.res.attr(e), self.expr(e.target)
        if isinstance(ref, (r.FaceField, r.RecordField)):
            return ast.Subscript(value=target, slice=ast.Constant(e.name), ctx=ast.Load())
        if isinstance(ref, r.DefinitionField):
            return _rt("defprop", target, ast.Constant(e.name))
        if e.name in ENTITY_SLOTS:  # what every thing has: read straight from the thing
            return ast.Attribute(value=target, attr=ENTITY_SLOTS[e.name], ctx=ast.Load())
        if ref.kind is not None and e.name not in self.res.modified:  # no modifier can change it: read it stored
            props = ast.Attribute(value=target, attr="props", ctx=ast.Load())
            return ast.Subscript(value=props, slice=ast.Constant(e.name), ctx=ast.Load())
        return _rt("prop", target, ast.Constant(e.name))

    def call(self, e: n.Call) -> ast.expr:
        ref = self.res.call(e)
        if isinstance(ref, r.AbilityParam):
            return _rt("ability_param", self.expr(e.args[0]), ast.Constant(ref.ability), ast.Constant(ref.param))
        args = [self.expr(a) for a in e.args]
        if isinstance(ref, r.FnCall):
            args += [_const(self.res.value(default)) for default in ref.missing]
            inlined = self.inlined_call(e, args)
            return inlined if inlined is not None else _call(fn(ref.name), _name(RT), *args)
        if isinstance(ref, r.BuiltinCall):
            if ref.name == "first" and self.every_thing_of_a_kind(e.args[0]):  # `first(all KIND)`: no list made
                return _rt("first_of", ast.Constant(e.args[0].kind))  # type: ignore[attr-defined]  # a Select
            if ref.name in LOOKING_BUILTINS:
                args = [self.read(a) for a in e.args]
            return _call(f"b_{ref.name}", _name(RT), *args)
        if isinstance(ref, r.TableCall):
            return _rt("table", ast.Constant(ref.name), *args)
        return _rt("zone", ast.Constant(ref.name), *args)

    def every_thing_of_a_kind(self, e: n.Expr) -> bool:
        """`all KIND`, with no place, owner or condition."""
        return isinstance(e, n.Select) and e.at is None and e.owner is None and e.where is None \
            and not self.res.selection(e).of_definition

    def inlined_call(self, call: n.Call, args: list[ast.expr]) -> ast.expr | None:
        """A call of a fn that can be inlined (`inlinable`), lowered as the expression its body
        returns, on the arguments: no call at run time, and the same value."""
        decl = self.inlinable(call)
        if decl is None or self.arguments is not None:
            return None
        saved = self.counters
        self.arguments, self.counters = {p.name: a for p, a in zip(decl.params, args)}, set()
        try:
            return self.expr(decl.body.stmts[0].value)  # type: ignore[attr-defined]  # a Return's value
        finally:
            self.arguments, self.counters = None, saved

    def inlinable(self, call: n.Call) -> n.FnDecl | None:
        """The `fn` called, if its whole body returns an expression that changes nothing (`simple`)
        and the arguments change nothing either (`plain_read`)."""
        ref = self.res.call(call)
        decl = self.callables.get(ref.name) if isinstance(ref, r.FnCall) else None
        if decl is None or decl.role != Role.FN or len(decl.body.stmts) != 1:
            return None
        body = decl.body.stmts[0]
        if isinstance(body, n.Return) and body.value is not None and self.simple(body.value) \
                and all(self.plain_read(a) for a in call.args):
            return decl
        return None

    def simple(self, e: n.Expr) -> bool:
        """A fn's result that can be computed in its caller: values read (`plain_read`),
        comparisons, logic, `-` and `not`, a choice (`if ... then ... else`), and sums and
        differences of whole numbers."""
        if isinstance(e, n.Binary):  # not a comparison of values that may nest: one of `any` may fail
            whole = all(self.res.type_of(o).name == "int" for o in (e.left, e.right))
            return (e.op in CMPOPS and e.op not in n.MEMBERSHIP and id(e) not in self.res.nested or e.op in n.LOGIC
                    or (e.op in (n.BinOp.ADD, n.BinOp.SUB) and whole)) and self.simple(e.left) and self.simple(e.right)
        if isinstance(e, n.Unary):
            return self.simple(e.operand)
        if isinstance(e, n.IfExpr):
            return self.simple(e.cond) and self.simple(e.then) and self.simple(e.other)
        return self.plain_read(e)

    def index(self, e: n.Index) -> ast.expr:
        return self.item(e)

    def cast(self, e: n.Cast) -> ast.expr:
        return _rt("cast", self.expr(e.value), ast.Constant(e.kind))

    def has(self, e: n.Has) -> ast.expr:
        return _rt("has_ability", self.expr(e.target), ast.Constant(e.ability.name))

    def is_kind(self, e: n.IsKind) -> ast.expr:
        return _rt("is_a", self.expr(e.value), ast.Constant(e.kind))

    def unary(self, e: n.Unary) -> ast.expr:
        op = ast.Not() if e.op == n.UnaryOp.NOT else ast.USub()
        return ast.UnaryOp(op=op, operand=self.expr(e.operand))

    def binary(self, e: n.Binary) -> ast.expr:
        op = e.op
        looks = op in CMPOPS or op == n.BinOp.ADD  # a comparison keeps nothing; `+` makes a new value
        left, right = (self.read(e.left), self.read(e.right)) if looks else (self.expr(e.left), self.expr(e.right))
        if op in n.LOGIC:
            return ast.BoolOp(op=ast.And() if op == n.BinOp.AND else ast.Or(), values=[left, right])
        if id(e) in self.res.nested:  # operands that may nest: compared at a cost the budget sees (runtime.deep)
            return self.nested_comparison(op, left, right)
        if op in (n.BinOp.IN, n.BinOp.NOT_IN):  # a search: charged in proportion to the list
            return ast.Compare(left=left, ops=[CMPOPS[op]()], comparators=[_rt("scan", right)])
        if op in CMPOPS:
            return ast.Compare(left=left, ops=[CMPOPS[op]()], comparators=[right])
        if op == n.BinOp.DIV:
            return _call("_div", left, right)
        if op in (n.BinOp.FLOORDIV, n.BinOp.MOD) and not is_int_literal(e.right):  # a divisor that may be 0
            return _call("_floordiv" if op == n.BinOp.FLOORDIV else "_mod", left, right)
        if op == n.BinOp.ADD and self.may_grow(e.left, e.right):
            return _call("_add", _name(RT), left, right)
        if op == n.BinOp.MUL and not all(self.small(o) for o in (e.left, e.right)):
            whole = [o for o in (e.left, e.right) if self.res.type_of(o).name == "int"]
            return _product(e, left, right, whole)  # even by a constant: `x = x * 1000` grows x each step
        return ast.BinOp(left=left, op=BINOPS[op](), right=right)

    def small(self, e: n.Expr) -> bool:
        """A whole number known to fit in SMALL_BITS bits: a product of two such is far below the
        limit on a number's size (MAX_BITS), so it is not checked."""
        size = self.bits(e)
        return size is not None and size <= SMALL_BITS

    def bits(self, e: n.Expr) -> int | None:
        """At most how many bits a whole number has, where the source says: a number written out,
        a loop's counter, a variable set once to such, and sums, differences, `//`, `%` and choices
        of them; None if unknown."""
        if is_int_literal(e):
            return abs(e.value).bit_length()  # type: ignore[attr-defined]  # an int literal
        if self.res.type_of(e).name != "int":
            return None
        if isinstance(e, n.Name):
            if not isinstance(self.res.name(e), r.LocalRef) or self.arguments is not None:
                return None
            if self.parameter_bits is not None:  # a parameter of a fn whose result is sized
                return self.parameter_bits.get(e.name)
            return COUNTER_BITS if e.name in self.counters else self.sized.get(e.name)
        if isinstance(e, n.Call):
            decl = self.inlinable(e)
            if decl is None or self.parameter_bits is not None:
                return None
            self.parameter_bits = {p.name: self.bits(a) for p, a in zip(decl.params, e.args)}
            try:
                return self.bits(decl.body.stmts[0].value)  # type: ignore[attr-defined]  # a Return's value
            finally:
                self.parameter_bits = None
        if isinstance(e, n.Unary):
            return self.bits(e.operand)
        if isinstance(e, n.IfExpr):
            sizes = (self.bits(e.then), self.bits(e.other))
            return None if None in sizes else max(sizes)  # type: ignore[type-var]  # no None left
        if not isinstance(e, n.Binary):
            return None
        left, right = self.bits(e.left), self.bits(e.right)
        if e.op in (n.BinOp.ADD, n.BinOp.SUB):
            return None if left is None or right is None else max(left, right) + 1
        if e.op == n.BinOp.FLOORDIV and is_positive_literal(e.right):
            return left
        if e.op == n.BinOp.MOD and is_positive_literal(e.right):
            return right
        return None

    def never_negative(self, e: n.Expr) -> bool:
        """Whether a whole number is known to be 0 or more: a number written out, a loop's counter
        from 0 or more that its body never changes (`counters`), and sums, products, `//` and `%`
        by a positive number written out."""
        if is_int_literal(e):
            return e.value >= 0  # type: ignore[attr-defined]  # an int literal
        if isinstance(e, n.Name):
            return e.name in self.counters and isinstance(self.res.name(e), r.LocalRef)
        if not isinstance(e, n.Binary):
            return False
        if e.op in (n.BinOp.ADD, n.BinOp.MUL):
            return self.never_negative(e.left) and self.never_negative(e.right)
        if e.op == n.BinOp.FLOORDIV:
            return is_positive_literal(e.right) and self.never_negative(e.left)
        return e.op == n.BinOp.MOD and is_positive_literal(e.right) and self.res.type_of(e.left).name == "int"

    def if_expr(self, e: n.IfExpr) -> ast.expr:
        return ast.IfExp(test=self.expr(e.cond), body=self.expr(e.then), orelse=self.expr(e.other))

    def nested_comparison(self, op: n.BinOp, left: ast.expr, right: ast.expr) -> ast.expr:
        if op in n.ORDER:
            return ast.Compare(left=_call("_number", left), ops=[CMPOPS[op]()], comparators=[_call("_number", right)])
        test = _call("_contains", _name(RT), left, right) if op in n.MEMBERSHIP else _call("_equal", _name(RT), left, right)
        return ast.UnaryOp(op=ast.Not(), operand=test) if op in (n.BinOp.NE, n.BinOp.NOT_IN) else test

    def select(self, e: n.Select) -> ast.expr:
        where: ast.expr = ast.Constant(None)
        if e.where is not None:
            args = ast.arguments(posonlyargs=[], args=[ast.arg(arg=var("it"))], vararg=None, kwonlyargs=[],
                                 kw_defaults=[], kwarg=None, defaults=[])
            where = ast.Lambda(args=args, body=self.expr(e.where))
        shared = e.where is not None and per_definition(e.where, self.res)  # asked once per run of copies
        return _rt("select", ast.Constant(e.kind), self.optional(e.at), self.optional(e.owner), where,
                   ast.Constant(self.res.selection(e).of_definition), ast.Constant(shared))

    def source(self, e: n.Create | n.Roll) -> ast.expr:
        """The definition created or the die rolled: its id, or the variable holding it."""
        ref = self.res.source(e)
        return _name(var(ref.name)) if isinstance(ref, r.FromLocal) else ast.Constant(ref.name)

    def create(self, e: n.Create) -> ast.expr:
        return _rt("create", self.source(e), ast.Constant(e.count), self.optional(e.at), self.optional(e.owner),
                   ast.Constant(e.face_down))

    def roll(self, e: n.Roll) -> ast.expr:
        return _rt("roll", self.source(e))

    def draw(self, e: n.Draw) -> ast.expr:
        return _rt("draw", self.expr(e.count), self.expr(e.source), self.optional(e.dest))

    def interval(self, e: n.Interval) -> ast.expr:
        return _call("_interval", _name(RT), self.expr(e.low), self.expr(e.high))

    def choose(self, e: n.Choose) -> ast.expr:
        return _rt("choose", self.expr(e.chooser), self.expr(e.options), ast.Constant(e.prompt))


L = Lowerer
THING_ACTIONS = {n.Destroy: "destroy", n.Remove: "remove", n.Hide: "hide"}
STATEMENTS: dict[type[n.Stmt], Callable[[Lowerer, Any], list[ast.stmt]]] = {
    n.Let: L.let, n.Assign: L.assign, n.If: L.if_, n.For: L.for_, n.While: L.while_, n.Emit: L.emit,
    n.Destroy: L.on_thing, n.Remove: L.on_thing, n.Hide: L.on_thing, n.Move: L.move, n.Reveal: L.reveal,
    n.Modify: L.modify, n.Require: L.require, n.Log: L.log, n.Return: L.return_, n.Break: L.break_,
    n.Continue: L.continue_, n.Shuffle: L.shuffle, n.Fill: L.fill, n.Phase: L.phase, n.Step: L.phase,
    n.Turn: L.turn, n.EndGame: L.end_game, n.RuleRef: L.rule_ref, n.Violation: L.violation, n.Window: L.window,
    n.Expect: L.expect, n.ExpectRefused: L.expect_refused, n.ExprStmt: L.expr_stmt,
}
EXPRESSIONS: dict[type[n.Expr], Callable[[Lowerer, Any], ast.expr]] = {
    n.Literal: L.literal, n.TextTemplate: L.text_template, n.Name: L.name, n.AbilityName: L.name, n.This: L.this,
    n.ListExpr: L.list_expr, n.ListComp: L.list_comp, n.Attr: L.attr, n.Call: L.call,
    n.Index: L.index, n.Cast: L.cast, n.Unary: L.unary, n.Binary: L.binary, n.IfExpr: L.if_expr,
    n.Select: L.select, n.Create: L.create, n.Roll: L.roll, n.Draw: L.draw, n.Choose: L.choose,
    n.Interval: L.interval,
    n.RecordNew: L.record_new, n.MapExpr: L.map_expr, n.IsKind: L.is_kind, n.Has: L.has,
}


def keyed_param(trig: n.Trigger, params: list[str], res: r.Resolution) -> int | None:
    """The position of the event's parameter that a definition's trigger first compares with its
    thing (`when p == this ...`): the trigger can only fire for the thing the event names there, so
    the event runs it for that thing alone instead of asking every thing of the definition."""
    cond = trig.when
    while isinstance(cond, n.Binary) and cond.op == n.BinOp.AND:
        cond = cond.left
    if not (isinstance(cond, n.Binary) and cond.op == n.BinOp.EQ):
        return None
    for name, other in ((cond.left, cond.right), (cond.right, cond.left)):
        if isinstance(name, n.Name) and isinstance(other, n.This) and name.name in params \
                and isinstance(res.refs.get(id(name)), r.LocalRef):
            return params.index(name.name)
    return None


def _product(e: n.Binary, left: ast.expr, right: ast.expr, whole: list[n.Expr]) -> ast.expr:
    """`a * b`, checked not to pass MAX_BITS (`_mul`); an int variable (in `whole`) times a whole
    number written out (at most MAX_DIGITS digits) is checked inline, on the variable: `v * 7 if -_HALF < v < _HALF
    else _mul(v, 7)`, where a number below _HALF times such a literal stays within the limit."""
    pairs = ((e.left, left, e.right), (e.right, right, e.left))
    for operand, lowered, other in pairs:
        if any(operand is w for w in whole) and isinstance(lowered, ast.Name) and is_int_literal(other):
            test = ast.Compare(left=ast.UnaryOp(op=ast.USub(), operand=_name("_HALF")), ops=[ast.Lt(), ast.Lt()],
                               comparators=[lowered, _name("_HALF")])
            return ast.IfExp(test=test, body=ast.BinOp(left=left, op=ast.Mult(), right=right),
                             orelse=_call("_mul", _name(RT), left, right))
    return _call("_mul", _name(RT), left, right)


def _counts_from_whole(e: n.Expr, res: r.Resolution) -> bool:
    """Whether a loop runs over whole numbers from a number 0 or more written out (`a..b`, `range(a, b)`)."""
    if isinstance(e, n.Interval):
        low = e.low
    elif isinstance(e, n.Call) and res.call(e) == r.BuiltinCall("range"):
        low = e.args[0]
    else:
        return False
    return is_int_literal(low) and low.value >= 0  # type: ignore[attr-defined]  # an int literal


def _small_span(e: n.Expr) -> tuple[int, ...] | None:
    """The numbers of `a..b` between two whole numbers written out, if few enough for a constant."""
    if not (isinstance(e, n.Interval) and is_int_literal(e.low) and is_int_literal(e.high)):
        return None
    low, high = e.low.value, e.high.value  # type: ignore[attr-defined]  # int literals, just checked
    numbers = range(low, high + 1)
    return tuple(numbers) if len(numbers) <= 256 else None


_SHAPES: dict[type, tuple[bool, tuple[str, ...]]] = {}  # node class -> (has a position, fields that may hold nodes)


def _shape(cls: type) -> tuple[bool, tuple[str, ...]]:
    shape = _SHAPES.get(cls)
    if shape is None:  # `ctx` only ever holds an expr_context, which has no position and no children
        shape = _SHAPES[cls] = ("lineno" in cls._attributes, tuple(f for f in cls._fields if f != "ctx"))  # type: ignore[attr-defined]
    return shape


def _locate(node: ast.AST, line: int, column: int = 1) -> None:
    """Give every node without a position the source line and column (1-based) of the statement it
    came from; a fault reads them back from the failing instruction (`co_positions()`). A node
    located before (a nested statement) was located with everything inside it: not walked again."""
    stack: list[Any] = [node]
    while stack:
        sub = stack.pop()
        positioned, fields = _shape(sub.__class__)
        if positioned:
            if hasattr(sub, "lineno"):
                if sub is not node:
                    continue
            else:
                sub.lineno = sub.end_lineno = line
                sub.col_offset = sub.end_col_offset = column - 1
                if hasattr(sub, "item_read"):  # a list item read: its end column says which (errors.item_fault)
                    sub.end_col_offset = ITEM_MARK + sub.item_read
        for name in fields:  # ast.iter_child_nodes, without its generators
            value = getattr(sub, name, None)
            if value.__class__ is list:
                stack.extend(v for v in value if isinstance(v, ast.AST))
            elif isinstance(value, ast.AST):
                stack.append(value)


def compile_functions(funcs: list[ast.FunctionDef], filename: str, ns: dict[str, Any]) -> CodeType:
    """Compile a file's handlers into `ns` (shared by every file of the ruleset); returns the
    module's code, which defines them again when run in another namespace (the cache)."""
    classes = record_classes({name for f in funcs for name in getattr(f, "record_types", ())})
    for c in classes:
        _locate(c, 1)
    module = ast.Module(body=classes + list(funcs), type_ignores=[])
    for f in funcs:
        _locate(f, 1)  # each was located when lowered: this only checks it (ast.fix_missing_locations walks it all)
    code = compile(module, filename, "exec")
    exec(code, ns)  # noqa: S102 - code built from ast nodes only
    return code
