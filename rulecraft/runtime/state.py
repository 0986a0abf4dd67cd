"""Entities and zones: the pieces of a game state, and their log-safe JSON form.

Every part of a game reads and changes these (things.py owns them); a newcomer may add a slot to
`Entity` only with its copy in `__deepcopy__` and its place in `Things.snapshot`."""

from __future__ import annotations

from copy import deepcopy
from typing import Any

from .errors import BudgetExceeded

NO_ONE: frozenset[int] = frozenset()
ATOMS = frozenset({int, float, str, bool, type(None)})


class Entity:
    """A thing in the game: a player, card, unit, counter, space, token..."""

    __slots__ = (
        "alive",
        "def_id",
        "face_down",
        "id",
        "kind",
        "location",
        "name",
        "owner",
        "plain",
        "props",
        "seen_by",
    )

    def __init__(self, id: int, kind: str, def_id: str, name: str, props: dict[str, Any],
                 location: Entity | Zone | None = None):
        self.id = id
        self.kind = kind
        self.def_id = def_id
        self.name = name
        self.props = props
        self.owner: Entity | None = None
        self.location = location
        self.face_down = False
        self.seen_by: frozenset[int] = NO_ONE  # ids of players who have seen this face-down thing (replaced, never changed)
        self.alive = True
        self.plain: bool | None = None  # whether no property value holds a thing (None: not known; see __deepcopy__)

    @property
    def ref(self) -> str:
        return self.name if self.kind == "player" else f"{self.def_id}#{self.id}"

    def __repr__(self) -> str:
        return f"<{self.ref} {self.name}>"

    def __deepcopy__(self, memo: dict[int, Any]) -> Entity:
        """The thing in a copy of its game (play.copy_game): the same fields, its property
        values as `copied_value` gives them; once they are known to hold no thing (`plain`, until
        a property is set to a value that is not a number, text or truth value), simply shared."""
        twin = Entity.__new__(Entity)
        memo[id(self)] = twin
        twin.id, twin.kind, twin.def_id, twin.name = self.id, self.kind, self.def_id, self.name
        if self.plain:
            twin.props = dict(self.props)
        else:
            twin.props = {k: v if v.__class__ in ATOMS else copied_value(v, memo) for k, v in self.props.items()}
            self.plain = all(twin.props[k] is v for k, v in self.props.items())
        twin.plain = self.plain
        twin.owner = copied_value(self.owner, memo)
        twin.location = copied_value(self.location, memo)
        twin.face_down, twin.seen_by, twin.alive = self.face_down, self.seen_by, self.alive
        return twin


def copied_value(value: Any, memo: dict[int, Any]) -> Any:
    """A value in a copy of its game. A property's value is never changed in place (data.py), so a
    value that holds no thing is shared; one that does is rebuilt around the copy's things."""
    cls = value.__class__
    if cls in ATOMS:
        return value
    if cls is Entity:
        twin = memo.get(id(value))
        return twin if twin is not None else value.__deepcopy__(memo)
    if cls is list or cls is tuple:
        for v in value:
            if v.__class__ not in ATOMS:
                break
        else:  # the common case, walked without a call per item
            return value
        items = [copied_value(v, memo) for v in value]
        return value if all(a is b for a, b in zip(items, value)) else cls(items)
    if isinstance(value, dict):  # a map, or a record (a dict of its own class)
        pairs = {k: copied_value(v, memo) for k, v in value.items()}
        return value if all(pairs[k] is v for k, v in value.items()) else cls(pairs)
    return deepcopy(value, memo)


class Zone:
    """An ordered collection: a deck, a hand, a discard pile, a pool set aside.

    A zone filled only by laying things out (Things.lay_out) also knows its runs: the things in
    order, grouped into runs of copies of one definition sharing one property dict, each run
    `(kind, things)`. They hold while `items` is still the list they were made from (`laid`) and
    no property of a thing in the zone changed (Things.set forgets them)."""

    __slots__ = ("hidden", "in_play", "items", "laid", "name", "owner", "runs")

    def __init__(self, name: str, owner: Entity | None, in_play: bool, hidden: bool):
        self.name = name
        self.owner = owner
        self.in_play = in_play
        self.hidden = hidden
        self.items: list[Entity] = []
        self.runs: list[tuple[str, list[Entity]]] | None = None  # None: not known
        self.laid: list[Entity] | None = None  # `items` as the runs describe them

    def current_runs(self) -> list[tuple[str, list[Entity]]] | None:
        """The runs, if they still describe the zone (a move, a shuffle or a change of a
        property since they were made forgets them); an empty zone has none to know."""
        if self.runs is not None and self.items != self.laid:
            self.runs = self.laid = None
        if self.runs is None and not self.items:
            self.runs, self.laid = [], []
        return self.runs

    def __deepcopy__(self, memo: dict[int, Any]) -> Zone:
        """The zone in a copy of its game: its lists (items, runs, laid) of the copy's things."""
        twin = Zone.__new__(Zone)
        memo[id(self)] = twin
        twin.name, twin.in_play, twin.hidden = self.name, self.in_play, self.hidden
        twin.owner = copied_value(self.owner, memo)
        twin.items = [copied_value(e, memo) for e in self.items]
        twin.runs = None if self.runs is None else [(kind, [copied_value(e, memo) for e in things])
                                                    for kind, things in self.runs]
        twin.laid = None if self.laid is None else [copied_value(e, memo) for e in self.laid]
        return twin

    @property
    def ref(self) -> str:
        return f"{self.name}@{self.owner.name}" if self.owner else self.name

    def __repr__(self) -> str:
        return f"<zone {self.ref} ({len(self.items)})>"


def many(what: Any) -> list[Entity]:
    """The things a statement names: none, one thing, or a list of them."""
    if what is None:
        return []
    if isinstance(what, Entity):
        return [what]
    return list(what)


PLAIN = frozenset({int, str, bool, type(None)})  # what stands for itself in the log


MAX_JSON_ITEMS = 1_000_000  # as arith.MAX_LENGTH: the items of one logged value, nested ones included


def to_json(value: Any) -> Any:
    """A log-safe, deterministic JSON form of a runtime value. A value that would expand to more
    than MAX_JSON_ITEMS items (one list held many times over, nested) is refused, not written out."""
    if value.__class__ in PLAIN:
        return value
    return _json(value, _Size())


def sized_json(value: Any) -> tuple[Any, int]:
    """`to_json(value)` and how many items and characters it holds, nested ones included."""
    if value.__class__ is str:
        return value, len(value)
    size = _Size()
    return _json(value, size), size.items + size.chars


class _Size:
    __slots__ = ("chars", "items")

    def __init__(self) -> None:
        self.items = 0
        self.chars = 0


def _json(value: Any, size: _Size) -> Any:
    cls = value.__class__
    if cls is str:
        size.chars += len(value)
        return value
    if cls in PLAIN:
        return value
    if isinstance(value, (Entity, Zone)):
        return value.ref
    if isinstance(value, (list, tuple, dict, set, frozenset)):
        size.items += len(value)
        if size.items > MAX_JSON_ITEMS:
            raise BudgetExceeded(f"a value of more than {MAX_JSON_ITEMS} items, counting the items of the lists it holds")
    if cls is list:  # the common case (a board): numbers are kept as they are
        return [v if v.__class__ is int else _json(v, size) for v in value]
    if isinstance(value, (list, tuple)):
        return [_json(v, size) for v in value]
    if isinstance(value, dict):
        return {str(k): _json(v, size) for k, v in value.items()}
    if isinstance(value, (set, frozenset)):
        return sorted(_json(v, size) for v in value)
    if isinstance(value, (bool, int)) or value is None:
        return value
    return str(value)  # Fraction and the like
