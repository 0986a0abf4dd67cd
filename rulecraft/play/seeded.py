"""One game of a simulation: what every game shares but its seed (`Setting`), the game played
(`play_one`, with the simulation log) and what it gives the sums (`Played`, small: it comes back
from a worker process or a cluster node).

simulate.py plays these in a process pool, cluster.py on a Dask cluster; both import this module,
so neither imports the other's engine. A newcomer adds what a game gives the sums to `Played`
(and its sum to simulate.summarise).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..agents.search import scores_of
from ..runtime.ruleset import Ruleset
from .scenarios import play


@dataclass(frozen=True)
class Setting:
    """What every game of a simulation shares but its seed."""

    scenario: str
    specs: tuple[str, ...]
    rounds: int | None
    assumptions: dict[str, Any]


@dataclass(frozen=True)
class Played:
    """What one game gives the sums: small, as it comes back from a worker."""

    winner: str | None
    rounds: int
    executed: frozenset[str]
    scores: tuple[int, ...] | None = None  # in player order; None: the ruleset declares no score
    tally: tuple[tuple[tuple[str, str], int], ...] = ()  # History.tally, sorted


def play_one(rules: Ruleset, setting: Setting, seed: int) -> Played:
    """The game of `seed`, played to its end (or its rounds), as the sums need it."""
    game = play(rules, setting.scenario, seed, list(setting.specs), setting.rounds, setting.assumptions,
                log="simulation")
    scores = scores_of(game)
    return Played(game.winner.name if game.winner is not None else None, game.round,
                  frozenset(game.history.touched), tuple(scores.values()) if scores is not None else None,
                  tuple(sorted(game.history.tally.items())))
