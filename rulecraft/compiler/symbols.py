"""Collecting declarations: every module of a ruleset into one symbol table.

The first header is the base game's; mods and formats follow the rulesets they extend.
Declarations are filed by name (a name is defined once across all modules); what mods
change is gathered and applied once everything is collected (compiler.mods).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..runtime.builtins import BUILTINS
from . import nodes as n
from .diagnostics import Diagnostics, suggest
from .mods import CHANGES, ModApplier
from .source import Span
from .types import ANY, BOOL, INT, PLAYER, PRIMITIVES, TEXT, Ty

MAX_DEPTH = 64
MAX_FACES = 1000  # a die (and so a table) has at most this many faces
BUILTIN_FIELDS = {"id": INT, "name": TEXT, "def": Ty("def", "any"), "kind": TEXT, "owner": PLAYER,
                  "location": ANY, "face_down": BOOL, "alive": BOOL}
BUILTIN_EVENTS = {
    "round_start": (), "round_end": (), "turn_start": (("player", PLAYER),), "turn_end": (("player", PLAYER),),
    "phase_start": (("name", TEXT),), "phase_end": (("name", TEXT),), "destroyed": (("thing", ANY),),
}
ORDER = {"<", "<=", ">", ">="}


class CheckError(Exception):
    """An internal error of the checker (a node it does not know): a bug, never bad input."""


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


class Collector:
    """The first stage of checking: file every declaration, apply the mods."""

    def __init__(self, diags: Diagnostics):
        self.diags = diags
        self.sym = Symbols()
        self.descendants: dict[str, set[str]] = {}

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
