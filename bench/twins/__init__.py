"""Hand-written Python twins of the example board games, for the bench (`bench/board_games.py`).

Each twin plays the same games as the ruleset under the runtime's random agents: the same
per-player generator streams (`rulecraft.runtime.rng`, seeded as `agents.initial_state` seeds
them), the options in the same order, and no draw when a player has only one option.
"""

from __future__ import annotations

from rulecraft.runtime import rng
from rulecraft.runtime.agents import initial_state


class RandomPlayers:
    """Each player's random stream, as the runtime's random agents keep it."""

    def __init__(self, seed: int, players: int = 2):
        self.states = [initial_state(seed, i) for i in range(players)]

    def pick(self, player: int, options: list):
        if len(options) == 1:  # the runtime does not ask when there is only one option
            return options[0]
        self.states[player], index = rng.below(self.states[player], len(options))
        return options[index]
