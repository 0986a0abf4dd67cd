"""Seeded games played by tests (importable by a `spawn` worker process)."""

from __future__ import annotations

import rulecraft
from rulecraft.runtime.ruleset import Ruleset


def seeded_log(rules: Ruleset, scenario: str, seed: int, rounds: int = 3) -> list[str]:
    """The log, as JSON lines, of `scenario` played by random agents for a few rounds."""
    game = rulecraft.new_game(rules, seed=seed, scenario=scenario, agents=[rulecraft.RandomAgent(), rulecraft.RandomAgent()])
    return rulecraft.run(game, scenario, rounds).log_lines()
