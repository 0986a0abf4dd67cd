"""Compiling one source twice, with the optimiser off (`RULECRAFT_OPT=0`) and on, to compare."""

from __future__ import annotations

import dis
from collections.abc import Callable
from typing import Any

import pytest

import rulecraft
from rulecraft.compiler import driver
from rulecraft.runtime.errors import GameError
from rulecraft.runtime.ruleset import Ruleset


@pytest.fixture
def both(monkeypatch) -> Callable[[str], tuple[Ruleset, Ruleset]]:
    """source -> (its ruleset compiled one for one, and optimised)."""
    def compiled(source: str) -> tuple[Ruleset, Ruleset]:
        made = []
        for switch in ("0", "1"):
            monkeypatch.setenv("RULECRAFT_OPT", switch)
            driver.forget_parsed()
            made.append(rulecraft.compile_source(source, "opt.rules"))
        return made[0], made[1]
    return compiled


def outcome(rules: Ruleset, fn: str, *args: Any, budget: int | None = None) -> tuple[Any, ...]:
    """What calling `fn` gives in a new game: ("value", the result, steps) or ("fault", the
    error's class, its message, its place, steps)."""
    game = rulecraft.Game(rules) if budget is None else rulecraft.Game(rules, budget=budget)
    try:
        value = game.call(fn, *args)
    except GameError as err:
        return ("fault", type(err).__name__, err.message, err.where, game.budget.steps)
    return ("value", value, game.budget.steps)


def code_of(rules: Ruleset, fn: str) -> Any:
    return rules.callables[fn].func.__code__


def opnames(rules: Ruleset, fn: str) -> list[str]:
    return [i.opname for i in dis.get_instructions(code_of(rules, fn))]
