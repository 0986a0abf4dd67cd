"""The rule-mutation score: which mutants of each catalogue id's code the tests naming the id catch."""

from __future__ import annotations

import multiprocessing
import os
import random
import resource
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

from .explained import Explained
from .points import Mutant, find_mutants
from .run import CAUGHT, COMPILER, ERROR, EXPLAINED, SURVIVED, TIMEOUT, Job, baseline, run_job, start_worker, tests_naming


@dataclass
class Plan:
    root: Path  # the rulesets
    tests: list[str]  # where the tests are
    games: dict[str, list[str]]  # catalogue -> its ids (those asked for)
    sample: int | None = None  # at most this many mutants per id
    seed: int = 0
    jobs: int = field(default_factory=lambda: os.cpu_count() or 1)
    timeout: float = 120.0
    explained: Explained = field(default_factory=Explained)


def chosen(plan: Plan, mutants: list[Mutant]) -> dict[str, list[Mutant]]:
    """Each asked id's mutants, or a sample of them drawn by a generator seeded with the seed and the id."""
    by_id: dict[str, list[Mutant]] = {rule: [] for ids in plan.games.values() for rule in ids}
    for m in mutants:
        for rule in m.ids:
            if rule in by_id:
                by_id[rule].append(m)
    if plan.sample is not None:
        for rule, found in by_id.items():
            if len(found) > plan.sample:
                picks = random.Random(f"{plan.seed}/{rule}").sample(range(len(found)), plan.sample)
                by_id[rule] = [found[i] for i in sorted(picks)]
    return by_id


def jobs_for(by_id: dict[str, list[Mutant]], names: dict[str, list[str]]) -> list[Job]:
    """One job per distinct mutant: the tests that name any id tagging its place; none for an untested id."""
    unique = {m.key(): m for found in by_id.values() for m in found}
    out = []
    for m in unique.values():
        tests = sorted({t for rule in m.ids for t in names.get(rule, ())})
        if tests:
            out.append(Job(m, tuple(tests), Path(m.file).parent.as_posix()))
    return out


def run_all(plan: Plan, jobs: list[Job], scratch: str) -> tuple[dict[tuple, str], list[str]]:
    """Each mutant's outcome, and the tests that fail with no mutant (left out of every mutant's run).
    Progress goes to stderr every 100 mutants."""
    if not jobs:
        return {}, []
    context = multiprocessing.get_context("spawn")
    outcomes: dict[tuple, str] = {}
    began = time.monotonic()
    with context.Pool(min(plan.jobs, len(jobs)), initializer=start_worker, initargs=(str(plan.root), scratch, plan.timeout)) as pool:
        every = sorted({t for job in jobs for t in job.tests})
        passing = {t for part in pool.map(baseline, [tuple(every[i::plan.jobs]) for i in range(min(plan.jobs, len(every)))]) for t in part}
        failing = [t for t in every if t not in passing]
        runnable = []
        for job in jobs:
            job.tests = tuple(t for t in job.tests if t in passing)
            if job.tests:
                runnable.append(job)
            else:
                outcomes[job.mutant.key()] = ERROR
        # slow mutants first, so that a long one does not finish alone at the end: most tests first
        for job, outcome, _ in pool.imap_unordered(run_job, sorted(runnable, key=lambda j: -len(j.tests))):
            outcomes[job.mutant.key()] = outcome
            if len(outcomes) % 100 == 0:
                print(f"mutate: {len(outcomes)}/{len(jobs)} mutants, {time.monotonic() - began:.0f} s", file=sys.stderr)
    return outcomes, failing


def cpu_seconds() -> float:
    """Processor time of this process and of every process it waited for (the workers and their children)."""
    own, children = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def score(plan: Plan) -> dict:
    began, cpu = time.monotonic(), cpu_seconds()
    with tempfile.TemporaryDirectory(prefix="rulecraft-mutate-") as scratch:
        names = tests_naming(plan.tests, Path(scratch))
        every = find_mutants(plan.root)
        by_id = chosen(plan, every)
        jobs = jobs_for(by_id, names)
        outcomes, failing = run_all(plan, jobs, scratch)
    rules = []
    for game, ids in plan.games.items():
        for rule in ids:
            rules.append(rule_row(game, rule, by_id[rule], outcomes, bool(names.get(rule)), plan.explained))
    ids_with_mutants = {rule for m in every for rule in m.ids}
    games = [game_row(game, [r for r in rules if r["game"] == game]) for game in plan.games]
    mode = "every mutant" if plan.sample is None else f"at most {plan.sample} mutants per id, drawn with seed {plan.seed}"
    return {"mode": mode, "jobs": plan.jobs, "mutants": len(jobs), "seconds": round(time.monotonic() - began, 1),
            "cpu_seconds": round(cpu_seconds() - cpu, 1),
            "failing_without_mutant": failing, "games": games, "rules": rules,
            "stale_explanations": plan.explained.stale(every)
            + [f"{rule}: has mutants now" for rule in plan.explained.ids if rule in ids_with_mutants],
            "explained_but_caught": [f"{m.place}  {m.mutation}" for m in {m.key(): m for found in by_id.values() for m in found}.values()
                                     if plan.explained.why(m) and outcomes.get(m.key()) in (CAUGHT, COMPILER, TIMEOUT)]}


def rule_row(game: str, rule: str, mutants: list[Mutant], outcomes: dict[tuple, str], tested: bool,
             explained: Explained) -> dict:
    results = []
    for m in mutants:
        outcome = outcomes.get(m.key(), SURVIVED)
        results.append((m, EXPLAINED if outcome == SURVIVED and explained.why(m) else outcome))
    count = {kind: sum(o == kind for _, o in results) for kind in (CAUGHT, COMPILER, TIMEOUT, EXPLAINED, SURVIVED, ERROR)}
    return {"id": rule, "game": game, "mutants": len(mutants), "tested": tested, **count,
            "nothing_to_mutate": explained.ids.get(rule) if not mutants else None,
            "survivors": [{"place": m.place, "mutation": m.mutation} for m, o in results if o == SURVIVED],
            "not_run": [{"place": m.place, "mutation": m.mutation} for m, o in results if o == ERROR]}


def all_caught(row: dict) -> bool:
    """Every mutant caught or explained; or none, and the reason given."""
    if not row["mutants"]:
        return row["nothing_to_mutate"] is not None
    return not row["survived"] and not row["error"]


def game_row(game: str, rows: list[dict]) -> dict:
    strong = sum(1 for r in rows if all_caught(r))
    total = len(rows)
    return {"catalogue": game, "ids": total, "all_caught": strong, "percent": round(100 * strong / total, 1) if total else 0.0,
            "explained": sum(1 for r in rows if all_caught(r) and (r["explained"] or not r["mutants"])),
            "no_mutant": sum(1 for r in rows if not r["mutants"]),
            "by_compiler_only": sum(1 for r in rows if r["mutants"] and r["compiler"] == r["mutants"])}


def render(report: dict) -> str:
    lines = [f"rule-mutation score ({report['mode']}; {report['mutants']} mutants, {report['jobs']} jobs, {report['seconds']} s, "
             f"{report['cpu_seconds']} s of processor time)", *render_games(report["games"]),
             f"\n{'id':<12} {'mutants':>7} {'caught':>7} {'compiler':>9} {'timeout':>8} {'explained':>10} {'survived':>9} "
             f"{'not run':>8}"]
    lines.extend(f"{r['id']:<12} {r['mutants']:>7} {r['caught']:>7} {r['compiler']:>9} {r['timeout']:>8} {r['explained']:>10} "
                 f"{r['survived']:>9} {r['error']:>8}" for r in report["rules"])
    for key, title in (("survivors", "surviving mutants ({}): a test naming the id should fail on each"),
                       ("not_run", "mutants whose tests could not run ({}): not caught")):
        found = [(s, r["id"]) for r in report["rules"] for s in r[key]]
        if found:
            lines.append("\n" + title.format(len(found)))
            lines.extend(f"  {s['place']}  {s['mutation']}  [{rule}]" for s, rule in found)
    if report.get("failing_without_mutant"):
        lines.append("\ntests that fail with no mutant (left out; a mutant with no other test is 'not run'):")
        lines.extend(f"  {t}" for t in report["failing_without_mutant"])
    untested = [r["id"] for r in report["rules"] if r["mutants"] and not r["tested"]]
    if untested:
        lines.append("ids no test names (their mutants were not run): " + ", ".join(untested))
    bare = [r["id"] for r in report["rules"] if not r["mutants"] and r["nothing_to_mutate"] is None]
    if bare:
        lines.append("ids with nothing to mutate and no reason given (not caught): " + ", ".join(bare))
    for key, title in (("stale_explanations", "explanations that name no mutant any more (explain again, or drop them)"),
                       ("explained_but_caught", "explained mutants a test catches (the explanation is wrong: drop it)")):
        if report[key]:
            lines.append(f"\n{title}:")
            lines.extend(f"  {s}" for s in report[key])
    return "\n".join(lines)


def render_games(games: list[dict]) -> list[str]:
    """The table: per catalogue, the ids with every mutant caught (by a test or the compiler) or explained, of
    all its ids; how many of those rely on an explanation."""
    lines = [f"{'catalogue':<20} {'ids':>5} {'all caught':>11} {'%':>6} {'of them explained':>18} {'no mutant':>10} "
             f"{'compiler only':>14}"]
    total: dict = {"catalogue": "all", "ids": 0, "all_caught": 0, "explained": 0, "no_mutant": 0, "by_compiler_only": 0}
    for g in games:
        for key in ("ids", "all_caught", "explained", "no_mutant", "by_compiler_only"):
            total[key] += g[key]
    total["percent"] = round(100 * total["all_caught"] / total["ids"], 1) if total["ids"] else 0.0
    for g in [*games, total]:
        lines.append(f"{g['catalogue']:<20} {g['ids']:>5} {g['all_caught']:>11} {g['percent']:>6} {g['explained']:>18} "
                     f"{g['no_mutant']:>10} {g['by_compiler_only']:>14}")
    return lines
