"""The pipeline: parse and build -> collect (and give defaults) -> apply mods -> check -> analyse -> lower -> Ruleset.

Takes already-read modules (`compile_modules`; the loader reads them from a ruleset folder).
Gives the compiled Ruleset: its data (`declared`) and its handlers, each body lowered by one
Lowerer call (`Handlers`: the calls, the handlers' names, and attaching each compiled function
by the name its call returned). Every stage reports into one Diagnostics; the analysis pass
(facts.py) and lowering run only when the checks found no error. Caches: parsed files
(`_parsed`), rule annotations per node (`_refs`), lowerings and compiled files (reuse.py).
While a file is parsed and while modules compile, the garbage collector is off
(`collector_tuned`): a compile makes hundreds of thousands of objects and few reference cycles.
After it, what it made is moved into the oldest generation without being walked, where only a
full collection looks at it (and collects its cycles), not the young collections that follow
(with one every 100,000 new objects, a cold `check` spent 0.39 s of CPU in collections; off while
compiling, 0.30 s in the first collection after each compile, which walked everything it made).
A newcomer adding a kind of body adds its Job in Handlers (name, lowering call, the body as
the analysis takes it) and its attaching in `attach`.
"""

from __future__ import annotations

import ast
import gc
from collections import OrderedDict
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from types import CodeType
from typing import Any

from ..runtime import ruleset as rs
from . import nodes as n
from .boards import legend_value
from .build import build_module
from .check import check
from .defaults import give_defaults
from .diagnostics import Diagnostic, Diagnostics, bounded_suggestions
from .facts import HandlerBody, analyse, keyed_param
from .handler_globals import namespace
from .located import locate_triggers
from .lower import Lowered, Lowerer, compile_functions
from .mods import apply_mods
from .names import check_properties, check_targets, other_names
from .resolved import Identity, Resolution
from .reuse import Reusing, compiled_again, forget, remember_code
from .source import Source
from .symbols import BUILTIN_EVENTS, Symbols, collect
from .windows import expand_abilities, expand_does

PARSED_MAX = 256  # modules kept: more than every bundled file together


@contextmanager
def collector_tuned() -> Iterator[None]:
    """While the block runs, the collector is off; then it is on again if it was (a block inside
    another, or a program that turned it off, leaves it as it found it). What the block made is
    then in the oldest generation: the few reference cycles a compile leaves are collected by the
    next full collection."""
    was_on = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_on:
            gc.freeze()  # what the block made joins the oldest generation, unwalked (freeze then
            gc.unfreeze()  # unfreeze moves every tracked object there): a full collection looks at it
            gc.enable()


_parsed: OrderedDict[Source, tuple[n.Module | None, tuple[Diagnostic, ...]]] = OrderedDict()


def parse_module(source: Source, diags: Diagnostics) -> n.Module | None:
    """Source text -> the module's AST (None after a syntax error). A file is parsed once per
    process for its name and text: every mod extending a base reuses the base's modules (ASTs are
    immutable) and gets the same diagnostics again."""
    diags.sources[source.file] = source
    if source not in _parsed:
        own = Diagnostics()
        with collector_tuned():
            _parsed[source] = build_module(source.text, source.file, own), tuple(own.items)
        if len(_parsed) > PARSED_MAX:
            _parsed.popitem(last=False)
    _parsed.move_to_end(source)
    module, found = _parsed[source]
    for d in found:
        diags.add(d.code, d.message, d.span, d.help, d.labels, d.severity)
    return module


def forget_parsed() -> None:
    """Parse, lower and compile every file again from now on (a benchmark timing them, each round)."""
    _parsed.clear()
    _refs.clear()
    forget()


def check_modules(modules: list[n.Module], diags: Diagnostics) -> tuple[Symbols, Resolution]:
    """Modules -> the table of declarations with the mods applied, and what checking it resolved."""
    with bounded_suggestions():
        collected = give_defaults(collect(modules, diags), modules, diags)
        check_targets(collected, diags)
        sym = locate_triggers(expand_abilities(expand_does(apply_mods(collected, diags), diags)), diags)
        check_properties(sym, diags)
        return sym, check(sym, diags)


def compile_modules(modules: list[n.Module], diags: Diagnostics, codes: list[CodeType] | None = None) -> rs.Ruleset | None:
    """The compiled ruleset (None after an error); `codes` receives the code of each file's handlers."""
    with collector_tuned():
        return _compiled(modules, diags, codes)


def _compiled(modules: list[n.Module], diags: Diagnostics, codes: list[CodeType] | None) -> rs.Ruleset | None:
    sym, res = check_modules(modules, diags)
    if diags.errors:
        return None
    out = declared(sym, res)
    ns = namespace()
    handlers = Handlers(sym)
    facts = analyse(res, sym.callables, [job.body for job in handlers.jobs()])
    # a base's lowerings are taken again for its mods (reuse.py: it notes what the Lowerer reads)
    for file, funcs in handlers.by_file(modules, Reusing(Lowerer, res, facts)).items():
        if funcs:
            code = compiled_again(file, funcs, ns)
            if code is None:
                code = compile_functions(funcs, file, ns)
                remember_code(file, funcs, code)
            if codes is not None:
                codes.append(code)
    handlers.attach(out, sym, res, ns)
    out.rule_sites = rule_sites(modules)
    return out


REFS_KEPT = 8192  # nodes whose rule annotations are remembered: more than every bundled declaration
_refs: OrderedDict[Identity, tuple[n.RuleRef, ...]] = OrderedDict()


def rule_refs(node: n.Node) -> tuple[n.RuleRef, ...]:
    """Every `rule` annotation inside a node, in source order (a statement: never inside an
    expression or a type). Found once per node in a process: nodes are immutable, and a base's are
    shared by every mod compiled on it (the key keeps the node, so its identity is not reused)."""
    key = Identity(node)
    known = _refs.get(key)
    if known is not None:
        _refs.move_to_end(key)
        return known
    found = _refs[key] = tuple(x for x in n.walk(node, skip=(n.Expr, n.TypeRef)) if isinstance(x, n.RuleRef))
    if len(_refs) > REFS_KEPT:
        _refs.popitem(last=False)
    return found


def rule_ids(node: n.Node) -> tuple[str, ...]:
    """The rule ids annotated inside a node, each once, in source order."""
    return tuple(dict.fromkeys(i for r in rule_refs(node) for i in r.ids))


# ---- the data of the ruleset ---------------------------------------------------


def declared(sym: Symbols, res: Resolution) -> rs.Ruleset:
    """The ruleset's data (everything but its handlers), from the checked table."""
    out = header(sym)
    out.options = {o.name: o.doc for o in sym.options.values()}
    out.replacements = sym.replacements
    out.changes = sym.changes
    out.params = {p.name: _param(res, p) for p in sym.params.values()}
    out.descendants = {k: frozenset(v) for k, v in sym.descendants.items()}
    out.enums = {e.name: e.members for e in sym.enums.values()}
    out.legends = {name: legend_value(sym, name) for name in sym.legends}
    out.ability_args = res.given_abilities
    out.ability_defaults = {a.name: {p.name: res.value(p.default) for p in a.params if p.default is not None}
                            for a in sym.abilities.values() if a.params}
    for k in sym.kinds.values():
        fields = {f.name: rs.FieldInfo(f.name, res.type_named(f.type), _default(res, f)) for f in k.fields}
        out.kinds[k.name] = rs.KindInfo(k.name, k.parent, fields, str(k.span))
    for a in sym.assumptions.values():
        out.assumptions[a.name] = rs.Assumption(a.name, res.type_named(a.type), res.value(a.value), a.doc, str(a.span))
    for name, params in BUILTIN_EVENTS.items():
        out.events[name] = tuple(rs.Param(p, t, None, False) for p, t in params)
    for e in sym.events.values():
        out.events[e.name] = _params(res, e.params)
    for z in sym.zones.values():
        out.zones[z.name] = rs.ZoneInfo(z.name, "per_player" in z.flags, "in_play" in z.flags, "hidden" in z.flags)
    for p in sym.pools.values():
        out.pools[p.name] = rs.Pool(p.name, p.title or p.name, p.of, str(p.span))
        out.zones[p.name] = rs.ZoneInfo(p.name, False, False, True)
    out.dice = {d.name: _die(sym, res, d) for d in sym.dice.values()}
    for t in sym.things.values():
        rules = t.rules + tuple(i for part in t.triggers + t.plays for r in rule_refs(part) for i in r.ids)
        out.definitions[t.name] = rs.Definition(t.name, t.kind, t.title or t.name, t.count,
                                                {p.name: res.value(p.value) for p in t.props},
                                                tuple(dict.fromkeys(rules)), str(t.span), t.rules)
    out.other_names = other_names(sym, {d.id: d.props for d in out.definitions.values()})
    return out


def header(sym: Symbols) -> rs.Ruleset:
    """The ruleset's identity, from its header and the headers it extends."""
    h = sym.header
    assert h is not None  # a ruleset without one was reported
    kind = {n.GameDecl: "game", n.ModDecl: "mod", n.FormatDecl: "format"}[type(h)]
    out = rs.Ruleset(id=h.name, title=h.title, kind=kind, extends=None if isinstance(h, n.GameDecl) else h.extends)
    headers = [*sym.bases, h]
    out.game = headers[0].name
    out.version = h.version if isinstance(h, n.ModDecl) else None
    out.mods = tuple(x.name for x in headers if isinstance(x, n.ModDecl))
    return out


def _die(sym: Symbols, res: Resolution, d: n.DieDecl) -> rs.Die:
    faces: tuple[Any, ...]
    table = None
    if d.source is not None:
        table = (d.source, tuple((p.name, p.type.name) for p in d.source_fields))
        faces = rs.faces_from_table(d.name, res.value(sym.assumptions[d.source].value), table[1])
    elif d.numbered:
        faces = tuple(range(d.numbered[0], d.numbered[1] + 1))
    else:
        faces = tuple({p.name: res.value(p.value) for p in face} for face in d.faces)
    return rs.Die(d.name, d.title or d.name, faces, d.rules, str(d.span), table)


def _param(res: Resolution, p: n.Param | n.ParamDecl) -> rs.Param:
    has_default = p.default is not None
    return rs.Param(p.name, res.type_named(p.type), res.value(p.default) if p.default is not None else None, has_default)


def _params(res: Resolution, params: tuple[n.Param, ...]) -> tuple[rs.Param, ...]:
    return tuple(_param(res, p) for p in params)


def _default(res: Resolution, f: n.Field) -> Any:
    """A property's default: the one declared, or the zero of its type."""
    if f.default is not None:
        return res.value(f.default)
    t = res.type_named(f.type)
    return {"int": 0, "num": 0, "bool": False, "text": ""}.get(t.name, [] if t.name == "list" else None)


def rule_sites(modules: list[n.Module]) -> dict[str, list[str]]:
    """Rule id -> "file:line:col" of every place the ruleset encodes it (tests check rules; they encode none)."""
    sites: dict[str, list[str]] = {}
    for m in modules:
        encoding = tuple(d for d in m.decls if not isinstance(d, n.TestDecl))
        for decl in encoding:
            if isinstance(decl, n.CheckDecl):
                sites.setdefault(decl.name, []).append(str(decl.span))
            for rid in getattr(decl, "rules", ()):
                sites.setdefault(rid, []).append(str(decl.span))
        for ref in (ref for decl in encoding for ref in rule_refs(decl)):
            for rid in ref.ids:
                sites.setdefault(rid, []).append(str(ref.span))
    return sites


# ---- the handlers ------------------------------------------------------------------


@dataclass
class Job:
    """One lowering call for one body: the Lowerer's method and its arguments, the body as the
    analysis pass takes it, and what the call made (its handler's name, its functions)."""

    file: str
    method: str
    args: tuple[Any, ...]
    body: HandlerBody
    made: Lowered | None = None

    @property
    def handler(self) -> Lowered:
        assert self.made is not None, "attached before it was lowered"
        return self.made


class Handlers:
    """Every body of the ruleset lowered to a named Python function, then attached to the ruleset
    by the name its lowering call returned. The handlers' names are given here, once (`t_1`,
    `p_0`, ...): they are the functions' names in the compiled code."""

    def __init__(self, sym: Symbols):
        self.sym = sym
        things = list(sym.things.values())
        self.callables = [(decl, Job(decl.span.file, "callable", (decl,), HandlerBody(decl.body)))
                          for decl in sym.callables.values()]
        # the definitions' triggers first, then the top-level ones (each lowered into its declaration's file)
        triggers = [(trig, t.name, trig.span.file) for t in things for trig in t.triggers] + \
                   [(d.trigger, None, d.span.file) for d in sym.triggers]
        self.triggers = [(trig, definition, Job(file, "trigger", (f"t_{i}", trig, sym.event_param_names(trig.event)),
                                                HandlerBody(trig.body, (trig.when,))))
                         for i, (trig, definition, file) in enumerate(triggers, 1)]
        self.rows = [(t, [(row, Job(t.span.file, "row", (f"r_{t.name}_{i}", row, [p.name for p in t.params]),
                                    HandlerBody(row.body))) for i, row in enumerate(t.rows)]) for t in sym.tables.values()]
        self.parts = [(s, [(part, Job(s.span.file, "part", (f"s_{s.name}_{part}", body), HandlerBody(body)))
                           for part, body in s.parts]) for s in sym.scenarios.values()]
        self.tests = [(test, Job(test.span.file, "part", (f"x_{i}", test.body), HandlerBody(test.body)))
                      for i, test in enumerate(sym.tests.values())]
        self.checks = [(c, Job(c.span.file, "part", (f"c_{i}", c.body), HandlerBody(c.body))) for i, c in enumerate(sym.checks)]
        self.plays = [(play, name, Job(play.span.file, "play", (f"p_{i}", play),
                                       HandlerBody(play.body, (play.when,), tuple(t.source for t in play.targets))))
                      for i, (play, name) in enumerate((play, t.name) for t in things for play in t.plays)]
        self.windows = [(w, Job(w.span.file, "window_after", (f"w_{i}", w), HandlerBody(w.after, (w.after_when,))))
                        for i, w in enumerate(sym.windows)]
        self.modifiers = [(a, m, Job(m.span.file, "ability_modifier", (f"m_{a.name}_{j}", m, [p.name for p in a.params]),
                                     HandlerBody(None, (m.value,))))
                          for a in sym.abilities.values() for j, m in enumerate(a.modifiers)]

    def jobs(self) -> list[Job]:
        """Every lowering call, in the order they are made (within a file)."""
        return [job for _, job in self.callables] + [job for _, _, job in self.triggers] + \
            [job for _, rows in self.rows for _, job in rows] + [job for _, parts in self.parts for _, job in parts] + \
            [job for _, job in self.tests] + [job for _, job in self.checks] + [job for _, _, job in self.plays] + \
            [job for _, job in self.windows] + [job for _, _, job in self.modifiers]

    def by_file(self, modules: list[n.Module], low: Reusing) -> dict[str, list[ast.FunctionDef]]:
        """Every body lowered, file by file in load order: a base's files before a mod's, so that
        what a mod adds never changes how its base's bodies are lowered (reuse.py takes those again)."""
        order = {m.file: i for i, m in enumerate(modules)}
        out: dict[str, list[ast.FunctionDef]] = {m.file: [] for m in modules}
        todo: dict[str, list[Job]] = {}
        for job in self.jobs():
            todo.setdefault(job.file, []).append(job)
        for file, jobs in sorted(todo.items(), key=lambda item: order[item[0]]):
            for job in jobs:
                job.made = getattr(low, job.method)(*job.args)
                out[file].extend(job.handler.functions)
        return out

    def attach(self, out: rs.Ruleset, sym: Symbols, res: Resolution, ns: dict[str, Any]) -> None:
        """Put the compiled functions (in `ns`) into the ruleset, each by its lowering's name."""
        for decl, job in self.callables:
            out.callables[decl.name] = rs.Callable_(decl.name, decl.role, _params(res, decl.params), ns[job.handler.name],
                                                    rule_ids(decl.body), str(decl.span))
        for seq, (trig, definition, job) in enumerate(self.triggers):
            keyed = keyed_param(trig, sym.event_param_names(trig.event), res) if definition is not None else None
            spec = rs.TriggerSpec(trig.event, trig.order, seq, definition, trig.once, ns[job.handler.name],
                                  rule_ids(trig.body), str(trig.span), keyed)
            out.triggers.setdefault(trig.event, []).append(spec)
        for specs in out.triggers.values():
            specs.sort(key=lambda s: (s.order, s.seq))
        for t, rows in self.rows:
            table_rows = tuple(rs.TableRow(r.low, r.high, r.label, ns[job.handler.name]) for r, job in rows)
            out.tables[t.name] = rs.Table(t.name, t.title or t.name, t.die, _params(res, t.params), table_rows, t.rules,
                                          str(t.span))
        for s, parts in self.parts:
            out.scenarios[s.name] = rs.Scenario(s.name, s.title or s.name, {p.name: res.value(p.value) for p in s.props},
                                                {part: ns[job.handler.name] for part, job in parts}, s.rules,
                                                str(s.span))
        for c, job in self.checks:
            out.checks.append(rs.DeckCheck(c.name, c.title or c.name, ns[job.handler.name], str(c.span)))
        for play, definition, job in self.plays:
            made = job.handler
            when, run = _when_and_run(made, ns)
            out.plays.setdefault(play.window, []).append(
                rs.PlaySpec(play.window, definition, when, run, rule_ids(play.body),
                            str(play.span), ns[made.targets] if made.targets is not None else None,
                            tuple(t.prompt or f"which {t.name}" for t in play.targets)))
        self.attach_windows(out, ns)
        for a, m, job in self.modifiers:
            out.ability_modifiers.setdefault(m.prop, []).append(
                rs.AbilityModifier(a.name, m.op.value, ns[job.handler.name], tuple(p.name for p in a.params)))
        for test, job in self.tests:
            out.tests.append(rs.RuleTest(test.name, test.checks, test.scenario, ns[job.handler.name], str(test.span)))

    def attach_windows(self, out: rs.Ruleset, ns: dict[str, Any]) -> None:
        """Each window's rules, merged over the declarations that name it (in load order)."""
        for w, job in self.windows:
            for name in w.names:
                rules = out.windows.setdefault(name, rs.WindowRules())
                if w.limit is not None:
                    rules.limit, rules.limit_per = w.limit, w.limit_per
                if w.after is not None:
                    rules.after.append(_when_and_run(job.handler, ns))


def _when_and_run(made: Lowered, ns: dict[str, Any]) -> tuple[Any, Any]:
    """A play's or window's two compiled functions: whether it may run now, and what it does."""
    assert made.when is not None, made.name
    return ns[made.when], ns[made.name]
