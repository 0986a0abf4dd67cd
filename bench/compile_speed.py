"""(a) Parse + check + lower + compile throughput of the bundled rulesets, in lines of source per second."""

from __future__ import annotations

import time
from pathlib import Path

from rulecraft.compiler.diagnostics import Diagnostics
from rulecraft.compiler.driver import forget_parsed
from rulecraft.compiler.loader import bundled_ids, bundled_root, compile_folder, read_folder

ROUNDS = 5


def _lines(folder: Path) -> int:
    """Lines of every module the ruleset really reads (main.rules and what it imports)."""
    diags = Diagnostics()
    read_folder(folder, diags)
    return sum(len(source.text.splitlines()) for source in diags.sources.values())


def run(rounds: int = ROUNDS) -> list[tuple[str, str, str]]:
    rows = []
    folders = [bundled_root() / rid for rid in bundled_ids()]
    lines = sum(_lines(f) for f in folders)
    compile_folder(folders[0], Diagnostics())  # build the Lark parser once; only compilation is timed
    times = []
    for _ in range(rounds):
        forget_parsed()  # as in one `rulecraft check`: each file parsed once per round, not once per run
        start = time.perf_counter()
        for folder in folders:
            diags = Diagnostics()
            if compile_folder(folder, diags) is None:
                raise SystemExit(f"bundled ruleset {folder.name} does not compile: {diags.errors[:3]}")
        times.append(time.perf_counter() - start)
    best, mean = min(times), sum(times) / len(times)
    rows.append(("rulesets compiled", ", ".join(bundled_ids()), f"{lines} lines of .rules"))
    rows.append(("compile time (best / mean)", f"{best * 1000:.1f} ms / {mean * 1000:.1f} ms", f"{rounds} rounds"))
    rows.append(("throughput (best / mean)", f"{lines / best:,.0f} / {lines / mean:,.0f} lines/s",
                 "parse+check+lower+compile()"))
    return rows
