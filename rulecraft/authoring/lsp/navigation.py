"""What a name in a `.rules` file refers to, and where else it is used.

A position in a file is read as a word of code (names in strings and comments are none, except
in a text's `{...}` placeholders) and the chain of AST nodes around it; the innermost node that
names the word decides what it is, through what the checker resolved (compiler.resolved) and
the table of declarations (compiler.symbols); a word no node names is looked up in that table.
Every target has the span of its declaration (none for what is built in): the same span is the
same thing, which is how references are found.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from enum import StrEnum
from pathlib import PurePath

from ...compiler import nodes as n
from ...compiler import resolved as r
from ...compiler.build import PLACEHOLDER
from ...compiler.nodes import children, walk
from ...compiler.source import Span
from ...compiler.symbols import ABILITY, BUILTIN_EVENTS, BUILTIN_FIELDS, Symbols
from ...runtime.builtins import BUILTINS
from ...runtime.types import PRIMITIVES
from .analysis import Analysis

Pos = tuple[int, int]  # (line, column), both from 1, columns in characters, as spans count them
TYPE_MAKERS = ("list", "map", "def", "die")  # the built-in types written with arguments (and `die`)
IMPLICIT = "it"  # the thing a `where` asks about


class What(StrEnum):
    KIND = "kind"
    RECORD = "record"
    ENUM = "enum"
    MEMBER = "enum member"
    PROPERTY = "property"
    DEFINITION = "definition"
    CONST = "constant"
    ASSUMPTION = "assumption"
    EVENT = "event"
    FUNCTION = "function"
    DIE = "die"
    TABLE = "table"
    POOL = "pool"
    ZONE = "zone"
    SCENARIO = "scenario"
    PARAM = "deck parameter"
    OPTION = "option"
    ABILITY = "ability"
    TEST = "test"
    STEP = "step"
    LOCAL = "local"
    WINDOW = "timing window"
    MODULE = "module"
    RULESET = "ruleset"
    BUILTIN = "built-in function"
    BUILTIN_EVENT = "built-in event"
    BUILTIN_FIELD = "built-in property"
    TYPE = "built-in type"
    BOARD = "board"
    LEGEND = "legend"
    TERRAIN = "terrain"


@dataclass(frozen=True)
class Target:
    """What a name refers to: `site` is where it is declared (None: built in), `decl` the
    declaring node, `owner` the kind, record or die of a property and the enum of a member."""

    what: What
    name: str
    site: Span | None
    decl: n.Node | None = None
    owner: str | None = None

    def same(self, other: Target) -> bool:
        if self.site is not None or other.site is not None:
            return self.site == other.site
        return (self.what, self.name) == (other.what, other.name)


DECLARED = {n.KindDecl: What.KIND, n.RecordDecl: What.RECORD, n.EnumDecl: What.ENUM, n.ThingDecl: What.DEFINITION,
            n.ConstDecl: What.CONST, n.AssumeDecl: What.ASSUMPTION, n.EventDecl: What.EVENT, n.FnDecl: What.FUNCTION,
            n.DieDecl: What.DIE, n.TableDecl: What.TABLE, n.PoolDecl: What.POOL, n.ZoneDecl: What.ZONE,
            n.ScenarioDecl: What.SCENARIO, n.ParamDecl: What.PARAM, n.OptionDecl: What.OPTION,
            n.AbilityDecl: What.ABILITY, n.TestDecl: What.TEST, n.GameDecl: What.RULESET, n.ModDecl: What.RULESET,
            n.FormatDecl: What.RULESET, n.BoardDecl: What.BOARD, n.LegendDecl: What.LEGEND, n.TerrainDecl: What.TERRAIN}

# ---- words ----------------------------------------------------------------------

_CODE = re.compile(r'"(?:[^"\\\n]|\\.)*"?|#.*|[A-Za-z_][A-Za-z0-9_]*')
_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


def words(line: str) -> Iterator[tuple[str, int]]:
    """The names of a line of code: (name, column from 1); none in comments, and in strings
    only those of `{...}` placeholders."""
    for m in _CODE.finditer(line):
        token = m.group()
        if token.startswith('"'):
            for p in PLACEHOLDER.finditer(token):
                for w in _NAME.finditer(p.group(1)):
                    yield w.group(), m.start() + p.start(1) + w.start() + 1
        elif not token.startswith("#"):
            yield token, m.start() + 1


def word_at(line: str, column: int) -> tuple[str, int] | None:
    """The name under (or just before) the cursor at `column` (from 1), with its start column."""
    return next(((w, start) for w, start in words(line) if start <= column <= start + len(w)), None)


def occurrences(text: str, name: str) -> Iterator[Pos]:
    """Where `name` is written as a word of code in `text`."""
    for number, line in enumerate(text.split("\n"), 1):
        if name in line:
            yield from ((number, start) for w, start in words(line) if w == name)


# ---- the nodes around a position -------------------------------------------------

def inside(span: Span | None, pos: Pos) -> bool:
    return span is not None and (span.line, span.column) <= pos < (span.end_line, span.end_column)


def paths_to(module: n.Module, pos: Pos) -> list[list[n.Node]]:
    """Every chain of nodes whose spans hold `pos`, from the top-level declaration in (a text's
    placeholder gives all its nodes the placeholder's span: several chains end there)."""
    out: list[list[n.Node]] = []

    def down(chain: list[n.Node], level: Iterator[n.Node]) -> None:
        inner = [c for c in level if inside(c.span, pos)]
        if not inner:
            out.append(chain)
        for c in inner:
            down([*chain, c], children(c))

    down([], iter(module.decls))
    return [chain for chain in out if chain]


def deepest_first(module: n.Module, pos: Pos) -> Iterator[tuple[list[n.Node], int]]:
    """The nodes around `pos` (each as its chain and its index in it), the innermost first, each once."""
    found = sorted(((chain, i) for chain in paths_to(module, pos) for i in range(len(chain))), key=lambda x: -x[1])
    seen: set[int] = set()
    for chain, i in found:
        if id(chain[i]) not in seen:
            seen.add(id(chain[i]))
            yield chain, i


# ---- what a word refers to ---------------------------------------------------------


def resolve(a: Analysis, label: str, pos: Pos) -> Target | None:
    """What the word at `pos` (line and column, from 1) of the file `label` refers to."""
    module, source = a.module(label), a.sources.get(label)
    if module is None or source is None:
        return None
    header = next((d for d in module.decls if inside(d.span, pos)), None)
    if isinstance(header, (n.ModDecl, n.FormatDecl)) and not inside(header.name_span, pos):
        return _base(a.sym, header)  # `extends "..."`: the ruleset extended
    found = word_at(source.line(pos[0]), pos[1])
    if found is None:
        return None
    word, start = found
    at = (pos[0], start)
    for chain, i in deepest_first(module, at):
        target = _named(a, chain, i, word, at)
        if target is not None:
            return target
    return lookup(a, word)


def _base(sym: Symbols, header: n.ModDecl | n.FormatDecl) -> Target | None:
    base = next((b for b in reversed(sym.bases) if b.name == header.extends), None)
    return Target(What.RULESET, base.name, base.name_span, base) if base is not None else None


def _named(a: Analysis, chain: list[n.Node], i: int, word: str, at: Pos) -> Target | None:
    """What `word` at `at` refers to, if the node `chain[i]` names it."""
    node = chain[i]
    if isinstance(node, n.Decl) and inside(node.name_span, at):
        return _declaration(a, chain, i)
    sym = a.sym
    match node:
        case n.AbilityName(name=name) if name == word:
            return _in(sym.abilities, What.ABILITY, word)
        case n.Name(name=name) if name == word:
            return _name(a, chain, i)
        case n.Attr(name=name, name_span=span) if name == word and inside(span, at):
            return _attribute(a, node)
        case n.RecordNew(record_span=span) if inside(span, at):
            return _in(sym.records, What.RECORD, word)
        case n.RecordNew(record=record) if any(inside(span, at) for _, span, _ in node.fields):
            return _field(sym.records.get(record), word, What.PROPERTY)
        case n.TypeRef(name=name) if name == word:
            return _type(sym, word) or (Target(What.TYPE, word, None) if word in TYPE_MAKERS else None)
        case n.Roll(die=name) | n.Create(definition=name) if name == word and isinstance(a.res.refs.get(id(node)), r.FromLocal):
            return _local(chain[0], word, (node.span.line, node.span.column))  # a die or definition chosen when it runs
    return _mentioned(a, node, word, at) or _binding(a, chain, i, word, at)


def _mentioned(a: Analysis, node: n.Node, word: str, at: Pos) -> Target | None:
    """Declarations a statement or declaration names: kinds, definitions, dice, pools, events, windows."""
    sym = a.sym
    match node:
        case n.Select(kind_span=span) if inside(span, at):
            return _type(sym, word) or _in(sym.things, What.DEFINITION, word)
        case n.Create(def_span=span) | n.ReplaceDecl(to_span=span) if inside(span, at):
            return _in(sym.things, What.DEFINITION, word)
        case n.Does(name=name) if name == word:
            return _in(sym.things, What.DEFINITION, word)
        case n.Cast(kind_span=span) | n.IsKind(kind_span=span) | n.ThingDecl(kind_span=span) if inside(span, at):
            return _type(sym, word)
        case n.KindDecl(parent=parent) if parent == word:
            return _type(sym, word)
        case n.Roll(die=die) | n.TableDecl(die=die) if die == word:
            return _in(sym.dice, What.DIE, word)
        case n.Fill(pool=pool) if pool == word:
            return _in(sym.pools, What.POOL, word)
        case n.Emit(event=event) | n.Trigger(event=event) | n.Duration(event=event) if event == word:
            return _event(sym, word)
        case n.Play(window=window, window_span=span) | n.Window(name=window, span=span) if window == word and inside(span, at):
            return _window(a, word)
        case n.WindowDecl(names=names) if word in names:
            return _window(a, word)
        case n.ReplaceDecl(option=option) if option == word:
            return _in(sym.options, What.OPTION, word)
        case n.TestDecl(scenario_span=span) if inside(span, at):
            return _in(sym.scenarios, What.SCENARIO, word)
        case n.EnumDecl(members=members) if word in members:
            return _member(a, word)
    return None


def _binding(a: Analysis, chain: list[n.Node], i: int, word: str, at: Pos) -> Target | None:
    """Names that declarations and statements bind: locals, properties given, steps, targets."""
    node, sym = chain[i], a.sym
    match node:
        case n.Let(name=name) | n.For(var=name) | n.PlayTarget(name=name) if name == word:
            return Target(What.LOCAL, word, node.span, node)
        case n.ListComp(var=name, var_span=span) if name == word and inside(span, at):
            return Target(What.LOCAL, word, span, node)
        case n.AbilityHook(subject=name, subject_span=span) if name == word and inside(span, at):
            return Target(What.LOCAL, word, span, node)
        case n.AbilityHook(target=name, target_span=span) | n.StepPatch(target=name, target_span=span) \
                if name == word and inside(span, at):
            return _in(sym.callables, What.FUNCTION, word) or _in(sym.scenarios, What.SCENARIO, word)
        case n.AbilityHook(step=name, target=procedure) | n.StepPatch(name=name, target=procedure) if name == word:
            return _step(a, procedure, word)
        case n.Step(name=name) if name == word:
            return Target(What.STEP, word, node.span, node)
        case n.PropItem(name=name) if name == word and (node.span.line, node.span.column) == at:
            return _given(a, chain, i, word)
        case n.PatchItem(name=name) if name == word and (node.span.line, node.span.column) == at:
            patched = sym.things.get(chain[0].name) if isinstance(chain[0], n.PatchDecl) else None
            return _property(sym, patched.kind, word) if patched is not None else None
        case n.NamesDecl(prop_span=span) | n.AbilityModifier(prop_span=span) if inside(span, at):
            owner = next((k for k in sym.kinds if any(f.name == word for f in sym.kinds[k].fields)), None)
            return _property(sym, owner, word) if owner is not None else None
    return None


def _declaration(a: Analysis, chain: list[n.Node], i: int) -> Target | None:
    """What the name of a declaration is: itself, or what a mod's change names."""
    decl, sym = chain[i], a.sym
    assert isinstance(decl, n.Decl)
    name = decl.name
    match decl:
        case n.PatchDecl() | n.RemoveDecl() | n.ReplaceDecl():
            return lookup(a, name)
        case n.ConstPatch():
            return _in(sym.consts, What.CONST, name) or _original(a, name)
        case n.KindPatch():
            return _in(sym.kinds, What.KIND, name)
        case n.StepPatch(target=procedure):
            return _step(a, procedure, name)
        case n.Import():
            return _module(a, decl)
        case n.Field():
            owner = chain[i - 1] if i > 0 else None
            return Target(What.PROPERTY, name, decl.name_span, decl, getattr(owner, "name", None))
        case n.Param():
            return Target(What.LOCAL, name, decl.name_span, decl)
        case n.WindowDecl():
            return _window(a, name)
    what = DECLARED.get(type(decl))
    return Target(what, name, decl.name_span, decl) if what is not None else None


def _name(a: Analysis, chain: list[n.Node], i: int) -> Target | None:
    """A name in an expression: a local, a function called, or a top-level declaration."""
    node = chain[i]
    assert isinstance(node, n.Name)
    parent = chain[i - 1] if i > 0 else None
    if isinstance(parent, n.Call) and parent.func is node:
        return _function(a.sym, node.name)
    if isinstance(a.res.refs.get(id(node)), r.LocalRef):
        return _local(chain[0], node.name, (node.span.line, node.span.column)) or _event_param(a.sym, chain, node.name) \
            or _step_local(a, chain, node.name)
    return lookup(a, node.name)


def _step_local(a: Analysis, chain: list[n.Node], name: str) -> Target | None:
    """A local of the procedure a step patch or an ability's step hook runs in: bound in the
    procedure up to the end of the step, or by a `before` patch of the same step."""
    hook = next((c for c in reversed(chain) if isinstance(c, (n.StepPatch, n.AbilityHook))), None)
    if hook is None:
        return None
    procedure, step_name = (hook.target, hook.name) if isinstance(hook, n.StepPatch) else (hook.target, hook.step)
    step = _step(a, procedure, step_name)
    if step is None or step.decl is None:
        return None
    end = (step.decl.span.end_line, step.decl.span.end_column)
    tops: list[tuple[n.Decl, Pos]] = [(d, end) for m in a.modules for d in m.decls
                                      if isinstance(d, (n.FnDecl, n.ScenarioDecl)) and d.name == procedure]
    tops += [(d, (d.span.end_line, d.span.end_column)) for m in a.modules for d in m.decls if isinstance(d, n.StepPatch)
             and d.op is n.StepOp.BEFORE and (d.target, d.name) == (procedure, step_name) and d is not hook]
    return next((t for top, before in tops if (t := _local(top, name, before)) is not None), None)


def _event_param(sym: Symbols, chain: list[n.Node], name: str) -> Target | None:
    """A parameter of the event a trigger listens to: a local of the trigger's body."""
    trigger = next((c for c in reversed(chain) if isinstance(c, n.Trigger)), None)
    if trigger is not None and any(p == name for p, _ in BUILTIN_EVENTS.get(trigger.event, ())):
        return Target(What.LOCAL, name, None, owner=trigger.event)
    event = sym.events.get(trigger.event) if trigger is not None else None
    param = next((p for p in event.params if p.name == name), None) if event is not None else None
    return Target(What.LOCAL, name, param.name_span, param) if param is not None else None


def _local(top: n.Node, name: str, before: Pos) -> Target | None:
    """The last binding of the local `name` in the declaration `top` before the position."""
    found = None
    for node in walk(top):
        if (node.span.line, node.span.column) >= before:
            continue
        match node:
            case n.Let(name=bound) | n.For(var=bound) | n.PlayTarget(name=bound) if bound == name:
                found = Target(What.LOCAL, name, node.span, node)
            case n.Param(name=bound) if bound == name:
                found = Target(What.LOCAL, name, node.name_span, node)
            case n.AbilityHook(subject=bound, subject_span=span) if bound == name:
                found = Target(What.LOCAL, name, span, node)
            case n.Select(where=where) if name == IMPLICIT and where is not None and inside(where.span, before):
                found = Target(What.LOCAL, name, node.span, node)
            case n.ListComp(var=bound, var_span=span) if bound == name and inside(node.span, before):
                found = Target(What.LOCAL, name, span, node)  # the item of a list expression, inside it alone
    return found


def _window(a: Analysis, name: str) -> Target | None:
    """A timing window: where a procedure opens it (`window NAME from ZONE`), else its declaration."""
    opened = next((s for m in a.modules for d in m.decls for s in walk(d) if isinstance(s, n.Window) and s.name == name),
                  None)
    if opened is not None:
        return Target(What.WINDOW, name, opened.span, opened)
    declared = next((d for m in a.modules for d in m.decls if isinstance(d, n.WindowDecl) and name in d.names), None)
    return Target(What.WINDOW, name, declared.name_span, declared) if declared is not None else None


def _attribute(a: Analysis, node: n.Attr) -> Target | None:
    """`x.NAME`: a property of x's kind, a face's field, a record's field, or a built-in one."""
    sym, ty = a.sym, a.res.type_of(node.target)
    if node.name in BUILTIN_FIELDS:
        return Target(What.BUILTIN_FIELD, node.name, None)
    match a.res.refs.get(id(node)):
        case r.EntityField(kind=kind) if kind is not None:
            return _property(sym, kind, node.name)
        case r.DefinitionField():
            return _property(sym, str(ty.arg), node.name)
        case r.RecordField():
            return _field(sym.records.get(ty.name), node.name, What.PROPERTY)
        case r.FaceField():
            return _face(sym, str(ty.arg), node.name)
    owner = next((k for k in sym.kinds if any(f.name == node.name for f in sym.kinds[k].fields)), None)
    if owner is not None:  # a thing of no kind known when compiling: the first kind with the property
        return _property(sym, owner, node.name)
    record = next((d for d in sym.records.values() if any(f.name == node.name for f in d.fields)), None)
    return _field(record, node.name, What.PROPERTY)


def _given(a: Analysis, chain: list[n.Node], i: int, word: str) -> Target | None:
    """A property given a value in a definition, a die's face or a `does` (of the doer's kind)."""
    owner = next((c for c in reversed(chain[:i]) if isinstance(c, (n.ThingDecl, n.DieDecl))), None)
    if isinstance(owner, n.ThingDecl):
        return _property(a.sym, owner.kind, word)
    if isinstance(owner, n.DieDecl):
        return Target(What.PROPERTY, word, chain[i].span, chain[i], owner.name)
    return None


def _property(sym: Symbols, kind: str, name: str) -> Target | None:
    if name in BUILTIN_FIELDS:
        return Target(What.BUILTIN_FIELD, name, None)
    f = sym.fields_of(kind).get(name)
    if f is None:
        return None
    owner = next((k.name for k in sym.kinds.values() if any(x is f for x in k.fields)), kind)
    return Target(What.PROPERTY, name, f.name_span, f, owner)


def _field(decl: n.RecordDecl | None, name: str, what: What) -> Target | None:
    f = next((f for f in decl.fields if f.name == name), None) if decl is not None else None
    return Target(what, name, f.name_span, f, decl.name) if f is not None and decl is not None else None


def _face(sym: Symbols, die: str, name: str) -> Target | None:
    d = sym.dice.get(die)
    if d is None:
        return None
    given = next((p for face in d.faces for p in face if p.name == name), None)
    if given is not None:
        return Target(What.PROPERTY, name, given.span, given, die)
    read = next((p for p in d.source_fields if p.name == name), None)
    return Target(What.PROPERTY, name, read.name_span, read, die) if read is not None else None


def _in(table: dict, what: What, name: str) -> Target | None:
    decl = table.get(name)
    return Target(what, name, decl.name_span, decl) if decl is not None else None


def _type(sym: Symbols, name: str) -> Target | None:
    found = _in(sym.kinds, What.KIND, name) or _in(sym.records, What.RECORD, name)
    if found is None and name in sym.enums and name != ABILITY:
        found = _in(sym.enums, What.ENUM, name)
    if found is None and name in PRIMITIVES:
        found = Target(What.TYPE, name, None)
    return found


def _event(sym: Symbols, name: str) -> Target | None:
    if name in BUILTIN_EVENTS:
        return Target(What.BUILTIN_EVENT, name, None)
    return _in(sym.events, What.EVENT, name)


def _function(sym: Symbols, name: str) -> Target | None:
    found = _in(sym.callables, What.FUNCTION, name) or _in(sym.tables, What.TABLE, name) or \
        _in(sym.zones, What.ZONE, name)
    if found is None and name in BUILTINS:
        found = Target(What.BUILTIN, name, None)
    return found


def _member(a: Analysis, name: str) -> Target | None:
    """An enum member, declared where its enum's declaration names it (an ability: its declaration)."""
    enum = a.sym.enum_members.get(name)
    if enum == ABILITY:
        return _in(a.sym.abilities, What.ABILITY, name)
    decl = a.sym.enums.get(enum) if enum is not None else None
    source = a.sources.get(decl.span.file) if decl is not None else None
    if decl is None or source is None:
        return None
    for line in range(decl.span.line, decl.span.end_line + 1):
        for word, start in words(source.line(line)):
            if word == name and (line, start) > (decl.name_span.line, decl.name_span.column):
                return Target(What.MEMBER, name, Span(decl.span.file, line, start, line, start + len(name)), decl, enum)
    return None


def _step(a: Analysis, procedure: str, name: str) -> Target | None:
    """The step `name` of the fn or scenario `procedure` as its own module declares it."""
    for module in a.modules:
        for decl in module.decls:
            if isinstance(decl, (n.FnDecl, n.ScenarioDecl)) and decl.name == procedure:
                step = next((s for s in walk(decl) if isinstance(s, n.Step) and s.name == name), None)
                if step is not None:
                    return Target(What.STEP, name, step.span, step, procedure)
    return None


def _module(a: Analysis, decl: n.Import) -> Target | None:
    """The file `import NAME` reads: NAME.rules beside the importing one."""
    home = PurePath(decl.span.file).parent
    for module in a.modules:
        path = PurePath(module.file)
        if path.parent == home and path.name == f"{decl.name}.rules":
            return Target(What.MODULE, decl.name, Span(module.file, 1, 1, 1, 1), module)
    return None


def _original(a: Analysis, name: str) -> Target | None:
    """A top-level declaration as its module wrote it (what a mod removed is no longer in the table)."""
    for module in a.modules:
        for decl in module.decls:
            what = DECLARED.get(type(decl))
            if what is not None and decl.name == name and what is not What.RULESET:
                return Target(what, name, decl.name_span, decl)
    return None


def lookup(a: Analysis, name: str) -> Target | None:
    """A name at the top level, in every namespace: values first, then functions, types, events."""
    sym = a.sym
    for what, table in ((What.DEFINITION, sym.things), (What.CONST, sym.consts), (What.ASSUMPTION, sym.assumptions),
                        (What.DIE, sym.dice), (What.TABLE, sym.tables), (What.ZONE, sym.zones), (What.POOL, sym.pools),
                        (What.PARAM, sym.params), (What.OPTION, sym.options), (What.BOARD, sym.boards),
                        (What.LEGEND, sym.legends)):
        if name in table:
            return _in(table, what, name)
    if name in sym.enum_members:
        return _member(a, name)
    return (_function(sym, name) or _type(sym, name) or _event(sym, name) or _in(sym.abilities, What.ABILITY, name)
            or _in(sym.scenarios, What.SCENARIO, name) or _original(a, name))


# ---- references ----------------------------------------------------------------------


def references(a: Analysis, target: Target) -> list[Span]:
    """Every place the ruleset names `target`, its declaration included, in file order."""
    found: list[Span] = []
    for module in a.modules:
        source = a.sources.get(module.file)
        if source is None:
            continue
        for line, column in occurrences(source.text, target.name):
            other = resolve(a, module.file, (line, column))
            if other is not None and other.same(target):
                found.append(Span(module.file, line, column, line, column + len(target.name)))
    return found
