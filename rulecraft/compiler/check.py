"""Check: Symbols (mods applied) -> Resolution, with every error reported to the Diagnostics.

The declaration checker resolves the types each declaration writes, evaluates its
constants and checks its shape; it hands every body (of a fn, trigger, row, scenario,
check or test) to the body checker (compiler.bodies). Both share a CheckContext and
fill its Resolution: the typed records (compiler.resolved) the lowering reads. A check
without errors ends with the warnings of compiler.usage (what is declared and never used).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from typing import Any

from ..runtime.types import BOOL, INT, PLAYER, TEXT, Ty, list_of
from . import nodes as n
from .boards import check_boards
from .bodies import BodyChecker, Scope, Site
from .context import CheckContext
from .diagnostics import Diagnostics, suggest
from .resolved import Resolution
from .symbols import BUILTIN_EVENTS, BUILTIN_FIELDS, MAX_FACES, Symbols
from .usage import warn_unused
from .windows import check_targets, check_windows

__all__ = ["BUILTIN_EVENTS", "BUILTIN_FIELDS", "DeclChecker", "check"]


def check(sym: Symbols, diags: Diagnostics) -> Resolution:
    ctx = CheckContext(sym, diags)
    bodies = BodyChecker(ctx)
    decls = DeclChecker(ctx, bodies)
    decls.check_all()
    check_boards(ctx)
    bodies.check_phase_names()
    if not diags.errors:  # after an error, what a wrong name meant would look unused
        warn_unused(ctx, bodies.played, decls.call_graph)
    return ctx.result


SCENARIO_PROPS = {"players": list_of(TEXT), "rounds": INT}  # the settings the runtime reads itself


class DeclChecker:
    """Checks every declaration of the table, in a fixed order."""

    def __init__(self, ctx: CheckContext, bodies: BodyChecker):
        self.ctx = ctx
        self.sym = ctx.sym
        self.bodies = bodies
        self.err = ctx.err
        self.call_graph: dict[str, set[str]] = {}
        self.rolls: dict[tuple[str, str], tuple[set[str], set[str]]] = {}  # (fn|table, name) -> fns, tables it calls

    def check_all(self) -> None:
        for step in (self.check_kinds, self.check_records, self.check_abilities, self.check_consts,
                     self.check_assumptions, self.check_events, self.check_things, self.check_dice, self.check_tables,
                     self.check_pools, self.check_callables,
                     self.check_triggers, self.check_scenarios, self.check_params, self.check_checks,
                     self.check_tests, self.check_windows, self.check_recursion):
            step()

    def check_kinds(self) -> None:
        for k in self.sym.kinds.values():
            self.check_fields(k.fields, "property")
            for f in k.fields:
                if f.name in BUILTIN_FIELDS:
                    self.err("E0303", f"`{f.name}` is a property every thing has; a kind cannot declare it", f.name_span,
                             "choose another name")

    def check_records(self) -> None:
        for rec in self.sym.records.values():
            self.check_fields(rec.fields, "field")

    def check_fields(self, fields: tuple[n.Field, ...], noun: str) -> None:
        """Each field named once, of a known type, with a default of that type."""
        names: dict[str, n.Field] = {}
        for f in fields:
            if f.name in names:
                self.err("E0301", f"{noun} `{f.name}` is declared twice", f.name_span,
                         labels=[(names[f.name].name_span, "first declared here")])
            names[f.name] = f
            t = self.ctx.resolve_type(f.type)
            if f.default is not None:
                self.ctx.const_value(f.default, t)

    def check_consts(self) -> None:
        for name in self.sym.consts:
            self.ctx.check_const(name)

    def check_assumptions(self) -> None:
        for a in self.sym.assumptions.values():
            self.ctx.const_value(a.value, self.ctx.resolve_type(a.type))
            if not a.doc.strip():
                self.err("E0306", "an assumption needs a note saying why it is assumed", a.span)

    def check_events(self) -> None:
        for e in self.sym.events.values():
            self.params(e.params)

    def check_things(self) -> None:
        for t in self.sym.things.values():
            self.check_thing(t)

    def check_dice(self) -> None:
        for d in self.sym.dice.values():
            self.check_die(d)

    def check_tables(self) -> None:
        for t in self.sym.tables.values():
            self.check_table(t)

    def check_pools(self) -> None:
        for p in self.sym.pools.values():
            if not self.sym.is_kind(p.of):
                self.ctx.unknown("E0102", f"unknown kind `{p.of}`", p.of_span, suggest(p.of, self.sym.kinds))

    def check_callables(self) -> None:
        for c in self.sym.callables.values():
            scope = Scope(self.params(c.params))
            returns = self.ctx.resolve_type(c.returns) if c.returns else None
            site = Site(None, n.Body(c.role), returns)
            self.bodies.block(c.body, scope, site)
            self.call_graph[c.name] = site.calls
            self.rolls[("fn", c.name)] = (site.calls, site.tables)

    def check_triggers(self) -> None:
        for decl in self.sym.triggers:
            self.check_trigger(decl.trigger, None)

    def check_scenarios(self) -> None:
        for s in self.sym.scenarios.values():
            for p in s.props:
                self.ctx.const_value(p.value, SCENARIO_PROPS.get(p.name))
            for _part, body in s.parts:
                self.bodies.block(body, Scope({}), Site(None, n.Body.SCENARIO))

    def check_params(self) -> None:
        for param in self.sym.params.values():
            if param.default is not None:
                self.ctx.const_value(param.default, self.ctx.resolve_type(param.type))
            else:
                self.ctx.resolve_type(param.type)

    def check_checks(self) -> None:
        for check in self.sym.checks:
            self.bodies.block(check.body, Scope({}), Site(None, n.Body.CHECK))

    def check_tests(self) -> None:
        for test in self.sym.tests.values():
            if test.scenario is not None and test.scenario not in self.sym.scenarios:
                self.ctx.unknown("E0110", f"unknown scenario `{test.scenario}`", test.scenario_span or test.span,
                                 suggest(test.scenario, self.sym.scenarios))
            self.bodies.block(test.body, Scope({}), Site(None, n.Body.TEST))

    def params(self, params: tuple[n.Param, ...]) -> dict[str, Ty]:
        out: dict[str, Ty] = {}
        for p in params:
            if p.name in out:
                self.err("E0301", f"parameter `{p.name}` is declared twice", p.name_span)
                continue
            out[p.name] = self.ctx.resolve_type(p.type)
            if p.default is not None:
                self.ctx.const_value(p.default, out[p.name])
        return out

    def check_thing(self, t: n.ThingDecl) -> None:
        if not self.sym.is_kind(t.kind):
            self.ctx.unknown("E0102", f"unknown kind `{t.kind}`", t.kind_span,
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
            want = self.ctx.field_type(t.kind, p.name, p.span)
            if p.name in BUILTIN_FIELDS:
                self.err("E0205", f"`{p.name}` is set by the game and cannot be given here", p.span)
            self.ctx.const_value(p.value, want, assumed=True)
            self.given_abilities(t, p)
        for trig in t.triggers:
            self.check_trigger(trig, Ty(t.kind))
        windows: dict[str, n.Play] = {}
        for play in t.plays:
            if play.window in windows:
                self.err("E0301", f"`{t.name}` has two effects for window `{play.window}`", play.window_span,
                         labels=[(windows[play.window].window_span, "the first one")])
            windows[play.window] = play
            scope = Scope({"player": PLAYER})
            site = Site(Ty(t.kind), n.Body.TRIGGER)
            if play.when is not None:
                self.bodies.condition(play.when, scope, site, 0, "a `when` condition")
            self.bodies.block(play.body, check_targets(self.ctx, self.bodies, play, scope, site), site)

    def given_abilities(self, t: n.ThingDecl, p: n.PropItem) -> None:
        """The arguments a definition gives its abilities (`abilities: [armour_piercing(2)]`)."""
        if not isinstance(p.value, n.ListExpr):
            return
        for item in p.value.items:
            args = self.ctx.result.ability_args_of(item)
            if args and isinstance(item, n.Call) and isinstance(item.func, n.Name):
                self.ctx.result.given_abilities.setdefault(t.name, {})[item.func.name] = args

    def check_abilities(self) -> None:
        for a in self.sym.abilities.values():
            params = self.params(a.params)
            for m in a.modifiers:
                self.check_ability_modifier(m, Scope(params))

    def check_ability_modifier(self, m: n.AbilityModifier, scope: Scope) -> None:
        """`modify PROP op EXPR` in an ability: PROP a property of the kinds that keep abilities,
        EXPR computed from the ability's parameters (and constants, assumptions)."""
        with_abilities = [k for k in self.sym.kinds if "abilities" in self.sym.fields_of(k)]
        owners = [k for k in with_abilities if m.prop in self.sym.fields_of(k)]
        value = self.bodies.expr(m.value, scope, Site(None, n.Body.FN), 0)
        if m.prop == "abilities" or m.prop in BUILTIN_FIELDS:
            self.err("E0205", f"an ability cannot modify `{m.prop}`", m.prop_span)
        elif not owners:
            props = {f for k in with_abilities for f in self.sym.fields_of(k)}
            self.err("E0103", f"no kind with abilities has a property `{m.prop}`", m.prop_span,
                     suggest(m.prop, props) or "an ability changes a property of the things that have it")
        else:
            field = self.sym.fields_of(owners[0])[m.prop]
            self.bodies.check_assign(m.op, self.ctx.resolve_type(field.type), value, m.value.span)
            self.ctx.result.modified.add(m.prop)

    def check_windows(self) -> None:
        check_windows(self.ctx, self.bodies)

    def check_trigger(self, trig: n.Trigger, this: Ty | None) -> None:
        params = self.ctx.event_params(trig.event, trig.event_span)
        scope = Scope(dict(params)) if params is not None else Scope({}, open=True)  # unknown event: unknown names
        site = Site(this, n.Body.TRIGGER)
        if trig.when is not None:
            self.bodies.condition(trig.when, scope, site, 0, "a `when` condition")
        self.bodies.block(trig.body, scope, site)

    def check_die(self, d: n.DieDecl) -> None:
        if d.source is not None:
            self.check_face_table(d, d.source)
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
        for f in d.faces:
            for p in f:
                self.ctx.const_value(p.value, assumed=True)  # a face's number may be a marked assumption

    def check_face_table(self, d: n.DieDecl, source: str) -> None:
        """`faces from TABLE (field: type, ...)`: TABLE is an assumption, a list of rows of numbers."""
        if d.numbered or d.faces:
            self.err("E0402", "a die takes its faces either from a table or from its own lines, not both", d.name_span)
        for p in d.source_fields:
            if self.ctx.resolve_type(p.type) not in (INT, BOOL):
                self.err("E0201", f"a face field from a table is an int or a bool, not {p.type.name}", p.span)
        table = self.sym.assumptions.get(source)
        self.ctx.used.add(source)
        if table is None:
            self.ctx.unknown("E0101", f"no assumption `{d.source}` to take the faces from", d.name_span,
                             suggest(source, self.sym.assumptions) or
                             'declare it: `assume NAME: list<list<int>> = [[...], ...] "note"`')
            return
        if self.ctx.resolve_type(table.type) != list_of(list_of(INT)):
            self.err("E0201", f"`{d.source}` must be a list<list<int>>, one row of numbers a face", table.type.span)
            return
        rows = self.ctx.const_value(table.value) or []
        if not rows:
            self.err("E0402", f"die `{d.name}` has no faces", table.span)
        for i, row in enumerate(rows, 1):
            if isinstance(row, list) and len(row) != len(d.source_fields):  # not a list: its own error
                self.err("E0403", f"face {i} of `{d.source}` has {len(row)} numbers; the die's fields need "
                                  f"{len(d.source_fields)}", table.value.span)

    def die_values(self, name: str) -> list[int] | None:
        d = self.sym.dice.get(name)
        if d is None or not d.numbered or d.numbered[1] - d.numbered[0] >= MAX_FACES:
            return None
        return list(range(d.numbered[0], d.numbered[1] + 1))

    def check_table(self, t: n.TableDecl) -> None:
        if t.die not in self.sym.dice:
            self.ctx.unknown("E0107", f"unknown die `{t.die}`", t.die_span, suggest(t.die, self.sym.dice))
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
            if values and row.high - row.low < MAX_FACES and (row.low < values[0] or row.high > values[-1]):
                self.err("E0403", f"row {row.low}..{row.high} lies outside the die's faces "
                                  f"{values[0]}..{values[-1]}", row.span)
        if values is not None:
            missing = [v for v in values if v not in covered]
            if missing:
                self.err("E0403", f"no row covers the roll{'s' if len(missing) > 1 else ''} "
                                  f"{', '.join(map(str, missing))}", t.name_span, "every face of the die needs a row")
        scope = Scope(self.params(t.params) | {"rolled": INT})
        calls, tables = self.rolls.setdefault(("table", t.name), (set(), set()))
        for row in t.rows:
            site = Site(None, n.Body.ROW)
            self.bodies.block(row.body, Scope({}, scope), site)
            calls |= site.calls
            tables |= site.tables

    def check_recursion(self) -> None:
        """Refuse call cycles between fns, then tables rolled on from their own rows."""
        for cycle in _cycles(self.call_graph):
            callee = cycle[-1]
            self.err("E0601", f"`{callee}` calls itself (via {' -> '.join(cycle)})",
                     self.sym.callables[callee].name_span,
                     "recursion is not allowed; use `for` or `while` (bounded by the step budget)")
        check_table_recursion(self.rolls, self.sym, self.err)


def check_table_recursion(rolls: dict[tuple[str, str], tuple[set[str], set[str]]], sym: Symbols,
                          err: Callable[..., None]) -> None:
    """Refuse a dice table rolled on again while one of its rows runs (directly, or through other
    tables and fns): `rolls` gives the fns and tables each fn and table calls; every cycle of that
    graph through a table is an E0405 at the table."""
    graph = {node: [("fn", f) for f in calls] + [("table", t) for t in tables] for node, (calls, tables) in rolls.items()}
    for cycle in _cycles(graph):
        table = next((name for what, name in cycle if what == "table"), None)
        if table is not None:
            err("E0405", f"table `{table}` is rolled on again while its row runs "
                         f"(via {' -> '.join(name for _, name in cycle)})", sym.tables[table].name_span,
                "a row may not roll its own table, directly or through other tables and fns: "
                "roll again in a loop around the table instead (bounded by the step budget)")


def _cycles(graph: Mapping[Any, Iterable[Any]]) -> Iterator[list[Any]]:
    """Each call cycle of `graph` that a depth-first walk (with an explicit stack, callees in
    sorted order) meets, as the path from the node called again back to it."""
    state: dict[Any, int] = {}  # 1: on the current path, 2: done
    for root in graph:
        if root in state:
            continue
        state[root] = 1
        path = [root]
        stack = [iter(sorted(graph.get(root, ())))]
        while stack:
            callee = next(stack[-1], None)
            if callee is None:
                state[path.pop()] = 2
                stack.pop()
            elif state.get(callee) == 1:
                yield [*path[path.index(callee):], callee]
            elif callee not in state:
                state[callee] = 1
                path.append(callee)
                stack.append(iter(sorted(graph.get(callee, ()))))
