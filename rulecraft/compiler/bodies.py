"""Checking bodies: statements and expressions of fns, triggers, rows, scenarios, checks and tests.

Binds every name, call and property read (a record of compiler.resolved each), infers and
checks the type of every expression, and enforces where each statement may appear. One
method per node kind, found through a table keyed by the node's class.

Takes a body and its scope (from check.py, with the shared context.CheckContext); gives its
findings to the Resolution (references, types, comparisons whose operands may nest) and its
errors to the Diagnostics. A newcomer adds the check of a new statement or expression as a
method named in the table; what lowering may leave out is not decided here (facts.py).
Statements the compiled handler runs in a block of its own (loops, phases, steps, turns, `expect
refused`) nest at most MAX_BLOCKS deep, Python's limit, and `if`s with their `elif`s at most
MAX_BRANCHES deep (E0602 past either).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ..runtime.builtins import BUILTINS
from ..runtime.ruleset import Duration as Lasting
from ..runtime.types import ANY, BOARD, BOOL, DIE, INT, LEGEND, NONE, NUM, PLAYER, TEXT, ZONE, Ty, list_of
from . import nodes as n
from . import resolved as r
from .boards import legend_value
from .comprehensions import ListChecks
from .context import CheckContext
from .data import DataChecks
from .diagnostics import suggest
from .source import Span
from .symbols import ABILITY, BUILTIN_FIELDS, MAX_DEPTH
from .types import parse_signature_type

PARAM_OF = "param_of"  # `param_of(x, ABILITY, PARAM)`: an ability's argument
# Loops, phases, steps (not hooks), turns and `expect refused` nest at most this deep: each is a block
# of the compiled handler (a loop, a `with`; `expect refused` is a `try` and its handler: two),
# Python allows 20 statically nested blocks, and the handler itself takes one.
MAX_BLOCKS = 19
# An `if` nests its `elif`s in one another in the compiled handler (as Python does): `if`s and `elif`s
# nest at most this deep, all told, well within what Python's compiler recurses through.
MAX_BRANCHES = 256


class CheckError(Exception):
    """An internal error of the checker (a node it does not know): a bug, never bad input."""


@dataclass
class Scope:
    vars: dict[str, Ty]
    parent: Scope | None = None
    open: bool = False  # its names are not all known (a trigger of an unknown event): an unknown one is no new error

    def lookup(self, name: str) -> Ty | None:
        s: Scope | None = self
        while s is not None:
            if name in s.vars:
                return s.vars[name]
            s = s.parent
        return None

    def is_open(self) -> bool:
        s: Scope | None = self
        while s is not None:
            if s.open:
                return True
            s = s.parent
        return False

    def names(self) -> list[str]:
        out: list[str] = []
        s: Scope | None = self
        while s is not None:
            out.extend(s.vars)
            s = s.parent
        return out


@dataclass
class Site:
    """Where a body is being checked: `this`, what the body is, its return type."""

    this: Ty | None
    body: n.Body
    returns: Ty | None = None
    calls: set[str] = field(default_factory=set)  # the fns it calls
    tables: set[str] = field(default_factory=set)  # the dice tables it rolls on
    loops: int = 0  # how many loops enclose the statement being checked
    blocks: int = 0  # how many statements opening a block of the compiled handler enclose it (MAX_BLOCKS)
    branches: int = 0  # how many `if`s and `elif`s enclose it, each `elif` inside the one before (MAX_BRANCHES)


def last_word(span: Span, word: str) -> Span:
    """The span of `word` where it ends `span` (e.g. the die of `roll d6`)."""
    if span.end_line == span.line and span.end_column - len(word) >= span.column:
        return Span(span.file, span.line, span.end_column - len(word), span.line, span.end_column)
    return span


StmtCheck = Callable[["BodyChecker", Any, Scope, Site, int], None]
ExprCheck = Callable[["BodyChecker", Any, Scope, Site, int], Ty]


PLAYED = frozenset({n.Body.SCENARIO, n.Body.TRIGGER, n.Body.ROW})  # bodies a game in play runs


class BodyChecker(DataChecks, ListChecks):
    def __init__(self, ctx: CheckContext):
        self.ctx = ctx
        self.sym = ctx.sym
        self.result = ctx.result
        self.err = ctx.err
        self.expect = ctx.expect
        self.phases: set[str] = set()  # every phase a `phase NAME { }` statement enters
        self.phase_uses: list[tuple[str, Span]] = []  # phases named as text: `in_phase("NAME")`
        self.played: set[str] = set()  # what scenarios, triggers, card effects and table rows call

    def block(self, b: n.Block, scope: Scope, site: Site, depth: int = 0) -> None:
        if depth > MAX_DEPTH:
            self.err("E0602", f"blocks nest deeper than {MAX_DEPTH}", b.span)
            return
        inner = Scope({}, scope)
        for s in b.stmts:
            check = STATEMENTS.get(type(s))
            if check is None:
                raise CheckError(f"unhandled statement {type(s).__name__}")
            check(self, s, inner, site, depth + 1)
        if depth == 0 and site.body in PLAYED:  # a whole body: its nested blocks' calls are in site.calls
            self.played |= site.calls

    def expr(self, e: n.Expr, scope: Scope, site: Site, depth: int) -> Ty:
        if depth > MAX_DEPTH:
            self.err("E0602", f"expressions nest deeper than {MAX_DEPTH}", e.span)
            return ANY
        check = EXPRESSIONS.get(type(e))
        if check is None:
            raise CheckError(f"unhandled expression {type(e).__name__}")
        t = check(self, e, scope, site, depth + 1)
        self.result.typed(e, t)
        return t

    def condition(self, e: n.Expr, scope: Scope, site: Site, depth: int, what: str) -> None:
        self.expect(BOOL, self.expr(e, scope, site, depth), e.span, what)

    def parts(self, parts: tuple[str | n.Expr, ...], scope: Scope, site: Site, depth: int) -> None:
        for part in parts:
            if isinstance(part, n.Expr):
                self.expr(part, scope, site, depth)

    # ---- statements -----------------------------------------------------------

    def let(self, s: n.Let, scope: Scope, site: Site, depth: int) -> None:
        t = self.expr(s.value, scope, site, depth)
        scope.vars[s.name] = ANY if t == NONE else t

    def assign(self, s: n.Assign, scope: Scope, site: Site, depth: int) -> None:
        if isinstance(s.target, n.Name) and scope.lookup(s.target.name) is None and not scope.is_open():
            self.err("E0205", f"`{s.target.name}` is not a variable", s.target.span,
                     f"declare it first with `let {s.target.name} = ...`")
            self.expr(s.value, scope, site, depth)
            return
        if isinstance(s.target, n.Index):
            t = self.item_target(s.target, scope, site, depth)
        else:
            t = self.expr(s.target, scope, site, depth)
        if isinstance(s.target, n.Attr) and self.is_record(self.result.type_of(s.target.target)):
            self.record_field_set(s.target, s.target.span)
        self.check_assign(s.op, t, self.expr(s.value, scope, site, depth), s.value.span)

    def if_(self, s: n.If, scope: Scope, site: Site, depth: int) -> None:
        if site.branches + len(s.branches) > MAX_BRANCHES:
            self.err("E0602", f"`if`s and `elif`s nest deeper than {MAX_BRANCHES} (each `elif` is in the `if` before it)",
                     s.span, "look the value up in a list or a map, or split the `if` into `fn`s")
            return
        enclosing = site.branches
        for cond, body in s.branches:
            site.branches += 1
            self.condition(cond, scope, site, depth, "a condition")
            self.block(body, scope, site, depth)
        if s.otherwise:
            self.block(s.otherwise, scope, site, depth)
        site.branches = enclosing

    def for_(self, s: n.For, scope: Scope, site: Site, depth: int) -> None:
        t = self.expr(s.iterable, scope, site, depth)
        if t.name == "list":
            elem = t.element
        elif t.name == "map":  # a map's keys, in the order they were added
            elem = t.key
        elif t == ANY:
            elem = ANY
        else:
            self.err("E0201", f"`for` needs a list, but this is {t}", s.iterable.span)
            elem = ANY
        site.loops += 1
        nested(self, s, s.body, Scope({s.var: elem}, scope), site, depth)
        site.loops -= 1

    def while_(self, s: n.While, scope: Scope, site: Site, depth: int) -> None:
        self.condition(s.cond, scope, site, depth, "a condition")
        site.loops += 1
        nested(self, s, s.body, scope, site, depth)
        site.loops -= 1

    def loop_exit(self, s: n.Break | n.Continue, scope: Scope, site: Site, depth: int) -> None:
        if site.loops == 0:
            word = "break" if isinstance(s, n.Break) else "continue"
            self.err("E0209", f"`{word}` outside a loop", s.span, "it ends or skips a `for` or `while` round")

    def emit(self, s: n.Emit, scope: Scope, site: Site, depth: int) -> None:
        params = self.ctx.event_params(s.event, s.span)
        types = [self.expr(a, scope, site, depth) for a in s.args]
        if params is not None:
            self.ctx.check_args(f"event `{s.event}`", [t for _, t in params], len(params), types, s.args, s.span)

    def on_things(self, s: n.Destroy | n.Remove | n.Hide, scope: Scope, site: Site, depth: int) -> None:
        self.expect_things(self.expr(s.target, scope, site, depth), s.target.span)

    def move(self, s: n.Move, scope: Scope, site: Site, depth: int) -> None:
        self.expect_things(self.expr(s.target, scope, site, depth), s.target.span)
        self.expr(s.dest, scope, site, depth)

    def reveal(self, s: n.Reveal, scope: Scope, site: Site, depth: int) -> None:
        self.expect_things(self.expr(s.target, scope, site, depth), s.target.span)
        if s.to is not None:
            self.expect(PLAYER, self.expr(s.to, scope, site, depth), s.to.span, "who sees it")

    def modify(self, s: n.Modify, scope: Scope, site: Site, depth: int) -> None:
        self.result.modified.add(s.target.name)
        t = self.expr(s.target, scope, site, depth)
        v = self.expr(s.value, scope, site, depth)
        if self.is_record(self.result.type_of(s.target.target)):
            self.record_field_set(s.target, s.target.span)
        if s.target.name in BUILTIN_FIELDS:
            self.err("E0205", f"`{s.target.name}` cannot be modified", s.target.name_span)
        self.check_assign(s.op, t, v, s.value.span)
        if s.duration.kind == Lasting.UNTIL and s.duration.event is not None:
            self.ctx.event_params(s.duration.event, s.duration.span)

    def require(self, s: n.Require, scope: Scope, site: Site, depth: int) -> None:
        self.condition(s.cond, scope, site, depth, "a requirement")

    def log(self, s: n.Log, scope: Scope, site: Site, depth: int) -> None:
        self.parts(s.parts, scope, site, depth)

    def return_(self, s: n.Return, scope: Scope, site: Site, depth: int) -> None:
        if site.body in (n.Body.TRIGGER, n.Body.ROW, n.Body.SCENARIO, n.Body.ACTION) and s.value is not None:
            if site.body != n.Body.ACTION:
                self.err("E0206", "only a `fn`, `action` or `query` returns a value", s.value.span)
            self.expr(s.value, scope, site, depth)
        elif s.value is not None:
            t = self.expr(s.value, scope, site, depth)
            if site.returns is not None:
                self.expect(site.returns, t, s.value.span, "the returned value")
        elif site.returns is not None and site.body == n.Body.FN and not self.ctx.compatible(site.returns, NONE):
            self.err("E0201", f"this `fn` returns {site.returns}, but this `return` gives no value", s.span)

    def shuffle(self, s: n.Shuffle, scope: Scope, site: Site, depth: int) -> None:
        self.expect(ZONE, self.expr(s.zone, scope, site, depth), s.zone.span, "what is shuffled")

    def fill(self, s: n.Fill, scope: Scope, site: Site, depth: int) -> None:
        if s.pool not in self.sym.pools:
            self.ctx.unknown("E0107", f"unknown pool `{s.pool}`", last_word(s.span, s.pool), suggest(s.pool, self.sym.pools))

    def named_block(self, s: n.Phase | n.Step, scope: Scope, site: Site, depth: int) -> None:
        if isinstance(s, n.Phase):
            self.phases.add(s.name)
        if isinstance(s, n.Step) and s.silent:  # a hook point opens no block
            self.block(s.body, scope, site, depth)
        else:
            nested(self, s, s.body, scope, site, depth)

    def check_phase_names(self) -> None:
        """After every body: a phase named as text must be one that some `phase` statement enters."""
        for name, span in self.phase_uses:
            if name not in self.phases:
                self.err("E0112", f"no `phase {name}` is ever entered, so `in_phase(\"{name}\")` is always false",
                         span, suggest(name, sorted(self.phases)))

    def turn(self, s: n.Turn, scope: Scope, site: Site, depth: int) -> None:
        self.expect(PLAYER, self.expr(s.player, scope, site, depth), s.player.span, "whose turn it is")
        nested(self, s, s.body, scope, site, depth)

    def end_game(self, s: n.EndGame, scope: Scope, site: Site, depth: int) -> None:
        if s.winner is not None:
            self.expect(PLAYER, self.expr(s.winner, scope, site, depth), s.winner.span, "the winner")

    def expr_stmt(self, s: n.ExprStmt, scope: Scope, site: Site, depth: int) -> None:
        self.expr(s.expr, scope, site, depth)

    def violation(self, s: n.Violation, scope: Scope, site: Site, depth: int) -> None:
        if site.body != n.Body.CHECK:
            self.err("E0208", "`violation` belongs in a format's `check`", s.span, "use `require` to refuse an action")
        self.parts(s.parts, scope, site, depth)
        if s.cards is not None:
            self.expect(list_of(ANY), self.expr(s.cards, scope, site, depth), s.cards.span, "the cards concerned")

    def window(self, s: n.Window, scope: Scope, site: Site, depth: int) -> None:
        zone = self.sym.zones.get(s.zone)
        if zone is None or "per_player" not in zone.flags:
            self.err("E0107", f"`{s.zone}` is not a zone of each player", s.zone_span,
                     suggest(s.zone, [z for z, d in self.sym.zones.items() if "per_player" in d.flags]))
        if s.order is not None:
            self.expect(list_of(PLAYER), self.expr(s.order, scope, site, depth), s.order.span,
                        "the order of the players")

    def expectation(self, s: n.Expect | n.ExpectRefused, scope: Scope, site: Site, depth: int) -> None:
        if site.body != n.Body.TEST:
            self.err("E0207", "`expect` belongs in a `test`", s.span, "use `require` for a rule of the game")
        if isinstance(s, n.Expect):
            self.condition(s.cond, scope, site, depth, "an expectation")
        else:
            self.expr(s.action, scope, site, depth)
            nested(self, s, None, scope, site, depth, 2)

    def rule_ref(self, s: n.RuleRef, scope: Scope, site: Site, depth: int) -> None:
        pass

    def check_assign(self, op: n.AssignOp, target: Ty, value: Ty, span: Span) -> None:
        if op == n.AssignOp.SET:
            self.expect(target, value, span, "the new value")
        elif target.name == "list" or target == ANY:  # `any`: a list or a number, known at run time
            self.expect(target, value, span, f"the value of `{op}`")
        else:
            self.expect(NUM if target == NUM else INT, value, span, f"the value of `{op}`")
            if target not in (INT, NUM, ANY):
                self.err("E0201", f"`{op}` needs a number or a list, but the property is {target}", span)

    def expect_things(self, t: Ty, span: Span) -> None:
        is_kind = self.sym.is_kind
        if t == ANY or is_kind(t.name) or (t.name == "list" and (t.element == ANY or is_kind(t.element.name))):
            return
        self.err("E0201", f"this must be a thing or a list of things, but it is {t}", span)

    # ---- expressions ----------------------------------------------------------

    def literal(self, e: n.Literal, scope: Scope, site: Site, depth: int) -> Ty:
        return self.ctx.const_type(e)

    def text_template(self, e: n.TextTemplate, scope: Scope, site: Site, depth: int) -> Ty:
        self.parts(e.parts, scope, site, depth)
        return TEXT

    def this(self, e: n.This, scope: Scope, site: Site, depth: int) -> Ty:
        if site.this is None:
            self.err("E0106", "`this` is only meaningful inside a definition's trigger", e.span)
            return ANY
        return site.this

    def list_expr(self, e: n.ListExpr, scope: Scope, site: Site, depth: int) -> Ty:
        types = [self.expr(i, scope, site, depth) for i in e.items]
        return list_of(types[0] if types and all(t == types[0] for t in types) else ANY)

    def index(self, e: n.Index, scope: Scope, site: Site, depth: int) -> Ty:
        t = self.expr(e.target, scope, site, depth)
        if t.name == "map":
            return self.map_index(e, t, scope, site, depth)
        self.expect(INT, self.expr(e.index, scope, site, depth), e.index.span, "an index")
        if t.name == "list":
            return t.element
        if t != ANY:
            self.err("E0201", f"only a list or a map can be indexed, but this is {t}", e.target.span)
        return ANY

    def cast(self, e: n.Cast, scope: Scope, site: Site, depth: int) -> Ty:
        t = self.expr(e.value, scope, site, depth)
        if not self.sym.is_kind(e.kind):
            self.ctx.unknown("E0102", f"unknown kind `{e.kind}`", e.kind_span, suggest(e.kind, self.sym.kinds))
            return ANY
        compatible = self.ctx.compatible
        if t != ANY and not (self.sym.is_kind(t.name) and (compatible(Ty(e.kind), t) or compatible(t, Ty(e.kind)))):
            self.err("E0201", f"{t} is never a {e.kind}", e.span)
        return Ty(e.kind)

    def unary(self, e: n.Unary, scope: Scope, site: Site, depth: int) -> Ty:
        t = self.expr(e.operand, scope, site, depth)
        if e.op == n.UnaryOp.NOT:
            self.expect(BOOL, t, e.operand.span, "the operand of `not`")
            return BOOL
        self.expect(NUM, t, e.operand.span, "the operand of `-`")
        return t if self.ctx.compatible(NUM, t) else ANY

    def if_expr(self, e: n.IfExpr, scope: Scope, site: Site, depth: int) -> Ty:
        self.condition(e.cond, scope, site, depth, "a condition")
        a, b = self.expr(e.then, scope, site, depth), self.expr(e.other, scope, site, depth)
        return a if self.ctx.compatible(a, b) else b if self.ctx.compatible(b, a) else ANY

    def draw(self, e: n.Draw, scope: Scope, site: Site, depth: int) -> Ty:
        self.expect(INT, self.expr(e.count, scope, site, depth), e.count.span, "how many are drawn")
        self.expect(ZONE, self.expr(e.source, scope, site, depth), e.source.span, "where cards are drawn from")
        if e.dest is not None:
            self.expr(e.dest, scope, site, depth)
        return list_of(ANY)

    def interval(self, e: n.Interval, scope: Scope, site: Site, depth: int) -> Ty:
        self.expect(INT, self.expr(e.low, scope, site, depth), e.low.span, "the start of `..`")
        self.expect(INT, self.expr(e.high, scope, site, depth), e.high.span, "the end of `..`")
        return list_of(INT)

    def choose(self, e: n.Choose, scope: Scope, site: Site, depth: int) -> Ty:
        t = self.expr(e.options, scope, site, depth)
        self.expect(PLAYER, self.expr(e.chooser, scope, site, depth), e.chooser.span, "who chooses")
        if t.name == "list":
            return t.element
        self.expect(list_of(ANY), t, e.options.span, "the options")
        return ANY

    def create(self, e: n.Create, scope: Scope, site: Site, depth: int) -> Ty:
        thing = self.sym.things.get(e.definition)
        if e.at is not None:
            self.expr(e.at, scope, site, depth)
        if e.owner is not None:
            self.expect(PLAYER, self.expr(e.owner, scope, site, depth), e.owner.span, "the owner")
        if e.count < 1:
            self.err("E0401", f"a count must be at least x1, not x{e.count}", e.span)
        chosen = scope.lookup(e.definition)
        if thing is None and chosen is not None:  # a definition chosen at run time
            if chosen.name != "def" and chosen != ANY:
                self.err("E0201", f"`create` needs a definition, but `{e.definition}` is {chosen}", e.def_span)
            self.result.bind(e, r.FromLocal(e.definition))
            kind = Ty(str(chosen.arg)) if chosen.name == "def" and self.sym.is_kind(str(chosen.arg)) else ANY
            return list_of(kind) if e.count > 1 else kind
        self.result.bind(e, r.Fixed(e.definition))
        if thing is None:
            self.ctx.unknown("E0108", f"unknown definition `{e.definition}`", e.def_span,
                             suggest(e.definition, self.sym.things))
            return ANY
        t = self.ctx.thing_type(thing)
        return list_of(t) if e.count > 1 else t

    def roll(self, e: n.Roll, scope: Scope, site: Site, depth: int) -> Ty:
        d = self.sym.dice.get(e.die)
        chosen = scope.lookup(e.die)
        if d is None and chosen is not None:  # a die chosen at run time, by its id
            self.expect(DIE, chosen, e.span, "a die to roll")  # a `die` value: checked where it was written
            self.result.bind(e, r.FromLocal(e.die))
            return ANY
        self.result.bind(e, r.Fixed(e.die))
        if d is None:
            self.ctx.unknown("E0107", f"unknown die `{e.die}`", last_word(e.span, e.die), suggest(e.die, self.sym.dice))
            return ANY
        return INT if d.numbered else Ty("face", d.name)

    def name(self, e: n.Name, scope: Scope, site: Site, depth: int) -> Ty:
        local = scope.lookup(e.name)
        if local is not None:
            self.result.bind(e, r.LocalRef(e.name))
            return local
        found = self.global_name(e.name, e.span)
        if found is not None:
            self.result.bind(e, found[0])
            return found[1]
        s = self.sym
        if scope.is_open():
            return ANY
        hint = suggest(e.name, scope.names(), s.consts, s.assumptions, s.enum_members, s.things, s.zones, s.pools)
        if e.name in s.zones:
            hint = f"`{e.name}` is a zone of each player: write `{e.name}(player)`"
        elif e.name in s.callables or e.name in BUILTINS:
            hint = f"`{e.name}` is a function: call it as `{e.name}(...)`"
        self.ctx.unknown("E0101", f"unknown name `{e.name}`", e.span, hint)
        return ANY

    def ability_name(self, e: n.AbilityName, scope: Scope, site: Site, depth: int) -> Ty:
        if e.name not in self.sym.abilities:
            self.ctx.unknown_ability(e)
            return ANY
        self.result.bind(e, r.ConstRef(e.name))
        return Ty(ABILITY)

    def has(self, e: n.Has, scope: Scope, site: Site, depth: int) -> Ty:
        """`x has NAME`: x a thing or a definition (or any value: none has no ability)."""
        t = self.expr(e.target, scope, site, depth)
        self.ability_name(e.ability, scope, site, depth)
        kind = t.name if self.sym.is_kind(t.name) else str(t.arg) if t.name == "def" else None
        if kind is not None and self.sym.is_kind(kind):
            if "abilities" not in self.sym.fields_of(kind):
                self.err("E0103", f"a {kind} has no abilities", e.ability.span,
                         f"give kind `{kind}` a field `abilities: list<ability> = []`")
        elif t != ANY and t.name != "def":
            self.err("E0201", f"only a thing or a definition has abilities, not {t}", e.target.span)
        return BOOL

    def global_name(self, name: str, span: Span) -> tuple[r.ConstRef | r.AssumeRef | r.ParamRef | r.OptionRef | r.ZoneRef, Ty] | None:
        """What a name declared at the top level and read at `span` refers to, and its type."""
        s, ctx = self.sym, self.ctx
        if name in s.consts:
            return r.ConstRef(ctx.const_named(name, span)), ctx.const_type(s.consts[name].value)
        if name in s.assumptions:
            ctx.used.add(name)
            return r.AssumeRef(name), ctx.resolve_type(s.assumptions[name].type)
        if name in s.params:
            return r.ParamRef(name), ctx.resolve_type(s.params[name].type)
        if name in s.options:
            return r.OptionRef(name), BOOL
        if name in s.enum_members:
            return r.ConstRef(name), Ty(s.enum_members[name])
        if name in s.legends:
            return r.ConstRef(legend_value(s, name)), LEGEND
        if name in s.boards:
            return r.ConstRef(s.boards[name].shown or name), BOARD
        if name in s.things:
            return r.ConstRef(name), ctx.def_type(s.things[name])
        if name in s.dice:
            return r.ConstRef(name), DIE
        if name in s.tables:
            return r.ConstRef(name), TEXT
        if (name in s.zones and "per_player" not in s.zones[name].flags) or name in s.pools:
            return r.ZoneRef(name), ZONE
        return None

    def attr(self, e: n.Attr, scope: Scope, site: Site, depth: int) -> Ty:
        target = self.expr(e.target, scope, site, depth)
        if target == ANY or e.name == "?":  # "?": stands in for a property already reported missing
            self.result.bind(e, r.EntityField(None))
            return ANY
        if self.is_record(target):
            return self.record_field(e, target.name)
        if target.name == "face":
            self.result.bind(e, r.FaceField())
            return self.face_field(e, str(target.arg))
        if self.sym.is_kind(target.name):
            self.result.bind(e, r.EntityField(target.name))
            return self.ctx.field_type(target.name, e.name, e.name_span)
        if target.name == "def":
            self.result.bind(e, r.DefinitionField())  # a definition's own (printed) property
            if self.sym.is_kind(str(target.arg)):
                return self.ctx.field_type(str(target.arg), e.name, e.name_span)
            return ANY  # a definition of any kind (`it.def`): its properties are known at run time
        self.err("E0201", f"{target} has no properties (tried `.{e.name}`)", e.name_span)
        return ANY

    def face_field(self, e: n.Attr, die_name: str) -> Ty:
        die = self.sym.dice[die_name]
        fields = {p.name: self.ctx.const_type(p.value) for p in (die.faces[0] if die.faces else ())}
        fields.update({p.name: self.ctx.resolve_type(p.type) for p in die.source_fields})
        if e.name not in fields:
            self.err("E0103", f"the faces of die `{die.name}` have no field `{e.name}`", e.name_span, suggest(e.name, fields))
            return ANY
        return fields[e.name]

    def call(self, e: n.Call, scope: Scope, site: Site, depth: int) -> Ty:
        if isinstance(e.func, n.Name) and e.func.name == PARAM_OF and e.func.name not in self.sym.callables:
            return self.param_of(e, scope, site, depth)
        args = [self.expr(a, scope, site, depth) for a in e.args]
        if not isinstance(e.func, n.Name):
            self.err("E0105", "only named functions can be called", e.func.span)
            return ANY
        name, s = e.func.name, self.sym
        if name in s.callables:
            site.calls.add(name)
            self.ctx.used.add(name)
            return self.call_fn(e, s.callables[name], args)
        if name in s.tables:
            site.tables.add(name)
            self.result.bind(e, r.TableCall(name))
            want = [self.ctx.resolve_type(p.type) for p in s.tables[name].params]
            self.ctx.check_args(f"table `{name}`", want, len(want), args, e.args, e.span)
            return INT
        if name in s.zones and "per_player" in s.zones[name].flags:
            self.result.bind(e, r.ZoneCall(name))
            self.ctx.check_args(f"zone `{name}`", [PLAYER], 1, args, e.args, e.span)
            return ZONE
        if name in BUILTINS:
            if name == "in_phase" and e.args and isinstance(e.args[0], n.Literal) and isinstance(e.args[0].value, str):
                self.phase_uses.append((e.args[0].value, e.args[0].span))
            found = self.map_builtin(e, name, args)
            return found if found is not None else self.call_builtin(e, name, args)
        if name in s.abilities:
            self.err("E0124", f"ability `{name}` is given its arguments in a definition's list of abilities",
                     e.span, f"e.g. `abilities: [{name}(...)]`; read them with `{PARAM_OF}(x, {name}, PARAM)`")
            return ANY
        self.ctx.unknown("E0105", f"unknown function `{name}`", e.func.span, suggest(name, s.callables, BUILTINS, s.tables))
        return ANY

    def param_of(self, e: n.Call, scope: Scope, site: Site, depth: int) -> Ty:
        """`param_of(x, ABILITY, PARAM)`: x a thing, ABILITY and PARAM names checked now."""
        if len(e.args) != 3:
            self.err("E0202", f"`{PARAM_OF}` takes 3 arguments (a thing, an ability, a parameter), "
                              f"but {len(e.args)} {'were' if len(e.args) != 1 else 'was'} given", e.span)
            return ANY
        thing, ability, param = e.args
        got = self.expr(thing, scope, site, depth)
        if got != ANY and not self.sym.is_kind(got.name):
            self.err("E0201", f"`{PARAM_OF}` reads a thing's ability, but this is {got}", thing.span)
        if not isinstance(ability, n.Name) or ability.name not in self.sym.abilities:
            if isinstance(ability, n.Name):
                self.ctx.unknown_ability(ability)
            else:
                self.err("E0120", "the second argument of `param_of` is an ability's name", ability.span)
            return ANY
        decl = self.sym.abilities[ability.name]
        found = next((p for p in decl.params if isinstance(param, n.Name) and p.name == param.name), None)
        if found is None:
            shown = f"`{param.name}`" if isinstance(param, n.Name) else "this"
            self.err("E0125", f"ability `{decl.name}` has no parameter {shown}", param.span,
                     (suggest(param.name, [p.name for p in decl.params]) if isinstance(param, n.Name) else None)
                     or f"its parameters: {', '.join(p.name for p in decl.params) or 'none'}")
            return ANY
        self.result.bind(e, r.AbilityParam(decl.name, found.name))
        return self.ctx.resolve_type(found.type)

    def call_fn(self, e: n.Call, decl: n.FnDecl, args: list[Ty]) -> Ty:
        missing = tuple(p.default for p in decl.params[len(args):] if p.default is not None)
        self.result.bind(e, r.FnCall(decl.name, missing))
        want = [self.ctx.resolve_type(p.type) for p in decl.params]
        required = sum(p.default is None for p in decl.params)
        self.ctx.check_args(f"`{decl.name}`", want, required, args, e.args, e.span)
        return self.ctx.resolve_type(decl.returns) if decl.returns else NONE

    def call_builtin(self, e: n.Call, name: str, args: list[Ty]) -> Ty:
        _, sig, result = BUILTINS[name]
        self.result.bind(e, r.BuiltinCall(name))
        bindings: dict[str, Ty] = {}
        for want_s, got in zip(sig, args):
            if "T" in want_s:
                bindings.setdefault("T", got.element if want_s.startswith("list") and got.name == "list" else got)
        want = [parse_signature_type(w, bindings) for w in sig]
        self.ctx.check_args(f"`{name}`", want, len(want), args, e.args, e.span)
        return parse_signature_type(result, bindings)

    def binary(self, e: n.Binary, scope: Scope, site: Site, depth: int) -> Ty:
        a, b = self.expr(e.left, scope, site, depth), self.expr(e.right, scope, site, depth)
        op, compatible = e.op, self.ctx.compatible
        if op in n.LOGIC or op in n.ORDER:
            self.expect(BOOL if op in n.LOGIC else NUM, a, e.left.span, f"the left side of `{op}`")
            self.expect(BOOL if op in n.LOGIC else NUM, b, e.right.span, f"the right side of `{op}`")
            if op in n.ORDER and ANY in (a, b):  # checked to be numbers at run time
                self.result.nests(e)
            return BOOL
        if op in n.EQUALITY:
            if not (compatible(a, b) or compatible(b, a)):
                self.err("E0201", f"comparing {a} with {b} is always {'false' if op == n.BinOp.EQ else 'true'}", e.span)
            if self.may_nest(a) or self.may_nest(b):
                self.result.nests(e)
            return BOOL
        if op in n.MEMBERSHIP:
            if self.may_nest(a):
                self.result.nests(e)
            if b.name in ("list", "map"):
                elem = b.element if b.name == "list" else b.key
                if not (compatible(elem, a) or compatible(a, elem)):
                    self.err("E0201", f"{a} is never in a {b}", e.span)
            elif b not in (ANY, ZONE):
                self.err("E0201", f"`{op}` needs a list or a zone on its right, but this is {b}", e.right.span)
            return BOOL
        return self.arithmetic(e, a, b)

    def may_nest(self, t: Ty) -> bool:
        """True if values of type t can hold lists (whose comparison walks every nested item)."""
        return t.name in ("list", "map", "any") or t.name in self.sym.records

    def arithmetic(self, e: n.Binary, a: Ty, b: Ty) -> Ty:
        op = e.op
        if op == n.BinOp.ADD and a.name == "list" and b.name == "list":
            return a
        if op == n.BinOp.ADD and ANY in (a, b) and {a.name, b.name} & {"list", "text"}:
            return a if a != ANY else b
        if op == n.BinOp.ADD and a == TEXT and b == TEXT:
            return TEXT
        self.expect(NUM, a, e.left.span, f"the left side of `{op}`")
        self.expect(NUM, b, e.right.span, f"the right side of `{op}`")
        if op == n.BinOp.DIV or NUM in (a, b):
            return NUM
        return INT if a != ANY and b != ANY else ANY

    def select(self, e: n.Select, scope: Scope, site: Site, depth: int) -> Ty:
        if self.sym.is_kind(e.kind):
            self.result.bind(e, r.Selection(of_definition=False))
            t = Ty(e.kind)
        elif e.kind in self.sym.things:
            self.result.bind(e, r.Selection(of_definition=True))
            t = self.ctx.thing_type(self.sym.things[e.kind])
        else:
            self.ctx.unknown("E0102", f"unknown kind or definition `{e.kind}`", e.kind_span,
                             suggest(e.kind, self.sym.kinds, self.sym.things))
            t = ANY
        if e.at is not None:
            self.expr(e.at, scope, site, depth)
        if e.owner is not None:
            self.expect(PLAYER, self.expr(e.owner, scope, site, depth), e.owner.span, "the owner")
        if e.where is not None:
            self.condition(e.where, Scope({"it": t}, scope), site, depth, "a `where` condition")
        return list_of(t)


def nested(check: BodyChecker, s: n.Stmt, body: n.Block | None, scope: Scope, site: Site, depth: int,
           blocks: int = 1) -> None:
    """Check `body`, the block of `s`, a statement the compiled handler runs in `blocks` of its own."""
    if site.blocks + blocks > MAX_BLOCKS:
        check.err("E0602", f"loops, phases, steps, turns and `expect refused` (which counts two) nest deeper than {MAX_BLOCKS}",
                  s.span, "move the inner part into a `fn` of its own")
        return
    site.blocks += blocks
    if body is not None:
        check.block(body, scope, site, depth)
    site.blocks -= blocks


B = BodyChecker
STATEMENTS: dict[type[n.Stmt], StmtCheck] = {
    n.Let: B.let, n.Assign: B.assign, n.If: B.if_, n.For: B.for_, n.While: B.while_, n.Break: B.loop_exit,
    n.Continue: B.loop_exit, n.Emit: B.emit, n.Destroy: B.on_things, n.Remove: B.on_things, n.Hide: B.on_things,
    n.Move: B.move, n.Reveal: B.reveal, n.Modify: B.modify, n.Require: B.require, n.Log: B.log, n.Return: B.return_,
    n.Shuffle: B.shuffle, n.Fill: B.fill, n.Phase: B.named_block, n.Step: B.named_block, n.Turn: B.turn,
    n.EndGame: B.end_game, n.ExprStmt: B.expr_stmt, n.Violation: B.violation, n.Window: B.window,
    n.Expect: B.expectation, n.ExpectRefused: B.expectation, n.RuleRef: B.rule_ref,
}
EXPRESSIONS: dict[type[n.Expr], ExprCheck] = {
    n.Literal: B.literal, n.TextTemplate: B.text_template, n.Name: B.name, n.This: B.this, n.ListExpr: B.list_expr,
    n.ListComp: B.list_comp,
    n.Attr: B.attr, n.Call: B.call,
    n.Index: B.index, n.Cast: B.cast, n.Unary: B.unary, n.Binary: B.binary, n.IfExpr: B.if_expr, n.Select: B.select,
    n.Create: B.create, n.Roll: B.roll, n.Draw: B.draw, n.Choose: B.choose,
    n.AbilityName: B.ability_name, n.Has: B.has,
    n.Interval: B.interval,
    n.RecordNew: B.record_new, n.IsKind: B.is_kind, n.MapExpr: B.map_expr,
}
