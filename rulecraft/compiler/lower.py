"""Lowering: checked AST -> Python `ast` -> code objects (the handlers). Code generation only.

Takes the checked bodies, what the checker resolved (a Resolution) and what the analysis pass
found (facts.Facts, which it only reads); each lowering call (`callable`, `trigger`, `play`, ...)
gives a Lowered: the name of the handler it made and its functions, which `compile_functions`
compiles file by file (the driver attaches them by those names).
Handlers are built as Python syntax trees, never as source text. A name from a ruleset
only ever becomes a string constant or an identifier with a fixed prefix (`v_` for
variables, `f_` for functions), and the only attributes reached are those the runtime's
interface table names (`runtime/interface.py`). So no ruleset, however hostile, can reach Python.
A newcomer adds the lowering of a new statement or expression as a method, named in STATEMENTS or
EXPRESSIONS; what it may leave out (a check, a guard, a call) it reads from the facts, and a new
such finding belongs in facts.py, not here; the lowering of the optimiser's rewrites (a fn written
out in its caller, a loop written out item by item) is in optimise/lowering.py. The Lowerer's state
while it lowers a handler is one BodyState (lower_data.py); the only state kept from one handler
to the next is `items_read` and `inlines` (the counts that name temporaries).
"""

from __future__ import annotations

import ast
import copy
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from types import CodeType
from typing import Any

from ..runtime.errors import ITEM_MARK
from ..runtime.types import ANY
from . import nodes as n
from . import resolved as r
from .comprehensions import ListLowering
from .draw_reads import counted_by_test
from .facts import NO_USES, Facts, Uses, is_int_literal
from .lower_data import LOOKING_BUILTINS, BodyState, DataLowering, counted, record_classes
from .lower_data import constant as _const
from .lower_data import rt_call as _rt
from .lower_data import rt_data as _rt_data
from .optimise import enabled
from .optimise.lowering import OptimisedLowering
from .optimise.unroll import constant_item
from .source import Span
from .symbols import BUILTIN_FIELDS
from .typed_calls import entry_point

RT = "rt"


def _name(id: str) -> ast.Name:
    return ast.Name(id=id, ctx=ast.Load())


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
BINOPS: dict[n.BinOp, type[ast.operator]] = {B.ADD: ast.Add, B.SUB: ast.Sub, B.MUL: ast.Mult, B.FLOORDIV: ast.FloorDiv,
                                             B.MOD: ast.Mod}
CMPOPS: dict[n.BinOp, type[ast.cmpop]] = {B.EQ: ast.Eq, B.NE: ast.NotEq, B.LT: ast.Lt, B.LE: ast.LtE, B.GT: ast.Gt,
                                          B.GE: ast.GtE, B.IN: ast.In, B.NOT_IN: ast.NotIn}


@dataclass(frozen=True)
class Lowered:
    """What one lowering call made: its handler's name, the names of the functions that go with
    it (a play's or window's `when`, a play's `targets`), and every function, in compile order."""

    name: str
    functions: tuple[ast.FunctionDef, ...]
    when: str | None = None
    targets: str | None = None


class Lowerer(DataLowering, ListLowering, OptimisedLowering):
    """Lowers bodies to Python functions, reading what the checker resolved (a Resolution) and
    what the analysis pass found (Facts); one method per node kind, found through STATEMENTS
    and EXPRESSIONS."""

    def __init__(self, res: r.Resolution, facts: Facts):
        self.res = res
        self.facts = facts
        self.items_read = 0  # list item reads lowered so far (each names its temporaries: lower_data)
        self.inlines = 0  # fns written out in their callers so far (each names its variables: `written_out`)
        self._state: BodyState | None = None  # the handler being lowered (`lowering`)
        self.counting = enabled()  # a `while` round's step counted without a call (`step`: optimiser on)

    @property
    def state(self) -> BodyState:
        assert self._state is not None, "lowered outside a lowering call"
        return self._state

    @contextmanager
    def lowering(self, of: n.Body, block: n.Block | None) -> Iterator[None]:
        """Lower one handler: a new BodyState for it, dropped when it is made."""
        self._state = BodyState(of, self.facts.uses[block] if block is not None else NO_USES)
        try:
            yield
        finally:
            self._state = None

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
        f.record_types = self.state.record_types  # type: ignore[attr-defined]  # read by compile_functions
        self.state.record_types = set()
        if sys.version_info >= (3, 12):
            f.type_params = []
        _locate(f, where.line, where.column)
        return f

    def callable(self, decl: n.FnDecl) -> Lowered:
        with self.lowering(n.Body(decl.role), decl.body):
            name = fn(decl.name)
            body = self.block(decl.body)
            return Lowered(name, (self.function(name, [RT] + [var(p.name) for p in decl.params], body, decl.span),))

    def trigger(self, pyname: str, trig: n.Trigger, params: list[str]) -> Lowered:
        """func(rt, this, *event_args) -> True if it fired."""
        with self.lowering(n.Body.TRIGGER, trig.body):
            return Lowered(pyname, (self.trigger_function(pyname, trig, params),))

    def trigger_function(self, pyname: str, trig: n.Trigger, params: list[str]) -> ast.FunctionDef:
        body: list[ast.stmt] = []
        if trig.when is not None:
            body.append(ast.If(test=ast.UnaryOp(op=ast.Not(), operand=self.expr(trig.when)),
                               body=[ast.Return(value=ast.Constant(False))], orelse=[]))
            _locate(body[-1], trig.when.span.line, trig.when.span.column)
        body += self.block(trig.body)
        body.append(ast.Return(value=ast.Constant(True)))
        return self.function(pyname, [RT, "this"] + [var(p) for p in params], body, trig.span)

    def play(self, pyname: str, play: n.Play) -> Lowered:
        """A card's effect in a window: `pyname_when(rt, this, player)` and `pyname(rt, this, player)`,
        and `pyname_targets(rt, this, player)` if it has targets."""
        with self.lowering(n.Body.TRIGGER, play.body):
            made = self.play_functions(pyname, play)
        return Lowered(pyname, tuple(made), when=made[0].name, targets=made[2].name if len(made) > 2 else None)

    def play_functions(self, pyname: str, play: n.Play) -> list[ast.FunctionDef]:
        when: ast.stmt = ast.Return(value=self.expr(play.when) if play.when is not None else ast.Constant(True))
        _locate(when, *((play.when.span.line, play.when.span.column) if play.when is not None else (play.span.line,)))
        params = [RT, "this", var("player")]
        out = [self.function(f"{pyname}_when", params, [when], play.span),
               self.function(pyname, params + [var(t.name) for t in play.targets], self.block(play.body), play.span)]
        if play.targets:  # `pyname_targets(rt, this, player)`: the list each target is picked from
            lists = ast.List(elts=[self.expr(t.source) for t in play.targets], ctx=ast.Load())
            out.append(self.function(f"{pyname}_targets", params, [ast.Return(value=lists)], play.span))
        return out

    def window_after(self, pyname: str, w: n.WindowDecl) -> Lowered:
        """A window's after-play block: `pyname_when(rt, this, player)` and `pyname(rt, this, player)`."""
        with self.lowering(n.Body.TRIGGER, w.after):
            made = self.window_functions(pyname, w)
        return Lowered(pyname, tuple(made), when=made[0].name)

    def window_functions(self, pyname: str, w: n.WindowDecl) -> list[ast.FunctionDef]:
        when: ast.stmt = ast.Return(value=self.expr(w.after_when) if w.after_when is not None else ast.Constant(True))
        _locate(when, *((w.after_when.span.line, w.after_when.span.column) if w.after_when is not None
                        else (w.span.line,)))
        params = [RT, "this", var("player")]
        body = self.block(w.after) if w.after is not None else []
        return [self.function(f"{pyname}_when", params, [when], w.span),
                self.function(pyname, params, body, w.span)]

    def ability_modifier(self, pyname: str, m: n.AbilityModifier, params: list[str]) -> Lowered:
        """`pyname(rt, *params)`: the value an ability's `modify` applies."""
        with self.lowering(n.Body.FN, None):
            value = ast.Return(value=self.expr(m.value))
            _locate(value, m.value.span.line, m.value.span.column)
            return Lowered(pyname, (self.function(pyname, [RT] + [var(p) for p in params], [value], m.span),))

    def row(self, pyname: str, row: n.TableRow, params: list[str]) -> Lowered:
        with self.lowering(n.Body.ROW, row.body):
            params = [RT, var("rolled")] + [var(p) for p in params]
            return Lowered(pyname, (self.function(pyname, params, self.block(row.body), row.span),))

    def part(self, pyname: str, body: n.Block) -> Lowered:
        """A scenario's part, a test or a deck check: `pyname(rt)`."""
        with self.lowering(n.Body.SCENARIO, body):
            return Lowered(pyname, (self.function(pyname, [RT], self.block(body), body.span),))

    # ---- statements -------------------------------------------------------

    def block(self, b: n.Block | tuple[n.Stmt, ...]) -> list[ast.stmt]:
        """A block's statements (or some statements), each after the fns it calls that are
        written out before it (optimise.lowering)."""
        out: list[ast.stmt] = []
        for s in b.stmts if isinstance(b, n.Block) else b:
            lower = STATEMENTS.get(type(s))
            if lower is None:
                raise TypeError(f"cannot lower {type(s).__name__}")
            for py in self.hoisted(s) + lower(self, s):
                _locate(py, s.span.line, s.span.column)
                out.append(py)
        return out

    def body(self, b: n.Block) -> list[ast.stmt]:
        return self.block(b) or [ast.Pass()]

    def let(self, s: n.Let) -> list[ast.stmt]:
        return [ast.Assign(targets=[ast.Name(id=var(s.name), ctx=ast.Store())], value=self.into_owned(s.name, s.value))]

    def assign(self, s: n.Assign) -> list[ast.stmt]:
        """`=`, `+=`, `-=` on a variable, a property or an item; on lists `+=` appends and `-=` takes items out."""
        target = s.target
        if isinstance(target, n.Name) and target.name in self.state.used.owned and s.op != n.AssignOp.SUB:
            if s.op == n.AssignOp.ADD and self.res.type_of(target).name == "list":
                return [self.grow(target, s.value)]
            if s.op == n.AssignOp.SET:
                return [ast.Assign(targets=[ast.Name(id=var(target.name), ctx=ast.Store())],
                                   value=self.into_owned(target.name, s.value))]
        value = self.expr(s.value)
        if s.op != n.AssignOp.SET:
            helper = self.update_helper(s)
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

    def loop_items(self, iterable: n.Expr, appended: list[str] | None = None, used: Uses = NO_USES) -> ast.expr:
        """What a loop (a `for`, a list expression) runs over, its rounds charged at once (with what
        they append item by item, `appended`: Budget.rounds)."""
        numbers = _small_span(iterable)
        if numbers is not None:  # `for i in 0..63`: a constant
            items: ast.expr = ast.Constant(numbers)  # type: ignore[arg-type]  # a tuple of ints is a valid constant
        elif isinstance(iterable, n.Interval):  # `for i in a..b`: no list to build
            items = _call("_span", _name(RT), self.expr(iterable.low), self.expr(iterable.high))
        elif isinstance(iterable, n.Call) and self.res.call(iterable) == r.BuiltinCall("range"):
            items = _call("_span_half_open", _name(RT), *(self.expr(a) for a in iterable.args))
        else:
            items = self.expr(iterable)
        return _rt("rounds", items, *self.appended(appended, used)) if appended else _rt("charge", items)

    def for_(self, s: n.For) -> list[ast.stmt]:
        """A `for` runs over a list it already has: its rounds are charged at once."""
        items = self.facts.unrolled.get(s)
        if items is not None:
            return self.unrolled(s, items)
        used = self.facts.uses[s.body]
        body, checks, appended = self.loop_body(s.body, used)
        items = self.loop_items(s.iterable, appended, used)
        loop = ast.For(target=ast.Name(id=var(s.var), ctx=ast.Store()), iter=items, body=self.prologue([var(s.var)]) + body,
                       orelse=[])
        return [loop, *checks]

    def while_(self, s: n.While) -> list[ast.stmt]:
        """A `while` round costs a step: counted without a call where the optimiser is on (`counted`)."""
        used = self.facts.uses[s.body]
        body, checks, appended = self.loop_body(s.body, used)
        if appended:
            tick: ast.stmt = ast.Expr(value=_rt("round", *self.appended(appended, used)))
        else:
            tick = counted(1, _rt("tick")) if self.counting else ast.Expr(value=_rt("tick"))
        return [ast.While(test=self.expr(s.cond), body=[tick, *body], orelse=[]), *checks]

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
        if s not in self.facts.quiet_logs:
            return [logged]
        # A simulation's log keeps no text: a line whose values can neither fail nor change anything
        # is not even made there (its number is still taken, as in the full log).
        return [ast.If(test=_rt_data("full"), body=[logged], orelse=[ast.Expr(value=_rt("skip"))])]

    def return_(self, s: n.Return) -> list[ast.stmt]:
        if self.state.of == n.Body.TRIGGER:
            return [ast.Return(value=ast.Constant(True))]
        if s.value is None:
            return [ast.Return(value=None)]
        value = self.read(s.value)
        if self.state.loops and isinstance(s.value, n.Name) and s.value.name in self.state.used.pushed \
                and self.is_owned(s.value):
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
        """"text {expr} text" -> `_join(rt, [...])` with each placeholder as text: the text made is
        measured and charged before it is made (arith.joined). Without a placeholder: the text."""
        if all(isinstance(p, str) for p in parts):
            return ast.Constant("".join(parts))  # type: ignore[arg-type]  # texts only, just checked
        pieces: list[ast.expr] = [ast.Constant(p) if isinstance(p, str) else _call("b_text", _name(RT), self.expr(p)) for p in parts]
        return _call("_join", _name(RT), ast.List(elts=pieces, ctx=ast.Load()))

    def update_helper(self, s: n.Assign) -> str | None:
        if s.op == n.AssignOp.ADD:
            return None if s in self.facts.plain_sums else "_add"
        kinds = {self.res.type_of(o).name for o in (s.target, s.value)}
        return "_without" if kinds & {"list", "any"} else None

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
        arguments = self.state.arguments
        if isinstance(ref, r.LocalRef) and arguments is not None:
            return copy.deepcopy(arguments[ref.name])
        if isinstance(ref, r.LocalRef) and ref.name in self.state.constants:  # a loop written out
            return _const(self.state.constants[ref.name])
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
        if isinstance(ref, r.BuiltinCall):  # each argument lowered once (nested calls stay linear)
            if ref.name == "first" and self.every_thing_of_a_kind(e.args[0]):  # `first(all KIND)`: no list made
                return _rt("first_of", ast.Constant(e.args[0].kind))  # type: ignore[attr-defined]  # a Select
            counted = counted_by_test(self, e) if ref.name == "count" else None
            if counted is not None:  # `count([v for v in xs if TEST])`: a hand under exact odds counts undrawn
                return counted
            lower = self.read if ref.name in LOOKING_BUILTINS else self.expr
            return _call(entry_point(ref.name, e.args, self.res), _name(RT), *(lower(a) for a in e.args))
        args = [self.expr(a) for a in e.args]
        if isinstance(ref, r.FnCall):
            result = self.state.results.get(id(e))
            if result is not None:  # written out before the statement (`hoisted`)
                return _name(result)
            args += [_const(self.res.value(default)) for default in ref.missing]
            inlined = self.inlined_call(e, args)
            return inlined if inlined is not None else _call(fn(ref.name), _name(RT), *args)
        if isinstance(ref, r.TableCall):
            return _rt("table", ast.Constant(ref.name), *args)
        return _rt("zone", ast.Constant(ref.name), *args)

    def every_thing_of_a_kind(self, e: n.Expr) -> bool:
        """`all KIND`, with no place, owner or condition."""
        return isinstance(e, n.Select) and e.at is None and e.owner is None and e.where is None \
            and not self.res.selection(e).of_definition

    def inlined_call(self, call: n.Call, args: list[ast.expr]) -> ast.expr | None:
        """A call of a fn that can be inlined (facts.inlinable), lowered as the expression its body
        returns, on the arguments: no call at run time, and the same value. Not inside another."""
        decl = self.facts.inlinable.get(call)
        state = self.state
        if decl is None or state.arguments is not None:
            return None
        state.arguments = {p.name: a for p, a in zip(decl.params, args)}
        try:
            return self.expr(decl.body.stmts[0].value)
        finally:
            state.arguments = None

    def index(self, e: n.Index) -> ast.expr:
        ref = self.res.name(e.target) if isinstance(e.target, n.Name) else None
        if isinstance(ref, r.LocalRef) and self.state.arguments is None:  # an item of a loop's item, known now
            known, item = constant_item(self.state.constants.get(ref.name), e.index)
            if known:
                return _const(item)
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
        if self.res.is_nested(e) or (op in n.MEMBERSHIP and self.member_meets(e)):
            # operands that may nest: compared at a cost the budget sees; `true` never found as 1 (runtime.deep)
            return self.nested_comparison(op, left, right)
        if op in (n.BinOp.IN, n.BinOp.NOT_IN):  # a search: charged in proportion to the list
            return ast.Compare(left=left, ops=[CMPOPS[op]()], comparators=[_rt("scan", right)])
        if op in CMPOPS:
            return ast.Compare(left=left, ops=[CMPOPS[op]()], comparators=[right])
        if op == n.BinOp.DIV:
            return _call("_div", left, right)
        if op in (n.BinOp.FLOORDIV, n.BinOp.MOD) and not is_int_literal(e.right):  # a divisor that may be 0
            return _call("_floordiv" if op == n.BinOp.FLOORDIV else "_mod", left, right)
        if op == n.BinOp.MOD and self.res.type_of(e.left) == ANY:  # may be a text: `%` never formats one
            return _call("_mod", left, right)
        if op == n.BinOp.ADD and e not in self.facts.plain_sums:  # may join lists or texts
            return _call("_add", _name(RT), left, right)
        if op == n.BinOp.MUL and e not in self.facts.unchecked_products:
            whole = [o for o in (e.left, e.right) if self.res.type_of(o).name == "int"]
            return _product(e, left, right, whole)  # even by a constant: `x = x * 1000` grows x each step
        return ast.BinOp(left=left, op=BINOPS[op](), right=right)

    def if_expr(self, e: n.IfExpr) -> ast.expr:
        """`a if c else b`; `_either(c, a, b)` where a and b are variables or constants and c is a
        value read (not a comparison, `not` or a literal, always plain): under exact odds a random
        c then gives a random value instead of a chance point (runtime/lazy.py `either`)."""
        cond, then, other = self.expr(e.cond), self.expr(e.then), self.expr(e.other)
        plain_truth = isinstance(e.cond, (n.Literal, n.Unary, n.IsKind, n.Has)) \
            or (isinstance(e.cond, n.Binary) and e.cond.op not in n.LOGIC)
        if not plain_truth and all(isinstance(x, (ast.Constant, ast.Name)) for x in (then, other)):
            return _call("_either", cond, then, other)
        return ast.IfExp(test=cond, body=then, orelse=other)

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
        shared = e in self.facts.shared_wheres  # asked once per run of copies
        return _rt("select", ast.Constant(e.kind), self.optional(e.at), self.optional(e.owner), where,
                   ast.Constant(self.res.selection(e).of_definition), ast.Constant(shared))

    def source(self, e: n.Create | n.Roll) -> ast.expr:
        """The definition created or the die rolled: its id, or the variable holding it."""
        ref = self.res.source(e)
        if isinstance(ref, r.FromLocal) and ref.name in self.state.constants:  # a loop written out (optimise.unroll)
            return _const(self.state.constants[ref.name])
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
    exec(code, ns)
    return code
