"""What an editor shows of a ruleset: a name's description (hover), the names that may be
written at a place (completion) and a file's outline (document symbols). Read from the checked
table and the built-ins table the checker uses; no protocol types here. A newcomer may change
what a hover shows here: a constant's value is shown up to SHOWN_ITEMS items, however large it is.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from ...compiler import nodes as n
from ...compiler.driver import rule_ids
from ...compiler.source import Span
from ...compiler.symbols import ABILITY, BUILTIN_EVENTS, BUILTIN_FIELDS
from ...reference.language import signature as builtin_signature
from ...reference.syntax import doc_comment
from ...runtime.builtins import BUILTINS
from ...runtime.types import PRIMITIVES
from .analysis import Analysis
from .navigation import DECLARED, Pos, Target, What, deepest_first, word_at

SHOWN_ITEMS = 100  # items of a constant's value a hover shows (a list held many times is walked no further)

# ---- hover ----------------------------------------------------------------------------


def hover(a: Analysis, target: Target, label: str, pos: Pos) -> str:
    """Markdown: the declaration's signature, the type of the expression at `pos`, its doc
    comment, its rule ids, and where it is declared."""
    parts = [f"```rulecraft\n{signature(a, target)}\n```", f"*{target.what}*" + (f" of `{target.owner}`" if target.owner else "")]
    ty = type_at(a, label, pos)
    if ty is not None and target.what in (What.LOCAL, What.PROPERTY, What.CONST, What.ASSUMPTION):
        parts.append(f"type: `{ty}`")
    if isinstance(target.decl, n.AssumeDecl):
        parts.append(f"note: {target.decl.doc}\n\nchange it with `--set {target.name}=VALUE`")
    doc = doc_comment(a.sources.get(target.site.file) if target.site else None, target.decl)
    if doc:
        parts.append(doc)
    rules = rules_of(target.decl)
    if rules:
        parts.append("rules: " + ", ".join(rules))
    if target.site is not None:
        parts.append(f"declared at `{target.site}`")
    return "\n\n".join(parts)


def type_at(a: Analysis, label: str, pos: Pos) -> str | None:
    """The type the checker gave the name or property at `pos` (a `let`: the value's)."""
    module, source = a.module(label), a.sources.get(label)
    found = word_at(source.line(pos[0]), pos[1]) if source is not None else None
    if module is None or found is None:
        return None
    word = found[0]
    for chain, i in deepest_first(module, (pos[0], found[1])):
        match chain[i]:
            case n.Name(name=name) | n.Attr(name=name) as node if name == word and id(node) in a.res.types:
                return str(a.res.types[id(node)])
            case n.Let(name=name, value=value) if name == word and id(value) in a.res.types:
                return str(a.res.types[id(value)])
    return None


def rules_of(decl: n.Node | None) -> tuple[str, ...]:
    """The catalogue ids a declaration carries: its own `rule` line and those inside it."""
    if decl is None:
        return ()
    own = getattr(decl, "rules", ())
    return tuple(dict.fromkeys((*own, *rule_ids(decl))))


def signature(a: Analysis, t: Target) -> str:
    """The declaration as one would write its head."""
    d = t.decl
    match d:
        case n.ThingDecl():
            head = f"{d.kind} {d.name}" + (f' "{d.title}"' if d.title else "") + (f" x{d.count}" if d.count_span else "")
            return "\n".join([head] + [f"  {_text(a, p.span)}" for p in d.props])
        case n.KindDecl() | n.RecordDecl():
            parent = f" : {d.parent}" if isinstance(d, n.KindDecl) and d.parent else ""
            keyword = "kind" if isinstance(d, n.KindDecl) else "record"
            return "\n".join([f"{keyword} {d.name}{parent}"] + [f"  {_field(a, f)}" for f in d.fields])
        case n.Field():
            return _field(a, d)
        case n.EnumDecl() if t.what is What.MEMBER:
            return f"{t.name}: {d.name}"
        case n.EnumDecl():
            return f"enum {d.name} {{ {', '.join(d.members)} }}"
        case n.ConstDecl():
            return f"const {d.name} = {_value(a, d.value)}"
        case n.AssumeDecl():
            return f"assume {d.name}: {_type(d.type)} = {_value(a, d.value)}"
        case n.EventDecl():
            return f"event {d.name}({_params(d.params)})"
        case n.FnDecl():
            return f"{d.role.value} {d.name}({_params(d.params)})" + (f" -> {_type(d.returns)}" if d.returns else "")
        case n.AbilityDecl():
            return f"ability {d.name}" + (f"({_params(d.params)})" if d.params else "") + (f' "{d.title}"' if d.title else "")
        case n.Param():
            return f"{d.name}: {_type(d.type)}" + (f" = {_text(a, d.default.span)}" if d.default else "")
    return _other(a, t)


def _other(a: Analysis, t: Target) -> str:
    d = t.decl
    match d:
        case n.DieDecl():
            faces = f"faces {d.numbered[0]}..{d.numbered[1]}" if d.numbered else f"{len(d.faces)} faces"
            return f"die {d.name}" + (f' "{d.title}"' if d.title else "") + f"  # {faces}"
        case n.TableDecl():
            return f"table {d.name}({_params(d.params)}) roll {d.die}"
        case n.PoolDecl():
            return f"pool {d.name} of {d.of}"
        case n.ZoneDecl():
            return " ".join(["zone", d.name, *d.flags])
        case n.ScenarioDecl():
            return f"scenario {d.name}" + (f' "{d.title}"' if d.title else "")
        case n.ParamDecl():
            return f"param {d.name}: {_type(d.type)}"
        case n.OptionDecl():
            return f'option {d.name} "{d.doc}"'
        case n.GameDecl():
            return f'game "{d.name}" "{d.title}"'
        case n.ModDecl() | n.FormatDecl():
            return f'{"mod" if isinstance(d, n.ModDecl) else "format"} "{d.name}" "{d.title}" extends "{d.extends}"'
        case n.Module():
            return f"import {t.name}  # {d.file}"
        case n.PropItem():
            return _text(a, d.span)
        case n.Step():
            return f"step {d.name}"
        case n.TestDecl():
            return f'test "{d.name}"'
        case n.BoardDecl() | n.LegendDecl() | n.TerrainDecl():
            return _text(a, d.span).split("\n")[0]
    return _built_in(t) or t.name


def _built_in(t: Target) -> str | None:
    if t.what is What.BUILTIN:
        return builtin_signature(t.name)
    if t.what is What.BUILTIN_EVENT:
        return f"event {t.name}({', '.join(f'{p}: {ty}' for p, ty in BUILTIN_EVENTS[t.name])})"
    if t.what is What.BUILTIN_FIELD:
        return f"{t.name}: {BUILTIN_FIELDS[t.name]}"
    return None


def _field(a: Analysis, f: n.Field) -> str:
    return f"{f.name}: {_type(f.type)}" + (f" = {_text(a, f.default.span)}" if f.default else "")


def _params(params: tuple[n.Param, ...]) -> str:
    return ", ".join(f"{p.name}: {_type(p.type)}" for p in params)


def _type(t: n.TypeRef) -> str:
    return t.name + (f"<{', '.join(_type(x) for x in t.args)}>" if t.args else "")


def _text(a: Analysis, span: Span) -> str:
    """The source text of a span, its first line only."""
    source = a.sources.get(span.file)
    if source is None:
        return ""
    line = source.line(span.line)
    end = span.end_column - 1 if span.end_line == span.line else len(line)
    return line[span.column - 1:end].strip()


def _value(a: Analysis, e: n.Expr) -> str:
    if id(e) in a.res.values:
        return _shown(a.res.values[id(e)])
    return _text(a, e.span)


def _shown(value: Any, room: list[int] | None = None) -> str:
    """A value as written; past SHOWN_ITEMS items (nested ones counted each time held), `…`."""
    room = [SHOWN_ITEMS] if room is None else room
    if isinstance(value, (list, tuple)):
        parts = []
        for v in value:
            if room[0] <= 0:
                parts.append("…")
                break
            room[0] -= 1
            parts.append(_shown(v, room))
        return "[" + ", ".join(parts) + "]"
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    return str(value).lower() if isinstance(value, bool) or value is None else str(value)


# ---- completion ------------------------------------------------------------------------


@dataclass(frozen=True)
class Candidate:
    label: str
    what: What
    detail: str


def completions(a: Analysis, after_dot: bool) -> list[Candidate]:
    """The names that may be written: after a `.`, properties; elsewhere every name the ruleset
    declares, the built-in ones and the properties (as written in a definition)."""
    out = _properties(a)
    if after_dot:
        return out
    sym = a.sym
    for what, table in ((What.KIND, sym.kinds), (What.RECORD, sym.records), (What.EVENT, sym.events),
                        (What.FUNCTION, sym.callables), (What.DEFINITION, sym.things), (What.CONST, sym.consts),
                        (What.ASSUMPTION, sym.assumptions), (What.DIE, sym.dice), (What.TABLE, sym.tables),
                        (What.POOL, sym.pools), (What.ZONE, sym.zones), (What.SCENARIO, sym.scenarios),
                        (What.ABILITY, sym.abilities), (What.PARAM, sym.params), (What.OPTION, sym.options)):
        out += [Candidate(name, what, _detail(what, decl)) for name, decl in table.items()]
    out += [Candidate(name, What.ENUM, "enum") for name in sym.enums if name != ABILITY]
    out += [Candidate(name, What.MEMBER, f"member of {enum}") for name, enum in sym.enum_members.items() if enum != ABILITY]
    out += [Candidate(name, What.BUILTIN, builtin_signature(name)[len(name):]) for name in BUILTINS]
    out += [Candidate(name, What.BUILTIN_EVENT, "built-in event") for name in BUILTIN_EVENTS]
    out += [Candidate(name, What.TYPE, "built-in type") for name in PRIMITIVES]
    return out


def _properties(a: Analysis) -> list[Candidate]:
    """Every property of every kind and field of every record, each name once (its first owner)."""
    seen: dict[str, Candidate] = {name: Candidate(name, What.BUILTIN_FIELD, f"{ty}: every thing has it")
                                  for name, ty in BUILTIN_FIELDS.items()}
    owners: list[n.KindDecl | n.RecordDecl] = [*a.sym.kinds.values(), *a.sym.records.values()]
    for owner in owners:
        for f in owner.fields:
            seen.setdefault(f.name, Candidate(f.name, What.PROPERTY, f"{_type(f.type)}, of {owner.name}"))
    return list(seen.values())


def _detail(what: What, decl: n.Decl) -> str:
    if isinstance(decl, n.ThingDecl):
        return f"{decl.kind}" + (f' "{decl.title}"' if decl.title else "")
    if isinstance(decl, n.FnDecl):
        return f"{decl.role.value}({_params(decl.params)})"
    if isinstance(decl, n.EventDecl):
        return f"event({_params(decl.params)})"
    return str(what)


# ---- the outline -----------------------------------------------------------------------


@dataclass
class Outline:
    """One entry of a file's outline: a top-level declaration, or a property of a kind or record."""

    name: str
    what: What
    span: Span
    name_span: Span
    detail: str = ""
    children: list[Outline] = field(default_factory=list)


CHANGES = {n.PatchDecl: "patch", n.KindPatch: "patch kind", n.ConstPatch: "patch const", n.ReplaceDecl: "replace",
           n.RemoveDecl: "remove", n.StepPatch: "step"}


def outline(module: n.Module) -> list[Outline]:
    out: list[Outline] = []
    for d in module.decls:
        what = DECLARED.get(type(d))
        if what is not None:
            entry = Outline(d.name, what, d.span, d.name_span, _outline_detail(d))
            if isinstance(d, (n.KindDecl, n.RecordDecl)):
                entry.children = [Outline(f.name, What.PROPERTY, f.span, f.name_span, _type(f.type)) for f in d.fields]
            out.append(entry)
        elif type(d) in CHANGES:
            out.append(Outline(f"{CHANGES[type(d)]} {d.name}", What.DEFINITION, d.span, d.name_span, "a change"))
        elif isinstance(d, n.TriggerDecl):
            out.append(Outline(f"on {d.trigger.event}", What.EVENT, d.span, d.trigger.event_span, "trigger"))
    return out


def _outline_detail(d: n.Decl) -> str:
    if isinstance(d, n.ThingDecl):
        return d.kind + (f" x{d.count}" if d.count_span else "")
    if isinstance(d, n.FnDecl):
        return d.role.value
    return ""
