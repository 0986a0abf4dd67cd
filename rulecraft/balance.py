"""`rulecraft balance`: a scenario's games without and with mods, on the same seeds, and whether
the mods change who wins or how long games last.

Each winner's share (and the draws') is compared with a two-sided two-proportion z-test (pooled);
the mean number of rounds with Welch's t-test, its p-value from the normal distribution, which
is close to Student's t for large samples only: with fewer games a side only the difference is
given."""

from __future__ import annotations

import json
import math
from typing import Any

from . import plots
from .arguments import assumption_overrides
from .simulate import Played, add_games_options, check_counts, how_of, seeds_of, setting_of, simulate, summarise

ALPHA = 0.05  # the significance level the verdicts use
GAMES = 200  # games a side when --games is not given
Z_TEST = "two-proportion z-test"
WELCH = "Welch's t-test (normal approximation)"
MIN_GAMES_FOR_NORMAL = 30  # fewer games a side: no p-value for the rounds


def add_parser(sub) -> None:
    s = sub.add_parser("balance", help="play a scenario without and with mods and tell whether wins or length change")
    add_games_options(s, games=GAMES)
    s.add_argument("--vs", action="append", required=True, metavar="MOD",
                   help="a mod to compare against the game without it: a bundled mod id or a mod folder "
                        "(repeat, in load order)")
    s.add_argument("--json", action="store_true", help="print one JSON document")
    plots.add_option(s)
    s.set_defaults(handler=cmd_balance)


def cmd_balance(args) -> int:
    from .cli import find_scenario
    from .compiler.loader import load

    check_counts(args)
    plots.check(args.plot)
    game_id, scenario = find_scenario(args.scenario)
    sides = [load(game_id), load(game_id, args.vs)]
    settings = [setting_of(args, rules, scenario, assumption_overrides(rules, args.set))  # a mod may drop the
                for rules in sides]                                                      # scenario or an assumption
    played = [simulate(rules, setting, seeds_of(args), how_of(args))
              for rules, (setting, _) in zip(sides, settings)]
    summaries = [summarise(rules, setting, players, args.seed, games)
                 for rules, (setting, players), games in zip(sides, settings, played)]
    report = compare(summaries[0], summaries[1], played[0], played[1])
    print(json.dumps(report, indent=2, ensure_ascii=False) if args.json else render(report))
    if args.plot:
        plots.balance(report, args.plot)
    return 0


def compare(without: dict[str, Any], with_: dict[str, Any], played_without: list[Played],
            played_with: list[Played]) -> dict[str, Any]:
    """The two summaries and, for each winner and for the rounds, the difference and its test."""
    n0, n1 = without["games"], with_["games"]
    games0 = {w["winner"]: w["games"] for w in without["winners"]}
    games1 = {w["winner"]: w["games"] for w in with_["winners"]}
    names = [*games0, *(name for name in games1 if name not in games0)]
    winners = []
    for name in names:
        k0, k1 = games0.get(name, 0), games1.get(name, 0)
        z, p = two_proportion_z(k0, n0, k1, n1)
        winners.append({"winner": name, "without": round(k0 / n0, 4), "with": round(k1 / n1, 4),
                        "test": Z_TEST, "z": round(z, 4), "p": p, "significant": p < ALPHA})
    return {"game": without["game"], "scenario": without["scenario"], "seed": without["seed"], "games": n0,
            "agents": without["agents"], "mods": with_["mods"], "alpha": ALPHA, "winners": winners,
            "rounds": _rounds([p.rounds for p in played_without], [p.rounds for p in played_with]),
            "without": without, "with": with_}


def two_proportion_z(k0: int, n0: int, k1: int, n1: int) -> tuple[float, float]:
    """The pooled two-proportion z statistic of k1/n1 against k0/n0 and its two-sided p-value;
    equal shares of none or all (no variance): z 0, p 1."""
    pooled = (k0 + k1) / (n0 + n1)
    se = math.sqrt(pooled * (1 - pooled) * (1 / n0 + 1 / n1))
    if se == 0:
        return 0.0, 1.0
    z = (k1 / n1 - k0 / n0) / se
    return z, math.erfc(abs(z) / math.sqrt(2))


def welch_normal(a: list[int], b: list[int]) -> tuple[float, float]:
    """Welch's t statistic of mean(b) against mean(a) and its two-sided p-value from the normal
    distribution (both samples of two or more); no variance on either side: p 1 if the means are
    equal, else 0."""
    mean_a, mean_b = sum(a) / len(a), sum(b) / len(b)
    se = math.sqrt(_variance(a, mean_a) / len(a) + _variance(b, mean_b) / len(b))
    if se == 0:
        return 0.0, 1.0 if mean_a == mean_b else 0.0
    t = (mean_b - mean_a) / se
    return t, math.erfc(abs(t) / math.sqrt(2))


def _variance(xs: list[int], mean: float) -> float:
    return sum((x - mean) ** 2 for x in xs) / (len(xs) - 1)


def _rounds(a: list[int], b: list[int]) -> dict[str, Any]:
    out: dict[str, Any] = {"without": round(sum(a) / len(a), 4), "with": round(sum(b) / len(b), 4)}
    out["difference"] = round(out["with"] - out["without"], 4)
    if min(len(a), len(b)) < MIN_GAMES_FOR_NORMAL:
        return {**out, "test": None, "why": f"fewer than {MIN_GAMES_FOR_NORMAL} games a side: the normal "
                                            "approximation of Welch's t-test would not hold"}
    t, p = welch_normal(a, b)
    return {**out, "test": WELCH, "t": round(t, 4), "p": p, "significant": p < ALPHA}


def render(report: dict[str, Any]) -> str:
    lines = [f"{report['game']}/{report['scenario']}: {report['games']} games without and with "
             f"{', '.join(report['mods'])} (seeds {report['seed']}..{report['seed'] + report['games'] - 1}, "
             f"agents {','.join(report['agents'])})"]
    for w in report["winners"]:
        who = "draws" if w["winner"] is None else f"{w['winner']} wins"
        lines.append(f"{who} {w['without']:.1%} -> {w['with']:.1%} ({_p(w['p'])}, {w['test']}): "
                     f"{_verdict(w['significant'])}")
    r = report["rounds"]
    head = f"rounds {r['without']:.2f} -> {r['with']:.2f} on average"
    lines.append(f"{head} ({_p(r['p'])}, {r['test']}): {_verdict(r['significant'])}" if r["test"] else
                 f"{head} (no test: {r['why']})")
    return "\n".join(lines)


def _p(p: float) -> str:
    return "p < 0.0001" if p < 0.0001 else f"p = {p:.4f}"


def _verdict(significant: bool) -> str:
    return f"{'' if significant else 'not '}significant at {ALPHA:.0%}"
