"""What a ruleset declares, where, and where each name is used: the data `rulecraft doc` and
`rulecraft explain` show, read from the compiler's own table of declarations (Symbols) and what
its checker resolved (Resolution), never from a copy.

A ruleset is studied with its bases (a mod's game, a format's game) and any mods applied; each
declaration knows the ruleset that declares it (`origin`, the header of its file's ruleset).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import cached_property

from ..compiler import nodes as n
from ..compiler.diagnostics import CompileError, Diagnostics
from ..compiler.driver import check_modules, declared, rule_refs
from ..compiler.loader import Reading, locate, read_folder, read_mods
from ..compiler.nodes import walk
from ..compiler.resolved import EntityField, LocalRef, Resolution
from ..compiler.source import Source, Span
from ..compiler.symbols import BUILTIN_EVENTS, Symbols
from ..runtime.builtins import BUILTINS
from ..runtime.ruleset import Ruleset
from .syntax import doc_comment

HEADERS = (n.GameDecl, n.ModDecl, n.FormatDecl)
# The tables of Symbols that hold named declarations, and what each declares.
TABLES = (("kinds", "kind"), ("records", "record"), ("enums", "enum"), ("abilities", "ability"),
          ("consts", "const"), ("assumptions", "assumption"), ("events", "event"), ("callables", "fn"),
          ("things", "definition"), ("dice", "die"), ("tables", "table"), ("pools", "pool"), ("zones", "zone"),
          ("scenarios", "scenario"), ("params", "param"), ("options", "option"))
# What the top-level declarations that declare no name of their own are called.
UNNAMED = {n.TriggerDecl: "trigger", n.PatchDecl: "patch", n.ConstPatch: "patch const", n.KindPatch: "patch kind",
           n.CheckDecl: "check", n.WindowDecl: "window", n.ReplaceDecl: "replace", n.RemoveDecl: "remove",
           n.TestPatch: "test patch", n.OptionDecl: "option"}
MAX_DOC_LINES = 12  # a longer comment above a declaration is about more than it
HEADER_KINDS = ("game", "mod", "format")


@dataclass(frozen=True)
class Declaration:
    """One declared name: `what` it is (kind, definition, fn, action, step, ...), where, the
    ruleset that declares it, and its node (for a step: the Step; a property: the Field)."""

    name: str
    what: str
    span: Span
    origin: str
    node: n.Node = field(compare=False)  # compared by name and place: a node is a large tree
    owner: str | None = None  # a property's kind, a step's procedure, an enum member's enum

    @property
    def title(self) -> str:
        """How it is named for people: `action explore`, `step move in take_turn`, `property unit.strength`."""
        if self.what == "property":
            return f"property {self.owner}.{self.name}"
        if self.owner is not None:
            return f"{self.what} {self.name} in {self.owner}"
        return f"{self.what} {self.name}"


@dataclass(frozen=True)
class RuleSite:
    """A place that carries a rule id: a statement (`rule ID`), a declaration's `rule` member, a
    format's `check ID`; `holder` is the declaration it is in."""

    rule: str
    span: Span
    holder: Declaration
    how: str  # "rule statement", "declares it", "check"


@dataclass
class Studied:
    """A compiled-and-checked ruleset (with its bases and mods) and what it declares."""

    id: str
    mods: tuple[str, ...]
    sym: Symbols
    res: Resolution
    modules: list[n.Module]
    sources: dict[str, Source]
    origins: dict[str, str] = field(default_factory=dict)  # file -> the ruleset that holds it

    @property
    def own(self) -> str:
        """The id of the ruleset studied (a mod's, not its base's)."""
        header = self.sym.header
        return header.name if header is not None else self.id

    @cached_property
    def declarations(self) -> list[Declaration]:
        """Every declaration, in source order: the tables of Symbols, enum members, properties,
        steps, hooks and phases, tests."""
        out = list(self._named()) + list(self._members()) + list(self._procedure_parts())
        out += [self._declared(t.name, "test", t) for t in self.sym.tests.values()]
        return sorted(out, key=lambda d: (self._load_order(d.span.file), d.span.line, d.span.column, d.what))

    @cached_property
    def data(self) -> Ruleset:
        """The ruleset's data as the compiler declares it (values, other names), without its handlers."""
        return declared(self.sym, self.res)

    def key(self, d: Declaration) -> str:
        """The name a declaration's uses are filed under: KIND.PROP for a property, PROC.STEP for a step."""
        return f"{d.owner}.{d.name}" if d.what in ("property", "step", "hook", "phase") else d.name

    @cached_property
    def by_name(self) -> dict[str, list[Declaration]]:
        out: dict[str, list[Declaration]] = {}
        for d in self.declarations:
            out.setdefault(d.name, []).append(d)
        return out

    @cached_property
    def _file_order(self) -> dict[str, int]:
        return {m.file: i for i, m in enumerate(self.modules)}

    def _load_order(self, file: str) -> int:
        return self._file_order.get(file, len(self.modules))

    def _declared(self, name: str, what: str, node: n.Node, owner: str | None = None) -> Declaration:
        where = node.name_span if isinstance(node, n.Decl) else node.span
        return Declaration(name, what, where, self.origins.get(where.file, self.own), node, owner)

    def _named(self) -> Iterator[Declaration]:
        for table, what in TABLES:
            for name, decl in getattr(self.sym, table).items():
                if table == "enums" and name == "ability":
                    continue  # the built-in enum of the declared abilities
                yield self._declared(name, decl.role.value if isinstance(decl, n.FnDecl) else what, decl)

    def _members(self) -> Iterator[Declaration]:
        for enum in self.sym.enums.values():
            if enum.name != "ability":
                yield from (self._declared(m, "enum member", enum, enum.name) for m in enum.members)
        for kind in self.sym.kinds.values():
            yield from (self._declared(f.name, "property", f, kind.name) for f in kind.fields)

    def _procedure_parts(self) -> Iterator[Declaration]:
        """The `step`, `hook` and `phase` blocks of fns, actions and scenarios: where mods hook in."""
        holders: list[tuple[str, n.Node]] = [(c.name, c.body) for c in self.sym.callables.values()]
        holders += [(s.name, body) for s in self.sym.scenarios.values() for _, body in s.parts]
        for holder, body in holders:
            for node in walk(body):
                if isinstance(node, n.Step):
                    yield self._declared(node.name, "hook" if node.silent else "step", node, holder)
                elif isinstance(node, n.Phase):
                    yield self._declared(node.name, "phase", node, holder)

    def doc(self, d: Declaration) -> str:
        """The comment right above a declaration (its last paragraph), as one text. A comment that
        opens the file is the file's, not the declaration's (but a header's)."""
        lines = doc_comment(self.sources.get(d.span.file), d.node).split("\n")
        if d.node.span.line - len(lines) == 1 and d.what not in HEADER_KINDS:
            return ""
        paragraph = lines[max((i for i, line in enumerate(lines) if not line), default=-1) + 1:]
        return " ".join(paragraph) if len(paragraph) <= MAX_DOC_LINES else ""

    def lines(self, d: Declaration, most: int = 40) -> list[tuple[int, str]]:
        """The source lines of a declaration (a named node's whole span), at most `most`."""
        source = self.sources.get(d.span.file)
        if source is None:
            return []
        node_span = d.node.span
        first, last = min(d.span.line, node_span.line), max(d.span.line, node_span.end_line)
        return [(i, source.line(i)) for i in range(first, min(last, first + most - 1) + 1)]

    @cached_property
    def uses(self) -> dict[str, list[Span]]:
        """Name -> every place a declared or built-in name is used (not declared), in source order.
        A property is filed as KIND.PROP (the kind that declares it)."""
        return find_uses(self)

    @cached_property
    def rule_sites(self) -> dict[str, list[RuleSite]]:
        """Rule id -> the places that carry it, with the declaration each is in."""
        out: dict[str, list[RuleSite]] = {}
        for module in self.modules:
            for decl in module.decls:
                if isinstance(decl, n.TestDecl):
                    continue  # a test checks rules; it carries none
                holder = self.holder(decl)
                if isinstance(decl, n.CheckDecl):
                    out.setdefault(decl.name, []).append(RuleSite(decl.name, decl.name_span, holder, "check"))
                for rid in getattr(decl, "rules", ()):
                    out.setdefault(rid, []).append(RuleSite(rid, decl.name_span, holder, "declares it"))
                for ref in rule_refs(decl):
                    for rid in ref.ids:
                        out.setdefault(rid, []).append(RuleSite(rid, ref.span, holder, "rule statement"))
        return out

    @cached_property
    def _by_span(self) -> dict[Span, Declaration]:
        return {d.span: d for d in self.declarations if d.what not in ("enum member", "property")}

    def holder(self, decl: n.Decl) -> Declaration:
        """A top-level declaration as the Declaration that holds what is inside it (one that declares
        no name, such as a trigger or a mod's patch, is named for what it does)."""
        found = self._by_span.get(decl.name_span)
        if found is not None:
            return found
        name, what = decl.name, UNNAMED.get(type(decl), "declaration")
        if isinstance(decl, n.TriggerDecl):
            name = f"on {decl.trigger.event}"
        elif isinstance(decl, n.StepPatch):
            what, name = f"{decl.op.value} step", f"{decl.name} in {decl.target}"
        return Declaration(name, what, decl.name_span, self.origins.get(decl.span.file, self.own), decl)

    def tests_checking(self, rule: str) -> list[n.TestDecl]:
        """The ruleset's own tests (`test "..." checks ID`) that name the rule."""
        return [t for t in self.sym.tests.values() if rule in t.checks]


def study(ruleset_id: str, mods: tuple[str, ...] | list[str] = ()) -> Studied:
    """Read and check a ruleset (a bundled id or a folder) with mods applied; CompileError if it
    has errors. Nothing is lowered or run."""
    diags = Diagnostics()
    folders = [locate(ruleset_id)] + [locate(m) for m in mods]
    reading = Reading()
    modules = read_folder(folders[0], diags, reading) + read_mods(folders[1:], diags, reading)
    sym, res = check_modules(modules, diags)
    if diags.errors:
        raise CompileError(diags.sorted(), diags.sources)
    return Studied(ruleset_id, tuple(mods), sym, res, modules, dict(diags.sources), _origins(modules))


def _origins(modules: list[n.Module]) -> dict[str, str]:
    """File -> the id of the ruleset it belongs to: the header of its ruleset's main module, which
    the loader reads before the modules it imports."""
    out: dict[str, str] = {}
    current = ""
    for m in modules:
        header = next((d for d in m.decls if isinstance(d, HEADERS)), None)
        current = header.name if header is not None else current
        out[m.file] = current
    return out


# Node class -> its fields that name a declaration, each with the field holding the name's place
# (None: the node's own span).
NAMING: dict[type, tuple[tuple[str, str | None], ...]] = {
    n.Select: (("kind", "kind_span"),), n.Create: (("definition", "def_span"),), n.Roll: (("die", None),),
    n.Emit: (("event", None),), n.Trigger: (("event", "event_span"),), n.TypeRef: (("name", None),),
    n.ThingDecl: (("kind", "kind_span"),), n.KindDecl: (("parent", None),), n.PoolDecl: (("of", "of_span"),),
    n.TableDecl: (("die", "die_span"),), n.Fill: (("pool", None),), n.RecordNew: (("record", "record_span"),),
    n.IsKind: (("kind", "kind_span"),), n.Cast: (("kind", "kind_span"),), n.StepPatch: (("target", "target_span"),),
    n.PatchDecl: (("name", "name_span"),), n.ConstPatch: (("name", "name_span"),), n.KindPatch: (("name", "name_span"),),
    n.ReplaceDecl: (("name", "name_span"), ("to", "to_span")), n.RemoveDecl: (("name", "name_span"),),
    n.Play: (("window", "window_span"),), n.Window: (("zone", "zone_span"),), n.Does: (("name", None),),
    n.TestDecl: (("scenario", "scenario_span"),), n.Duration: (("event", None),), n.DieDecl: (("source", None),),
    n.AbilityName: (("name", None),),
}


def find_uses(st: Studied) -> dict[str, list[Span]]:
    """Every use of a declared or built-in name, a property (KIND.PROP) or a step (PROC.STEP: the
    mods' step patches and the abilities' step hooks), found in one walk of the modules."""
    known = set(st.by_name) | set(BUILTINS) | set(BUILTIN_EVENTS)
    owners = _property_owners(st.sym)
    out: dict[str, list[Span]] = {}

    def use(name: str | None, span: Span) -> None:
        if name in known:
            out.setdefault(name, []).append(span)

    def use_property(kind: str, prop: str, span: Span) -> None:
        if (kind, prop) in owners:
            out.setdefault(f"{owners[kind, prop]}.{prop}", []).append(span)

    for module in st.modules:
        for node in (node for decl in module.decls for node in walk(decl)):
            if type(node) is n.Name and not isinstance(st.res.refs.get(id(node)), LocalRef):
                use(node.name, node.span)
            elif isinstance(node, n.Attr) and isinstance(ref := st.res.refs.get(id(node)), EntityField) and ref.kind:
                use_property(ref.kind, node.name, node.name_span)
            elif isinstance(node, n.ThingDecl):
                for p in node.props:
                    use_property(node.kind, p.name, p.span)
            elif isinstance(node, (n.StepPatch, n.AbilityHook)):
                step = node.name if isinstance(node, n.StepPatch) else node.step
                out.setdefault(f"{node.target}.{step}", []).append(node.span)
            for attr, where in NAMING.get(type(node), ()):
                use(getattr(node, attr), getattr(node, where) if where else node.span)
    return out


def _property_owners(sym: Symbols) -> dict[tuple[str, str], str]:
    """(kind, property) -> the kind that declares the property (the kind or an ancestor)."""
    declaring = {id(f): k.name for k in sym.kinds.values() for f in k.fields}
    return {(kind, prop): declaring[id(f)] for kind in sym.kinds for prop, f in sym.fields_of(kind).items()}
