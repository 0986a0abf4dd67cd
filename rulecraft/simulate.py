"""`rulecraft simulate`: many seeded games of one scenario, played in a process pool, and what
they add up to: winner shares with 95 % Wilson intervals, rounds played, and the rule ids the
ruleset carries that no game executed.

Game i plays with seed S+i and its results are added up in seed order, so the results are the
same whatever the number of workers. Each worker gets the ruleset once (a loaded ruleset pickles
as its load, which reads the compiled cache) and plays with the simulation log."""

from __future__ import annotations

import json
import math
import os
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from typing import Any, Iterable

from . import plots
from .arguments import (
    UsageError,
    add_agent_options,
    add_mod_option,
    agent_specs,
    assumption_overrides,
    make_agents,
    scenario_named,
)
from .runtime.ruleset import Ruleset

Z95 = 1.959963984540054  # the standard normal quantile of a two-sided 95 % interval


def add_parser(sub) -> None:
    s = sub.add_parser("simulate", help="play many seeded games of a scenario and sum up who wins and how long")
    add_games_options(s)
    s.add_argument("--set", action="append", default=[], metavar="ASSUMPTION=VALUE")
    add_mod_option(s)
    s.add_argument("--json", action="store_true", help="print one JSON document")
    plots.add_option(s)
    s.set_defaults(handler=cmd_simulate)


def add_games_options(s) -> None:
    """The scenario and how its games are played, shared with `balance`."""
    s.add_argument("scenario", help="SCENARIO or GAME/SCENARIO, as `run` takes it")
    s.add_argument("--games", type=int, required=True, metavar="N", help="how many games (seeds S, S+1, ...)")
    s.add_argument("--workers", type=int, metavar="K", help="processes playing them (default: one per CPU; "
                                                            "1 plays them in this process)")
    s.add_argument("--seed", type=int, default=1, metavar="S", help="the first game's seed")
    add_agent_options(s)
    s.add_argument("--rounds", type=int, help="stop each game after this many rounds")


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


def cmd_simulate(args) -> int:
    from .cli import find_scenario
    from .compiler.loader import load

    check_counts(args)
    plots.check(args.plot)
    game_id, scenario = find_scenario(args.scenario)
    rules = load(game_id, args.mod)
    setting, players = setting_of(args, rules, scenario, assumption_overrides(rules, args.set))
    played = simulate(rules, setting, seeds_of(args), workers_of(args))
    summary = summarise(rules, setting, players, args.seed, played)
    print(json.dumps(summary, indent=2, ensure_ascii=False) if args.json else render(summary))
    if args.plot:
        plots.simulation(summary, args.plot)
    return 0


def check_counts(args) -> None:
    """Refuses `--games` or `--workers` below one."""
    if args.games < 1:
        raise UsageError("E1002", f"--games {args.games}: give at least one game")
    if args.workers is not None and args.workers < 1:
        raise UsageError("E1002", f"--workers {args.workers}: give at least one worker")


def setting_of(args, rules: Ruleset, scenario: str, assumptions: dict[str, Any]) -> tuple[Setting, list[str]]:
    """The games' setting from the command line, and the scenario's players; a bad agent spec is
    refused here, before any worker starts."""
    players = list(scenario_named(rules, scenario).props.get("players", ["p1", "p2"]))
    specs = agent_specs(args.agents, args.agent)
    make_agents(specs, len(players))
    return Setting(scenario, tuple(specs), args.rounds, assumptions), players


def seeds_of(args) -> range:
    return range(args.seed, args.seed + args.games)


def workers_of(args) -> int:
    return args.workers or os.cpu_count() or 1


def simulate(rules: Ruleset, setting: Setting, seeds: range, workers: int) -> list[Played]:
    """Every seed's game, in seed order; `workers` 1 plays them in this process."""
    workers = min(workers, len(seeds))
    if workers == 1:
        return [play_one(rules, setting, seed) for seed in seeds]
    chunk = max(1, len(seeds) // (workers * 4))  # few round trips, yet work for every worker to the end
    with ProcessPoolExecutor(workers, initializer=_prepare, initargs=(rules, setting)) as pool:
        return list(pool.map(_play_seed, seeds, chunksize=chunk))  # map yields in seed order


def play_one(rules: Ruleset, setting: Setting, seed: int) -> Played:
    from .cli import play

    game = play(rules, setting.scenario, seed, list(setting.specs), setting.rounds, setting.assumptions,
                log="simulation")
    return Played(game.winner.name if game.winner is not None else None, game.round,
                  frozenset(game.history.touched))


_worker: tuple[Ruleset, Setting] | None = None  # a worker process's ruleset and setting (see _prepare)


def _prepare(rules: Ruleset, setting: Setting) -> None:
    global _worker
    _worker = (rules, setting)


def _play_seed(seed: int) -> Played:
    assert _worker is not None, "a worker plays only after _prepare"
    return play_one(*_worker, seed)


def summarise(rules: Ruleset, setting: Setting, players: list[str], seed: int, played: list[Played]) -> dict[str, Any]:
    """The games' sums; a winner None is a draw."""
    n = len(played)
    wins: dict[str | None, int] = {name: 0 for name in players}
    for p in played:
        wins[p.winner] = wins.get(p.winner, 0) + 1
    rounds = [p.rounds for p in played]
    executed = frozenset().union(*(p.executed for p in played))
    return {"game": rules.id, "mods": list(rules.applied), "scenario": setting.scenario, "seed": seed, "games": n,
            "agents": list(setting.specs),
            "winners": [_share(name, k, n) for name, k in _in_order(wins, players)],
            "rounds": {"mean": round(sum(rounds) / n, 4), "min": min(rounds), "max": max(rounds)},
            "never_executed": sorted(set(rules.rule_sites) - executed)}


def _in_order(wins: dict[str | None, int], players: list[str]) -> Iterable[tuple[str | None, int]]:
    """The players in scenario order, any other winner by name, the draws last."""
    others = sorted(name for name in wins if name is not None and name not in players)
    return [(name, wins.get(name, 0)) for name in [*players, *others, None]]


def _share(name: str | None, k: int, n: int) -> dict[str, Any]:
    low, high = wilson(k, n)
    return {"winner": name, "games": k, "share": round(k / n, 4), "interval": [round(low, 4), round(high, 4)]}


def wilson(k: int, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion k/n (it stays inside [0, 1], unlike the normal one)."""
    p = k / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def render(summary: dict[str, Any]) -> str:
    rounds = summary["rounds"]
    lines = [f"{summary['game']}/{summary['scenario']}: {summary['games']} games, seeds {summary['seed']}.."
             f"{summary['seed'] + summary['games'] - 1}, agents {','.join(summary['agents'])}",
             f"{'winner':<20} {'games':>7} {'share':>7}  95 % interval"]
    for w in summary["winners"]:
        low, high = w["interval"]
        lines.append(f"{w['winner'] or '(draw)':<20} {w['games']:>7} {w['share']:>7.1%}  {low:.1%} .. {high:.1%}")
    lines.append(f"rounds: mean {rounds['mean']}, min {rounds['min']}, max {rounds['max']}")
    never = summary["never_executed"]
    lines.append(f"rules never executed ({len(never)}): {', '.join(never)}" if never else "every rule was executed")
    return "\n".join(lines)
