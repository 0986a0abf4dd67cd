"""Checks: the part `rt.checks`, where something is found wrong.

It runs a format's deck checks and collects their violations, and it is how a handler
refuses an action (`fail`) or reports a failed expectation of a rule test.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .errors import ExpectationFailed, IllegalAction, located
from .history import History
from .ruleset import Ruleset
from .state import Entity


class Checks:
    """Owns the violations found so far and the rule of the check now running.

    `rt` is what the checks' handlers receive (the game)."""

    def __init__(self, rt: Any, rules: Ruleset, history: History):
        self.rt = rt
        self.rules = rules
        self.history = history
        self.violations: list[dict[str, Any]] = []
        self.checking: str | None = None

    def fail(self, message: str) -> None:
        raise IllegalAction(message)

    def expectation_failed(self, message: str) -> None:
        raise ExpectationFailed(message)

    def violation(self, message: str, cards: Sequence[Any] = ()) -> None:
        ids = list(dict.fromkeys(c.def_id if isinstance(c, Entity) else str(c) for c in cards))
        self.violations.append({"rule": self.checking, "message": message, "cards": ids})

    def run_checks(self) -> list[dict[str, Any]]:
        """Run every check of a format against the deck laid out in this game."""
        with located():
            for check in self.rules.checks:
                self.checking = check.rule
                self.history.touch((check.rule,))
                check.func(self.rt)
        self.checking = None
        return self.violations
