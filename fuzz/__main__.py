"""`python -m fuzz [--seconds N] [--seed S] [--target NAME] [--memory-mb M]`: mutate the corpus of
each target in turn for N seconds; store every input with a new crash signature (an escaping
error, a MemoryError past M megabytes, or a hang past 10 s of CPU) in `fuzz/regressions/`."""

from __future__ import annotations

import argparse
import hashlib
import random
import sys
import tempfile
import time
from pathlib import Path

from .mutate import mutate
from .targets import TARGETS, crash

REGRESSIONS = Path(__file__).resolve().parent / "regressions"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m fuzz", description=__doc__)
    ap.add_argument("--seconds", type=float, default=60.0)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--target", choices=sorted(TARGETS), action="append")
    ap.add_argument("--memory-mb", type=int, default=1024,
                    help="address-space limit of this process; an input that needs more is a crash (MemoryError)")
    args = ap.parse_args(argv)
    _limit_memory(args.memory_mb)
    rng = random.Random(args.seed)
    targets = [TARGETS[name] for name in (args.target or sorted(TARGETS))]
    corpora = {t.name: t.corpus() for t in targets}
    seen: set[tuple[str, str]] = set()
    runs, new = 0, 0
    end = time.monotonic() + args.seconds
    with tempfile.TemporaryDirectory(prefix="rulecraft-fuzz-") as scratch:
        while time.monotonic() < end:
            target = targets[runs % len(targets)]
            corpus = corpora[target.name]
            data = mutate(rng.choice(corpus), rng, corpus)
            folder = Path(scratch) / str(runs)
            folder.mkdir()
            found = crash(target, data, folder)
            runs += 1
            if found and (target.name, found) not in seen:
                seen.add((target.name, found))
                new += _store(target.name, found, data)
    print(f"{runs} inputs in {args.seconds:.0f} s; {len(seen)} crash signatures, {new} new regression cases")
    return 1 if seen else 0


def _limit_memory(megabytes: int) -> None:
    try:
        import resource
    except ImportError:  # not on every platform; the fuzzer then runs unbounded
        return
    limit = megabytes * 1024 * 1024
    resource.setrlimit(resource.RLIMIT_AS, (limit, resource.getrlimit(resource.RLIMIT_AS)[1]))


def _store(target: str, signature: str, data: bytes) -> int:
    """Keep the input as a regression case, named by its signature (one case per signature)."""
    folder = REGRESSIONS / target
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / (hashlib.sha256(signature.encode()).hexdigest()[:16] + ".bin")
    print(f"crash in {target}: {signature} -> {path}", flush=True)
    if path.exists():
        return 0
    path.write_bytes(data)
    return 1


if __name__ == "__main__":
    sys.exit(main())
