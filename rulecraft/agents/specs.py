"""Agents as users name them (`--agent SPEC`, `--agents A,B`): `random`, `first`, scripts (also
read from a file, `script:@FILE`), and the searching agents with their budgets.

It takes the specs as texts; it gives agents (a bad spec: ValueError, or UsageError, exit 2). A
newcomer adds an agent's spec to AGENTS or SEARCHING (and its help text, rulecraft/cli/options.py)."""

from __future__ import annotations

import itertools
import json
from collections.abc import Iterable
from typing import Any

from .. import files
from ..inputs.given import UsageError
from ..runtime.agents import Agent, FirstLegalAgent, RandomAgent, ScriptedAgent
from .search import GreedyAgent, MctsAgent

AGENTS = {"random": RandomAgent, "first": FirstLegalAgent}


def script_answers(items: Iterable[str]) -> list[int | str]:
    """Answers as a user writes them: a whole number is an option's index, any other text an
    option's value, name or definition id; empty items are left out."""
    return [int(a) if a.isdigit() else a for a in items if a]


SEARCHING = {"greedy": ("samples", "turns"), "mcts": ("playouts", "turns", "seconds", "exploration")}


def make_agent(spec: str) -> Agent:
    """`random`, `first`, `script:a,b,c` (answers split at commas) or `script:[...]` (a JSON
    list of answers, which may hold commas: a number is an option's index; a text, true or false
    an option's value, name or definition id), `greedy[:samples=N,turns=T]` or
    `mcts[:playouts=N,turns=T,seconds=S,exploration=C]` (search.py). A bad spec raises ValueError."""
    name, _, body = spec.partition(":")
    if name in SEARCHING:
        return _searching(name, body, spec)
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
        raise ValueError(f"unknown agent '{spec}' (use one of: {', '.join(sorted([*AGENTS, *SEARCHING]))}, script:...)")
    return AGENTS[spec]()


def _searching(name: str, body: str, spec: str) -> Agent:
    settings: dict[str, Any] = {}
    for item in filter(None, body.split(",")):
        key, _, value = item.partition("=")
        if key not in SEARCHING[name]:
            raise ValueError(f"'{spec}': {name} takes {', '.join(SEARCHING[name])}, not '{key}'")
        try:
            number = float(value) if key in ("seconds", "exploration") else int(value)
        except ValueError:
            raise ValueError(f"'{spec}': {key} takes a number, not '{value}'") from None
        if (number <= 0 and key != "exploration") or number < 0:
            raise ValueError(f"'{spec}': {key} must be more than 0")
        settings[key] = number
    return (GreedyAgent if name == "greedy" else MctsAgent)(**settings)


MAX_SCRIPT_BYTES = 1024 * 1024  # a script file larger than this is refused before it is read


def agent_specs(listed: str | None, each: list[str]) -> list[str]:
    """The agents' specs given by `--agents` (split at every comma) or `--agent` items; random if none."""
    if listed is None:
        return each or ["random"]
    specs = listed.split(",")
    for before, spec in itertools.pairwise(specs):
        if before.partition(":")[0] in ("script", *SEARCHING) and ":" not in spec and spec not in AGENTS:
            raise UsageError("E1002", f"--agents: '{spec}' is not an agent: --agents splits at every comma",
                             f"give an agent spec with commas as `--agent {before},{spec}` (one --agent per "
                             "player)")
    return specs


def make_agents(specs: list[str], players: int) -> list[Agent]:
    """The players' agents: one spec plays for every player; `script:@FILE` reads a script's
    answers from a file, one a line (a line is taken whole, commas included)."""
    agents: list[Agent] = []
    for spec in specs if len(specs) > 1 else specs * players:
        if spec.startswith("script:@"):
            agents.append(ScriptedAgent(script_answers(line.strip() for line in _script_file(spec[8:]))))
            continue
        try:
            agents.append(make_agent(spec))
        except ValueError as err:
            raise UsageError("E1002", str(err)) from None
    return agents


def _script_file(name: str) -> list[str]:
    try:
        return files.read_text(name, MAX_SCRIPT_BYTES).splitlines()
    except files.TooLarge:
        raise UsageError("E1005", f"the script {name} is larger than {MAX_SCRIPT_BYTES // 1024} KB") from None
    except (OSError, UnicodeDecodeError) as err:  # a device, a FIFO, a folder: no script
        raise UsageError("E1005", f"cannot read the script {name}: {err}") from None
