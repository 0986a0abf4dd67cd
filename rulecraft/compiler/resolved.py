"""What the checker found, as typed records: the output of checking, the input of lowering;
and the one place nodes are told apart by identity.

Takes the checker's findings (bodies.py, context.py and check.py write them through the
Resolution's methods). Gives, for each name, call, property read, selection, `create` and
`roll` of a body: what it refers to; for each expression: its type; for each constant
expression of a declaration (a default, a property, a face): its value. Held in a Resolution,
read through its typed accessors.
Nodes are identified by identity (two equal nodes at two places are two nodes), as they are
immutable and live as long as the table that holds them. Every other stage that keys something
by node uses NodeMap, NodeSet or Identity from here (the analysis pass's facts, the reuse of
lowerings, a mod's removal of list items), so `id()` is read nowhere else in the compiler.
A newcomer may add a finding: a field of Resolution, written and read through methods here.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

from ..runtime.types import ANY, Ty
from . import nodes as n

V = TypeVar("V")

# ---- nodes by identity ----------------------------------------------------------


class Identity:
    """A node as a key by identity (hashable, equal only to the same node); keeps the node alive,
    so its identity is not reused while the key is."""

    __slots__ = ("node",)

    def __init__(self, node: object) -> None:
        self.node = node

    def __hash__(self) -> int:
        return id(self.node)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Identity) and other.node is self.node


class NodeMap(Generic[V]):
    """Values keyed by node identity. `table` is the plain table behind it (identity -> value),
    which compiler/reuse.py replaces by one that notes every lookup."""

    __slots__ = ("table",)

    def __init__(self, table: Any = None) -> None:
        self.table: Any = {} if table is None else table

    def __setitem__(self, node: object, value: V) -> None:
        self.table[id(node)] = value

    def __getitem__(self, node: object) -> V:
        value: V = self.table[id(node)]
        return value

    def get(self, node: object, default: Any = None) -> Any:
        return self.table.get(id(node), default)

    def __contains__(self, node: object) -> bool:
        return id(node) in self.table

    def __len__(self) -> int:
        return len(self.table)


class NodeSet:
    """A set of nodes by identity (`table`: as NodeMap's)."""

    __slots__ = ("table",)

    def __init__(self, table: Any = None) -> None:
        self.table: Any = set() if table is None else table

    def add(self, node: object) -> None:
        self.table.add(id(node))

    def discard(self, node: object) -> None:
        self.table.discard(id(node))

    def __contains__(self, node: object) -> bool:
        return id(node) in self.table

    def __len__(self) -> int:
        return len(self.table)


def identities(items: Iterator[object] | list[Any] | tuple[Any, ...]) -> tuple[Identity, ...]:
    """The items as keys by identity (a list of functions compiled once, compiler/reuse.py)."""
    return tuple(Identity(item) for item in items)


# ---- names ------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class LocalRef:
    """A variable or parameter of the body."""

    name: str


@dataclass(frozen=True, slots=True)
class ConstRef:
    """A value known when compiling: a `const`, an enum member, a definition, a die or table id."""

    value: Any


@dataclass(frozen=True, slots=True)
class AssumeRef:
    name: str


@dataclass(frozen=True, slots=True)
class ParamRef:
    """A format's deck parameter."""

    name: str


@dataclass(frozen=True, slots=True)
class OptionRef:
    """A mod's option: true when chosen."""

    name: str


@dataclass(frozen=True, slots=True)
class ZoneRef:
    """A shared zone or a pool."""

    name: str


NameRef = LocalRef | ConstRef | AssumeRef | ParamRef | OptionRef | ZoneRef

# ---- calls ------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class FnCall:
    """A call of a `fn`, `action` or `query`; `missing` are the defaults of the arguments not given."""

    name: str
    missing: tuple[n.Expr, ...] = ()


@dataclass(frozen=True, slots=True)
class TableCall:
    name: str


@dataclass(frozen=True, slots=True)
class ZoneCall:
    """`zone(player)`: a zone each player has."""

    name: str


@dataclass(frozen=True, slots=True)
class BuiltinCall:
    name: str


@dataclass(frozen=True, slots=True)
class AbilityParam:
    """`param_of(x, ABILITY, PARAM)`: the argument x's definition gave the ability's parameter."""

    ability: str
    param: str


CallRef = FnCall | TableCall | ZoneCall | BuiltinCall | AbilityParam

# ---- property reads ---------------------------------------------------------


@dataclass(frozen=True, slots=True)
class EntityField:
    """A property of a thing; `kind` is the thing's kind when it is known when compiling."""

    kind: str | None


@dataclass(frozen=True, slots=True)
class FaceField:
    """A field of a rolled die's face."""


@dataclass(frozen=True, slots=True)
class DefinitionField:
    """A definition's own (printed) property."""


@dataclass(frozen=True, slots=True)
class RecordField:
    """A field of a record value."""


FieldRef = EntityField | FaceField | DefinitionField | RecordField


@dataclass(frozen=True, slots=True)
class RecordMake:
    """`R(field: value, ...)`: the record's fields in declared order, each given (its index in the
    written fields) or its default."""

    name: str
    fields: tuple[tuple[str, int | n.Expr], ...]

# ---- what `all`, `create` and `roll` name -------------------------------------


@dataclass(frozen=True, slots=True)
class Selection:
    """`all NAME`: the things of a kind, or (`of_definition`) the things made from a definition."""

    of_definition: bool


@dataclass(frozen=True, slots=True)
class Fixed:
    """The definition created or the die rolled, named in the source."""

    name: str


@dataclass(frozen=True, slots=True)
class FromLocal:
    """The definition created or the die rolled, held by a variable at run time."""

    name: str


Source = Fixed | FromLocal
Ref = NameRef | CallRef | FieldRef | Selection | Source | RecordMake


@dataclass
class Resolution:
    """The checker's findings, keyed by node identity."""

    refs: dict[int, Ref] = field(default_factory=dict)
    types: dict[int, Ty] = field(default_factory=dict)  # expression -> its type
    values: dict[int, Any] = field(default_factory=dict)  # constant expression -> its value
    declared: dict[int, Ty] = field(default_factory=dict)  # written type (TypeRef) -> the type
    modified: set[str] = field(default_factory=set)  # properties some `modify` changes
    ability_args: dict[int, dict[str, Any]] = field(default_factory=dict)  # `NAME(2)` attaching an ability -> its arguments
    given_abilities: dict[str, dict[str, dict[str, Any]]] = field(default_factory=dict)  # definition -> ability -> arguments
    nested: set[int] = field(default_factory=set)  # comparisons whose operands may nest (lists, maps, records, any)

    def bind(self, node: n.Node, ref: Ref) -> None:
        self.refs[id(node)] = ref

    def typed(self, e: n.Expr, t: Ty) -> None:
        self.types[id(e)] = t

    def valued(self, e: n.Expr, value: Any) -> None:
        self.values[id(e)] = value

    def declare(self, t: n.TypeRef, ty: Ty) -> None:
        self.declared[id(t)] = ty

    def nests(self, e: n.Binary) -> None:
        """Note a comparison whose operands may nest (compared at a cost the budget sees)."""
        self.nested.add(id(e))

    def is_nested(self, e: n.Binary) -> bool:
        return id(e) in self.nested

    def give_ability_args(self, e: n.Expr, args: dict[str, Any]) -> None:
        self.ability_args[id(e)] = args

    def ability_args_of(self, e: n.Expr) -> dict[str, Any] | None:
        """The arguments `NAME(...)` gives an ability, where `e` attaches one."""
        return self.ability_args.get(id(e))

    def ref(self, node: n.Node) -> Ref | None:
        """What a node refers to, if the checker resolved it."""
        return self.refs.get(id(node))

    def name(self, e: n.Name) -> NameRef:
        ref = self.refs[id(e)]
        assert isinstance(ref, NameRef), ref
        return ref

    def call(self, e: n.Call) -> CallRef:
        ref = self.refs[id(e)]
        assert isinstance(ref, CallRef), ref
        return ref

    def attr(self, e: n.Attr) -> FieldRef:
        ref = self.refs[id(e)]
        assert isinstance(ref, FieldRef), ref
        return ref

    def record(self, e: n.RecordNew) -> RecordMake:
        ref = self.refs[id(e)]
        assert isinstance(ref, RecordMake), ref
        return ref

    def selection(self, e: n.Select) -> Selection:
        ref = self.refs[id(e)]
        assert isinstance(ref, Selection), ref
        return ref

    def source(self, e: n.Create | n.Roll) -> Source:
        ref = self.refs[id(e)]
        assert isinstance(ref, Source), ref
        return ref

    def type_of(self, e: n.Expr) -> Ty:
        """The type of an expression (`any` if it was never checked)."""
        return self.types.get(id(e), ANY)

    def value(self, e: n.Expr) -> Any:
        """The value of a constant expression the checker evaluated."""
        return self.values[id(e)]

    def type_named(self, t: n.TypeRef) -> Ty:
        """The type a declaration wrote."""
        return self.declared[id(t)]
