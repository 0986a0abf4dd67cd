"""The abstract syntax tree: frozen dataclasses, each carrying the Span it came from, and the
one walker every pass uses over it.

Takes nothing: the builder (build.py) makes these nodes, and every later stage reads them;
nodes are never changed (a mod's patch makes new ones, mods.py).
Gives the node classes, and at the end of the file the walker: `children` (the nodes directly
inside any node, in source order, tuples looked into), `walk` (a node and everything inside it,
depth first in source order), `Visitor` (`visit_CLASS` where a pass defines one, every child
otherwise) and `rebuilt` (a node with its children changed, for a pass that makes new nodes).
A newcomer may add a node class here (with its builder rule, its check and its lowering); the
walker finds its children by itself, from the declared types of its fields (a field that holds
nodes names their class: `Expr`, `tuple[Stmt, ...]`, `Block | None`).
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, TypeVar

from ..runtime.ruleset import Duration as Lasting
from ..runtime.ruleset import Role
from .source import Span


class BinOp(StrEnum):
    ADD = "+"
    SUB = "-"
    MUL = "*"
    DIV = "/"
    FLOORDIV = "//"
    MOD = "%"
    AND = "and"
    OR = "or"
    EQ = "=="
    NE = "!="
    LT = "<"
    LE = "<="
    GT = ">"
    GE = ">="
    IN = "in"
    NOT_IN = "not in"


ORDER = frozenset({BinOp.LT, BinOp.LE, BinOp.GT, BinOp.GE})
LOGIC = frozenset({BinOp.AND, BinOp.OR})
EQUALITY = frozenset({BinOp.EQ, BinOp.NE})
MEMBERSHIP = frozenset({BinOp.IN, BinOp.NOT_IN})


class UnaryOp(StrEnum):
    NEG = "-"
    NOT = "not"


class AssignOp(StrEnum):
    """`=`, and `+=`/`-=` (add to or take from a number or a list)."""

    SET = "="
    ADD = "+="
    SUB = "-="


class Body(StrEnum):
    """What a body of statements belongs to; a callable's body is its role."""

    FN = Role.FN.value
    ACTION = Role.ACTION.value
    QUERY = Role.QUERY.value
    TRIGGER = "trigger"  # a trigger or a card's effect
    ROW = "row"
    SCENARIO = "scenario"
    CHECK = "check"
    TEST = "test"


class StepOp(StrEnum):
    """What a mod does to a procedure's step."""

    BEFORE = "before"
    AFTER = "after"
    REPLACE = "replace"
    REMOVE = "remove"


@dataclass(frozen=True, slots=True)
class Node:
    span: Span


# ---- types ----------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class TypeRef(Node):
    name: str
    args: tuple[TypeRef, ...] = ()


# ---- expressions ----------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Expr(Node):
    pass


@dataclass(frozen=True, slots=True)
class Literal(Expr):
    value: int | str | bool | None


@dataclass(frozen=True, slots=True)
class TextTemplate(Expr):
    """A text with `{expr}` placeholders ("and {more} more"): each filled in as text, as in `log`."""
    parts: tuple[str | Expr, ...]


@dataclass(frozen=True, slots=True)
class Name(Expr):
    name: str


@dataclass(frozen=True, slots=True)
class AbilityName(Name):
    """A name that must be a declared ability (the right side of `x has NAME`)."""


@dataclass(frozen=True, slots=True)
class This(Expr):
    pass


@dataclass(frozen=True, slots=True)
class ListExpr(Expr):
    items: tuple[Expr, ...]


@dataclass(frozen=True, slots=True)
class ListComp(Expr):
    """`[ITEM for VAR in ITEMS if COND]`: ITEM for each of ITEMS (a list, or a map's keys) that
    passes COND, in order; VAR is a new local of ITEM and COND alone."""

    item: Expr
    var: str
    var_span: Span
    iterable: Expr
    cond: Expr | None


@dataclass(frozen=True, slots=True)
class MapExpr(Expr):
    """`{k: v, ...}`: a map, in the order written."""

    items: tuple[tuple[Expr, Expr], ...]


@dataclass(frozen=True, slots=True)
class RecordNew(Expr):
    """`hit(target: u, wounds: 1)`: a record, its fields named."""

    record: str
    record_span: Span
    fields: tuple[tuple[str, Span, Expr], ...]


@dataclass(frozen=True, slots=True)
class IsKind(Expr):
    """`x is KIND`: whether x is a thing of KIND."""

    value: Expr
    kind: str
    kind_span: Span


@dataclass(frozen=True, slots=True)
class Attr(Expr):
    target: Expr
    name: str
    name_span: Span


@dataclass(frozen=True, slots=True)
class Has(Expr):
    """`x has NAME`: whether the thing or definition x has the declared ability NAME (false
    for none, and for a thing whose kind has no `abilities` list)."""

    target: Expr
    ability: AbilityName


@dataclass(frozen=True, slots=True)
class Call(Expr):
    func: Expr
    args: tuple[Expr, ...]


@dataclass(frozen=True, slots=True)
class Index(Expr):
    target: Expr
    index: Expr


@dataclass(frozen=True, slots=True)
class Cast(Expr):
    """`x as KIND`: x, known to be a thing of KIND (checked when it runs)."""

    value: Expr
    kind: str
    kind_span: Span


@dataclass(frozen=True, slots=True)
class Unary(Expr):
    op: UnaryOp
    operand: Expr


@dataclass(frozen=True, slots=True)
class Binary(Expr):
    op: BinOp
    left: Expr
    right: Expr


@dataclass(frozen=True, slots=True)
class IfExpr(Expr):
    cond: Expr
    then: Expr
    other: Expr


@dataclass(frozen=True, slots=True)
class Select(Expr):
    """`all K [at E] [owned by E] [where C]`: the live entities of a kind or definition."""

    kind: str
    kind_span: Span
    at: Expr | None
    owner: Expr | None
    where: Expr | None


@dataclass(frozen=True, slots=True)
class Create(Expr):
    definition: str
    def_span: Span
    count: int
    at: Expr | None
    owner: Expr | None
    face_down: bool


@dataclass(frozen=True, slots=True)
class Roll(Expr):
    die: str


@dataclass(frozen=True, slots=True)
class Draw(Expr):
    count: Expr
    source: Expr
    dest: Expr | None


@dataclass(frozen=True, slots=True)
class Interval(Expr):
    """`low..high`: the whole numbers from low to high, both included."""
    low: Expr
    high: Expr


@dataclass(frozen=True, slots=True)
class Choose(Expr):
    options: Expr
    chooser: Expr
    prompt: str


# ---- statements -----------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Stmt(Node):
    pass


@dataclass(frozen=True, slots=True)
class Block(Node):
    stmts: tuple[Stmt, ...]


@dataclass(frozen=True, slots=True)
class Let(Stmt):
    name: str
    value: Expr


@dataclass(frozen=True, slots=True)
class Assign(Stmt):
    target: Expr  # Name, Attr, or Index of a variable
    op: AssignOp
    value: Expr


@dataclass(frozen=True, slots=True)
class If(Stmt):
    branches: tuple[tuple[Expr, Block], ...]
    otherwise: Block | None


@dataclass(frozen=True, slots=True)
class For(Stmt):
    var: str
    iterable: Expr
    body: Block


@dataclass(frozen=True, slots=True)
class While(Stmt):
    cond: Expr
    body: Block


@dataclass(frozen=True, slots=True)
class Emit(Stmt):
    event: str
    args: tuple[Expr, ...]


@dataclass(frozen=True, slots=True)
class Destroy(Stmt):
    target: Expr


@dataclass(frozen=True, slots=True)
class Remove(Stmt):
    target: Expr


@dataclass(frozen=True, slots=True)
class Move(Stmt):
    target: Expr
    dest: Expr


@dataclass(frozen=True, slots=True)
class Reveal(Stmt):
    target: Expr
    to: Expr | None  # None: face up for everyone


@dataclass(frozen=True, slots=True)
class Hide(Stmt):
    target: Expr


@dataclass(frozen=True, slots=True)
class Duration(Node):
    kind: Lasting
    event: str | None = None  # the phase of `end_of_next`, the event of `until`


@dataclass(frozen=True, slots=True)
class Modify(Stmt):
    target: Attr
    op: AssignOp
    value: Expr
    duration: Duration
    order: int


@dataclass(frozen=True, slots=True)
class Require(Stmt):
    cond: Expr
    message: str | None


@dataclass(frozen=True, slots=True)
class Log(Stmt):
    parts: tuple[str | Expr, ...]


@dataclass(frozen=True, slots=True)
class Return(Stmt):
    value: Expr | None


@dataclass(frozen=True, slots=True)
class Break(Stmt):
    pass


@dataclass(frozen=True, slots=True)
class Continue(Stmt):
    pass


@dataclass(frozen=True, slots=True)
class Shuffle(Stmt):
    zone: Expr


@dataclass(frozen=True, slots=True)
class Fill(Stmt):
    pool: str


@dataclass(frozen=True, slots=True)
class Phase(Stmt):
    name: str
    body: Block


@dataclass(frozen=True, slots=True)
class Turn(Stmt):
    player: Expr
    body: Block


@dataclass(frozen=True, slots=True)
class Step(Stmt):
    name: str
    body: Block
    silent: bool = False  # `hook NAME`: a point mods may fill, never shown in the log


@dataclass(frozen=True, slots=True)
class EndGame(Stmt):
    winner: Expr | None


@dataclass(frozen=True, slots=True)
class Expect(Stmt):
    cond: Expr
    message: str | None


@dataclass(frozen=True, slots=True)
class ExpectRefused(Stmt):
    action: Expr


@dataclass(frozen=True, slots=True)
class Violation(Stmt):
    """Inside a format's `check`: report the deck as breaking the check's rule."""

    parts: tuple[str | Expr, ...]
    cards: Expr | None


@dataclass(frozen=True, slots=True)
class Window(Stmt):
    """A timing window: players in turn may play cards from a zone of theirs, until all pass."""

    name: str
    zone: str
    zone_span: Span
    order: Expr | None


@dataclass(frozen=True, slots=True)
class RuleRef(Stmt):
    ids: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class ExprStmt(Stmt):
    expr: Expr


# ---- declarations ---------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Decl(Node):
    name: str
    name_span: Span


@dataclass(frozen=True, slots=True)
class GameDecl(Decl):
    title: str


@dataclass(frozen=True, slots=True)
class ModDecl(Decl):
    title: str
    extends: str
    version: str | None
    overrides: tuple[str, ...] = ()  # mods whose changes this one may change again
    conflicts: tuple[str, ...] = ()  # mods it cannot be combined with
    group: str | None = None  # at most one mod of a group is loaded (`group "difficulty"`)
    optional: tuple[str, ...] = ()  # optional dependencies: mods applied before this one when they are loaded too


@dataclass(frozen=True, slots=True)
class PatchItem(Node):
    name: str
    op: AssignOp
    value: Expr


@dataclass(frozen=True, slots=True)
class PatchDecl(Decl):
    """`patch DEFINITION { prop = value  list += [x]  rule ID }`: `name` is the definition patched."""

    items: tuple[PatchItem, ...]
    rules: tuple[str, ...] = ()  # catalogue ids the patch implements: the patched definition carries them
    triggers: tuple[Trigger, ...] = ()  # added to the definition
    plays: tuple[Play, ...] = ()


@dataclass(frozen=True, slots=True)
class KindPatch(Decl):
    """`patch kind NAME { new fields }`."""

    fields: tuple[Field, ...]


@dataclass(frozen=True, slots=True)
class ConstPatch(Decl):
    """`patch const NAME = value` (or `+=` / `-=` a list): `name` is the constant patched."""

    op: AssignOp
    value: Expr


@dataclass(frozen=True, slots=True)
class TestPatch(Decl):
    """`replace test "title" { ... }` (`test` is the new test) or `remove test "title"` (None)."""

    test: TestDecl | None


@dataclass(frozen=True, slots=True)
class ReplaceDecl(Decl):
    """`replace A with B [when OPTION]`: creating A creates B instead."""

    to: str
    to_span: Span
    option: str | None


@dataclass(frozen=True, slots=True)
class RemoveDecl(Decl):
    pass


@dataclass(frozen=True, slots=True)
class OptionDecl(Decl):
    doc: str


@dataclass(frozen=True, slots=True)
class StepPatch(Decl):
    """`before|after|replace|remove step NAME in TARGET`: `name` is the step's name."""

    op: StepOp
    target: str
    target_span: Span
    body: Block | None
    ability: str | None = None  # the ability whose step hook this is (any ruleset may declare one)


@dataclass(frozen=True, slots=True)
class FormatDecl(Decl):
    title: str
    extends: str


@dataclass(frozen=True, slots=True)
class ParamDecl(Decl):
    type: TypeRef
    default: Expr | None
    doc: str | None


@dataclass(frozen=True, slots=True)
class CheckDecl(Decl):
    """`check RULE-ID "title" { ... }`: `name` is the rule id."""

    title: str | None
    body: Block


@dataclass(frozen=True, slots=True)
class Import(Decl):
    pass


@dataclass(frozen=True, slots=True)
class Field(Decl):
    type: TypeRef
    default: Expr | None


@dataclass(frozen=True, slots=True)
class RecordDecl(Decl):
    fields: tuple[Field, ...]


@dataclass(frozen=True, slots=True)
class KindDecl(Decl):
    parent: str | None
    fields: tuple[Field, ...]


@dataclass(frozen=True, slots=True)
class EnumDecl(Decl):
    members: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class BoardDecl(Decl):
    """`board NAME ["shown"]`: a board the built-ins take; its value is the name it is kept under."""

    shown: str | None


@dataclass(frozen=True, slots=True)
class TerrainDecl(Decl):
    """`terrain NAME { symbol: "#", passable: false, blocks_sight: true }` (compiler/boards.py)."""

    props: tuple[tuple[str, Span, Expr], ...]


@dataclass(frozen=True, slots=True)
class LegendEntry(Node):
    """`"~": hazard cost=2 area=hall` in a legend: a board character, its terrain, its options."""

    symbol: str
    terrain: str
    terrain_span: Span
    options: tuple[tuple[str, Span, int | str], ...]


@dataclass(frozen=True, slots=True)
class LegendDecl(Decl):
    """`legend NAME [: BASE] { entries }`: what each character of a square board's rows is."""

    base: str | None
    base_span: Span | None
    entries: tuple[LegendEntry, ...]


@dataclass(frozen=True, slots=True)
class AbilityDecl(Decl):
    """`ability NAME "Title" { ... }`: a keyword definitions name in their `abilities` list.
    Its meaning: triggers that fire for each thing that has it (see `windows.expand_abilities`),
    step hooks (turned into step patches when collected) and modifiers of its properties."""

    title: str | None
    triggers: tuple[Trigger, ...] = ()
    params: tuple[Param, ...] = ()  # `ability NAME(n: int = 1)`: given as `abilities: [NAME(2)]`
    hooks: tuple[AbilityHook, ...] = ()
    modifiers: tuple[AbilityModifier, ...] = ()


@dataclass(frozen=True, slots=True)
class AbilityHook(Node):
    """`after step S in F for x = EXPR { ... }`: runs in F's step S when the thing EXPR has the ability."""

    op: StepOp
    step: str
    step_span: Span
    target: str
    target_span: Span
    subject: str
    subject_span: Span
    value: Expr
    body: Block


@dataclass(frozen=True, slots=True)
class AbilityModifier(Node):
    """`modify PROP += EXPR`: a lasting change to the property of every thing that has the ability."""

    prop: str
    prop_span: Span
    op: AssignOp
    value: Expr


@dataclass(frozen=True, slots=True)
class ConstDecl(Decl):
    value: Expr
    exported: bool = False  # `export`: used from outside the ruleset (compiler.usage)


@dataclass(frozen=True, slots=True)
class AssumeDecl(Decl):
    type: TypeRef
    value: Expr
    doc: str
    exported: bool = False


@dataclass(frozen=True, slots=True)
class Param(Decl):
    type: TypeRef
    default: Expr | None


@dataclass(frozen=True, slots=True)
class EventDecl(Decl):
    params: tuple[Param, ...]
    exported: bool = False
    place: str | None = None  # `event E(...) at PARAM`: the parameter saying where it happens (compiler.located)
    place_span: Span | None = None


@dataclass(frozen=True, slots=True)
class FnDecl(Decl):
    """`fn`, `action` and `query` share one shape; `role` tells them apart."""

    role: Role
    params: tuple[Param, ...]
    returns: TypeRef | None
    body: Block
    exported: bool = False


@dataclass(frozen=True, slots=True)
class PropItem(Node):
    """`NAME: VALUE`, with `assumed "why"` (`assumed` the note) when the value is a marked assumption."""

    name: str
    value: Expr
    assumed: str | None = None


@dataclass(frozen=True, slots=True)
class DieDecl(Decl):
    title: str | None
    faces: tuple[tuple[PropItem, ...], ...]  # one tuple of fields per face
    numbered: tuple[int, int] | None  # faces LO..HI
    rules: tuple[str, ...]
    source: str | None = None  # `faces from ASSUMPTION (field: type, ...)`: one row of numbers a face
    source_fields: tuple[Param, ...] = ()


@dataclass(frozen=True, slots=True)
class TableRow(Node):
    low: int
    high: int
    label: str
    body: Block


@dataclass(frozen=True, slots=True)
class TableDecl(Decl):
    title: str | None
    params: tuple[Param, ...]
    die: str
    die_span: Span
    rows: tuple[TableRow, ...]
    rules: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class PoolDecl(Decl):
    title: str | None
    of: str
    of_span: Span


@dataclass(frozen=True, slots=True)
class NamesDecl(Decl):
    """`aka LANG from PROP` (`prop` set) or `aka LANG { ID: "Name", ... }` (`entries`):
    `name` is the language."""

    prop: str | None
    prop_span: Span | None
    entries: tuple[tuple[str, Span, tuple[str, ...]], ...]  # (definition or enum member, where, names)


@dataclass(frozen=True, slots=True)
class ZoneDecl(Decl):
    flags: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Trigger(Node):
    event: str
    event_span: Span
    when: Expr | None
    order: int
    once: bool
    body: Block
    at: Expr | None = None  # `on E at PLACE`: turned into a `when` before checking (compiler.located)


@dataclass(frozen=True, slots=True)
class Play(Node):
    window: str
    window_span: Span
    when: Expr | None
    body: Block
    targets: tuple[PlayTarget, ...] = ()


@dataclass(frozen=True, slots=True)
class PlayTarget(Node):
    """`target NAME from LIST "prompt"`: a local the player picks from LIST when playing."""

    name: str
    source: Expr
    prompt: str | None


@dataclass(frozen=True, slots=True)
class Does(Node):
    """`does NAME(prop: value, ...)`: a definition member taking another definition's plays and
    triggers; the properties given are the doer's own (what the shared effects read of `this`)."""

    name: str
    props: tuple[PropItem, ...] = ()


@dataclass(frozen=True, slots=True)
class WindowDecl(Decl):
    """`window A, B of KIND { limit N per player  after play [when C] { ... } }`."""

    names: tuple[str, ...]  # `name` is the first
    kind: str | None
    limit: int | None
    after_when: Expr | None
    after: Block | None
    limit_per: str | None = None  # `limit N per player per EVENT`: counted until EVENT fires
    limit_per_span: Span | None = None


@dataclass(frozen=True, slots=True)
class TriggerDecl(Decl):
    """A top-level trigger; `name` is synthesised from its position."""

    trigger: Trigger


@dataclass(frozen=True, slots=True)
class ThingDecl(Decl):
    kind: str
    kind_span: Span
    title: str | None
    count: int
    count_span: Span | None
    props: tuple[PropItem, ...]
    rules: tuple[str, ...]
    triggers: tuple[Trigger, ...]
    plays: tuple[Play, ...] = ()
    does: tuple[Does, ...] = ()


@dataclass(frozen=True, slots=True)
class DefaultsDecl(Decl):
    """`defaults { PROP: VALUE ... }`: properties for the definitions after it in its file
    (compiler.defaults gives them); `name` is the keyword."""

    props: tuple[PropItem, ...]


@dataclass(frozen=True, slots=True)
class ScenarioDecl(Decl):
    title: str | None
    props: tuple[PropItem, ...]
    parts: tuple[tuple[str, Block], ...]
    rules: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class TestDecl(Decl):
    """`test "title" checks IDS [in SCENARIO] { ... }`; `name` is the title."""

    checks: tuple[str, ...]
    scenario: str | None
    scenario_span: Span | None
    body: Block


@dataclass(frozen=True, slots=True)
class Module(Node):
    file: str
    decls: tuple[Decl, ...] = field(default=())


# ---- the walker -------------------------------------------------------------------

N = TypeVar("N", bound="Node")

_FIELDS: dict[type, tuple[str, ...]] = {}  # a node class -> the fields that may hold nodes
_VISITS: dict[tuple[type, type], Callable[[Any, Any], None] | None] = {}  # (pass, node class) -> its visit_CLASS
_UNSEEN = object()  # a (pass, node class) not looked up yet


def _fields(cls: type) -> tuple[str, ...]:
    """The fields of a node class whose declared type names a node class (found once per class)."""
    names = _FIELDS.get(cls)
    if names is None:
        names = _FIELDS[cls] = tuple(f.name for f in dataclasses.fields(cls) if _may_hold_nodes(str(f.type)))
    return names


def _may_hold_nodes(annotation: str) -> bool:
    named = (globals().get(word) for word in re.findall(r"[A-Za-z_]\w*", annotation))
    return any(isinstance(t, type) and issubclass(t, Node) for t in named)


def children(node: Node) -> Iterator[Node]:
    """The nodes directly inside `node`, in the order of its fields (source order), looking into
    tuples (and tuples of tuples: an `if`'s branches, a record's fields)."""
    return iter(_direct(node))


def _direct(node: Node) -> list[Node]:
    """`children`, as a new list (the walker's own: one call per node, no generator)."""
    out: list[Node] = []
    cls = node.__class__
    names = _FIELDS.get(cls)
    for name in _fields(cls) if names is None else names:
        value = getattr(node, name)
        if value.__class__ is tuple:
            if value:
                _inside(value, out)
        elif isinstance(value, Node):
            out.append(value)
    return out


def _inside(items: tuple[Any, ...], out: list[Node]) -> None:
    for item in items:
        if isinstance(item, Node):
            out.append(item)
        elif item.__class__ is tuple:
            _inside(item, out)


def walk(node: Node, skip: tuple[type, ...] = ()) -> Iterator[Node]:
    """`node` and every node inside it, depth first in source order; the insides of nodes of
    the classes in `skip` are not walked (the nodes themselves are given)."""
    stack: list[Node] = [node]
    while stack:
        item = stack.pop()
        yield item
        if not isinstance(item, skip):
            inner = _direct(item)
            if inner:
                inner.reverse()
                stack.extend(inner)


def rebuilt(node: N, change: Callable[[Node], Node]) -> N:
    """`node` with `change` applied to each node directly inside it (in tuples too); the node
    itself if nothing changed (nodes are immutable: what is unchanged is shared)."""
    changes: dict[str, Any] = {}
    for name in _fields(node.__class__):
        value = getattr(node, name)
        new: Any = change(value) if isinstance(value, Node) else _changed(value, change) \
            if value.__class__ is tuple else value
        if new is not value:
            changes[name] = new
    return dataclasses.replace(node, **changes) if changes else node


def _changed(items: tuple[Any, ...], change: Callable[[Node], Node]) -> tuple[Any, ...]:
    new = tuple(change(item) if isinstance(item, Node) else _changed(item, change) if item.__class__ is tuple
                else item for item in items)
    return items if all(a is b for a, b in zip(new, items)) else new


class Visitor:
    """A pass over the tree: `visit(node)` calls the pass's `visit_CLASS(node)` if it has one
    (CLASS the node's class name), else `generic_visit`, which visits every child in source order."""

    def visit(self, node: Node) -> None:
        key = (self.__class__, node.__class__)
        method = _VISITS.get(key, _UNSEEN)
        if method is _UNSEEN:
            method = _VISITS[key] = getattr(self.__class__, "visit_" + node.__class__.__name__, None)
        if method is None:
            self.generic_visit(node)
        else:
            method(self, node)  # type: ignore[operator]  # a visit_CLASS, found above

    def generic_visit(self, node: Node) -> None:
        for child in _direct(node):
            self.visit(child)
