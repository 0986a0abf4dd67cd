"""(a) Parse + check + lower + compile throughput of the bundled rulesets, in lines of source per
second of CPU time (no cache: every ruleset is compiled from its files)."""

from __future__ import annotations

import time

from rulecraft.compiler.diagnostics import Diagnostics
from rulecraft.compiler.driver import forget_parsed
from rulecraft.compiler.loader import bundled_ids, bundled_root, compile_folder

ROUNDS = 1  # one round is a compile of everything: about 8 s of CPU on the 2-core machine


def run(rounds: int = ROUNDS) -> list[tuple[str, str, str]]:
    rows = []
    folders = [bundled_root() / rid for rid in bundled_ids()]
    compile_folder(folders[0], Diagnostics())  # build the Lark parser once; only compilation is timed
    times, lines = [], 0
    for _ in range(rounds):
        forget_parsed()  # as in one `rulecraft check`: each file parsed once per round, not once per run
        start, lines = time.process_time(), 0
        for folder in folders:
            diags = Diagnostics()
            if compile_folder(folder, diags) is None:
                raise SystemExit(f"bundled ruleset {folder.name} does not compile: {diags.errors[:3]}")
            lines += sum(len(source.text.splitlines()) for source in diags.sources.values())
        times.append(time.process_time() - start)
    best, mean = min(times), sum(times) / len(times)
    rows.append(("rulesets compiled", f"{len(folders)} (every bundled one)", f"{lines} lines of .rules"))
    rows.append(("compile time (best / mean)", f"{best * 1000:.1f} ms / {mean * 1000:.1f} ms",
                 f"{rounds} round{'s' if rounds != 1 else ''}"))
    rows.append(("throughput (best / mean)", f"{lines / best:,.0f} / {lines / mean:,.0f} lines/s",
                 "parse+check+lower+compile()"))
    return rows
