"""Running the tests a ruleset carries (`test "..." checks IDS { ... }`)."""

from __future__ import annotations

from dataclasses import dataclass

from .errors import GameError
from .game import Game
from .play import start
from .ruleset import Ruleset, RuleTest


@dataclass(frozen=True)
class Outcome:
    test: RuleTest
    passed: bool
    message: str
    executed: tuple[str, ...]  # the checked rule ids that the test really ran


def run_test(rules: Ruleset, test: RuleTest, seed: int = 1) -> Outcome:
    game: Game | None = None
    try:
        game = start(rules, test.scenario, seed=seed)
        test.func(game)
    except GameError as err:
        return Outcome(test, False, f"{test.where}: {err}", _executed(game, test))
    executed = _executed(game, test)
    missing = [r for r in test.checks if r not in executed]
    if missing:
        return Outcome(test, False, f"{test.where}: passed, but never ran {', '.join(missing)}", executed)
    return Outcome(test, True, "", executed)


def _executed(game: Game | None, test: RuleTest) -> tuple[str, ...]:
    return tuple(r for r in test.checks if game is not None and r in game.history.touched)


def run_tests(rules: Ruleset, seed: int = 1) -> list[Outcome]:
    return [run_test(rules, t, seed) for t in rules.tests]
