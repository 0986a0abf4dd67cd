"""`rulecraft simulate`: many seeded games of one scenario, played in a process pool (or on a Dask
cluster: see cluster.py), and what they add up to: winner shares with 95 % Wilson intervals,
rounds played, each player's score (if the ruleset declares `fn score(p: player) -> int`), how
often each definition was picked in choices and played in timing windows and each text (an
action's name, an order) was chosen (History.tally), and the rule ids the ruleset carries that
no game executed.

It takes a ruleset, a scenario and how its games are played (plain values: the command line is
rulecraft/cli/playing.py); it gives the summary, a dict (and its text). A newcomer adds a sum to
`summarise` (and the line that shows it to `render`).

Game i plays with seed S+i and its results are added up in seed order, so the results are the
same whatever the number of workers. Each worker gets the ruleset once (a loaded ruleset pickles
as its load, which reads the compiled cache) and plays with the simulation log. Progress goes to
stderr (progress.py), the results to stdout."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from typing import Any

from ..agents.specs import agent_specs, make_agents
from ..runtime.ruleset import Ruleset
from .progress import progress
from .scenarios import players_of
from .seeded import Played, Setting, play_one
from .statistics import wilson

TALLIES = ("picked", "played", "chosen")  # see runtime.history.History.tally
TOP = 5  # the most frequent entries of each tally the table shows


@dataclass(frozen=True)
class How:
    """Where and how a simulation's games are played, and whether progress is shown."""

    workers: int
    backend: str = "local"
    scheduler: str | None = None
    quiet: bool = False


def setting_of(rules: Ruleset, scenario: str, agents: tuple[str | None, list[str]], rounds: int | None,
               assumptions: dict[str, Any]) -> tuple[Setting, list[str]]:
    """The games' setting, and the scenario's players; `agents`: the `--agents` list and the
    `--agent` specs (agents.specs.agent_specs); a bad agent spec is refused here, before any worker
    starts."""
    players = players_of(rules, scenario)
    specs = agent_specs(*agents)
    make_agents(specs, len(players))
    return Setting(scenario, tuple(specs), rounds, assumptions), players


def simulate(rules: Ruleset, setting: Setting, seeds: range, how: How) -> list[Played]:
    """Every seed's game, in seed order, counted on stderr as they come in."""
    label = f"{rules.id}/{setting.scenario}" + (f" with {', '.join(rules.applied)}" if rules.applied else "")
    with progress(label, len(seeds), how.quiet) as advance:
        if how.backend == "dask":
            from .cluster import play_on_cluster

            assert how.scheduler is not None, "check_counts asks for a scheduler"
            return play_on_cluster(rules, setting, seeds, how.scheduler, advance)
        return [advance(p) for p in _play_local(rules, setting, seeds, how.workers)]


def _play_local(rules: Ruleset, setting: Setting, seeds: range, workers: int) -> Iterator[Played]:
    """The games in seed order; `workers` 1 plays them in this process."""
    workers = min(workers, len(seeds))
    if workers == 1:
        yield from (play_one(rules, setting, seed) for seed in seeds)
        return
    chunk = max(1, len(seeds) // (workers * 4))  # few round trips, yet work for every worker to the end
    with ProcessPoolExecutor(workers, initializer=_prepare, initargs=(rules, setting)) as pool:
        yield from pool.map(_play_seed, seeds, chunksize=chunk)  # map yields in seed order


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
    executed = frozenset().union(*(p.executed for p in played))
    return {"game": rules.id, "mods": list(rules.applied), "scenario": setting.scenario, "seed": seed, "games": n,
            "agents": list(setting.specs),
            "winners": [_share(name, k, n) for name, k in _in_order(wins, players)],
            "rounds": _spread([p.rounds for p in played]),
            "scores": _scores(players, played),
            "plays": _plays(played),
            "never_executed": sorted(set(rules.rule_sites) - executed)}


def _spread(xs: list[int]) -> dict[str, Any]:
    return {"mean": round(sum(xs) / len(xs), 4), "min": min(xs), "max": max(xs)}


def _scores(players: list[str], played: list[Played]) -> list[dict[str, Any]] | None:
    """Each player's score at the games' end, in player order; None if the ruleset has no score."""
    if played[0].scores is None:
        return None
    return [{"player": name, **_spread([p.scores[i] for p in played if p.scores is not None])}
            for i, name in enumerate(players)]


def _plays(played: list[Played]) -> dict[str, dict[str, int]]:
    """Each tally summed over the games, the most frequent first (ties by name)."""
    sums: Counter[tuple[str, str]] = Counter()
    for p in played:
        sums.update(dict(p.tally))
    return {tally: dict(sorted(((name, k) for (t, name), k in sums.items() if t == tally), key=lambda e: (-e[1], e[0])))
            for tally in TALLIES}


def _in_order(wins: dict[str | None, int], players: list[str]) -> Iterable[tuple[str | None, int]]:
    """The players in scenario order, any other winner by name, the draws last."""
    others = sorted(name for name in wins if name is not None and name not in players)
    return [(name, wins.get(name, 0)) for name in [*players, *others, None]]


def _share(name: str | None, k: int, n: int) -> dict[str, Any]:
    low, high = wilson(k, n)
    return {"winner": name, "games": k, "share": round(k / n, 4), "interval": [round(low, 4), round(high, 4)]}


def render(summary: dict[str, Any]) -> str:
    rounds = summary["rounds"]
    lines = [f"{summary['game']}/{summary['scenario']}: {summary['games']} games, seeds {summary['seed']}.."
             f"{summary['seed'] + summary['games'] - 1}, agents {','.join(summary['agents'])}",
             f"{'winner':<20} {'games':>7} {'share':>7}  95 % interval"]
    for w in summary["winners"]:
        low, high = w["interval"]
        lines.append(f"{w['winner'] or '(draw)':<20} {w['games']:>7} {w['share']:>7.1%}  {low:.1%} .. {high:.1%}")
    lines.append(f"rounds: mean {rounds['mean']}, min {rounds['min']}, max {rounds['max']}")
    for s in summary["scores"] or ():
        lines.append(f"score of {s['player']}: mean {s['mean']}, min {s['min']}, max {s['max']}")
    lines += _render_plays(summary["plays"])
    never = summary["never_executed"]
    lines.append(f"rules never executed ({len(never)}): {', '.join(never)}" if never else "every rule was executed")
    return "\n".join(lines)


def _render_plays(plays: dict[str, dict[str, int]]) -> list[str]:
    """A line for each tally that counted anything: its most frequent entries."""
    return [f"{tally} most ({len(counts)} in all): " + ", ".join(f"{name} {k}" for name, k in list(counts.items())[:TOP])
            for tally, counts in plays.items() if counts]
