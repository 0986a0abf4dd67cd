"""CPU time of a piece of work, the way every bench row measures it."""

from __future__ import annotations

import time
from collections.abc import Callable


def best_cpu(work: Callable[[], object], repeats: int) -> float:
    """The least CPU time (`time.process_time`, seconds) of `repeats` runs of `work`."""
    times = []
    for _ in range(repeats):
        start = time.process_time()
        work()
        times.append(time.process_time() - start)
    return min(times)
