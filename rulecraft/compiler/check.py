"""Name resolution and type checking of declarations.

After symbols.Collector has filed every declaration (and applied the mods), the Checker
resolves types, evaluates constants and checks each declaration; bodies.BodyChecker checks
the statements and expressions inside them. The results are side tables (what each name
and call refers to, the type of each expression) that the lowering stage reads; errors go
to the Diagnostics.
"""

from __future__ import annotations

from typing import Any

from ..runtime.ruleset import AssumedValue
from . import nodes as n
from .bodies import BodyChecker
from .diagnostics import Diagnostics, suggest
from .source import Span
from .symbols import BUILTIN_EVENTS, BUILTIN_FIELDS, MAX_DEPTH, MAX_FACES, Collector, Context, Scope
from .types import ANY, BOOL, INT, NONE, NUM, PLAYER, PRIMITIVES, TEXT, Ty, list_of

__all__ = ["BUILTIN_EVENTS", "BUILTIN_FIELDS", "Checker"]


class Checker(BodyChecker, Collector):
    def __init__(self, diags: Diagnostics):
        super().__init__(diags)
        self.info: dict[int, Any] = {}  # id(node) -> resolution, read by the lowering
        self.types: dict[int, Ty] = {}
        self.call_graph: dict[str, set[str]] = {}
        self.allow_assumed = False  # only a definition's properties may name an assumption
        self.modified: set[str] = set()  # properties some `modify` changes: read through the modifiers

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
        if d.source is not None:
            self.check_face_table(d)
            return
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

    def check_face_table(self, d: n.DieDecl) -> None:
        """`faces from TABLE (field: type, ...)`: TABLE is an assumption, a list of rows of numbers."""
        if d.numbered or d.faces:
            self.err("E0402", "a die takes its faces either from a table or from its own lines, not both", d.name_span)
        for p in d.source_fields:
            if self.resolve_type(p.type) not in (INT, BOOL):
                self.err("E0201", f"a face field from a table is an int or a bool, not {p.type.name}", p.span)
        table = self.sym.assumptions.get(d.source)  # type: ignore[arg-type]
        if table is None:
            self.err("E0101", f"no assumption `{d.source}` to take the faces from", d.name_span,
                     suggest(d.source, self.sym.assumptions) or  # type: ignore[arg-type]
                     'declare it: `assume NAME: list<list<int>> = [[...], ...] "note"`')
            return
        if self.resolve_type(table.type) != list_of(list_of(INT)):
            self.err("E0201", f"`{d.source}` must be a list<list<int>>, one row of numbers a face", table.type.span)
            return
        rows = self.const_value(table.value) or []
        if not rows:
            self.err("E0402", f"die `{d.name}` has no faces", table.span)
        for i, row in enumerate(rows, 1):
            if len(row) != len(d.source_fields):
                self.err("E0403", f"face {i} of `{d.source}` has {len(row)} numbers; the die's fields need "
                                  f"{len(d.source_fields)}", table.value.span)

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
