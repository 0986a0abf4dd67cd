"""Shuffles under exact odds: a zone's order is chosen when it is read, not when it is shuffled.

Under exact odds (odds.py) `shuffle Z` does not yet enumerate the orders of Z: Z's items become an
`Unshuffled` list, still in their order, marked as shuffled. Its length, membership, counting and
removing a thing leave it so (each of those is the same in every order); anything that reads the
order (an index, iterating, `items`, a `draw`, adding to Z) shuffles it then and there, one
chance point per place, as the odds always did. A shuffle nobody reads costs nothing.

A draw is order by order: every thing of the zone is its own outcome. Taking a drawn hand by the
hypergeometric law alone (which copies of a definition, in which order) is exact only when no rule
can single out one copy, and rules can (a selection in creation order, a thing held from before
the shuffle, a thing in the answer), so it is not done here.

It takes the game's chance part (its `shuffle_items` chooses the order); it gives `shuffle_later`,
the odds' `shuffle`. A newcomer may add another order-free list operation to those that leave the
order unchosen, if it gives the same in every order.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .state import Zone


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
