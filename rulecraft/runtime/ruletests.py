"""Running the tests a ruleset carries (`test "..." checks IDS { ... }`)."""

from __future__ import annotations

from dataclasses import dataclass

from .errors import GameError, located
from .game import Game
from .play import start
from .ruleset import Ruleset, RuleTest


@dataclass(frozen=True)
class Outcome:
    test: RuleTest
    passed: bool
    message: str  # why it failed, starting with the place: the failing `expect` (or fault), else the test
    executed: tuple[str, ...]  # the checked rule ids that the test really ran
    where: str = ""  # `file:line:col` of what failed: the `expect` or statement, else the test itself


def run_test(rules: Ruleset, test: RuleTest, seed: int = 1) -> Outcome:
    """Run one test; a failed `expect`, a refusal or a fault is a failed outcome, never an exception."""
    game: Game | None = None
    try:
        game = start(rules, test.scenario, seed=seed)
        with located():
            test.func(game)
    except GameError as err:
        where = err.where or test.where
        return Outcome(test, False, f"{where}: {err.message}", _executed(game, test), where)
    executed = _executed(game, test)
    missing = [r for r in test.checks if r not in executed]
    if missing:
        return Outcome(test, False, f"{test.where}: passed, but never ran {', '.join(missing)}", executed,
                       test.where)
    return Outcome(test, True, "", executed)


def _executed(game: Game | None, test: RuleTest) -> tuple[str, ...]:
    return tuple(r for r in test.checks if game is not None and r in game.history.touched)


def run_tests(rules: Ruleset, seed: int = 1) -> list[Outcome]:
    return [run_test(rules, t, seed) for t in rules.tests]
