"""A searching agent whose every decision is checked to leave the game as it was."""

from __future__ import annotations

from rulecraft.agents.specs import make_agent
from rulecraft.runtime.agents import Agent


class Watched(Agent):
    """The agent of `spec`, with the state's digest compared before and after each decision."""

    looks_ahead = True

    def __init__(self, spec: str):
        self.inner = make_agent(spec)
        self.decisions = 0

    def choose(self, game, player, options, prompt):
        before = game.digest()
        index = self.inner.choose(game, player, options, prompt)
        assert game.digest() == before, f"a search changed the game at '{prompt}'"
        self.decisions += 1
        return index
