"""Chance: the part `rt.chance`, and where its random numbers come from.

The part rolls dice, consults dice tables, picks at random and shuffles zones, logging every
outcome. Its numbers come from a source: the seeded generator (`Seeded`, whose whole state is
one integer), or another source with the same `below(n)` and `state` (exact odds follow every
path). Tests and tutorials may force the next faces of a die.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

from . import rng
from .errors import IllegalAction, UnknownName
from .history import History
from .ruleset import Ruleset
from .state import Zone


class Source(Protocol):
    """Where random numbers come from: `below(n)` is a number in [0, n); `state` goes into the digest."""

    state: int

    def below(self, n: int) -> int: ...


class Seeded:
    """The seeded generator: a game's own stream of random numbers."""

    def __init__(self, state: int):
        self.state = state

    def below(self, n: int) -> int:
        self.state, value = rng.below(self.state, n)
        return value


class Chance:
    """Owns the source of random numbers, the forced faces, and each die's faces (assumptions resolved).

    `rt` is what a dice table's row handlers receive (the game)."""

    def __init__(self, rt: Any, rules: Ruleset, assume: dict[str, Any], history: History, source: Source):
        self.rt = rt
        self.rules = rules
        self.assume = assume
        self.history = history
        self.source = source
        self.forced: dict[str, list[Any]] = {}  # die id -> faces to return next
        self.faces: dict[str, tuple[Any, ...]] = {}  # filled on a die's first roll

    def faces_of(self, die_id: str) -> tuple[Any, ...]:
        """The faces of a die, its assumptions resolved (an unknown die is an illegal action)."""
        faces = self.faces.get(die_id)
        if faces is None:
            if die_id not in self.rules.dice:
                raise IllegalAction(f"there is no die `{die_id}` to roll")
            faces = self.faces[die_id] = self.rules.faces(die_id, self.assume)
        return faces

    def roll(self, die_id: str) -> Any:
        faces = self.faces_of(die_id)
        forced = self.forced.get(die_id)
        face = forced.pop(0) if forced else faces[self.source.below(len(faces))]
        self.history.touch(self.rules.dice[die_id].rules)
        self.history.record("roll", die=die_id, face=face)
        return face

    def force(self, die_id: str, *faces: Any) -> None:
        """Tests and tutorials: make the next rolls of a die show these faces."""
        if die_id not in self.rules.dice:
            raise UnknownName("die", die_id, f"unknown die '{die_id}'", sorted(self.rules.dice))
        self.forced.setdefault(die_id, []).extend(faces)

    def table(self, table_id: str, *args: Any) -> int:
        """Roll a dice table's die and run the row it lands on; returns the roll."""
        t = self.rules.tables[table_id]
        value = self.roll(t.die)
        row = t.row_for(value)
        self.history.touch(t.rules)
        self.history.record("table", table=table_id, roll=value, result=row.label if row else None)
        if row:
            row.func(self.rt, value, *args)
        return value

    def random_pick(self, items: Sequence[Any], count: int = 1) -> list[Any]:
        pool = list(items)
        picked = []
        for _ in range(min(count, len(pool))):
            picked.append(pool.pop(self.source.below(len(pool))))
        self.history.record("random", picked=picked)
        return picked

    def shuffle(self, zone: Zone) -> None:
        items = zone.items
        for i in range(len(items) - 1, 0, -1):
            j = self.source.below(i + 1)
            items[i], items[j] = items[j], items[i]
        self.history.record("shuffle", zone=zone)
