"""A scenario by name, and one game of it played by agents: what `run`, `test`, `simulate` and
`balance` share.

It takes a scenario name (`SCENARIO` or `GAME/SCENARIO`), a compiled ruleset, a seed and agent specs;
it gives the ruleset id and scenario, and the game played (rulecraft/runtime/play.py plays it). A
newcomer changes here how a bare scenario name is found among the bundled rulesets."""

from __future__ import annotations

from typing import Any

from ..agents.specs import make_agents
from ..compiler.diagnostics import CompileError
from ..compiler.loader import bundled_ids, load
from ..inputs.given import UsageError, scenario_named


def find_scenario(name: str) -> tuple[str, str]:
    if "/" in name:
        game, _, scenario = name.rpartition("/")
        return game, scenario
    for rid in bundled_ids():
        try:
            if name in load(rid).scenarios:
                return rid, name
        except CompileError:  # a broken ruleset cannot hide the scenario of another
            continue
    raise UsageError("E1003", f"no bundled scenario '{name}'")


def players_of(rules, name: str) -> list[str]:
    """The players of a scenario, in order (two, `p1` and `p2`, where it names none)."""
    return list(scenario_named(rules, name).props.get("players", ["p1", "p2"]))


def play(rules, name: str, seed: int, specs: list[str], rounds: int | None,
         assumptions: dict[str, Any] | None = None, options: list[str] | None = None, log: str = "full"):
    """Play a scenario with the agents `specs` give (one spec: every player's); `log` as in
    runtime.play.start."""
    from ..runtime.play import run, start

    players = players_of(rules, name)
    agents = make_agents(specs, len(players))
    game = start(rules, name, seed=seed, players=players, agents=agents, assumptions=assumptions,
                 options=options or (), log=log)
    return run(game, name, rounds)
