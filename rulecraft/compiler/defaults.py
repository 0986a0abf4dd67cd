"""A definition's own numbers and its file's defaults: the collected table -> the same table with
every definition's properties plain.

Takes the Symbols just collected (compiler.symbols) and the modules they came from. Gives the
table with, for each definition:
- the properties of the `defaults` block above it in its file that its kind has and it does not
  give itself (`defaults { set: base }`; a later block in the file replaces an earlier one);
- each inline assumption (`wounds: 3 assumed "why"`) made an assumption named
  DEFINITION.PROPERTY (`grunt.wounds`) of the property's declared type, the property reading it.
Every later stage sees only plain properties and `assume` declarations, so checking, listing
(`rulecraft assumptions`), `rulecraft doc`, `--set`, a pool's settings and the API's
`assumptions=` treat both ways of writing an assumption alike. Reports E0301 (a default given
twice) and E0309 (a default no definition after it takes).

A newcomer may change how an inline assumption is named (`assumption_name`) or which
definitions a default reaches (`_takes`) here.
"""

from __future__ import annotations

import dataclasses

from . import nodes as n
from .diagnostics import Diagnostics
from .source import Span
from .symbols import BUILTIN_FIELDS, Symbols


def assumption_name(definition: str, prop: str) -> str:
    """The name of a definition's inline assumption: `grunt.wounds` (no declared name has a dot)."""
    return f"{definition}.{prop}"


def give_defaults(sym: Symbols, modules: list[n.Module], diags: Diagnostics) -> Symbols:
    """`sym` with each definition's defaults given and its inline assumptions declared."""
    if not any(isinstance(d, n.DefaultsDecl) or _inline(d) for m in modules for d in m.decls):
        return sym
    things = dict(sym.things)
    assumptions: list[tuple[tuple[int, int, int], n.AssumeDecl]] = []
    origins = dict(sym.origins)
    for index, module in enumerate(modules):
        given: n.DefaultsDecl | None = None
        taken: set[str] = set()
        for decl in module.decls:
            if isinstance(decl, n.DefaultsDecl):
                _unused(given, taken, diags)
                given, taken = _checked(decl, diags), set()
            elif isinstance(decl, n.ThingDecl) and sym.things.get(decl.name) is decl:
                fields = _fields(sym, decl.kind)
                props = _with_defaults(decl, given, fields, taken)
                props = tuple(_assumed(decl, p, fields, index, assumptions) for p in props)
                things[decl.name] = dataclasses.replace(decl, props=props)
        _unused(given, taken, diags)
    for _, a in assumptions:
        origins[a.name] = sym.origins.get(a.name.split(".")[0], "")
    declared = sorted([(_place(a, modules), a) for a in sym.assumptions.values()] + assumptions, key=lambda x: x[0])
    return dataclasses.replace(sym, things=things, assumptions={a.name: a for _, a in declared}, origins=origins)


def _inline(decl: n.Decl) -> bool:
    return isinstance(decl, n.ThingDecl) and any(p.assumed is not None for p in decl.props)


def _fields(sym: Symbols, kind: str) -> dict[str, n.Field] | None:
    """The properties a definition of `kind` may have: its kind's and its ancestors', and those a
    mod's `patch kind` adds to them; None when its ancestry is not all known."""
    if kind in sym.open_kinds or not sym.is_kind(kind):
        return None
    fields = sym.fields_of(kind)
    lineage = {k for k, below in sym.descendants.items() if kind in below}
    for _, patch in sym.patches:
        if isinstance(patch, n.KindPatch) and patch.name in lineage:
            fields.update({f.name: f for f in patch.fields if f.name not in fields})
    return fields


def _checked(decl: n.DefaultsDecl, diags: Diagnostics) -> n.DefaultsDecl:
    """A `defaults` block, each property once (E0301 for a second one, which is left out)."""
    seen: dict[str, n.PropItem] = {}
    for p in decl.props:
        if p.name in seen:
            diags.add("E0301", f"default `{p.name}` is given twice", p.span, labels=[(seen[p.name].span, "first given here")])
        else:
            seen[p.name] = p
    return dataclasses.replace(decl, props=tuple(seen.values()))


def _with_defaults(decl: n.ThingDecl, given: n.DefaultsDecl | None, fields: dict[str, n.Field] | None,
                   taken: set[str]) -> tuple[n.PropItem, ...]:
    """The definition's own properties, then the defaults it takes (in the block's order)."""
    if given is None:
        return decl.props
    own = {p.name for p in decl.props}
    added = []
    for p in given.props:
        if fields is None or _takes(p.name, fields, own):
            taken.add(p.name)  # a definition of unknown ancestry may take it: not reported unused
            if fields is not None:
                added.append(p)
    return decl.props + tuple(added)


def _takes(prop: str, fields: dict[str, n.Field], own: set[str]) -> bool:
    """Whether a definition with these properties, giving `own`, takes the default `prop`."""
    return prop in fields and prop not in own


def _unused(given: n.DefaultsDecl | None, taken: set[str], diags: Diagnostics) -> None:
    for p in given.props if given is not None else ():
        if p.name not in taken:
            diags.add("E0309", f"no definition after this `defaults` takes `{p.name}`", p.span,
                      "a default reaches the definitions below it in its file whose kind has the property "
                      "and that do not give their own: move the block above them, or remove the property")


def _assumed(decl: n.ThingDecl, p: n.PropItem, fields: dict[str, n.Field] | None, index: int,
             out: list[tuple[tuple[int, int, int], n.AssumeDecl]]) -> n.PropItem:
    """`p` reading its inline assumption, declared into `out`; as written when it has none, or
    when its kind has no such property (the check reports that)."""
    if p.assumed is None or fields is None or p.name not in fields or p.name in BUILTIN_FIELDS:
        return p
    name = assumption_name(decl.name, p.name)
    if any(a.name == name for _, a in out):
        return p  # given twice: the check reports it
    s = p.span
    name_span = Span(s.file, s.line, s.column, s.line, s.column + len(p.name))
    out.append(((index, s.line, s.column), n.AssumeDecl(s, name, name_span, fields[p.name].type, p.value, p.assumed)))
    return n.PropItem(s, p.name, n.Name(p.value.span, name))


def _place(a: n.AssumeDecl, modules: list[n.Module]) -> tuple[int, int, int]:
    """Where a declared assumption stands: (module in load order, line, column)."""
    index = next((i for i, m in enumerate(modules) if m.file == a.span.file), len(modules))
    return index, a.span.line, a.span.column
