"""Seeded games played by tests (importable by a `spawn` worker process)."""

from __future__ import annotations

import rulecraft
from rulecraft.runtime.ruleset import Ruleset


def seeded_log(rules: Ruleset, scenario: str, seed: int, rounds: int = 3) -> list[str]:
    """The log, as JSON lines, of `scenario` played by random agents for a few rounds."""
    game = rulecraft.new_game(rules, seed=seed, scenario=scenario, agents=[rulecraft.RandomAgent(), rulecraft.RandomAgent()])
    return rulecraft.run(game, scenario, rounds).log_lines()


def searching_wins(game_id: str, scenario: str, spec: str, seed: int) -> bool:
    """Whether an agent of `spec` beats a random agent in one seeded game; it plays first in even
    seeds and second in odd ones."""
    from rulecraft.agents.specs import make_agent
    from rulecraft.runtime.agents import RandomAgent

    rules = rulecraft.load(game_id)
    seat = seed % 2
    agents = [RandomAgent(), RandomAgent()]
    agents[seat] = make_agent(spec)
    game = rulecraft.run(rulecraft.new_game(rules, seed=seed, scenario=scenario, agents=agents, log="simulation"),
                         scenario)
    return game.winner is not None and game.winner.id == game.players[seat].id
