"""`rulecraft mutate`: the rule-mutation score (points: what to mutate; run: the workers; score: the report)."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path


def add_parser(sub) -> None:
    m = sub.add_parser("mutate", help="rule-mutation score: break each rule's code, see whether its tests notice",
                       description="For each catalogue id, mutate the code it tags (drop a statement, negate a "
                       "condition, shift an integer by one, swap a comparison), one mutant at a time, and run "
                       "the tests that name the id. Run it from the project's folder.")
    m.add_argument("game", nargs="?", help="one catalogue (e.g. a file name of ../shared/rules without .yaml)")
    m.add_argument("--ids", nargs="+", metavar="ID", help="only these rule ids")
    m.add_argument("--sample", type=int, metavar="N", help="at most N mutants per id, drawn with --seed")
    m.add_argument("--seed", type=int, default=0)
    m.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="worker processes (default: the CPU count)")
    m.add_argument("--timeout", type=float, default=120.0, help="seconds a mutant's tests may take (longer: caught)")
    m.add_argument("--catalogue", help="folder of rule catalogues (default: ../shared/rules)")
    m.add_argument("--rulesets", help="the rulesets to mutate (default: ./rulesets if there, else the bundled ones)")
    m.add_argument("--tests", nargs="+", default=["tests"], help="where the tests are (default: tests)")
    m.add_argument("--explained", metavar="FILE", help="mutants (and ids with nothing to mutate) explained as equivalent, "
                   "with reasons (default: tests/equivalent_mutants.yaml if there)")
    m.add_argument("--json", action="store_true")
    m.set_defaults(handler=cmd_mutate)


def cmd_mutate(args) -> int:
    from ..compiler.loader import bundled_root
    from ..coverage import find_catalogue, read_catalogue
    from .explained import DEFAULT, ExplainedError, read
    from .run import CollectError
    from .score import Plan, render, score

    folder = find_catalogue(args.catalogue)
    if folder is None:
        print("error: no rule catalogue found (give --catalogue DIR)", file=sys.stderr)
        return 1
    games = read_catalogue(folder)
    if args.game is not None and args.game not in games:
        print(f"error: no catalogue `{args.game}` (known: {', '.join(games)})", file=sys.stderr)
        return 1
    wanted = set(args.ids or ())
    games = {g: [i for i in ids if not wanted or i in wanted] for g, ids in games.items() if args.game in (None, g)}
    games = {g: ids for g, ids in games.items() if ids}
    if args.sample is not None and args.sample < 1 or args.jobs < 1:
        print("error: --sample and --jobs take a positive number", file=sys.stderr)
        return 1
    # the project's own folder first: its tests are the ones run, and the rulesets they were written for
    root = Path(args.rulesets) if args.rulesets else Path("rulesets") if any(Path("rulesets").glob("*/main.rules")) else bundled_root()
    try:
        explained = read(Path(args.explained) if args.explained else DEFAULT)
    except ExplainedError as e:
        print(f"error: {e}", file=sys.stderr)
        return 1
    if args.explained and not Path(args.explained).is_file():
        print(f"error: no file {args.explained}", file=sys.stderr)
        return 1
    plan = Plan(root, args.tests, games, args.sample, args.seed, args.jobs, args.timeout, explained)
    try:
        report = score(plan)
    except CollectError as e:
        print(f"error: {e}; run `rulecraft mutate` from the project's folder, or give --tests", file=sys.stderr)
        return 1
    print(json.dumps(report, indent=1) if args.json else render(report))
    return 0
