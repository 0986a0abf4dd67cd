"""(b) Cold and warm start of `rulecraft check`, each in a fresh Python process.

Cold: after deleting Lark's parser cache (`.lark_cache*` in the temp folder), so the LALR
tables are rebuilt. Warm: the same command again, reading the cache Lark just wrote.
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
import time
from pathlib import Path

RULESET = "twilight-imperium"
CLI = [sys.executable, "-m", "rulecraft", "check", RULESET]
FALLBACK = [sys.executable, "-c", f"import rulecraft; rulecraft.load({RULESET!r})"]
WARM_RUNS = 3


def clear_lark_cache() -> int:
    removed = 0
    for path in Path(tempfile.gettempdir()).glob(".lark_cache*"):
        try:
            path.unlink()
            removed += 1
        except OSError:
            pass
    return removed


def _time(cmd: list[str]) -> tuple[float, subprocess.CompletedProcess]:
    start = time.perf_counter()
    done = subprocess.run(cmd, capture_output=True, text=True, timeout=300)
    return time.perf_counter() - start, done


def run() -> list[tuple[str, str, str]]:
    cmd, what, note = CLI, "python -m rulecraft check " + RULESET, "(the CLI command itself, exit code 0)"
    clear_lark_cache()
    cold, done = _time(cmd)
    if done.returncode != 0:
        reason = (done.stderr.strip().splitlines() or ["exit code %d" % done.returncode])[-1]
        cmd, what = FALLBACK, f"python -c 'import rulecraft; rulecraft.load(\"{RULESET}\")'"
        note = f"FALLBACK: `rulecraft check` failed ({reason[:80]})"
        clear_lark_cache()
        cold, done = _time(cmd)
        if done.returncode != 0:
            raise SystemExit(f"the fallback failed too:\n{done.stderr}")
    warm = min(_time(cmd)[0] for _ in range(WARM_RUNS))
    baseline = min(_time([sys.executable, "-c", "pass"])[0] for _ in range(WARM_RUNS))
    return [
        ("command", what, ""),
        ("", note, ""),
        ("cold (no Lark cache)", f"{cold * 1000:.0f} ms", "one run, cache deleted first"),
        ("warm (Lark cache present)", f"{warm * 1000:.0f} ms", f"best of {WARM_RUNS}"),
        ("bare interpreter start", f"{baseline * 1000:.0f} ms", "python -c pass, for reference"),
    ]
