"""Name resolution and type checking.

Collects every declaration of a ruleset's modules into one symbol table, binds every
name, and checks properties, expressions, selectors and effects against the declared
kinds. Its results are side tables (what each name and call refers to, the type of
each expression) that the lowering stage reads; errors go to the Diagnostics.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..runtime.builtins import BUILTINS
from ..runtime.ruleset import AssumedValue
from . import nodes as n
from .diagnostics import Diagnostics, suggest
from .mods import CHANGES, ModApplier
from .source import Span
from .types import ANY, BOOL, INT, NONE, NUM, PLAYER, PRIMITIVES, TEXT, ZONE, Ty, list_of, parse_signature_type

MAX_DEPTH = 64
MAX_FACES = 1000  # a die (and so a table) has at most this many faces
BUILTIN_FIELDS = {"id": INT, "name": TEXT, "def": Ty("def", "any"), "kind": TEXT, "owner": PLAYER,
                  "location": ANY, "face_down": BOOL, "alive": BOOL}
BUILTIN_EVENTS = {
    "round_start": (), "round_end": (), "turn_start": (("player", PLAYER),), "turn_end": (("player", PLAYER),),
    "phase_start": (("name", TEXT),), "phase_end": (("name", TEXT),), "destroyed": (("thing", ANY),),
}
ARITH = {"+", "-", "*", "/", "//", "%"}
ORDER = {"<", "<=", ">", ">="}


class CheckError(Exception):
    pass


def last_word(span: Span, word: str) -> Span:
    """The span of `word` where it ends `span` (e.g. the die of `roll d6`)."""
    if span.end_line == span.line and span.end_column - len(word) >= span.column:
        return Span(span.file, span.line, span.end_column - len(word), span.line, span.end_column)
    return span


@dataclass
class Symbols:
    """Every top-level declaration by name, across the modules of a ruleset."""

    header: n.GameDecl | n.ModDecl | n.FormatDecl | None = None
    bases: list[n.GameDecl | n.ModDecl | n.FormatDecl] = field(default_factory=list)  # what the header extends
    params: dict[str, n.ParamDecl] = field(default_factory=dict)
    checks: list[n.CheckDecl] = field(default_factory=list)
    options: dict[str, n.OptionDecl] = field(default_factory=dict)
    replacements: list[tuple[str, str, str | None]] = field(default_factory=list)
    changes: list = field(default_factory=list)  # mods.Change, in load order
    kinds: dict[str, n.KindDecl] = field(default_factory=dict)
    enums: dict[str, n.EnumDecl] = field(default_factory=dict)
    enum_members: dict[str, str] = field(default_factory=dict)  # member -> enum
    consts: dict[str, n.ConstDecl] = field(default_factory=dict)
    assumptions: dict[str, n.AssumeDecl] = field(default_factory=dict)
    events: dict[str, n.EventDecl] = field(default_factory=dict)
    callables: dict[str, n.FnDecl] = field(default_factory=dict)
    things: dict[str, n.ThingDecl] = field(default_factory=dict)
    dice: dict[str, n.DieDecl] = field(default_factory=dict)
    tables: dict[str, n.TableDecl] = field(default_factory=dict)
    pools: dict[str, n.PoolDecl] = field(default_factory=dict)
    zones: dict[str, n.ZoneDecl] = field(default_factory=dict)
    scenarios: dict[str, n.ScenarioDecl] = field(default_factory=dict)
    tests: dict[str, n.TestDecl] = field(default_factory=dict)
    triggers: list[n.TriggerDecl] = field(default_factory=list)


@dataclass
class Scope:
    vars: dict[str, Ty]
    parent: Scope | None = None

    def lookup(self, name: str) -> Ty | None:
        s: Scope | None = self
        while s is not None:
            if name in s.vars:
                return s.vars[name]
            s = s.parent
        return None

    def names(self) -> list[str]:
        out, s = [], self
        while s is not None:
            out.extend(s.vars)
            s = s.parent
        return out


@dataclass
class Context:
    """Where a body is being checked: `this`, the callable's role and return type."""

    this: Ty | None
    role: str  # fn, action, query, trigger, row, scenario
    returns: Ty | None = None
    calls: set[str] = field(default_factory=set)
    loops: int = 0  # how many loops enclose the statement being checked


class Checker:
    def __init__(self, diags: Diagnostics):
        self.diags = diags
        self.sym = Symbols()
        self.info: dict[int, Any] = {}  # id(node) -> resolution, read by the lowering
        self.types: dict[int, Ty] = {}
        self.descendants: dict[str, set[str]] = {}
        self.call_graph: dict[str, set[str]] = {}
        self.allow_assumed = False  # only a definition's properties may name an assumption

    def err(self, code: str, message: str, span: Span, help: str | None = None, labels=()) -> None:
        self.diags.add(code, message, span, help, labels)

    # ---- collecting -------------------------------------------------------

    def collect(self, modules: list[n.Module]) -> None:
        tables = {
            n.KindDecl: self.sym.kinds, n.EnumDecl: self.sym.enums, n.ConstDecl: self.sym.consts,
            n.AssumeDecl: self.sym.assumptions, n.EventDecl: self.sym.events, n.FnDecl: self.sym.callables,
            n.ThingDecl: self.sym.things, n.DieDecl: self.sym.dice, n.TableDecl: self.sym.tables,
            n.PoolDecl: self.sym.pools, n.ZoneDecl: self.sym.zones, n.ScenarioDecl: self.sym.scenarios,
            n.ParamDecl: self.sym.params,
        }
        seen: dict[str, n.Decl] = {}
        origin_of: dict[str, str | None] = {}
        pending: list[tuple[str, n.Decl]] = []  # mods' changes, applied once everything is collected
        for module in modules:
            for decl in module.decls:
                if isinstance(decl, (n.GameDecl, n.ModDecl, n.FormatDecl)):
                    self.header(decl)
                    continue
                origin = self.sym.header.name if self.sym.header is not None else None
                if isinstance(decl, CHANGES):
                    pending.append((origin or "", decl))
                    continue
                if isinstance(decl, n.CheckDecl):
                    self.sym.checks.append(decl)
                    continue
                if isinstance(decl, n.Import):
                    continue
                if isinstance(decl, n.TriggerDecl):
                    self.sym.triggers.append(decl)
                    continue
                if isinstance(decl, n.TestDecl):  # tests have titles, not names: their own namespace
                    if decl.name in self.sym.tests:
                        self.err("E0301", f'two tests are titled "{decl.name}"', decl.name_span,
                                 labels=[(self.sym.tests[decl.name].name_span, "the first one")])
                    self.sym.tests[decl.name] = decl
                    continue
                if decl.name in seen:
                    prev = seen[decl.name]
                    hint = "give each definition its own name"
                    if origin_of[decl.name] != origin:
                        hint = f"`{origin_of[decl.name]}` defines it; a mod changes it with `patch {decl.name} {{ ... }}`"
                    self.err("E0301", f"`{decl.name}` is defined twice", decl.name_span, hint,
                             [(prev.name_span, "first defined here")])
                    continue
                if decl.name in PRIMITIVES and decl.name != "player":
                    self.err("E0303", f"`{decl.name}` is a built-in type and cannot be redefined", decl.name_span)
                    continue
                if decl.name in BUILTINS or decl.name in BUILTIN_EVENTS:
                    self.err("E0303", f"`{decl.name}` is a built-in name and cannot be redefined", decl.name_span,
                             "choose another name")
                    continue
                seen[decl.name] = decl
                origin_of[decl.name] = origin
                tables[type(decl)][decl.name] = decl
                if isinstance(decl, n.EnumDecl):
                    for m in decl.members:
                        if m in self.sym.enum_members:
                            self.err("E0301", f"enum member `{m}` is defined twice", decl.span)
                        self.sym.enum_members[m] = decl.name
        if self.sym.header is None and modules:
            self.err("E0304", "the ruleset has no `game` or `mod` header", Span(modules[0].file, 1, 1, 1, 2),
                     'start the main module with `game "id" "Title"`')
        self._kind_tree()
        self.sym.changes = ModApplier(self).apply(pending)

    def header(self, decl: n.GameDecl | n.ModDecl | n.FormatDecl) -> None:
        """The first header is the base game's; a mod or format header may follow one it extends."""
        current = self.sym.header
        if current is None:
            if not isinstance(decl, n.GameDecl):
                self.err("E0307", f"`{decl.name}` extends `{decl.extends}`, which was not loaded",  # type: ignore[union-attr]
                         decl.name_span, "load it through the loader, which reads the base ruleset first")
            self.sym.header = decl
        elif isinstance(decl, (n.ModDecl, n.FormatDecl)):
            loaded = [current.name, *(b.name for b in self.sym.bases)]
            if decl.extends not in loaded:
                self.err("E0307", f"`{decl.name}` extends `{decl.extends}`, which is not loaded before it",
                         decl.name_span, f"load `{decl.extends}` first (loaded: {', '.join(loaded)})")
            self.sym.bases.append(current)
            self.sym.header = decl
        else:
            self.err("E0302", "a ruleset has only one `game`, `mod` or `format` header", decl.span,
                     labels=[(current.span, "the header is here")])

    def _kind_tree(self) -> None:
        parents = {"player": None}
        for k in self.sym.kinds.values():
            parents[k.name] = k.parent
            if k.parent and k.parent not in self.sym.kinds and k.parent != "player":
                self.err("E0102", f"unknown kind `{k.parent}`", k.span, suggest(k.parent, self.sym.kinds))
        for name in parents:
            chain, k, guard = [], name, 0
            while k is not None and guard < MAX_DEPTH:
                chain.append(k)
                k = parents.get(k)
                guard += 1
            if guard >= MAX_DEPTH:
                self.err("E0305", f"kind `{name}` is its own ancestor", self.sym.kinds[name].name_span)
                continue
            for ancestor in chain:
                self.descendants.setdefault(ancestor, set()).add(name)

    # ---- types ------------------------------------------------------------

    def is_kind(self, name: str) -> bool:
        return name in self.sym.kinds or name == "player"

    def resolve_type(self, t: n.TypeRef) -> Ty:
        if t.name == "list":
            if len(t.args) != 1:
                self.err("E0203", "`list` takes one type, e.g. `list<int>`", t.span)
                return list_of(ANY)
            return list_of(self.resolve_type(t.args[0]))
        if t.name == "def":  # a definition of a kind: `def<weapon>`
            if len(t.args) != 1 or not self.is_kind(t.args[0].name):
                self.err("E0203", "`def` takes one kind, e.g. `def<weapon>`", t.span)
                return Ty("def", "any")
            return Ty("def", t.args[0].name)
        if t.args:
            self.err("E0203", f"`{t.name}` takes no type arguments", t.span)
        if t.name in PRIMITIVES or self.is_kind(t.name) or t.name in self.sym.enums:
            return Ty(t.name)
        candidates = list(PRIMITIVES) + list(self.sym.kinds) + list(self.sym.enums) + ["list", "def"]
        self.err("E0102", f"unknown type `{t.name}`", t.span, suggest(t.name, candidates))
        return ANY

    def compatible(self, want: Ty, got: Ty) -> bool:
        if want == got or want == ANY or got == ANY:
            return True
        if want == NUM and got == INT:
            return True
        if got == NONE and (self.is_kind(want.name) or want.name in ("zone",)):
            return True
        if self.is_kind(want.name) and self.is_kind(got.name):
            return got.name in self.descendants.get(want.name, ())
        if want.name == "list" and got.name == "list":
            return self.compatible(want.arg, got.arg)  # type: ignore[arg-type]
        if want.name == "def" and got.name == "def":
            return want.arg == "any" or got.arg == "any" or got.arg in self.descendants.get(want.arg, ())
        if want.name == "text" and got.name in self.sym.enums:
            return True
        return False

    def expect(self, want: Ty, got: Ty, span: Span, what: str) -> None:
        if not self.compatible(want, got):
            self.err("E0201", f"{what} must be {want}, but this is {got}", span)

    # ---- constant values --------------------------------------------------

    def const_value(self, e: n.Expr, want: Ty | None = None) -> Any:
        """Evaluate a constant expression (literals, lists, enum members, definition names)."""
        if isinstance(e, n.Literal):
            value = e.value
            got = {int: INT, str: TEXT, bool: BOOL, type(None): NONE}[type(value)]
        elif isinstance(e, n.Unary) and e.op == "-" and isinstance(e.operand, n.Literal) \
                and isinstance(e.operand.value, int) and not isinstance(e.operand.value, bool):
            value, got = -e.operand.value, INT
        elif isinstance(e, n.ListExpr):
            elem = want.arg if want is not None and want.name == "list" else None
            return [self.const_value(i, elem) for i in e.items]  # type: ignore[arg-type]
        elif isinstance(e, n.Name) and e.name in self.sym.enum_members:
            value, got = e.name, Ty(self.sym.enum_members[e.name])
        elif isinstance(e, n.Name) and e.name in self.sym.things:
            value, got = e.name, Ty("def", self.sym.things[e.name].kind)
        elif isinstance(e, n.Name) and e.name in self.sym.consts:
            return self.const_value(self.sym.consts[e.name].value, want)
        elif isinstance(e, n.Name) and e.name in self.sym.assumptions and self.allow_assumed:
            a = self.sym.assumptions[e.name]
            if want is not None:
                self.expect(want, self.resolve_type(a.type), e.span, "the value")
            return AssumedValue(e.name)
        elif isinstance(e, n.Name):
            self.err("E0101", f"unknown name `{e.name}`", e.span,
                     suggest(e.name, list(self.sym.enum_members) + list(self.sym.things) + list(self.sym.consts)))
            return None
        else:
            self.err("E0204", "this must be a constant (a number, text, true/false, a list or a name)", e.span)
            return None
        if want is not None:
            self.expect(want, got, e.span, "the value")
        return value

    def const_type(self, e: n.Expr) -> Ty:
        if isinstance(e, n.Literal):
            return {int: INT, str: TEXT, bool: BOOL, type(None): NONE}[type(e.value)]
        if isinstance(e, n.ListExpr):
            return list_of(self.const_type(e.items[0]) if e.items else ANY)
        if isinstance(e, n.Name) and e.name in self.sym.enum_members:
            return Ty(self.sym.enum_members[e.name])
        if isinstance(e, n.Name) and e.name in self.sym.consts:
            return self.const_type(self.sym.consts[e.name].value)
        if isinstance(e, n.Name) and e.name in self.sym.things:
            return Ty("def", self.sym.things[e.name].kind)
        return INT if isinstance(e, n.Unary) else ANY

    # ---- kinds and fields -------------------------------------------------

    def fields_of(self, kind: str) -> dict[str, n.Field]:
        out: dict[str, n.Field] = {}
        chain, k = [], kind
        while k is not None and k in self.sym.kinds and len(chain) < MAX_DEPTH:
            chain.append(self.sym.kinds[k])
            k = self.sym.kinds[k].parent
        for decl in reversed(chain):
            for f in decl.fields:
                out[f.name] = f
        return out

    def field_type(self, kind: str, name: str, span: Span) -> Ty:
        if name in BUILTIN_FIELDS:
            return BUILTIN_FIELDS[name]
        fields = self.fields_of(kind)
        if name in fields:
            return self.resolve_type(fields[name].type)
        self.err("E0103", f"{kind} has no property `{name}`", span,
                 suggest(name, list(fields) + list(BUILTIN_FIELDS)) or
                 (f"declare it in `kind {kind}`" if kind in self.sym.kinds else None))
        return ANY

    # ---- checking declarations --------------------------------------------

    def check_all(self) -> None:
        for k in self.sym.kinds.values():
            names: dict[str, n.Field] = {}
            for f in k.fields:
                if f.name in names:
                    self.err("E0301", f"property `{f.name}` is declared twice", f.name_span,
                             labels=[(names[f.name].name_span, "first declared here")])
                names[f.name] = f
                if f.name in BUILTIN_FIELDS:
                    self.err("E0303", f"`{f.name}` is a property every thing has; a kind cannot declare it", f.name_span,
                             "choose another name")
                t = self.resolve_type(f.type)
                if f.default is not None:
                    self.const_value(f.default, t)
        for c in self.sym.consts.values():
            self.const_value(c.value)
        for a in self.sym.assumptions.values():
            self.const_value(a.value, self.resolve_type(a.type))
            if not a.doc.strip():
                self.err("E0306", "an assumption needs a note saying why it is assumed", a.span)
        for e in self.sym.events.values():
            self.params(e.params)
        for t in self.sym.things.values():
            self.check_thing(t)
        for d in self.sym.dice.values():
            self.check_die(d)
        for t in self.sym.tables.values():
            self.check_table(t)
        for p in self.sym.pools.values():
            if not self.is_kind(p.of):
                self.err("E0102", f"unknown kind `{p.of}`", p.of_span, suggest(p.of, self.sym.kinds))
        for c in self.sym.callables.values():
            scope = Scope(self.params(c.params))
            returns = self.resolve_type(c.returns) if c.returns else None
            ctx = Context(None, c.role, returns)
            self.block(c.body, scope, ctx, 0)
            self.call_graph[c.name] = ctx.calls
        for decl in self.sym.triggers:
            self.check_trigger(decl.trigger, None)
        for s in self.sym.scenarios.values():
            for p in s.props:
                self.const_value(p.value)
            for _part, body in s.parts:
                self.block(body, Scope({}), Context(None, "scenario"), 0)
        for param in self.sym.params.values():
            if param.default is not None:
                self.const_value(param.default, self.resolve_type(param.type))
            else:
                self.resolve_type(param.type)
        for check in self.sym.checks:
            self.block(check.body, Scope({}), Context(None, "check"), 0)
        for test in self.sym.tests.values():
            if test.scenario is not None and test.scenario not in self.sym.scenarios:
                self.err("E0110", f"unknown scenario `{test.scenario}`", test.scenario_span,  # type: ignore[arg-type]
                         suggest(test.scenario, self.sym.scenarios))
            self.block(test.body, Scope({}), Context(None, "test"), 0)
        self.check_recursion()

    def params(self, params: tuple[n.Param, ...]) -> dict[str, Ty]:
        out: dict[str, Ty] = {}
        for p in params:
            if p.name in out:
                self.err("E0301", f"parameter `{p.name}` is declared twice", p.name_span)
                continue
            out[p.name] = self.resolve_type(p.type)
            if p.default is not None:
                self.const_value(p.default, out[p.name])
        return out

    def check_thing(self, t: n.ThingDecl) -> None:
        if not self.is_kind(t.kind):
            self.err("E0102", f"unknown kind `{t.kind}`", t.kind_span,
                     suggest(t.kind, self.sym.kinds) or "declare it with `kind NAME { ... }`")
            return
        if t.count < 1:
            self.err("E0401", f"a count must be at least x1, not x{t.count}", t.count_span or t.span,
                     "leave the definition out instead of counting it x0")
        seen: dict[str, n.PropItem] = {}
        for p in t.props:
            if p.name in seen:
                self.err("E0301", f"property `{p.name}` is given twice", p.span,
                         labels=[(seen[p.name].span, "first given here")])
                continue
            seen[p.name] = p
            want = self.field_type(t.kind, p.name, p.span)
            if p.name in BUILTIN_FIELDS:
                self.err("E0205", f"`{p.name}` is set by the game and cannot be given here", p.span)
            self.allow_assumed = True
            self.const_value(p.value, want)
            self.allow_assumed = False
        for trig in t.triggers:
            self.check_trigger(trig, Ty(t.kind))
        windows: dict[str, n.Play] = {}
        for play in t.plays:
            if play.window in windows:
                self.err("E0301", f"`{t.name}` has two effects for window `{play.window}`", play.window_span,
                         labels=[(windows[play.window].window_span, "the first one")])
            windows[play.window] = play
            scope = Scope({"player": PLAYER})
            ctx = Context(Ty(t.kind), "trigger")
            if play.when is not None:
                self.expect(BOOL, self.expr(play.when, scope, ctx, 0), play.when.span, "a `when` condition")
            self.block(play.body, scope, ctx, 0)

    def check_trigger(self, trig: n.Trigger, this: Ty | None) -> None:
        params = self.event_params(trig.event, trig.event_span)
        scope = Scope(dict(params) if params is not None else {})
        ctx = Context(this, "trigger")
        if trig.when is not None:
            self.expect(BOOL, self.expr(trig.when, scope, ctx, 0), trig.when.span, "a `when` condition")
        self.block(trig.body, scope, ctx, 0)

    def event_params(self, name: str, span: Span) -> tuple[tuple[str, Ty], ...] | None:
        if name in BUILTIN_EVENTS:
            return BUILTIN_EVENTS[name]
        if name in self.sym.events:
            return tuple((p.name, self.resolve_type(p.type)) for p in self.sym.events[name].params)
        self.err("E0104", f"unknown event `{name}`", span,
                 suggest(name, list(self.sym.events) + list(BUILTIN_EVENTS)) or "declare it with `event NAME(...)`")
        return None

    def check_die(self, d: n.DieDecl) -> None:
        if d.numbered and d.faces:
            self.err("E0402", "a die has either numbered faces or listed faces, not both", d.name_span)
        if d.numbered and d.numbered[0] > d.numbered[1]:
            self.err("E0402", f"faces {d.numbered[0]}..{d.numbered[1]} run backwards", d.name_span)
        elif d.numbered and d.numbered[1] - d.numbered[0] >= MAX_FACES:
            self.err("E0402", f"die `{d.name}` has more than {MAX_FACES} faces", d.name_span)
        if not d.numbered and not d.faces:
            self.err("E0402", f"die `{d.name}` has no faces", d.name_span, "add `faces 1..6` or `face { ... }` lines")
        names = [tuple(p.name for p in f) for f in d.faces]
        if names and any(ns != names[0] for ns in names):
            self.err("E0403", f"the faces of die `{d.name}` do not all have the same fields", d.name_span,
                     f"every face needs: {', '.join(names[0])}")
        self.allow_assumed = True  # a face's number may be a marked assumption
        for f in d.faces:
            for p in f:
                self.const_value(p.value)
        self.allow_assumed = False

    def die_values(self, name: str) -> list[int] | None:
        d = self.sym.dice.get(name)
        if d is None or not d.numbered or d.numbered[1] - d.numbered[0] >= MAX_FACES:
            return None
        return list(range(d.numbered[0], d.numbered[1] + 1))

    def check_table(self, t: n.TableDecl) -> None:
        if t.die not in self.sym.dice:
            self.err("E0107", f"unknown die `{t.die}`", t.die_span, suggest(t.die, self.sym.dice))
            values = None
        else:
            values = self.die_values(t.die)
            if values is None and not self.sym.dice[t.die].numbered:
                self.err("E0403", f"table `{t.name}` needs a numbered die", t.die_span)
        covered: dict[int, n.TableRow] = {}
        for row in t.rows:
            if row.low > row.high:
                self.err("E0402", f"row {row.low}..{row.high} runs backwards", row.span)
            if row.high - row.low >= MAX_FACES:
                self.err("E0403", f"row {row.low}..{row.high} covers more than {MAX_FACES} rolls", row.span)
                continue
            overlap = None
            for v in range(row.low, row.high + 1):
                if v in covered and overlap is None:
                    overlap = v
                    self.err("E0402", f"the rows overlap at {v}", row.span,
                             labels=[(covered[v].span, "this row covers it too")])
                covered.setdefault(v, row)
            if values is not None and row.high - row.low < MAX_FACES and (row.low < values[0] or row.high > values[-1]):
                self.err("E0403", f"row {row.low}..{row.high} lies outside the die's faces "
                                  f"{values[0]}..{values[-1]}", row.span)
        if values is not None:
            missing = [v for v in values if v not in covered]
            if missing:
                self.err("E0403", f"no row covers the roll{'s' if len(missing) > 1 else ''} "
                                  f"{', '.join(map(str, missing))}", t.name_span, "every face of the die needs a row")
        scope = Scope(self.params(t.params) | {"rolled": INT})
        for row in t.rows:
            self.block(row.body, Scope({}, scope), Context(None, "row"), 0)

    def check_recursion(self) -> None:
        """Refuse call cycles between fns (depth-first, with an explicit stack)."""
        state: dict[str, int] = {}  # 1: on the current path, 2: done
        for root in self.call_graph:
            if root in state:
                continue
            state[root] = 1
            path = [root]
            stack = [iter(sorted(self.call_graph.get(root, ())))]
            while stack:
                callee = next(stack[-1], None)
                if callee is None:
                    state[path.pop()] = 2
                    stack.pop()
                elif state.get(callee) == 1:
                    cycle = path[path.index(callee):] + [callee]
                    self.err("E0601", f"`{callee}` calls itself (via {' -> '.join(cycle)})",
                             self.sym.callables[callee].name_span,
                             "recursion is not allowed; use `for` or `while` (bounded by the step budget)")
                elif callee not in state:
                    state[callee] = 1
                    path.append(callee)
                    stack.append(iter(sorted(self.call_graph.get(callee, ()))))

    # ---- statements -------------------------------------------------------

    def block(self, b: n.Block, scope: Scope, ctx: Context, depth: int) -> None:
        if depth > MAX_DEPTH:
            self.err("E0602", f"blocks nest deeper than {MAX_DEPTH}", b.span)
            return
        inner = Scope({}, scope)
        for s in b.stmts:
            self.stmt(s, inner, ctx, depth + 1)

    def stmt(self, s: n.Stmt, scope: Scope, ctx: Context, depth: int) -> None:
        x = lambda e: self.expr(e, scope, ctx, depth)  # noqa: E731
        if isinstance(s, n.Let):
            t = x(s.value)
            if t == NONE:
                t = ANY
            scope.vars[s.name] = t
        elif isinstance(s, n.Assign):
            if isinstance(s.target, n.Name):
                if scope.lookup(s.target.name) is None:
                    self.err("E0205", f"`{s.target.name}` is not a variable", s.target.span,
                             f"declare it first with `let {s.target.name} = ...`")
                    x(s.value)
                    return
            t = x(s.target)
            v = x(s.value)
            self.check_assign(s.op, t, v, s.value.span)
        elif isinstance(s, n.If):
            for cond, body in s.branches:
                self.expect(BOOL, x(cond), cond.span, "a condition")
                self.block(body, scope, ctx, depth)
            if s.otherwise:
                self.block(s.otherwise, scope, ctx, depth)
        elif isinstance(s, n.For):
            t = x(s.iterable)
            if t.name == "list":
                elem = t.arg
            elif t == ANY:
                elem = ANY
            else:
                self.err("E0201", f"`for` needs a list, but this is {t}", s.iterable.span)
                elem = ANY
            ctx.loops += 1
            self.block(s.body, Scope({s.var: elem}, scope), ctx, depth)  # type: ignore[arg-type]
            ctx.loops -= 1
        elif isinstance(s, n.While):
            self.expect(BOOL, x(s.cond), s.cond.span, "a condition")
            ctx.loops += 1
            self.block(s.body, scope, ctx, depth)
            ctx.loops -= 1
        elif isinstance(s, (n.Break, n.Continue)):
            if ctx.loops == 0:
                word = "break" if isinstance(s, n.Break) else "continue"
                self.err("E0209", f"`{word}` outside a loop", s.span, "it ends or skips a `for` or `while` round")
        elif isinstance(s, n.Emit):
            params = self.event_params(s.event, s.span)
            types = [x(a) for a in s.args]
            if params is not None:
                self.check_args(f"event `{s.event}`", [t for _, t in params], len(params), types, s.args, s.span)
        elif isinstance(s, (n.Destroy, n.Remove, n.Hide)):
            self.expect_things(x(s.target), s.target.span)
        elif isinstance(s, n.Move):
            self.expect_things(x(s.target), s.target.span)
            x(s.dest)
        elif isinstance(s, n.Reveal):
            self.expect_things(x(s.target), s.target.span)
            if s.to is not None:
                self.expect(PLAYER, x(s.to), s.to.span, "who sees it")
        elif isinstance(s, n.Modify):
            t = x(s.target)
            v = x(s.value)
            if isinstance(s.target, n.Attr) and s.target.name in BUILTIN_FIELDS:
                self.err("E0205", f"`{s.target.name}` cannot be modified", s.target.name_span)
            self.check_assign(s.op, t, v, s.value.span)
            if s.duration.kind == "until":
                self.event_params(s.duration.event, s.duration.span)  # type: ignore[arg-type]
        elif isinstance(s, n.Require):
            self.expect(BOOL, x(s.cond), s.cond.span, "a requirement")
        elif isinstance(s, n.Log):
            for part in s.parts:
                if isinstance(part, n.Expr):
                    x(part)
        elif isinstance(s, n.Return):
            if ctx.role in ("trigger", "row", "scenario", "action") and s.value is not None:
                if ctx.role != "action":
                    self.err("E0206", "only a `fn`, `action` or `query` returns a value", s.value.span)
                x(s.value)
            elif s.value is not None:
                t = x(s.value)
                if ctx.returns is not None:
                    self.expect(ctx.returns, t, s.value.span, "the returned value")
            elif ctx.returns is not None and ctx.role == "fn" and not self.compatible(ctx.returns, NONE):
                self.err("E0201", f"this `fn` returns {ctx.returns}, but this `return` gives no value", s.span)
        elif isinstance(s, n.Shuffle):
            self.expect(ZONE, x(s.zone), s.zone.span, "what is shuffled")
        elif isinstance(s, n.Fill):
            if s.pool not in self.sym.pools:
                self.err("E0107", f"unknown pool `{s.pool}`", last_word(s.span, s.pool),
                         suggest(s.pool, self.sym.pools))
        elif isinstance(s, (n.Phase, n.Step)):
            self.block(s.body, scope, ctx, depth)
        elif isinstance(s, n.Turn):
            self.expect(PLAYER, x(s.player), s.player.span, "whose turn it is")
            self.block(s.body, scope, ctx, depth)
        elif isinstance(s, n.EndGame):
            if s.winner is not None:
                self.expect(PLAYER, x(s.winner), s.winner.span, "the winner")
        elif isinstance(s, n.ExprStmt):
            x(s.expr)
        elif isinstance(s, n.Violation):
            if ctx.role != "check":
                self.err("E0208", "`violation` belongs in a format's `check`", s.span,
                         "use `require` to refuse an action")
            for part in s.parts:
                if isinstance(part, n.Expr):
                    x(part)
            if s.cards is not None:
                self.expect(list_of(ANY), x(s.cards), s.cards.span, "the cards concerned")
        elif isinstance(s, n.Window):
            zone = self.sym.zones.get(s.zone)
            if zone is None or "per_player" not in zone.flags:
                self.err("E0107", f"`{s.zone}` is not a zone of each player", s.zone_span,
                         suggest(s.zone, [z for z, d in self.sym.zones.items() if "per_player" in d.flags]))
            if s.order is not None:
                self.expect(list_of(PLAYER), x(s.order), s.order.span, "the order of the players")
        elif isinstance(s, (n.Expect, n.ExpectRefused)):
            if ctx.role != "test":
                self.err("E0207", "`expect` belongs in a `test`", s.span, "use `require` for a rule of the game")
            if isinstance(s, n.Expect):
                self.expect(BOOL, x(s.cond), s.cond.span, "an expectation")
            else:
                x(s.action)
        elif isinstance(s, n.RuleRef):
            pass

    def check_assign(self, op: str, target: Ty, value: Ty, span: Span) -> None:
        if op == "=":
            self.expect(target, value, span, "the new value")
        elif target.name == "list":
            self.expect(target, value, span, f"the value of `{op}`")
        else:
            self.expect(NUM if target == NUM else INT, value, span, f"the value of `{op}`")
            if target not in (INT, NUM, ANY):
                self.err("E0201", f"`{op}` needs a number or a list, but the property is {target}", span)

    def expect_things(self, t: Ty, span: Span) -> None:
        if t == ANY or self.is_kind(t.name) or (t.name == "list" and (t.arg == ANY or self.is_kind(t.arg.name))):  # type: ignore[union-attr]
            return
        self.err("E0201", f"this must be a thing or a list of things, but it is {t}", span)

    def check_args(self, what: str, want: list[Ty], required: int, got: list[Ty], args, span: Span) -> None:
        if not required <= len(got) <= len(want):
            count = str(len(want)) if required == len(want) else f"{required} to {len(want)}"
            self.err("E0202", f"{what} takes {count} argument{'s' if len(want) != 1 else ''}, "
                              f"but {len(got)} {'were' if len(got) != 1 else 'was'} given", span)
            return
        for w, g, a in zip(want, got, args):
            self.expect(w, g, a.span, f"this argument of {what}")

    # ---- expressions ------------------------------------------------------

    def expr(self, e: n.Expr, scope: Scope, ctx: Context, depth: int) -> Ty:
        if depth > MAX_DEPTH:
            self.err("E0602", f"expressions nest deeper than {MAX_DEPTH}", e.span)
            return ANY
        t = self._expr(e, scope, ctx, depth + 1)
        self.types[id(e)] = t
        return t

    def _expr(self, e: n.Expr, scope: Scope, ctx: Context, depth: int) -> Ty:
        x = lambda sub, s=scope: self.expr(sub, s, ctx, depth)  # noqa: E731
        if isinstance(e, n.Literal):
            return self.const_type(e)
        if isinstance(e, n.Name):
            return self.name(e, scope)
        if isinstance(e, n.This):
            if ctx.this is None:
                self.err("E0106", "`this` is only meaningful inside a definition's trigger", e.span)
                return ANY
            return ctx.this
        if isinstance(e, n.ListExpr):
            types = [x(i) for i in e.items]
            return list_of(types[0] if types and all(t == types[0] for t in types) else ANY)
        if isinstance(e, n.Attr):
            return self.attr(e, x(e.target))
        if isinstance(e, n.Call):
            return self.call(e, [x(a) for a in e.args], ctx)
        if isinstance(e, n.Index):
            t = x(e.target)
            self.expect(INT, x(e.index), e.index.span, "an index")
            if t.name == "list":
                return t.arg  # type: ignore[return-value]
            if t != ANY:
                self.err("E0201", f"only a list can be indexed, but this is {t}", e.target.span)
            return ANY
        if isinstance(e, n.Unary):
            t = x(e.operand)
            if e.op == "not":
                self.expect(BOOL, t, e.operand.span, "the operand of `not`")
                return BOOL
            self.expect(NUM, t, e.operand.span, "the operand of `-`")
            return t if self.compatible(NUM, t) else ANY
        if isinstance(e, n.Binary):
            return self.binary(e, x(e.left), x(e.right))
        if isinstance(e, n.IfExpr):
            self.expect(BOOL, x(e.cond), e.cond.span, "a condition")
            a, b = x(e.then), x(e.other)
            return a if self.compatible(a, b) else b if self.compatible(b, a) else ANY
        if isinstance(e, n.Select):
            return self.select(e, scope, ctx, depth)
        if isinstance(e, n.Create):
            thing = self.sym.things.get(e.definition)
            if e.at is not None:
                x(e.at)
            if e.owner is not None:
                self.expect(PLAYER, x(e.owner), e.owner.span, "the owner")
            if e.count < 1:
                self.err("E0401", f"a count must be at least x1, not x{e.count}", e.span)
            chosen = scope.lookup(e.definition)
            if thing is None and chosen is not None:  # a definition chosen at run time
                if chosen.name != "def" and chosen != ANY:
                    self.err("E0201", f"`create` needs a definition, but `{e.definition}` is {chosen}", e.def_span)
                self.info[id(e)] = "dynamic"
                kind = Ty(chosen.arg) if chosen.name == "def" and self.is_kind(chosen.arg) else ANY  # type: ignore[arg-type]
                return list_of(kind) if e.count > 1 else kind
            if thing is None:
                self.err("E0108", f"unknown definition `{e.definition}`", e.def_span,
                         suggest(e.definition, self.sym.things))
                return ANY
            return list_of(Ty(thing.kind)) if e.count > 1 else Ty(thing.kind)
        if isinstance(e, n.Roll):
            d = self.sym.dice.get(e.die)
            chosen = scope.lookup(e.die)
            if d is None and chosen is not None:  # a die chosen at run time, by its id
                self.expect(TEXT, chosen, e.span, "a die to roll")
                self.info[id(e)] = ("dynamic", e.die)
                return ANY
            if d is None:
                self.err("E0107", f"unknown die `{e.die}`", last_word(e.span, e.die), suggest(e.die, self.sym.dice))
                return ANY
            return INT if d.numbered else Ty("face", d.name)
        if isinstance(e, n.Draw):
            self.expect(INT, x(e.count), e.count.span, "how many are drawn")
            self.expect(ZONE, x(e.source), e.source.span, "where cards are drawn from")
            if e.dest is not None:
                x(e.dest)
            return list_of(ANY)
        if isinstance(e, n.Choose):
            t = x(e.options)
            self.expect(PLAYER, x(e.chooser), e.chooser.span, "who chooses")
            if t.name == "list":
                return t.arg  # type: ignore[return-value]
            self.expect(list_of(ANY), t, e.options.span, "the options")
            return ANY
        raise CheckError(f"unhandled expression {type(e).__name__}")

    def name(self, e: n.Name, scope: Scope) -> Ty:
        local = scope.lookup(e.name)
        if local is not None:
            self.info[id(e)] = ("local", e.name)
            return local
        s = self.sym
        if e.name in s.consts:
            self.info[id(e)] = ("const", self.const_value(s.consts[e.name].value))
            return self.const_type(s.consts[e.name].value)
        if e.name in s.assumptions:
            self.info[id(e)] = ("assume", e.name)
            return self.resolve_type(s.assumptions[e.name].type)
        if e.name in s.params:
            self.info[id(e)] = ("param", e.name)
            return self.resolve_type(s.params[e.name].type)
        if e.name in s.options:
            self.info[id(e)] = ("option", e.name)
            return BOOL
        if e.name in s.enum_members:
            self.info[id(e)] = ("const", e.name)
            return Ty(s.enum_members[e.name])
        if e.name in s.things:
            self.info[id(e)] = ("const", e.name)
            return Ty("def", s.things[e.name].kind)
        if e.name in s.dice or e.name in s.tables:
            self.info[id(e)] = ("const", e.name)
            return TEXT
        if e.name in s.zones and "per_player" not in s.zones[e.name].flags:
            self.info[id(e)] = ("zone", e.name)
            return ZONE
        if e.name in s.pools:
            self.info[id(e)] = ("zone", e.name)
            return ZONE
        candidates = scope.names() + list(s.consts) + list(s.assumptions) + list(s.enum_members) \
            + list(s.things) + list(s.zones) + list(s.pools)
        hint = suggest(e.name, candidates)
        if e.name in s.zones:
            hint = f"`{e.name}` is a zone of each player: write `{e.name}(player)`"
        elif e.name in s.callables or e.name in BUILTINS:
            hint = f"`{e.name}` is a function: call it as `{e.name}(...)`"
        self.err("E0101", f"unknown name `{e.name}`", e.span, hint)
        return ANY

    def attr(self, e: n.Attr, target: Ty) -> Ty:
        if target == ANY or e.name == "?":  # "?": stands in for a property already reported missing
            self.info[id(e)] = "entity"
            return ANY
        if target.name == "face":
            die = self.sym.dice[target.arg]  # type: ignore[index]
            fields = {p.name: self.const_type(p.value) for p in (die.faces[0] if die.faces else ())}
            self.info[id(e)] = "face"
            if e.name not in fields:
                self.err("E0103", f"the faces of die `{die.name}` have no field `{e.name}`", e.name_span,
                         suggest(e.name, fields))
                return ANY
            return fields[e.name]
        if self.is_kind(target.name):
            self.info[id(e)] = "entity"
            return self.field_type(target.name, e.name, e.name_span)
        if target.name == "def" and self.is_kind(target.arg):  # type: ignore[arg-type]
            self.info[id(e)] = "definition"  # a definition's own (printed) property
            return self.field_type(target.arg, e.name, e.name_span)  # type: ignore[arg-type]
        if target.name == "def":  # a definition of any kind (`it.def`): its properties are known at run time
            self.info[id(e)] = "definition"
            return ANY
        self.err("E0201", f"{target} has no properties (tried `.{e.name}`)", e.name_span)
        return ANY

    def call(self, e: n.Call, args: list[Ty], ctx: Context) -> Ty:
        if not isinstance(e.func, n.Name):
            self.err("E0105", "only named functions can be called", e.func.span)
            return ANY
        name = e.func.name
        s = self.sym
        if name in s.callables:
            decl = s.callables[name]
            ctx.calls.add(name)
            self.info[id(e)] = ("fn", name)
            want = [self.resolve_type(p.type) for p in decl.params]
            required = sum(p.default is None for p in decl.params)
            self.check_args(f"`{name}`", want, required, args, e.args, e.span)
            return self.resolve_type(decl.returns) if decl.returns else NONE
        if name in s.tables:
            decl_t = s.tables[name]
            self.info[id(e)] = ("table", name)
            want = [self.resolve_type(p.type) for p in decl_t.params]
            self.check_args(f"table `{name}`", want, len(want), args, e.args, e.span)
            return INT
        if name in s.zones and "per_player" in s.zones[name].flags:
            self.info[id(e)] = ("zone", name)
            self.check_args(f"zone `{name}`", [PLAYER], 1, args, e.args, e.span)
            return ZONE
        if name in BUILTINS:
            _, sig, result = BUILTINS[name]
            self.info[id(e)] = ("builtin", name)
            bindings: dict[str, Ty] = {}
            for want_s, got in zip(sig, args):
                if "T" in want_s:
                    bindings.setdefault("T", got.arg if want_s.startswith("list") and got.name == "list" else got)  # type: ignore[arg-type]
            want = [parse_signature_type(w, bindings) for w in sig]
            self.check_args(f"`{name}`", want, len(want), args, e.args, e.span)
            return parse_signature_type(result, bindings)
        self.err("E0105", f"unknown function `{name}`", e.func.span,
                 suggest(name, list(s.callables) + list(BUILTINS) + list(s.tables)))
        return ANY

    def binary(self, e: n.Binary, a: Ty, b: Ty) -> Ty:
        op = e.op
        if op in ("and", "or"):
            self.expect(BOOL, a, e.left.span, f"the left side of `{op}`")
            self.expect(BOOL, b, e.right.span, f"the right side of `{op}`")
            return BOOL
        if op in ("==", "!="):
            if not (self.compatible(a, b) or self.compatible(b, a)):
                self.err("E0201", f"comparing {a} with {b} is always {'false' if op == '==' else 'true'}", e.span)
            return BOOL
        if op in ("in", "not in"):
            if b.name == "list":
                if not (self.compatible(b.arg, a) or self.compatible(a, b.arg)):  # type: ignore[arg-type]
                    self.err("E0201", f"{a} is never in a {b}", e.span)
            elif b not in (ANY, ZONE):
                self.err("E0201", f"`{op}` needs a list or a zone on its right, but this is {b}", e.right.span)
            return BOOL
        if op in ORDER:
            self.expect(NUM, a, e.left.span, f"the left side of `{op}`")
            self.expect(NUM, b, e.right.span, f"the right side of `{op}`")
            return BOOL
        if op == "+" and a.name == "list" and b.name == "list":
            return a
        if op == "+" and ANY in (a, b) and {a.name, b.name} & {"list", "text"}:
            return a if a != ANY else b
        if op == "+" and a == TEXT and b == TEXT:
            return TEXT
        self.expect(NUM, a, e.left.span, f"the left side of `{op}`")
        self.expect(NUM, b, e.right.span, f"the right side of `{op}`")
        if op == "/" or NUM in (a, b):
            return NUM
        return INT if a != ANY and b != ANY else ANY

    def select(self, e: n.Select, scope: Scope, ctx: Context, depth: int) -> Ty:
        if self.is_kind(e.kind):
            self.info[id(e)] = False
            t = Ty(e.kind)
        elif e.kind in self.sym.things:
            self.info[id(e)] = True
            t = Ty(self.sym.things[e.kind].kind)
        else:
            self.err("E0102", f"unknown kind or definition `{e.kind}`", e.kind_span,
                     suggest(e.kind, list(self.sym.kinds) + list(self.sym.things)))
            t = ANY
        if e.at is not None:
            self.expr(e.at, scope, ctx, depth)
        if e.owner is not None:
            self.expect(PLAYER, self.expr(e.owner, scope, ctx, depth), e.owner.span, "the owner")
        if e.where is not None:
            inner = Scope({"it": t}, scope)
            self.expect(BOOL, self.expr(e.where, inner, ctx, depth), e.where.span, "a `where` condition")
        return list_of(t)
