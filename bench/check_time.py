"""(b) The command line's start-up and compile cost: CPU time (user + system) of fresh processes.

`rulecraft check` of every bundled ruleset cold (an empty compiled-ruleset cache, and Lark's
parser cache deleted, so its LALR tables are rebuilt) and warm (the same again: every ruleset
read back from the cache); `rulecraft games` and one `rulecraft deck check` warm. The cache
is a temporary folder (RULECRAFT_CACHE_DIR), never the user's.
"""

from __future__ import annotations

import os
import resource
import subprocess
import sys
import tempfile
from pathlib import Path

CLI = [sys.executable, "-m", "rulecraft"]
DECK = "examples/decks/templars-legal.yaml"
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


def cpu(cmd: list[str], env: dict[str, str]) -> float:
    """CPU seconds the command's process used; fails loudly if the command fails."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    done = subprocess.run(cmd, capture_output=True, text=True, timeout=600, env=env)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(cmd[2:])} failed:\n{done.stdout[-2000:]}{done.stderr[-2000:]}")
    return after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime


def run() -> list[tuple[str, str, str]]:
    with tempfile.TemporaryDirectory() as folder:
        env = dict(os.environ, RULECRAFT_CACHE_DIR=str(Path(folder) / "cache"))
        env.pop("RULECRAFT_NO_CACHE", None)
        clear_lark_cache()
        cold = cpu(CLI + ["check"], env)
        rows = [("check, every bundled ruleset, cold", f"{cold:.2f} s", "empty cache, no Lark cache; target <= 3 s")]
        for what, args, target in (("check, every bundled ruleset, warm", ["check"], "0.3"),
                                   ("games, warm", ["games"], "0.3"),
                                   ("deck check, warm", ["deck", "check", DECK], "0.15")):
            best = min(cpu(CLI + args, env) for _ in range(WARM_RUNS))
            rows.append((what, f"{best:.2f} s", f"best of {WARM_RUNS}; target <= {target} s"))
    bare = min(cpu([sys.executable, "-c", "pass"], env) for _ in range(WARM_RUNS))
    rows.append(("bare interpreter start", f"{bare:.2f} s", "python -c pass, for reference"))
    note = " (PYTHONDONTWRITEBYTECODE is set: every start compiles rulecraft's .py files)" \
        if os.environ.get("PYTHONDONTWRITEBYTECODE") else ""
    rows.append(("", "CPU time, user + system" + note, ""))
    return rows
