"""Agents answer the choices a game asks of its players.

An agent gets the options (already in a deterministic order) and returns an index.
Random agents draw from their own stream of the game's seeded generator, so the same
seed and the same agents always give the same game.
"""

from __future__ import annotations

import json
from typing import Any, Iterable, Sequence

from . import rng
from .errors import AgentError

__all__ = ["Agent", "AgentError", "FirstLegalAgent", "RandomAgent", "ReplayAgent", "ScriptedAgent"]


class Agent:
    name = "agent"

    def choose(self, game, player, options: Sequence[Any], prompt: str) -> int:
        raise NotImplementedError


class FirstLegalAgent(Agent):
    name = "first"

    def choose(self, game, player, options, prompt) -> int:
        return 0


class RandomAgent(Agent):
    """Picks uniformly; its generator state lives in the game state (per player)."""

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


AGENTS = {"random": RandomAgent, "first": FirstLegalAgent}


def script_answers(items: Iterable[str]) -> list[int | str]:
    """Answers as a user writes them: a whole number is an option's index, any other text an
    option's value, name or definition id; empty items are left out."""
    return [int(a) if a.isdigit() else a for a in items if a]


def make_agent(spec: str) -> Agent:
    """`random`, `first`, `script:a,b,c` (answers split at commas) or `script:[...]` (a JSON
    list of answers, which may hold commas: a number is an option's index; a text, true or false
    an option's value, name or definition id). A bad spec raises ValueError."""
    if spec.startswith("script:"):
        body = spec[7:]
        if not body.lstrip().startswith("["):
            return ScriptedAgent(script_answers(body.split(",")))
        try:
            answers = json.loads(body)
        except ValueError as err:
            raise ValueError(f"'{spec}': the answers are not JSON ({err})") from None
        if not isinstance(answers, list) or not all(isinstance(a, (int, str)) for a in answers):
            raise ValueError(f"'{spec}': a script's JSON must be a list of whole numbers, texts, true and false")
        return ScriptedAgent(answers)
    if spec not in AGENTS:
        raise ValueError(f"unknown agent '{spec}' (use one of: {', '.join(sorted(AGENTS))}, script:...)")
    return AGENTS[spec]()


def initial_state(seed: int, player_index: int) -> int:
    return rng.derive(seed, 1000 + player_index)
