"""Shuffles under exact odds: a zone's order is chosen when it is read, not when it is shuffled.

Under exact odds (odds.py) `shuffle Z` does not yet enumerate the orders of Z: Z's items become an
`Unshuffled` list, still in their order, marked as shuffled. Its length, membership, counting and
removing a thing leave it so (each of those is the same in every order); anything that reads the
order chooses the places it reads, one chance point per place: `draw k from Z` (or `Z[i]`, or a
loop that stops early) chooses the first k places (n!/(n-k)! paths for n things, not n!) and
leaves the rest unchosen for a later draw; anything else (`items`, adding to Z) chooses all. A
shuffle nobody reads costs nothing.

A draw is order by order: every thing of the zone is its own outcome. Taking a drawn hand by the
hypergeometric law alone (which copies of a definition, in which order) is exact only when no rule
can single out one copy, and rules can (a selection in creation order, a thing held from before
the shuffle, a thing in the answer), so it is not done here.

It takes the game's chance part (its source's `below` chooses a place); it gives `shuffle_later`,
the odds' `shuffle`. A newcomer may add another order-free list operation to those that leave the
order unchosen, if it gives the same in every order.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from .state import Zone


class Unshuffled(list):
    """A zone's items after a shuffle, its order chosen only as far as it is read: the first
    `chosen` places are chosen, the others are not yet. Reading place i (an index, a draw of i + 1,
    iterating up to it) chooses the places up to i, one chance point each (Fisher-Yates from the
    front); reading the order otherwise chooses every place. Its length, membership, counting and
    removing a thing choose none."""

    __slots__ = ("chosen", "source")

    def __init__(self, items: list[Any], source: Any):
        super().__init__(items)
        self.source: Any = source  # the chance points' source (`below`); None once every place is chosen
        self.chosen = 0

    def choose(self, upto: int) -> None:
        """Choose the places before `upto`, if not yet (every place, if `upto` is past the end)."""
        source, n = self.source, list.__len__(self)
        if source is None:
            return
        for i in range(self.chosen, min(upto, n - 1)):  # the last place is what the others leave
            j = i + source.below(n - i)
            a, b = list.__getitem__(self, i), list.__getitem__(self, j)
            list.__setitem__(self, i, b)
            list.__setitem__(self, j, a)
        self.chosen = max(self.chosen, min(upto, n))
        if self.chosen >= n - 1:
            self.source = None

    def __getitem__(self, at: Any) -> Any:
        if isinstance(at, int) and at >= 0:
            self.choose(at + 1)
        elif isinstance(at, slice) and at.step in (None, 1) and (at.start or 0) >= 0 and \
                at.stop is not None and at.stop >= 0:
            self.choose(at.stop)
        else:
            self.choose(list.__len__(self))
        return list.__getitem__(self, at)

    def __iter__(self) -> Iterator[Any]:
        i = 0
        while i < list.__len__(self):  # as a list's iterator: it sees the list as it is at each step
            self.choose(i + 1)
            yield list.__getitem__(self, i)
            i += 1

    def remove(self, thing: Any) -> None:
        at = list.index(self, thing)
        list.__delitem__(self, at)
        if at < self.chosen:
            self.chosen -= 1


def _ordered(name: str) -> Callable[..., Any]:
    method = getattr(list, name)

    def read(self: Unshuffled, *args: Any) -> Any:
        self.choose(list.__len__(self))
        return method(self, *args)
    read.__name__ = name
    return read


for _name in ("__setitem__", "__delitem__", "__reversed__", "__eq__", "__ne__", "__lt__", "__le__", "__gt__",
              "__ge__", "__add__", "__mul__", "__rmul__", "__iadd__", "__imul__", "__repr__", "index", "insert", "append",
              "extend", "pop", "sort", "reverse", "copy"):
    setattr(Unshuffled, _name, _ordered(_name))


def shuffle_later(zone: Zone, chance: Any) -> None:
    """`shuffle zone` under exact odds: its places are chosen as they are read (`chance.source`)."""
    if type(zone.items) is Unshuffled:  # shuffled again: no place is chosen any more
        zone.items.chosen, zone.items.source = 0, chance.source
    else:
        zone.items = Unshuffled(zone.items, chance.source)
    chance.history.record("shuffle", zone=zone)
