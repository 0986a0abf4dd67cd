"""The cluster backend of `simulate` and `balance` (`--backend dask --scheduler ADDRESS`): the
games played on a Dask distributed cluster, with Dask's own scheduling.

Why Dask distributed rather than Ray: its wheels are pure Python (nothing to build, on any
platform pip serves), it brings its own scheduler (`dask scheduler`, `dask worker ADDRESS`),
and a test can start a `LocalCluster` on 127.0.0.1 inside its own process. It is an optional
extra: `pip install rulecraft[cluster]`.

The ruleset is scattered once to every worker (a loaded ruleset pickles as its load: each worker
loads it from its bundled id or folder, which must be there too); one task a seed, gathered in seed
order, so the results are those of a local run."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ..inputs.given import UsageError
from .seeded import Played, Setting, play_one

if TYPE_CHECKING:
    from ..runtime.ruleset import Ruleset

CONNECT_TIMEOUT = "20s"  # how long to wait for the scheduler


def play_on_cluster(rules: Ruleset, setting: Setting, seeds: range, scheduler: str,
                    advance: Callable[[Played], Played]) -> list[Played]:
    """Every seed's game played on the cluster at `scheduler`, in seed order."""
    client = _connect(scheduler)
    try:
        shared = client.scatter(rules, broadcast=True)
        futures = client.map(play_one, [shared] * len(seeds), [setting] * len(seeds), seeds, pure=False)
        return [advance(future.result()) for future in futures]
    finally:
        client.close()


def _connect(scheduler: str) -> Any:
    try:
        from distributed import Client
    except ImportError:
        raise UsageError("E1004", "--backend dask needs Dask distributed, which is not installed",
                         "pip install rulecraft[cluster]") from None
    try:
        return Client(scheduler, timeout=CONNECT_TIMEOUT)
    except (OSError, TimeoutError, ValueError) as err:
        raise UsageError("E1004", f"cannot reach the Dask scheduler at {scheduler}: {err}",
                         "start one with `dask scheduler`, and workers with `dask worker ADDRESS`") from None
