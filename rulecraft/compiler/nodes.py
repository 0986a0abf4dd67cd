"""The abstract syntax tree: frozen dataclasses, each carrying the Span it came from."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

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
