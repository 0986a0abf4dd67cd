"""The pipeline: source files -> parse -> AST -> check -> lower -> Ruleset.

`compile_modules` takes already-read module texts (the loader reads them from a
ruleset folder); every stage reports into one Diagnostics, and lowering runs only
when the checks found no error.
"""

from __future__ import annotations

import dataclasses
from typing import Iterator

from ..runtime import ruleset as rs
from . import nodes as n
from .build import build
from .check import BUILTIN_EVENTS, Checker
from .diagnostics import Diagnostics
from .lower import Lowerer, compile_functions, fn, namespace
from .parser import parse
from .source import Source, Span


def parse_module(source: Source, diags: Diagnostics) -> n.Module | None:
    diags.sources[source.file] = source
    tree = parse(source.text, source.file, diags)
    if tree is None:
        return None
    return build(tree, source.file, diags)


def rule_refs(node: object) -> Iterator[n.RuleRef]:
    """Every `rule` annotation inside a node, in source order."""
    if isinstance(node, n.RuleRef):
        yield node
    if dataclasses.is_dataclass(node):
        for f in dataclasses.fields(node):
            yield from rule_refs(getattr(node, f.name))
    elif isinstance(node, tuple):
        for item in node:
            yield from rule_refs(item)


def compile_modules(modules: list[n.Module], diags: Diagnostics) -> rs.Ruleset | None:
    checker = Checker(diags)
    checker.collect(modules)
    checker.check_all()
    if diags.errors:
        return None
    return assemble(checker, modules)


def _where(span: Span) -> str:
    return str(span)


def assemble(c: Checker, modules: list[n.Module]) -> rs.Ruleset:
    sym = c.sym
    header = sym.header
    kind = {n.GameDecl: "game", n.ModDecl: "mod", n.FormatDecl: "format"}[type(header)]
    out = rs.Ruleset(id=header.name, title=header.title, kind=kind,
                     extends=None if kind == "game" else header.extends)
    headers = [*sym.bases, header]
    out.game = headers[0].name
    out.version = header.version if isinstance(header, n.ModDecl) else None
    out.mods = tuple(h.name for h in headers if isinstance(h, n.ModDecl))
    out.options = {o.name: o.doc for o in sym.options.values()}
    out.replacements = tuple(sym.replacements)
    out.changes = tuple(sym.changes)
    out.params = {p.name: rs.Param(p.name, str(c.resolve_type(p.type)),
                                   c.const_value(p.default) if p.default is not None else None, p.default is not None)
                  for p in sym.params.values()}
    out.descendants = {k: frozenset(v) for k, v in c.descendants.items()}
    out.enums = {e.name: e.members for e in sym.enums.values()}
    for k in sym.kinds.values():
        fields = {f.name: rs.FieldInfo(f.name, str(c.resolve_type(f.type)),
                                       c.const_value(f.default) if f.default is not None else _zero(c, f))
                  for f in k.fields}
        out.kinds[k.name] = rs.KindInfo(k.name, k.parent, fields, _where(k.span))
    for a in sym.assumptions.values():
        out.assumptions[a.name] = rs.Assumption(a.name, str(c.resolve_type(a.type)), c.const_value(a.value), a.doc,
                                                _where(a.span))
    for name, params in BUILTIN_EVENTS.items():
        out.events[name] = tuple(rs.Param(p, str(t), None, False) for p, t in params)
    for e in sym.events.values():
        out.events[e.name] = _params(c, e.params)
    for z in sym.zones.values():
        out.zones[z.name] = rs.ZoneInfo(z.name, "per_player" in z.flags, "in_play" in z.flags, "hidden" in z.flags)
    for p in sym.pools.values():
        out.pools[p.name] = rs.Pool(p.name, p.title or p.name, p.of, _where(p.span))
        out.zones[p.name] = rs.ZoneInfo(p.name, False, False, True)
    for d in sym.dice.values():
        c.allow_assumed = True
        faces = tuple(range(d.numbered[0], d.numbered[1] + 1)) if d.numbered else \
            tuple({p.name: c.const_value(p.value) for p in face} for face in d.faces)
        c.allow_assumed = False
        table = None
        if d.source is not None:
            table = (d.source, tuple((p.name, p.type.name) for p in d.source_fields))
            faces = rs.faces_from_table(d.name, c.const_value(sym.assumptions[d.source].value), table[1])
        out.dice[d.name] = rs.Die(d.name, d.title or d.name, faces, d.rules, _where(d.span), table)
    for t in sym.things.values():
        rules = t.rules + tuple(i for part in t.triggers + t.plays for r in rule_refs(part) for i in r.ids)
        out.definitions[t.name] = rs.Definition(t.name, t.kind, t.title or t.name, t.count,
                                                _props(c, t),
                                                tuple(dict.fromkeys(rules)), _where(t.span), t.rules)

    ns = namespace()
    low = Lowerer(c)
    by_file: dict[str, list] = {m.file: [] for m in modules}
    pending_triggers: list[tuple[str, n.Trigger, str | None, str]] = []
    for decl in sym.callables.values():
        by_file[decl.span.file].append(low.callable(decl))
    seq = 0
    for t in sym.things.values():
        for trig in t.triggers:
            seq += 1
            pyname = f"t_{seq}"
            pending_triggers.append((pyname, trig, t.name, trig.span.file))
    for decl in sym.triggers:
        seq += 1
        pending_triggers.append((f"t_{seq}", decl.trigger, None, decl.span.file))
    for pyname, trig, _, file in pending_triggers:
        params = [p for p, _ in c.event_params(trig.event, trig.event_span) or ()]
        by_file[file].append(low.trigger(pyname, trig, params))
    row_names: dict[str, list[str]] = {}
    for t in sym.tables.values():
        row_names[t.name] = []
        for i, row in enumerate(t.rows):
            pyname = f"r_{t.name}_{i}"
            row_names[t.name].append(pyname)
            by_file[t.span.file].append(low.row(pyname, row, [p.name for p in t.params]))
    for s in sym.scenarios.values():
        for part, body in s.parts:
            by_file[s.span.file].append(low.part(f"s_{s.name}_{part}", body))
    for i, test in enumerate(sym.tests.values()):
        by_file[test.span.file].append(low.part(f"x_{i}", test.body))
    for i, check in enumerate(sym.checks):
        by_file[check.span.file].append(low.part(f"c_{i}", check.body))
    pairs = [(play, t.name) for t in sym.things.values() for play in t.plays]
    plays = [(f"p_{i}", play, name) for i, (play, name) in enumerate(pairs)]
    for pyname, play, _ in plays:
        by_file[play.span.file].extend(low.play(pyname, play))
    for file, funcs in by_file.items():
        if funcs:
            compile_functions(funcs, file, ns)

    for decl in sym.callables.values():
        rules = tuple(dict.fromkeys(i for r in rule_refs(decl.body) for i in r.ids))
        out.callables[decl.name] = rs.Callable_(decl.name, decl.role, _params(c, decl.params), ns[fn(decl.name)],
                                                rules, _where(decl.span))
    for i, (pyname, trig, definition, _) in enumerate(pending_triggers):
        rules = tuple(dict.fromkeys(x for r in rule_refs(trig.body) for x in r.ids))
        spec = rs.TriggerSpec(trig.event, trig.order, i, definition, trig.once, ns[pyname], rules, _where(trig.span))
        out.triggers.setdefault(trig.event, []).append(spec)
    for specs in out.triggers.values():
        specs.sort(key=lambda s: (s.order, s.seq))
    for t in sym.tables.values():
        rows = tuple(rs.TableRow(r.low, r.high, r.label, ns[name]) for r, name in zip(t.rows, row_names[t.name]))
        out.tables[t.name] = rs.Table(t.name, t.title or t.name, t.die, _params(c, t.params), rows, t.rules,
                                      _where(t.span))
    for s in sym.scenarios.values():
        out.scenarios[s.name] = rs.Scenario(s.name, s.title or s.name, {p.name: c.const_value(p.value) for p in s.props},
                                            {part: ns[f"s_{s.name}_{part}"] for part, _ in s.parts}, s.rules,
                                            _where(s.span))
    for i, check in enumerate(sym.checks):
        out.checks.append(rs.DeckCheck(check.name, check.title or check.name, ns[f"c_{i}"], _where(check.span)))
    for pyname, play, definition in plays:
        rules = tuple(dict.fromkeys(x for r in rule_refs(play.body) for x in r.ids))
        out.plays.setdefault(play.window, []).append(
            rs.PlaySpec(play.window, definition, ns[f"{pyname}_when"], ns[pyname], rules, _where(play.span)))
    for i, test in enumerate(sym.tests.values()):
        out.tests.append(rs.RuleTest(test.name, test.checks, test.scenario, ns[f"x_{i}"], _where(test.span)))
    for m in modules:
        for decl in m.decls:
            if isinstance(decl, n.TestDecl):  # what a test checks is not what the ruleset encodes
                continue
            if isinstance(decl, n.CheckDecl):
                out.rule_sites.setdefault(decl.name, []).append(_where(decl.span))
            for rid in getattr(decl, "rules", ()):
                out.rule_sites.setdefault(rid, []).append(_where(decl.span))
        for ref in rule_refs(tuple(d for d in m.decls if not isinstance(d, n.TestDecl))):
            for rid in ref.ids:
                out.rule_sites.setdefault(rid, []).append(_where(ref.span))
    return out


def _params(c: Checker, params: tuple[n.Param, ...]) -> tuple[rs.Param, ...]:
    return tuple(rs.Param(p.name, str(c.resolve_type(p.type)),
                          c.const_value(p.default) if p.default is not None else None, p.default is not None)
                 for p in params)


def _props(c: Checker, t: n.ThingDecl) -> dict:
    c.allow_assumed = True
    try:
        return {p.name: c.const_value(p.value) for p in t.props}
    finally:
        c.allow_assumed = False


def _zero(c: Checker, f: n.Field):
    """The default of a property declared without one."""
    t = c.resolve_type(f.type)
    return {"int": 0, "num": 0, "bool": False, "text": ""}.get(t.name, [] if t.name == "list" else None)
