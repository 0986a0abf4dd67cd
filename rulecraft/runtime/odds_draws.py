"""Draws from a shuffled zone under exact odds: a hand by the hypergeometric law, not order by order.

Under exact odds (odds.py) `shuffle Z` does not yet enumerate the orders of Z: Z's items become an
`Unshuffled` list, still in their order, marked as shuffled. `draw k from Z` then takes the hand
at one chance point: how many copies of each definition it holds, each choice weighted by the
number of ways to take it (the product of C(copies, taken) over the definitions; over C(size, k)
this is the multivariate hypergeometric law). The hand holds the first copies of each definition
in the zone's order, the definitions in the order they first appear there; the rest of Z stays
shuffled, so a later draw from it is a hand of its own.

So a drawn hand's odds are exact for what it holds (its cards, their definitions and types, how
many of each); the order the cards of one `draw` come in is not a chance outcome (draw them one
at a time to ask about it), nor which of several alike copies came (copies count as alike only
when nothing a rule reads tells them apart: properties, owner, face, who saw them, links; with
a modifier in force nothing counts as alike). If copies are not alike, if the hand can be made
up in more ways than the odds follow paths (`cap`), or if anything else reads Z's order (an
index, `items`, a selection, adding to Z), Z is shuffled then and there, at one chance point per
place, as the odds always did.

It takes the game's things and the chooser of the chance points (odds.PathChance); it gives the
`draw` handlers call and `shuffle_later`, the odds' `shuffle`. A newcomer may widen what counts
as alike, as long as a rule cannot tell such copies apart.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from math import comb
from typing import TYPE_CHECKING, Any

from .state import Entity, Zone

if TYPE_CHECKING:
    from .lazy import Chooser


class Unshuffled(list):
    """A zone's items after a shuffle whose order is not chosen yet: reading the order (anything
    but its length, membership, counting or removing a thing) shuffles them first, at chance points."""

    __slots__ = ("later",)

    def __init__(self, items: list[Any], later: Callable[[list[Any]], None]):
        super().__init__(items)
        self.later: Callable[[list[Any]], None] | None = later

    def settle(self) -> None:
        """Shuffle now, if not yet."""
        later, self.later = self.later, None
        if later is not None:
            later(self)


def _ordered(name: str) -> Callable[..., Any]:
    method = getattr(list, name)

    def read(self: Unshuffled, *args: Any) -> Any:
        if self.later is not None:
            self.settle()
        return method(self, *args)
    read.__name__ = name
    return read


for _name in ("__iter__", "__getitem__", "__setitem__", "__delitem__", "__reversed__", "__eq__", "__ne__",
              "__lt__", "__le__", "__gt__", "__ge__", "__add__", "__mul__", "__iadd__", "__imul__", "__repr__",
              "index", "insert", "append", "extend", "pop", "sort", "reverse", "copy"):
    setattr(Unshuffled, _name, _ordered(_name))


def shuffle_later(zone: Zone, chance: Any) -> None:
    """`shuffle zone` under exact odds: the order is chosen when it is read (`chance.shuffle_items`)."""
    if type(zone.items) is not Unshuffled or zone.items.later is None:  # a shuffled zone shuffled again is as it was
        zone.items = Unshuffled(zone.items, chance.shuffle_items)
    chance.history.record("shuffle", zone=zone)


class HandDraws:
    """`rt.things` under exact odds: a draw from a shuffled zone takes a hand at one chance point;
    everything else is the game's own."""

    def __init__(self, things: Any, mods: Any, chooser: Chooser, cap: int):
        self._things = things
        self._mods = mods
        self._chooser = chooser
        self._cap = cap

    def __getattr__(self, name: str) -> Any:
        return getattr(self._things, name)

    def draw(self, count: int, source: Zone, dest: Any = None) -> list[Entity]:
        items = source.items
        if type(items) is not Unshuffled or items.later is None or not isinstance(count, int):
            return self._things.draw(count, source, dest)
        k = max(0, min(count, len(items)))
        groups = self._alike(items) if k else []
        if groups is None:
            return self._things.draw(count, source, dest)
        hand: list[Entity] = []
        if k:
            ways = _hands([len(g) for g in groups], k, self._cap)
            if ways is None:
                return self._things.draw(count, source, dest)
            taken, _ = ways[self._chooser.pick([w for _, w in ways])] if len(ways) > 1 else ways[0]
            hand = [e for g, n in zip(groups, taken) for e in g[:n]]
        chosen = {id(e) for e in hand}
        later, items.later = items.later, None
        items[:] = hand + [e for e in items if id(e) not in chosen]
        try:
            return self._things.draw(count, source, dest)
        finally:
            items.later = later

    def _alike(self, items: list[Entity]) -> list[list[Entity]] | None:
        """The zone's things by definition, in the order the definitions first appear; None if two
        copies of a definition differ in something a rule reads."""
        if self._mods.active:
            return None
        by_def: dict[str, list[Entity]] = {}
        for e in list.__iter__(items):
            by_def.setdefault(e.def_id, []).append(e)
        graph = self._things.graph
        for copies in by_def.values():
            first = copies[0]
            for e in copies:
                if graph.neighbour_ids(e) or (e.props, e.owner, e.face_down, e.seen_by, e.kind, e.name) != \
                        (first.props, first.owner, first.face_down, first.seen_by, first.kind, first.name):
                    return None
        return list(by_def.values())


def _hands(sizes: list[int], k: int, cap: int) -> list[tuple[tuple[int, ...], int]] | None:
    """Every way to take k things from groups of these sizes: (how many of each group, the number of
    ways to take them), in order; None if there are more than `cap`."""
    room = [0] * (len(sizes) + 1)  # room[i]: how many the groups from i on hold together
    for i in range(len(sizes) - 1, -1, -1):
        room[i] = room[i + 1] + sizes[i]
    out: list[tuple[tuple[int, ...], int]] = []
    for taken in _compositions(sizes, room, k):
        out.append((taken, _ways(sizes, taken)))
        if len(out) > cap:
            return None
    return out


def _compositions(sizes: list[int], room: list[int], k: int) -> Iterator[tuple[int, ...]]:
    """The tuples (t0, t1, ...) with 0 <= ti <= sizes[i] summing to k, most of the first group first."""
    last = len(sizes) - 1
    stack: list[tuple[int, int, tuple[int, ...]]] = [(0, k, ())]
    while stack:
        i, left, taken = stack.pop()
        if i == last:
            yield (*taken, left)
            continue
        low = max(0, left - room[i + 1])
        for t in range(low, min(left, sizes[i]) + 1):  # pushed low first: the most is taken first
            stack.append((i + 1, left - t, (*taken, t)))


def _ways(sizes: list[int], taken: tuple[int, ...]) -> int:
    ways = 1
    for n, t in zip(sizes, taken):
        ways *= comb(n, t)
    return ways
