"""The step budget: every event, loop round and window turn costs a step, so no ruleset runs forever.

Handlers call `rt.budget.tick()` once per step, `rt.budget.charge(items)` before a loop
(`rounds(items, ...)` and `round(...)` for the rounds of a loop that appends item by item),
`rt.budget.scan(items)` before searching a list (`x in xs`; selections and built-ins that go
through a list do the same) and `rt.budget.grow(n)` before they make a list or text of n items
(refused past arith.MAX_LENGTH): the work a single step does is charged in proportion to it.
Since everything a game holds was made by some step, the budget also bounds its memory: at most
2**GROW_SHIFT items a step, a loop's item-by-item appends included. When the budget is used up
the game stops with BudgetExceeded. A newcomer changes here what a step costs, and charges new
work through these methods rather than counting steps elsewhere.
"""

from __future__ import annotations

from collections.abc import Collection, Iterator, Sized
from typing import Any, TypeVar

from . import arith
from .errors import BudgetExceeded

DEFAULT_BUDGET = 2_000_000
SCAN_SHIFT = 5  # searching 2**5 = 32 items costs one step
ITEMS_PER_STEP = 1 << SCAN_SHIFT
GROW_SHIFT = 3  # making a list or text of 2**3 = 8 items costs one step: this bounds what a game can hold
ITEMS_PER_GROW_STEP = 1 << GROW_SHIFT

S = TypeVar("S", bound=Sized)
C = TypeVar("C", bound=Collection[Any])
T = TypeVar("T")


class Budget:
    """Owns the count of steps taken and the limit (two slots: handlers reach it on every loop round)."""

    __slots__ = ("limit", "steps")

    def __init__(self, limit: int = DEFAULT_BUDGET):
        self.limit = limit
        self.steps = 0

    def __deepcopy__(self, memo: dict[int, Any]) -> Budget:
        """The budget in a copy of its game (play.copy_game): the same limit and steps taken."""
        twin = Budget(self.limit)
        twin.steps = self.steps
        memo[id(self)] = twin
        return twin

    def tick(self) -> None:
        self.steps += 1
        if self.steps > self.limit:
            raise self.used_up("an endless loop?")

    def used_up(self, why: str) -> BudgetExceeded:
        return BudgetExceeded(f"the step budget of {self.limit} steps is used up ({why})")

    def scan(self, items: T) -> T:
        """A value about to be searched item by item (`x in xs`, a selection): one step per
        ITEMS_PER_STEP items, so a single step cannot do unbounded work."""
        if isinstance(items, (list, str)):
            self.steps += len(items) >> SCAN_SHIFT
            if self.steps > self.limit:
                raise self.used_up("searches too much?")
        return items

    def spend(self, items: int, why: str = "searches too much?") -> None:
        """Work on `items` items that `scan` cannot see (nested items compared or shown): as a search."""
        self.steps += items >> SCAN_SHIFT
        if self.steps > self.limit:
            raise self.used_up(why)

    def grow(self, items: int) -> None:
        """A list or text of `items` items (never negative) about to be made: refused past
        MAX_LENGTH, else one step per ITEMS_PER_GROW_STEP."""
        if items > arith.MAX_LENGTH:
            raise BudgetExceeded(f"a list or text longer than {arith.MAX_LENGTH} items")
        self.steps += items >> GROW_SHIFT
        if self.steps > self.limit:
            raise self.used_up("makes too much?")

    def rounds(self, items: C, appends: int, *lists: list) -> C | Iterator[Any]:
        """The rounds of a `for` whose body appends `appends` items one at a time (`xs += [x]`),
        some to `lists`, which live outside the loop. The rounds are charged before the loop
        starts, as `charge` charges them: a round's step pays for up to ITEMS_PER_GROW_STEP
        appends; a body that appends more pays for all they may append, as `grow` charges a list.
        If the rounds could take one of `lists` past MAX_LENGTH, each is checked after every
        round (`arith.fits`), so none passes it by more than a round's appends."""
        most = appends * len(items)
        self.steps += len(items) + (most >> GROW_SHIFT if appends > ITEMS_PER_GROW_STEP else 0)
        if self.steps > self.limit:
            raise self.used_up("makes too much?" if appends > ITEMS_PER_GROW_STEP else "loops over too much?")
        for xs in lists:
            if len(xs) + most > arith.MAX_LENGTH:
                return _watched(items, lists)
        return items

    def round(self, appends: int, *lists: list) -> None:
        """A round of a `while` whose body appends `appends` items one at a time: its step, what
        it appends (charged as `rounds` charges it) and the lengths of the lists grown so far."""
        self.steps += 1 + (appends >> GROW_SHIFT if appends > ITEMS_PER_GROW_STEP else 0)
        if self.steps > self.limit:
            raise self.used_up("an endless loop?")
        for xs in lists:
            arith.fits(xs)

    def charge(self, items: S, why: str = "loops over too much?") -> S:
        """A `for` loop's rounds, charged to the step budget before it starts."""
        self.steps += len(items)
        if self.steps > self.limit:
            raise self.used_up(why)
        return items


def _watched(items: Collection[Any], lists: tuple[list, ...]) -> Iterator[Any]:
    for item in items:
        yield item
        for xs in lists:
            arith.fits(xs)
