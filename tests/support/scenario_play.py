"""Playing a bundled scenario to its end in a test, and what the test then checks: who won,
what the log says last, and that the log replays line for line."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

import rulecraft
from rulecraft.compiler.loader import bundled_ids
from rulecraft.runtime.agents import Agent
from rulecraft.runtime.play import replay, run, start


def rulesets_with(scenario: str) -> list[str]:
    """Every bundled ruleset (game, mod or format, by its own id) that has the scenario."""
    return [rid for rid in bundled_ids() if scenario in rulecraft.load(rid).scenarios]


def play(ruleset_id: str, scenario: str, seed: int, agents: Callable[[str], Agent],
         options: Sequence[str] = (), assumptions: dict[str, Any] | None = None) -> Any:
    """The scenario played to its end; `agents` gives each seat's agent by the seat's name."""
    rules = rulecraft.load(ruleset_id)
    seats = rules.scenarios[scenario].props["players"]
    game = start(rules, scenario, seed=seed, agents=[agents(name) for name in seats], options=options,
                 assumptions=assumptions)
    return run(game, scenario)


def first_won(ruleset_id: str, scenario: str, seeds: Iterable[int], agents: Callable[[str], Agent],
              won: Callable[[Any], bool], **kw: Any) -> Any:
    """The game of the first seed in which `won` holds (the same seeds always give the same game)."""
    tried = []
    for seed in seeds:
        game = play(ruleset_id, scenario, seed, agents, **kw)
        if won(game):
            return game
        tried.append(seed)
    raise AssertionError(f"{ruleset_id}/{scenario}: not won as wanted with seeds {tried}")


def said(game: Any) -> list[str]:
    """The game's log messages, in order."""
    return [e["text"] for e in game.log if e["what"] == "log"]


def ended_with(game: Any) -> tuple[str | None, str]:
    """The winner's name (None for nobody) and the last log message before the end."""
    [end] = [e for e in game.log if e["what"] == "end"]
    return end["winner"], said(game)[-1]


def replays(game: Any) -> bool:
    """Whether the game's log replays line for line from its seed and logged choices."""
    header = game.log[0]
    again = replay(rulecraft.load(header["game"], header["mods"]), game.log)
    return again.log_lines() == game.log_lines()
