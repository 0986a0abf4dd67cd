"""Scenarios: start a game from a scenario's setup, and play its rounds to the end.

When an agent looks ahead (search.py), the runner keeps a checkpoint, a copy of the game, before
the setup and before each round, where no handler runs: the agent plays on from it (`resume`)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from .agents import Agent, ReplayAgent
from .budget import DEFAULT_BUDGET
from .errors import GameOver, IllegalAction, UnknownName, located
from .fastpath import engage
from .fastpath_copy import copy_state
from .game import Game
from .ruleset import Ruleset


def start(rules: Ruleset, scenario: str | None = None, seed: int = 0, players: Sequence[str] | None = None,
          agents: Sequence[Agent] | None = None, assumptions: dict[str, Any] | None = None,
          budget: int | None = None, options: Sequence[str] = (), log: str = "full", fast_path: bool = True) -> Game:
    spec = None
    if scenario is not None:
        if scenario not in rules.scenarios:
            raise UnknownName("scenario", scenario,
                              f"no scenario '{scenario}' in {rules.id} (has: {', '.join(sorted(rules.scenarios)) or 'none'})",
                              sorted(rules.scenarios))
        spec = rules.scenarios[scenario]
        if players is None and "players" in spec.props:
            players = spec.props["players"]
    game = Game(rules, seed=seed, players=players or ("p1", "p2"), agents=agents, assumptions=assumptions,
                options=options, budget=budget or DEFAULT_BUDGET, log=log, fast_path=fast_path)
    if spec is not None:
        game.scenario = spec.id
        game.scenario_props = dict(spec.props)
        game.history.record("scenario", game=rules.id, mods=list(rules.applied), options=sorted(options), id=spec.id, seed=seed,
                    players=[p.name for p in game.players], assumptions=dict(sorted((assumptions or {}).items())))
        game.history.touch(spec.rules)
        if _looks_ahead(game):
            _keep_checkpoint(game, setup=True)
        _set_up(game)
    return game


def _set_up(game: Game) -> None:
    assert game.scenario is not None, "only a scenario's game is set up"
    setup = game.rules.scenarios[game.scenario].parts.get("setup")
    if setup is not None:
        try:
            with located():
                setup(game)
        except GameOver:
            pass


def resume(game: Game, setup: bool) -> Game:
    """Play a checkpoint's copy of a game on to its end: its setup first if `setup`."""
    if setup:
        _set_up(game)
    assert game.scenario is not None, "a checkpoint is kept only in a scenario's game"
    return run(game, game.scenario, game.round_limit)


@dataclass(frozen=True)
class Checkpoint:
    """A copy of a game where no handler runs: before its setup (`setup` True) or a round."""

    state: Game
    picks: int  # how many choices had been asked before it
    setup: bool


def copy_game(game: Game) -> Game:
    """A copy of a game to play on: its own state, the same ruleset and agents, no log kept (a
    simulation's, on the fast path where it applies) and none of the original's log entries, rules
    that ran or checkpoint."""
    memo: dict[int, Any] = {id(game.rules): game.rules, id(game.checkpoint): None,
                            id(game.history.entries): [], id(game.history.touched): set()}
    for agent in game.choices.agents.values():
        memo[id(agent)] = agent
    sim = copy_state(game, memo)
    sim.history.full = False
    engage(sim)
    return sim


def _looks_ahead(game: Game) -> bool:
    """Whether one of the game's agents looks ahead (and so plays on from checkpoints)."""
    return any(agent.looks_ahead for agent in game.choices.agents.values())


def _keep_checkpoint(game: Game, setup: bool) -> None:
    """A copy of the game to play on from."""
    game.checkpoint = Checkpoint(copy_game(game), len(game.choices.picks), setup)


def run(game: Game, scenario: str, max_rounds: int | None = None) -> Game:
    """Play rounds until the game ends or the round limit (the scenario's `rounds`, or 100).
    The game's agents are the same all game: whether one looks ahead is asked once."""
    spec = game.rules.scenarios[scenario]
    limit = game.round_limit = max_rounds or spec.props.get("rounds", 100)
    round_part = spec.parts.get("round")
    events, history, looks_ahead = game.events, game.history, _looks_ahead(game)
    try:
        with located():
            while not events.over and history.round < limit and round_part is not None:
                if looks_ahead:
                    _keep_checkpoint(game, setup=False)
                events.begin_round()
                round_part(game)
                events.end_round()
            if "finish" in spec.parts and not game.over:
                spec.parts["finish"](game)
    except GameOver:
        pass
    # A simulation's log leaves out the state's digest too: hashing the whole state is for checking replays.
    game.history.record("final", rounds=game.round, winner=game.winner,
                        digest=game.digest() if game.history.full else None)
    return game


def replay(rules: Ruleset, log: list[dict]) -> Game:
    """Play a logged game again from its seed and its logged choices (a full log or a simulation's:
    both have them); the replay writes the full log, which the caller compares."""
    header = next((e for e in log if e["what"] == "scenario"), None)
    if header is None:
        raise ValueError("the log has no scenario line to replay from")
    final = next((e for e in reversed(log) if e["what"] == "final"), None)
    if header["id"] not in rules.scenarios:
        raise IllegalAction(f"the log replays scenario `{header['id']}`, which `{rules.id}` does not have")
    picks: dict[str, list[Any]] = {name: [] for name in header["players"]}
    for e in log:
        if e["what"] == "choice" and e["options"] > 1:  # a single option is not asked
            if e["player"] not in picks:
                raise IllegalAction(f"the log has a choice of `{e['player']}`, who does not play in it")
            picks[e["player"]].append(e["picked"])
    agents = [ReplayAgent(picks[name]) for name in header["players"]]
    game = start(rules, header["id"], seed=header["seed"], players=header["players"], agents=agents,
                 assumptions=header.get("assumptions"), options=header.get("options", ()))
    return run(game, header["id"], final["rounds"] if final else None)
