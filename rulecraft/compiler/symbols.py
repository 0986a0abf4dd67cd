"""Collect: the modules of a ruleset -> Symbols, the table of what they declare.

The first header is the base game's; mods and formats follow the rulesets they extend.
Declarations are filed by name (a name is defined once across all modules). What mods
change is filed as it is, in load order, for compiler.mods to apply to the table.

A newcomer adds a new kind of declaration here: its table in Symbols and where `collect` files it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..runtime.builtins import BUILTINS
from ..runtime.types import ANY, BOOL, INT, PLAYER, PRIMITIVES, TEXT, Ty
from . import nodes as n
from .diagnostics import Diagnostics, suggest
from .source import Span

MAX_DEPTH = 64
MAX_FACES = 1000  # a die (and so a table) has at most this many faces
BUILTIN_FIELDS = {"id": INT, "name": TEXT, "def": Ty("def", "any"), "kind": TEXT, "owner": PLAYER,
                  "location": ANY, "face_down": BOOL, "alive": BOOL}
BUILTIN_EVENTS = {
    "round_start": (), "round_end": (), "turn_start": (("player", PLAYER),), "turn_end": (("player", PLAYER),),
    "phase_start": (("name", TEXT),), "phase_end": (("name", TEXT),), "destroyed": (("thing", ANY),),
}
# What a mod declares to change what the rulesets loaded before it define.
CHANGES = (n.PatchDecl, n.KindPatch, n.ConstPatch, n.TestPatch, n.ReplaceDecl, n.RemoveDecl, n.OptionDecl,
           n.StepPatch)
ABILITY = "ability"  # the type of declared abilities
Header = n.GameDecl | n.ModDecl | n.FormatDecl


@dataclass(frozen=True)
class Change:
    """One change to one thing, by one mod: what the `mod diff` command shows."""

    origin: str  # the mod's id
    target: str  # e.g. "sword.damage", "kind hero.souls", "step draw in take_turn"
    what: str  # patch, add field, remove, replace, option, before, after, replace step, remove step
    detail: str
    span: Span


@dataclass(frozen=True)
class Symbols:
    """Every top-level declaration by name, across the modules of a ruleset. Stages after
    collecting read it; applying mods makes a new one."""

    header: Header | None = None
    bases: tuple[Header, ...] = ()  # what the header extends
    params: dict[str, n.ParamDecl] = field(default_factory=dict)
    checks: tuple[n.CheckDecl, ...] = ()
    options: dict[str, n.OptionDecl] = field(default_factory=dict)
    replacements: tuple[tuple[str, str, str | None], ...] = ()
    patches: tuple[tuple[str, n.Decl], ...] = ()  # (mod, what it changes), in load order, to apply
    changes: tuple[Change, ...] = ()  # what the applied patches changed
    kinds: dict[str, n.KindDecl] = field(default_factory=dict)
    records: dict[str, n.RecordDecl] = field(default_factory=dict)
    descendants: dict[str, set[str]] = field(default_factory=dict)  # kind -> itself and its subkinds
    enums: dict[str, n.EnumDecl] = field(default_factory=dict)
    enum_members: dict[str, str] = field(default_factory=dict)  # member -> enum
    terrains: dict[str, n.TerrainDecl] = field(default_factory=dict)  # their own namespace (compiler/boards.py)
    legends: dict[str, n.LegendDecl] = field(default_factory=dict)
    boards: dict[str, n.BoardDecl] = field(default_factory=dict)
    abilities: dict[str, n.AbilityDecl] = field(default_factory=dict)  # members of the enum `ability`
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
    triggers: tuple[n.TriggerDecl, ...] = ()
    windows: tuple[n.WindowDecl, ...] = ()  # the timing windows' own rules, in load order
    names: tuple[n.NamesDecl, ...] = ()  # names in other languages, in load order
    origins: dict[str, str] = field(default_factory=dict)  # name -> the id of the ruleset declaring it
    # Open when a ruleset extended was not read (or not loaded first): any name may be one of its own,
    # so none is reported unknown after the root error (see `unknown`).
    open: bool = False
    open_kinds: frozenset[str] = frozenset()  # kinds with an unknown or cyclic ancestry: their fields are not all known

    def is_kind(self, name: str) -> bool:
        return name in self.kinds or name == "player"

    def fields_of(self, kind: str) -> dict[str, n.Field]:
        """The declared properties of a kind, its ancestors' first."""
        out: dict[str, n.Field] = {}
        chain: list[n.KindDecl] = []
        k: str | None = kind
        while k is not None and k in self.kinds and len(chain) < MAX_DEPTH:
            chain.append(self.kinds[k])
            k = self.kinds[k].parent
        for decl in reversed(chain):
            for f in decl.fields:
                out[f.name] = f
        return out

    def event_param_names(self, event: str) -> list[str]:
        if event in BUILTIN_EVENTS:
            return [name for name, _ in BUILTIN_EVENTS[event]]
        return [p.name for p in self.events[event].params] if event in self.events else []


def collect(modules: list[n.Module], diags: Diagnostics) -> Symbols:
    """File every declaration of `modules`; report names defined twice or reserved."""
    c = _Collector(diags)
    for module in modules:
        for decl in module.decls:
            c.file(decl)
    if c.header is None and modules:
        diags.add("E0304", "the ruleset has no `game` or `mod` header", Span(modules[0].file, 1, 1, 1, 2),
                  'start the main module with `game "id" "Title"`')
    named = c.by_name()
    if named["abilities"]:  # the declared abilities are the members of a built-in enum `ability`
        first = next(iter(named["abilities"].values()))
        named["enums"]["ability"] = n.EnumDecl(first.span, ABILITY, first.name_span, tuple(named["abilities"]))
    descendants, open_kinds = _kind_tree(c.tables[n.KindDecl], diags, c.open)
    return Symbols(header=c.header, bases=tuple(c.bases), checks=tuple(c.checks), patches=tuple(c.patches),
                   triggers=tuple(c.triggers), tests=c.tests, windows=tuple(c.windows), names=tuple(c.names),
                   enum_members=c.enum_members, origins={k: v for k, v in c.origin_of.items() if v is not None},
                   open=c.open, descendants=descendants, open_kinds=open_kinds, **named)


def unknown(sym: Symbols, diags: Diagnostics, code: str, message: str, span: Span, help: str | None = None) -> None:
    """Report a name that is not declared, unless the table is open: a ruleset it extends was not
    read, so the name may well be one of that ruleset's, and its error is reported already."""
    if not sym.open:
        diags.add(code, message, span, help)


class _Collector:
    def __init__(self, diags: Diagnostics):
        self.diags = diags
        self.header: Header | None = None
        self.bases: list[Header] = []
        self.checks: list[n.CheckDecl] = []
        self.patches: list[tuple[str, n.Decl]] = []
        self.triggers: list[n.TriggerDecl] = []
        self.windows: list[n.WindowDecl] = []
        self.names: list[n.NamesDecl] = []
        self.tests: dict[str, n.TestDecl] = {}
        self.enum_members: dict[str, str] = {}
        self.tables: dict[type, dict] = {
            n.KindDecl: {}, n.EnumDecl: {}, n.ConstDecl: {}, n.AssumeDecl: {}, n.EventDecl: {}, n.FnDecl: {},
            n.ThingDecl: {}, n.DieDecl: {}, n.TableDecl: {}, n.PoolDecl: {}, n.ZoneDecl: {}, n.ScenarioDecl: {},
            n.ParamDecl: {}, n.AbilityDecl: {}, n.RecordDecl: {}, n.TerrainDecl: {}, n.LegendDecl: {},
            n.BoardDecl: {},
        }
        self.seen: dict[str, n.Decl] = {}
        self.origin_of: dict[str, str | None] = {}
        self.open = False  # a header extends a ruleset not loaded before it

    def by_name(self) -> dict[str, Any]:
        t = self.tables
        return {"kinds": t[n.KindDecl], "enums": t[n.EnumDecl], "consts": t[n.ConstDecl],
                "assumptions": t[n.AssumeDecl], "events": t[n.EventDecl], "callables": t[n.FnDecl],
                "things": t[n.ThingDecl], "dice": t[n.DieDecl], "tables": t[n.TableDecl], "pools": t[n.PoolDecl],
                "zones": t[n.ZoneDecl], "scenarios": t[n.ScenarioDecl], "params": t[n.ParamDecl],
                "abilities": t[n.AbilityDecl], "records": t[n.RecordDecl],
                "terrains": t[n.TerrainDecl], "legends": t[n.LegendDecl], "boards": t[n.BoardDecl]}

    def file(self, decl: n.Decl) -> None:
        origin = self.header.name if self.header is not None else None
        if isinstance(decl, Header):
            self.file_header(decl)
        elif isinstance(decl, CHANGES):
            self.patches.append((origin or "", decl))
        elif isinstance(decl, n.CheckDecl):
            self.checks.append(decl)
        elif isinstance(decl, n.TriggerDecl):
            self.triggers.append(decl)
        elif isinstance(decl, n.TestDecl):
            self.file_test(decl)
        elif isinstance(decl, n.TerrainDecl):
            self.file_terrain(decl)
        elif isinstance(decl, n.WindowDecl):
            self.windows.append(decl)
        elif isinstance(decl, n.NamesDecl):
            self.names.append(decl)
        elif not isinstance(decl, (n.Import, n.DefaultsDecl)):  # compiler.defaults reads `defaults` blocks
            self.file_named(decl, origin)

    def file_header(self, decl: Header) -> None:
        """The first header is the base game's; a mod or format header may follow one it extends."""
        current = self.header
        if current is None:
            if not isinstance(decl, n.GameDecl):
                self.diags.add("E0307", f"`{decl.name}` extends `{decl.extends}`, which was not loaded", decl.name_span,
                               "load it through the loader, which reads the base ruleset first")
                self.open = True
            self.header = decl
        elif isinstance(decl, (n.ModDecl, n.FormatDecl)):
            loaded = [current.name, *(b.name for b in self.bases)]
            if decl.extends not in loaded:
                self.diags.add("E0307", f"`{decl.name}` extends `{decl.extends}`, which is not loaded before it",
                               decl.name_span, f"load `{decl.extends}` first (loaded: {', '.join(loaded)})")
                self.open = True
            self.bases.append(current)
            self.header = decl
        else:
            self.diags.add("E0302", "a ruleset has only one `game`, `mod` or `format` header", decl.span,
                           labels=[(current.span, "the header is here")])

    def file_test(self, decl: n.TestDecl) -> None:
        """Tests have titles, not names: their own namespace."""
        if decl.name in self.tests:
            self.diags.add("E0301", f'two tests are titled "{decl.name}"', decl.name_span,
                           labels=[(self.tests[decl.name].name_span, "the first one")])
        self.tests[decl.name] = decl

    def file_terrain(self, decl: n.TerrainDecl) -> None:
        """Terrains have their own namespace: only legends and boards name them."""
        terrains = self.tables[n.TerrainDecl]
        if decl.name in terrains:
            self.diags.add("E0301", f"terrain `{decl.name}` is defined twice", decl.name_span,
                           labels=[(terrains[decl.name].name_span, "first defined here")])
        terrains[decl.name] = decl

    def file_ability(self, decl: n.AbilityDecl) -> None:
        """Abilities have their own namespace (a function may share an ability's name, as an
        attack does its ability's); as values they are members of the enum `ability`."""
        abilities = self.tables[n.AbilityDecl]
        if decl.name in abilities or decl.name in self.enum_members:
            first = abilities[decl.name].name_span if decl.name in abilities else decl.name_span
            self.diags.add("E0301", f"ability `{decl.name}` is defined twice", decl.name_span,
                           labels=[(first, "first defined here")])
            return
        abilities[decl.name] = decl
        self.enum_members[decl.name] = ABILITY
        origin = self.header.name if self.header is not None else ""
        self.patches += [(origin, hook_patch(decl, hook)) for hook in decl.hooks]

    def file_named(self, decl: n.Decl, origin: str | None) -> None:
        if isinstance(decl, n.AbilityDecl):
            self.file_ability(decl)
        elif decl.name in self.seen:
            hint = "give each definition its own name"
            if self.origin_of[decl.name] != origin:
                hint = f"`{self.origin_of[decl.name]}` defines it; a mod changes it with {_how_to_change(decl)}"
            self.diags.add("E0301", f"`{decl.name}` is defined twice", decl.name_span, hint,
                           [(self.seen[decl.name].name_span, "first defined here")])
        elif decl.name in PRIMITIVES and decl.name != "player":
            self.diags.add("E0303", f"`{decl.name}` is a built-in type and cannot be redefined", decl.name_span)
        elif decl.name in BUILTINS or decl.name in BUILTIN_EVENTS:
            self.diags.add("E0303", f"`{decl.name}` is a built-in name and cannot be redefined", decl.name_span,
                           "choose another name")
        else:
            self.seen[decl.name] = decl
            self.origin_of[decl.name] = origin
            self.tables[type(decl)][decl.name] = decl
            if isinstance(decl, n.EnumDecl):
                for m in decl.members:
                    if m in self.enum_members:
                        self.diags.add("E0301", f"enum member `{m}` is defined twice", decl.span)
                    self.enum_members[m] = decl.name


def _kind_tree(kinds: dict[str, n.KindDecl], diags: Diagnostics,
               open_table: bool) -> tuple[dict[str, set[str]], frozenset[str]]:
    """Each kind's descendants (itself included), and the kinds whose ancestry is unknown or
    cyclic; reports unknown parents (unless the table is open) and cycles."""
    parents: dict[str, str | None] = {"player": None}
    for decl in kinds.values():
        parents[decl.name] = decl.parent
        if decl.parent and decl.parent not in kinds and decl.parent != "player" and not open_table:
            diags.add("E0102", f"unknown kind `{decl.parent}`", decl.span, suggest(decl.parent, kinds))
    descendants: dict[str, set[str]] = {}
    broken: set[str] = set()
    for name in parents:
        chain: list[str] = []
        k: str | None = name
        guard = 0
        while k is not None and guard < MAX_DEPTH:
            chain.append(k)
            k = parents.get(k)
            guard += 1
        if guard >= MAX_DEPTH:
            diags.add("E0305", f"kind `{name}` is its own ancestor", kinds[name].name_span)
            broken.add(name)
            continue
        if chain[-1] not in parents:  # an unknown parent ends the chain
            broken.add(name)
        for ancestor in chain:
            descendants.setdefault(ancestor, set()).add(name)
    return descendants, frozenset(broken)


def hook_patch(ability: n.AbilityDecl, hook: n.AbilityHook) -> n.StepPatch:
    """An ability's step hook as the step patch it stands for:

        for x in [EXPR] { if x has ABILITY { let p = param_of(x, ABILITY, p) ... BODY } }

    (the one-item loop names the thing once, in a scope of its own)."""
    sp = hook.span
    subject = n.Name(hook.subject_span, hook.subject)
    params = tuple(n.Let(p.span, p.name, n.Call(p.span, n.Name(p.span, "param_of"),
                                                  (subject, n.Name(ability.name_span, ability.name), n.Name(p.span, p.name))))
                   for p in ability.params)
    guarded = n.If(sp, ((n.Has(sp, subject, n.AbilityName(ability.name_span, ability.name)),
                         n.Block(hook.body.span, params + hook.body.stmts)),), None)
    loop = n.For(sp, hook.subject, n.ListExpr(hook.value.span, (hook.value,)), n.Block(sp, (guarded,)))
    return n.StepPatch(sp, hook.step, hook.step_span, hook.op, hook.target, hook.target_span, n.Block(sp, (loop,)),
                       ability.name)


def _how_to_change(decl: n.Decl) -> str:
    """How a mod changes what a base declares, by the kind of declaration."""
    if isinstance(decl, n.ConstDecl):
        return f"`patch const {decl.name} = ...` (or `+= [...]` / `-= [...]` on a list)"
    if isinstance(decl, n.KindDecl):
        return f"`patch kind {decl.name} {{ new_field: type = default }}`"
    if isinstance(decl, (n.FnDecl, n.ScenarioDecl)):
        return f"`before|after|replace step STEP in {decl.name} {{ ... }}` (its `step`s and `hook`s)"
    if isinstance(decl, n.ThingDecl):
        return f"`patch {decl.name} {{ property = value }}`"
    return "a change of what uses it (a `patch`, or a step in a procedure)"
