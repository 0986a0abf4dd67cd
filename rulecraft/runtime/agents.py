"""Agents answer the choices a game asks of its players.

An agent gets the options (already in a deterministic order) and returns an index.
Random agents draw from their own stream of the game's seeded generator, so the same
seed and the same agents always give the same game.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from . import rng
from .errors import AgentError

__all__ = ["Agent", "AgentError", "FirstLegalAgent", "RandomAgent", "ReplayAgent", "ScriptedAgent"]


class Agent:
    name = "agent"
    looks_ahead = False  # True: it plays the game on in copies, from the checkpoints the runner keeps

    def choose(self, game, player, options: Sequence[Any], prompt: str) -> int:
        raise NotImplementedError


class FirstLegalAgent(Agent):
    name = "first"

    def choose(self, game, player, options, prompt) -> int:
        return 0


class RandomAgent(Agent):
    """Picks uniformly; its generator state lives in the game state (per player). Choices.choose
    draws a RandomAgent's pick (`Choices.agent_random`) without asking it; a subclass is asked."""

    name = "random"

    def choose(self, game, player, options, prompt) -> int:
        return game.choices.agent_random(player, len(options))


class ScriptedAgent(Agent):
    """Answers from a list, in order; an answer is an option's index or its value/name."""

    name = "scripted"

    def __init__(self, answers: Sequence[Any]):
        self.answers = list(answers)

    def choose(self, game, player, options, prompt) -> int:
        if not self.answers:
            raise AgentError(f"the scripted agent of {player.name} has no answer left for '{prompt}'")
        answer = self.answers.pop(0)
        if isinstance(answer, int) and not isinstance(answer, bool) and 0 <= answer < len(options):
            return answer
        for i, option in enumerate(options):
            if option == answer or getattr(option, "name", None) == answer or getattr(option, "def_id", None) == answer:
                return i
        raise AgentError(f"scripted answer {answer!r} is not one of the options for '{prompt}'")


class ReplayAgent(Agent):
    """Answers with the picks a log recorded (in their logged JSON form), in order."""

    name = "replay"

    def __init__(self, picks: Sequence[Any]):
        self.picks = list(picks)

    def choose(self, game, player, options, prompt) -> int:
        from .state import to_json

        if not self.picks:
            raise AgentError(f"the log has no further choice of {player.name} for '{prompt}'")
        pick = self.picks.pop(0)
        for i, option in enumerate(options):
            if to_json(option) == pick:
                return i
        raise AgentError(f"the logged choice {pick!r} of {player.name} is not an option for '{prompt}'")


def initial_state(seed: int, player_index: int) -> int:
    return rng.derive(seed, 1000 + player_index)
