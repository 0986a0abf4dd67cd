"""The step budget: every event, loop round and window turn costs a step, so no ruleset runs forever.

Handlers call `rt.budget.tick()` once per step, `rt.budget.charge(items)` before a loop,
`rt.budget.scan(items)` before searching a list (`x in xs`; selections and built-ins that go
through a list do the same) and `rt.budget.grow(n)` when they make a list or text of n items:
the work a single step does is charged in proportion to it. Since everything a game holds was
made by some step, the budget also bounds its memory: at most 2**GROW_SHIFT items a step.
When the budget is used up the game stops with BudgetExceeded.
"""

from __future__ import annotations

from collections.abc import Sized
from typing import TypeVar

from .errors import BudgetExceeded

DEFAULT_BUDGET = 2_000_000
SCAN_SHIFT = 5  # searching 2**5 = 32 items costs one step
ITEMS_PER_STEP = 1 << SCAN_SHIFT
GROW_SHIFT = 3  # making a list or text of 2**3 = 8 items costs one step: this bounds what a game can hold
ITEMS_PER_GROW_STEP = 1 << GROW_SHIFT

S = TypeVar("S", bound=Sized)
T = TypeVar("T")


class Budget:
    """Owns the count of steps taken and the limit."""

    def __init__(self, limit: int = DEFAULT_BUDGET):
        self.limit = limit
        self.steps = 0

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
        """A list or text of `items` items (never negative) about to be made: one step per ITEMS_PER_GROW_STEP."""
        self.steps += items >> GROW_SHIFT
        if self.steps > self.limit:
            raise self.used_up("makes too much?")

    def charge(self, items: S, why: str = "loops over too much?") -> S:
        """A `for` loop's rounds, charged to the step budget before it starts."""
        self.steps += len(items)
        if self.steps > self.limit:
            raise self.used_up(why)
        return items
