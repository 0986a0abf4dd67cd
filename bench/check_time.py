"""(b) The command line's start-up and compile cost: CPU time (user + system) of fresh processes.

`rulecraft check` of every bundled ruleset cold (an empty compiled-ruleset cache, so every
ruleset is compiled and Lark's parser tables are built) and warm (the same again: every ruleset
read back from the cache); `rulecraft games`, one `rulecraft deck check` and `rulecraft --help`
warm. The cache is a temporary folder (RULECRAFT_CACHE_DIR), never the user's.

The processes run as on a user's machine, where Python keeps the bytecode of the modules it
imported: `PYTHONDONTWRITEBYTECODE` is removed from their environment and the bytecode goes to
a temporary folder (`PYTHONPYCACHEPREFIX`, so the checkout is not written), filled by one run of
each command before it is measured (for the cold check, a check of another ruleset).
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
WARMUP_RULESET = str(Path(__file__).resolve().parents[1] / "examples" / "tic-tac-toe")
WARM_RUNS = 3


def clear_lark_cache() -> int:
    """Remove Lark's own parser caches (`cache=True` writes them to the temporary folder)."""
    removed = 0
    for path in Path(tempfile.gettempdir()).glob(".lark_cache*"):
        try:
            path.unlink()
            removed += 1
        except OSError:
            pass
    return removed


def user_env(folder: Path) -> dict[str, str]:
    """The environment of a measured process: the ruleset cache in `folder/cache`, bytecode
    written to `folder/pycache`, the cache not turned off."""
    env = dict(os.environ, RULECRAFT_CACHE_DIR=str(folder / "cache"), PYTHONPYCACHEPREFIX=str(folder / "pycache"))
    env.pop("RULECRAFT_NO_CACHE", None)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    return env


def cpu(cmd: list[str], env: dict[str, str]) -> float:
    """CPU seconds the command's process used; fails loudly if the command fails."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    done = subprocess.run(cmd, capture_output=True, text=True, timeout=600, env=env)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(cmd[2:])} failed:\n{done.stdout[-2000:]}{done.stderr[-2000:]}")
    return after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime


def warm_cpu(cmd: list[str], env: dict[str, str], runs: int = WARM_RUNS) -> float:
    """The least CPU time of `runs` runs, after one run that is not counted."""
    cpu(cmd, env)
    return min(cpu(cmd, env) for _ in range(runs))


def run() -> list[tuple[str, str, str]]:
    with tempfile.TemporaryDirectory() as folder:
        env = user_env(Path(folder))
        cpu([*CLI, "check", WARMUP_RULESET], env | {"RULECRAFT_CACHE_DIR": str(Path(folder) / "warmup")})
        clear_lark_cache()
        cold = cpu([*CLI, "check"], env)
        rows = [("check, every bundled ruleset, cold", f"{cold:.2f} s", "empty cache; target <= 2.5 s")]
        for what, args, target in (("check, every bundled ruleset, warm", ["check"], "0.3"),
                                   ("games, warm", ["games"], "0.3"),
                                   ("deck check, warm", ["deck", "check", DECK], "0.12"),
                                   ("--help, warm", ["--help"], "0.08")):
            rows.append((what, f"{warm_cpu(CLI + args, env):.2f} s", f"best of {WARM_RUNS}; target <= {target} s"))
        bare = warm_cpu([sys.executable, "-c", "pass"], env)
    rows.append(("bare interpreter start", f"{bare:.2f} s", "python -c pass, for reference"))
    rows.append(("", "CPU time, user + system; bytecode kept as on a user's machine", ""))
    return rows
