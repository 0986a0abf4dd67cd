"""The step budget: every event, loop round and window turn costs a step, so no ruleset runs forever.

Handlers call `rt.budget.tick()` once per step and `rt.budget.charge(items)` before a loop;
when the budget is used up the game stops with BudgetExceeded.
"""

from __future__ import annotations

from typing import Sized, TypeVar

from .errors import BudgetExceeded

DEFAULT_BUDGET = 2_000_000

S = TypeVar("S", bound=Sized)


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

    def charge(self, items: S, why: str = "loops over too much?") -> S:
        """A `for` loop's rounds, charged to the step budget before it starts."""
        self.steps += len(items)
        if self.steps > self.limit:
            raise self.used_up(why)
        return items
