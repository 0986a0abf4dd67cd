"""Entities and zones: the pieces of a game state."""

from __future__ import annotations

from typing import Any


class Entity:
    """A thing in the game: a player, card, unit, counter, space, token..."""

    __slots__ = ("id", "kind", "def_id", "name", "props", "owner", "location", "face_down", "seen_by", "alive")

    def __init__(self, id: int, kind: str, def_id: str, name: str, props: dict[str, Any]):
        self.id = id
        self.kind = kind
        self.def_id = def_id
        self.name = name
        self.props = props
        self.owner: Entity | None = None
        self.location: Entity | Zone | None = None
        self.face_down = False
        self.seen_by: set[int] = set()  # ids of players who have seen this face-down thing
        self.alive = True

    @property
    def ref(self) -> str:
        return self.name if self.kind == "player" else f"{self.def_id}#{self.id}"

    def __repr__(self) -> str:
        return f"<{self.ref} {self.name}>"


class Zone:
    """An ordered collection: a deck, a hand, a discard pile, a pool set aside."""

    __slots__ = ("name", "owner", "in_play", "hidden", "items")

    def __init__(self, name: str, owner: Entity | None, in_play: bool, hidden: bool):
        self.name = name
        self.owner = owner
        self.in_play = in_play
        self.hidden = hidden
        self.items: list[Entity] = []

    @property
    def ref(self) -> str:
        return f"{self.name}@{self.owner.name}" if self.owner else self.name

    def __repr__(self) -> str:
        return f"<zone {self.ref} ({len(self.items)})>"


PLAIN = frozenset({int, str, bool, type(None)})  # what stands for itself in the log


def to_json(value: Any) -> Any:
    """A log-safe, deterministic JSON form of a runtime value."""
    cls = value.__class__
    if cls in PLAIN:
        return value
    if cls is list:  # the common case (a board): plain items are kept as they are
        return [v if v.__class__ in PLAIN else to_json(v) for v in value]
    if isinstance(value, (Entity, Zone)):
        return value.ref
    if isinstance(value, (list, tuple)):
        return [to_json(v) for v in value]
    if isinstance(value, dict):
        return {str(k): to_json(v) for k, v in value.items()}
    if isinstance(value, (set, frozenset)):
        return sorted(to_json(v) for v in value)
    if isinstance(value, (bool, int, str)) or value is None:
        return value
    return str(value)  # Fraction and the like
