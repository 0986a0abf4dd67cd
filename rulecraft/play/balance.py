"""`rulecraft balance`: a scenario's games without and with mods, on the same seeds, and whether
the mods change who wins or how long games last.

Each winner's share (and the draws') is compared with a two-sided two-proportion z-test (pooled);
the mean number of rounds with Welch's t-test, its p-value from the normal distribution, which
is close to Student's t for large samples only: with fewer games a side only the difference is
given. The tests themselves are in statistics.py.

It takes the two sides' summaries and games (simulate.py plays them; the command line is
rulecraft/cli/playing.py); it gives the comparison, a dict (and its text). A newcomer adds a
comparison to `compare` (and its line to `render`)."""

from __future__ import annotations

from typing import Any

from .seeded import Played
from .statistics import ALPHA, p_text, two_proportion_z, welch_normal

GAMES = 200  # games a side when --games is not given
Z_TEST = "two-proportion z-test"
WELCH = "Welch's t-test (normal approximation)"
MIN_GAMES_FOR_NORMAL = 30  # fewer games a side: no p-value for the rounds


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
        lines.append(f"{who} {w['without']:.1%} -> {w['with']:.1%} ({p_text(w['p'])}, {w['test']}): "
                     f"{_verdict(w['significant'])}")
    r = report["rounds"]
    head = f"rounds {r['without']:.2f} -> {r['with']:.2f} on average"
    lines.append(f"{head} ({p_text(r['p'])}, {r['test']}): {_verdict(r['significant'])}" if r["test"] else
                 f"{head} (no test: {r['why']})")
    return "\n".join(lines)


def _verdict(significant: bool) -> str:
    return f"{'' if significant else 'not '}significant at {ALPHA:.0%}"
