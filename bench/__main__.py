"""`python -m bench`: prints the benchmark table (see bench/README.md)."""

from __future__ import annotations

import argparse
import platform
import sys

from . import board_games, check_time, compile_speed, doom, doomtrooper, events, handler, lists, lsp, neuroshima, odds, search, simulate


def table(title: str, rows: list[tuple[str, str, str]]) -> str:
    w0 = max(len(r[0]) for r in rows)
    w1 = max((len(r[1]) for r in rows if r[2]), default=0)
    lines = [title, "-" * len(title)]
    lines += [f"  {a:<{w0}}  {b:<{w1}}  {c}".rstrip() for a, b, c in rows]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m bench", description="rulecraft benchmarks")
    ap.add_argument("--quick", action="store_true", help="fewer repetitions (a smoke run)")
    ap.add_argument("--show-code", action="store_true", help="print the compiled handler as Python")
    args = ap.parse_args(argv)
    print(f"rulecraft benchmarks - Python {platform.python_version()} on {platform.machine()}\n")
    print(table("a) parse+compile throughput of the bundled rulesets",
                compile_speed.run(compile_speed.ROUNDS)), "\n", flush=True)
    print(table("b) command line: check cold / warm, games, deck check (CPU)", check_time.run()), "\n", flush=True)
    for case in handler.CASES:
        rows = handler.run(case, 200 if args.quick else 2000, 3 if args.quick else 5)
        print(table(f"c) effect handler `{case.fn}`: {case.title}", rows), "\n", flush=True)
    print(table("d) doom: attacks, rounds, square-grid queries", doom.run_bench(args.quick)), "\n", flush=True)
    print(table("e) neuroshima: battles on a full hex board", neuroshima.run_bench(args.quick)), "\n", flush=True)
    print(table("f) doomtrooper: deck checks", doomtrooper.run_bench(args.quick)), "\n", flush=True)
    print(table("g) lists: growing a list in a loop", lists.run_bench(args.quick)), "\n", flush=True)
    print(table("h) board games: random playouts, rulecraft vs hand-written Python", board_games.run_bench(args.quick)), "\n", flush=True)
    print(table("i) exact odds: dice, a doom attack, card hands", odds.run_bench(args.quick)), "\n", flush=True)
    print(table("j) trigger dispatch: one event, 10,000 listening things", events.run_bench(args.quick)), "\n", flush=True)
    print(table("k) language server: an edit to its diagnostics, and requests (CPU)", lsp.run_bench(args.quick)), "\n",
          flush=True)
    print(table("l) searching agents: a checkpoint copy, and MCTS decisions (CPU)", search.run_bench(args.quick)), "\n",
          flush=True)
    print(table("m) simulate: games/s in one worker (CPU)", simulate.run_bench(args.quick)), "\n", flush=True)
    if args.show_code:
        for case in handler.CASES:
            print(f"compiled `{case.fn}`, as Python:\n" + handler.generated_source(case.fn) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
