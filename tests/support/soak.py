"""The soak: every scenario of every bundled ruleset (games, formats and mods, by their own id)
played to its end by random agents for many seeds, each log replayed and compared line for line.

    python -m tests.support.soak [--seeds 1-100] [--jobs 2]

Prints one line per scenario (games, seconds, who won how often) and every failure (a crash,
a game that does not end, a log that does not replay); exits 1 if there was any."""

from __future__ import annotations

import argparse
import multiprocessing
import sys
import time
from collections import Counter

import rulecraft
from rulecraft.compiler.loader import bundled_ids
from rulecraft.runtime.play import replay, run, start


def cases() -> list[tuple[str, str]]:
    return [(rid, scenario) for rid in bundled_ids() for scenario in sorted(rulecraft.load(rid).scenarios)]


def soak_one(case: tuple[str, str, int]) -> tuple[str, str, int, str | None, str | None, float]:
    """(ruleset, scenario, seed, winner, failure, seconds) of one game played to its end and replayed."""
    ruleset_id, scenario, seed = case
    began = time.perf_counter()
    try:
        rules = rulecraft.load(ruleset_id)
        game = run(start(rules, scenario, seed=seed), scenario)
        if not game.over and game.round < rules.scenarios[scenario].props.get("rounds", 100):
            return ruleset_id, scenario, seed, None, f"stopped in round {game.round}", time.perf_counter() - began
        header = game.log[0]
        again = replay(rulecraft.load(header["game"], header["mods"]), game.log)
        failure = None if again.log_lines() == game.log_lines() else "the log does not replay line for line"
        winner = game.winner.name if game.winner is not None else None
    except Exception as err:  # a crash is a finding: report it and go on
        winner, failure = None, f"{type(err).__name__}: {err}"
    return ruleset_id, scenario, seed, winner, failure, time.perf_counter() - began


def seed_range(text: str) -> range:
    low, _, high = text.partition("-")
    return range(int(low), int(high or low) + 1)


def report(ruleset_id: str, scenario: str, results: list[tuple]) -> int:
    """Prints one scenario's line and its failures; returns how many failed."""
    wins = Counter(str(r[3]) for r in results)
    print(f"{ruleset_id}/{scenario}: {len(results)} games, {sum(r[5] for r in results):.1f}s, "
          f"winners {dict(sorted(wins.items()))}", flush=True)
    failed = [r for r in results if r[4]]
    for r in failed:
        print(f"  FAILED seed {r[2]}: {r[4]}", flush=True)
    return len(failed)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.support.soak", description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", default="1-100", help="a seed or a range of seeds, e.g. 1-100")
    parser.add_argument("--jobs", type=int, default=2, help="worker processes")
    args = parser.parse_args(argv)
    seeds = seed_range(args.seeds)
    began = time.perf_counter()
    work = [(rid, scenario, seed) for rid, scenario in cases() for seed in seeds]
    failures = 0
    with multiprocessing.get_context("spawn").Pool(args.jobs) as pool:
        done: list[tuple] = []
        for result in pool.imap(soak_one, work, chunksize=4):  # in order: a scenario's games together
            done.append(result)
            if len(done) == len(seeds):
                failures += report(result[0], result[1], done)
                done = []
    print(f"{len(work)} games in {time.perf_counter() - began:.0f}s with {args.jobs} jobs; {failures} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
