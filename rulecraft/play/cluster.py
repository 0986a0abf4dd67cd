"""The cluster backend of `simulate` and `balance` (`--backend dask --scheduler ADDRESS`): the
games played on a Dask distributed cluster, with Dask's own scheduling.

Why Dask distributed rather than Ray: its wheels are pure Python (nothing to build, on any
platform pip serves), it brings its own scheduler (`dask scheduler`, `dask worker ADDRESS`),
and a test can start a `LocalCluster` on 127.0.0.1 inside its own process. It is an optional
extra: `pip install rulecraft[cluster]`.

The ruleset is scattered once to every worker (a loaded ruleset pickles as its load: each worker
loads it from its bundled id or folder, which must be there too); one task a seed, gathered in seed
order, so the results are those of a local run.

Trust: a Dask scheduler and its workers are trusted with code execution, as Dask itself says.
What they send back are pickles, and unpickling runs whatever the sender chose: a hostile
scheduler or worker runs code in this process, and no check afterwards can make that safe. So
only a scheduler on this machine's loopback is used unless the user says the cluster is trusted
(`--trust-cluster`, E1020 otherwise), over `tcp://` (unencrypted) or `tls://` (Dask's TLS, its
certificates from Dask's configuration). What comes back is still checked: a result that is not
a game's `Played` of the scenario's players, or an error the cluster raised that is not a
game's, is an E1020, not a fault of rulecraft.

It takes a ruleset, a setting, seeds and the scheduler's address; it gives each seed's `Played`.
A newcomer may add what a result is checked for (`_checked`) here; what is trusted is not to be
loosened.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit

from ..inputs.given import UsageError
from ..runtime.errors import GameError
from .scenarios import players_of
from .seeded import Played, Setting, play_one

if TYPE_CHECKING:
    from ..runtime.ruleset import Ruleset

CONNECT_TIMEOUT = "20s"  # how long to wait for the scheduler
SCHEMES = ("tcp", "tls")  # the addresses Dask reaches over a network: plain, and with TLS
TRUST_HELP = ("a Dask scheduler and its workers can run any code in this process (their results are pickles): "
              "give --trust-cluster only for a cluster you trust")


def check_scheduler(address: str, trusted: bool) -> None:
    """Refuses an address Dask would not reach over a network, and one not on this machine's
    loopback unless the cluster is trusted (E1020)."""
    from ..decks.serve import names_loopback  # the one reading of every spelling of loopback

    scheme, sep, rest = address.partition("://")
    if not sep:
        scheme, rest = "tcp", address  # Dask's default
    if scheme not in SCHEMES:
        raise UsageError("E1020", f"--scheduler {address}: not an address of a Dask scheduler",
                         "give tcp://HOST:PORT or tls://HOST:PORT")
    host = urlsplit("//" + rest).hostname
    if not trusted and (host is None or not names_loopback(host)):
        raise UsageError("E1020", f"--scheduler {address}: the scheduler is not on this machine", TRUST_HELP)


def play_on_cluster(rules: Ruleset, setting: Setting, seeds: range, scheduler: str,
                    advance: Callable[[Played], Played]) -> list[Played]:
    """Every seed's game played on the cluster at `scheduler`, in seed order."""
    players = len(players_of(rules, setting.scenario))
    client = _connect(scheduler)
    try:
        shared = client.scatter(rules, broadcast=True)
        futures = client.map(play_one, [shared] * len(seeds), [setting] * len(seeds), seeds, pure=False)
        return [advance(_checked(_result(future, scheduler), players, scheduler)) for future in futures]
    finally:
        client.close()


def _result(future: Any, scheduler: str) -> Any:
    """A task's result; an error it raised that is not a game's (which a local run raises too) is
    the cluster's: an E1020 that names it."""
    try:
        return future.result()
    except GameError:
        raise
    except Exception as err:  # whatever the cluster raised: its workers are not this process
        raise UsageError("E1020", f"the Dask cluster at {scheduler} failed a game: {type(err).__name__}: "
                         f"{str(err)[:200]}") from None


def _checked(result: Any, players: int, scheduler: str) -> Played:
    """A result as a game's `Played`, of `players` players; anything else is an E1020."""
    if not (type(result) is Played and _valid(result, players)):
        raise UsageError("E1020", f"the Dask cluster at {scheduler} sent back {type(result).__name__}, not a game's "
                         "result", TRUST_HELP)
    return result


def _valid(p: Played, players: int) -> bool:
    """Whether each field of a `Played` has the type and shape a game gives it."""
    def whole(x: Any) -> bool:
        return type(x) is int

    def text(x: Any) -> bool:
        return type(x) is str

    def counted(entry: Any) -> bool:  # ((tally, name), count)
        return type(entry) is tuple and len(entry) == 2 and type(entry[0]) is tuple and len(entry[0]) == 2 \
            and all(map(text, entry[0])) and whole(entry[1])

    scores = p.scores is None or (type(p.scores) is tuple and len(p.scores) == players and all(map(whole, p.scores)))
    return ((p.winner is None or text(p.winner)) and whole(p.rounds) and p.rounds >= 0 and scores
            and type(p.executed) is frozenset and all(map(text, p.executed))
            and type(p.tally) is tuple and all(map(counted, p.tally)))


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
