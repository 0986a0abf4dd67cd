"""A compiled ruleset: the definitions and handlers the compiler produced, as plain data.

The compiler builds it; the runtime only reads it. Spans are kept as "file:line:col"
strings so that tools can point at the source of every definition and rule. Its records are
immutable (`Fixed`); a newcomer adding one writes it as the others are written.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from dataclasses import FrozenInstanceError, dataclass, field
from enum import StrEnum
from typing import Any

from .errors import IllegalAction, UnknownName
from .types import Ty


class Fixed:
    """The base of the ruleset's records: each field is set once, by the class's `__init__`, and
    then never again (assigning or deleting one raises FrozenInstanceError, as for a frozen
    dataclass). A record is `@dataclass(slots=True, unsafe_hash=True)` on this base, not
    `frozen=True`: the dataclass machinery compiles two methods more for each frozen class, at
    every start of every command (a third of this module's import)."""

    __slots__ = ()

    def __setattr__(self, name: str, value: Any) -> None:
        if hasattr(self, name):
            raise FrozenInstanceError(f"cannot assign to field {name!r}")
        object.__setattr__(self, name, value)

    def __delattr__(self, name: str) -> None:
        raise FrozenInstanceError(f"cannot delete field {name!r}")


class Role(StrEnum):
    """What a callable is: a helper `fn`, a player's `action`, or a read-only `query`."""

    FN = "fn"
    ACTION = "action"
    QUERY = "query"


class Duration(StrEnum):
    """How long a `modify` lasts."""

    THIS_TURN = "this_turn"
    THIS_ROUND = "this_round"
    NEXT_ROUND = "next_round"
    REMOVED = "removed"  # for as long as the thing exists
    END_OF_NEXT = "end_of_next"  # until the end of the next named phase
    UNTIL = "until"  # until an event


@dataclass(slots=True, unsafe_hash=True)
class AssumedValue(Fixed):
    """A definition's property that takes the value of a (user-overridable) assumption."""

    assumption: str


@dataclass(slots=True, unsafe_hash=True)
class FieldInfo(Fixed):
    name: str
    type: Ty
    default: Any


@dataclass(slots=True, unsafe_hash=True)
class KindInfo(Fixed):
    name: str
    parent: str | None
    fields: dict[str, FieldInfo]
    where: str


@dataclass(slots=True, unsafe_hash=True)
class Definition(Fixed):
    id: str
    kind: str
    name: str
    count: int
    props: dict[str, Any]
    rules: tuple[str, ...]  # every id the definition carries, its triggers' included
    where: str
    data_rules: tuple[str, ...] = ()  # the ids of the definition itself: executed when one is made or read


@dataclass(slots=True, unsafe_hash=True)
class Assumption(Fixed):
    name: str
    type: Ty
    value: Any
    doc: str
    where: str


@dataclass(slots=True, unsafe_hash=True)
class Param(Fixed):
    name: str
    type: Ty
    default: Any
    has_default: bool


@dataclass(slots=True, unsafe_hash=True)
class Callable_(Fixed):
    """A compiled `fn`, `action` or `query`: func(rt, *args)."""

    name: str
    role: Role
    params: tuple[Param, ...]
    func: Callable
    rules: tuple[str, ...]
    where: str


@dataclass(slots=True, unsafe_hash=True)
class Die(Fixed):
    id: str
    name: str
    faces: tuple[Any, ...]  # ints, or dicts of face fields (for a table: its default rows)
    rules: tuple[str, ...]
    where: str
    table: tuple[str, tuple[tuple[str, str], ...]] | None = None  # (assumption, ((field, int|bool), ...))


def faces_from_table(die_id: str, rows: Any, fields: tuple[tuple[str, str], ...]) -> tuple[dict[str, Any], ...]:
    """The faces of a die whose numbers are a table (an assumption a user may override)."""
    if not isinstance(rows, list) or not rows or any(not isinstance(r, list) or len(r) != len(fields) for r in rows):
        raise IllegalAction(f"the faces of die `{die_id}` must be rows of {len(fields)} numbers "
                            f"({', '.join(f for f, _ in fields)}), one row a face")
    return tuple({name: (bool(v) if kind == "bool" else int(v)) for (name, kind), v in zip(fields, row)} for row in rows)


@dataclass(slots=True, unsafe_hash=True)
class TableRow(Fixed):
    low: int
    high: int
    label: str
    func: Callable  # func(rt, roll, *args)


@dataclass(slots=True, unsafe_hash=True)
class Table(Fixed):
    id: str
    name: str
    die: str
    params: tuple[Param, ...]
    rows: tuple[TableRow, ...]
    rules: tuple[str, ...]
    where: str

    def row_for(self, value: int) -> TableRow | None:
        for row in self.rows:
            if row.low <= value <= row.high:
                return row
        return None


@dataclass(slots=True, unsafe_hash=True)
class Pool(Fixed):
    id: str
    name: str
    of: str
    where: str


@dataclass(slots=True, unsafe_hash=True)
class ZoneInfo(Fixed):
    name: str
    per_player: bool
    in_play: bool
    hidden: bool


@dataclass(slots=True, unsafe_hash=True)
class TriggerSpec(Fixed):
    """A handler subscribed to an event: func(rt, this, *event_args) -> fired?"""

    event: str
    order: int
    seq: int
    definition: str | None  # None: a top-level trigger, run once per event
    once: bool
    func: Callable
    rules: tuple[str, ...]
    where: str
    keyed: int | None = None  # the event argument that must be the thing for it to fire (`when p == this`)


@dataclass(slots=True, unsafe_hash=True)
class Scenario(Fixed):
    id: str
    name: str
    props: dict[str, Any]
    parts: dict[str, Callable]  # setup / round / finish: func(rt)
    rules: tuple[str, ...]
    where: str


@dataclass(slots=True, unsafe_hash=True)
class RuleTest(Fixed):
    """A test written in the ruleset: func(rt) runs it; `checks` are the rule ids it checks."""

    title: str
    checks: tuple[str, ...]
    scenario: str | None
    func: Callable
    where: str


@dataclass(slots=True, unsafe_hash=True)
class DeckCheck(Fixed):
    """A format's check: func(rt) reports violations of `rule` for the deck in the game."""

    rule: str
    title: str
    func: Callable
    where: str


@dataclass(slots=True, unsafe_hash=True)
class PlaySpec(Fixed):
    """A definition's effect in a timing window: when(rt, card, player) -> playable?; func runs it."""

    window: str
    definition: str
    when: Callable
    func: Callable
    rules: tuple[str, ...]
    where: str
    targets: Callable | None = None  # (rt, card, player) -> the list each target is picked from
    prompts: tuple[str, ...] = ()  # what the player is asked, one per target


@dataclass(slots=True, unsafe_hash=True)
class AbilityModifier(Fixed):
    """`modify PROP op EXPR` in an ability: `func(rt, *arguments)` gives the value, from the
    thing's arguments for the ability's `params`."""

    ability: str
    op: str
    func: Callable
    params: tuple[str, ...]


@dataclass
class WindowRules:
    """A window's own rules: at most `limit` cards per player each time it opens; after each
    card's effect, each (when, func) of `after` whose when holds runs, with the card and player."""

    limit: int | None = None
    limit_per: str | None = None  # the limit counts across openings, until this event fires
    after: list[tuple[Callable, Callable]] = field(default_factory=list)


@dataclass
class Ruleset:
    id: str
    title: str
    kind: str = "game"  # game, mod or format
    version: str | None = None
    extends: str | None = None
    mods: tuple[str, ...] = ()  # every mod in it: those its own header extends, then those applied on top
    applied: tuple[str, ...] = ()  # the mods applied on top of ruleset `id` when it was loaded (`--mod`)
    game: str = ""  # the base game's id
    options: dict[str, str] = field(default_factory=dict)  # option -> what choosing it does (from mods)
    replacements: tuple[tuple[str, str, str | None], ...] = ()  # (definition, replaced by, when option)
    changes: tuple = ()  # what each mod changed (compiler.symbols.Change), for `mod diff`
    params: dict[str, Param] = field(default_factory=dict)  # a format's deck parameters
    checks: list[DeckCheck] = field(default_factory=list)
    plays: dict[str, list[PlaySpec]] = field(default_factory=dict)  # window -> effects
    windows: dict[str, WindowRules] = field(default_factory=dict)  # window -> its own rules
    kinds: dict[str, KindInfo] = field(default_factory=dict)
    enums: dict[str, tuple[str, ...]] = field(default_factory=dict)
    legends: dict[str, Any] = field(default_factory=dict)  # legend -> its value (compiler/boards.py), for the API
    definitions: dict[str, Definition] = field(default_factory=dict)
    # definition or enum member -> its names in other languages ((language, name), ...), from `names`
    other_names: dict[str, tuple[tuple[str, str], ...]] = field(default_factory=dict)
    assumptions: dict[str, Assumption] = field(default_factory=dict)
    events: dict[str, tuple[Param, ...]] = field(default_factory=dict)
    callables: dict[str, Callable_] = field(default_factory=dict)
    dice: dict[str, Die] = field(default_factory=dict)
    tables: dict[str, Table] = field(default_factory=dict)
    pools: dict[str, Pool] = field(default_factory=dict)
    zones: dict[str, ZoneInfo] = field(default_factory=dict)
    triggers: dict[str, list[TriggerSpec]] = field(default_factory=dict)
    scenarios: dict[str, Scenario] = field(default_factory=dict)
    tests: list[RuleTest] = field(default_factory=list)
    rule_sites: dict[str, list[str]] = field(default_factory=dict)  # rule id -> "file:line:col" of each site
    descendants: dict[str, frozenset[str]] = field(default_factory=dict)  # kind -> itself and its subkinds
    ability_args: dict[str, dict[str, dict[str, Any]]] = field(default_factory=dict)  # definition -> ability -> arguments
    ability_defaults: dict[str, dict[str, Any]] = field(default_factory=dict)  # ability -> parameter -> default
    ability_modifiers: dict[str, list[AbilityModifier]] = field(default_factory=dict)  # property -> modifiers
    derived: dict[Any, Any] = field(default_factory=dict, repr=False, compare=False)  # caches of what follows from the above
    # How to get this ruleset again in another process, (function, arguments), set by whoever
    # loaded it: a ruleset pickles as that call (its handlers are code, not data)
    reload: tuple[Callable[..., Ruleset], tuple[Any, ...]] | None = field(default=None, repr=False, compare=False)

    def __reduce__(self) -> tuple[Callable[..., Ruleset], tuple[Any, ...]]:
        if self.reload is None:
            raise TypeError(f"ruleset {self.id} was not loaded from a folder (e.g. compiled from text): "
                            "it cannot be sent to another process; load it with rulecraft.load")
        return self.reload

    def __copy__(self) -> Ruleset:
        """A shallow copy (not a reload, which would give the loaded ruleset itself)."""
        new = object.__new__(type(self))
        new.__dict__.update(self.__dict__)
        return new

    def __deepcopy__(self, memo: dict[int, Any]) -> Ruleset:
        new = object.__new__(type(self))
        memo[id(self)] = new
        new.__dict__.update(copy.deepcopy(self.__dict__, memo))
        return new

    def defs_of(self, kind: str) -> list[Definition]:
        """Definitions of `kind` or its subkinds, in declaration order."""
        kinds = self.descendants.get(kind, frozenset())
        return [d for d in self.definitions.values() if d.kind in kinds]

    def faces(self, die_id: str, assume: dict[str, Any] | None = None) -> tuple[Any, ...]:
        """A die's faces with every assumed number resolved (the defaults, or `assume`)."""
        values = {a.name: a.value for a in self.assumptions.values()} | (assume or {})
        table = self.dice[die_id].table
        if table is not None:
            return faces_from_table(die_id, values[table[0]], table[1])
        return tuple({k: values[v.assumption] if isinstance(v, AssumedValue) else v for k, v in f.items()}
                     if isinstance(f, dict) else f for f in self.dice[die_id].faces)

    def kind_defaults(self, kind: str) -> dict[str, Any]:
        """Every declared property of a kind (its parents' first) with its default value."""
        key = ("kind_defaults", kind)
        if key not in self.derived:
            chain: list[KindInfo] = []
            k: str | None = kind
            while k is not None and k in self.kinds:
                chain.append(self.kinds[k])
                k = self.kinds[k].parent
            self.derived[key] = {f.name: f.default for info in reversed(chain) for f in info.fields.values()}
        return self.derived[key]

    def field_default(self, kind: str, name: str) -> Any:
        defaults = self.kind_defaults(kind)
        if name not in defaults:
            raise UnknownName("property", name, f"{kind} has no property '{name}'", sorted(defaults))
        return defaults[name]

    def callable_named(self, name: str, kind: str) -> Callable_:
        """The action, function or query of that name (`kind`, as the caller asks for it)."""
        found = self.callables.get(name)
        if found is None:
            raise UnknownName(kind, name, f"no {kind} '{name}' in {self.id}", sorted(self.callables))
        return found

    def queries(self) -> dict[str, Callable_]:
        return {k: c for k, c in self.callables.items() if c.role == Role.QUERY}
