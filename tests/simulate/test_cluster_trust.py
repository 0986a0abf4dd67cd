"""The cluster backend trusts only what the user says to: a scheduler not on this machine's
loopback is refused (E1020) before anything is sent, unless `--trust-cluster` is given; `tls://`
addresses are Dask's as `tcp://` ones are; and a result a worker sends back that is not a game's
(`Played` of the scenario's players), or an error it raises that is not a game's, is an E1020,
never an internal error."""

from __future__ import annotations

import pytest

from rulecraft import cli
from rulecraft.inputs.given import UsageError
from rulecraft.play import cluster
from rulecraft.play.seeded import Played

ARGV = ["simulate", "neuroshima/duel", "--games", "2", "--seed", "3", "--json", "--quiet", "--backend", "dask"]


@pytest.fixture
def connections(monkeypatch):
    """The addresses a connection is tried to (none is made: each attempt is refused with E1004)."""
    tried: list[str] = []

    def connect(address):
        tried.append(address)
        raise UsageError("E1004", "not connecting in this test")

    monkeypatch.setattr(cluster, "_connect", connect)
    return tried


def simulate(capsys, *extra: str) -> tuple[int, str]:
    code = cli.main([*ARGV, *extra])
    return code, capsys.readouterr().err


@pytest.mark.parametrize("address", ["tcp://192.0.2.7:8786", "192.0.2.7:8786", "tls://scheduler.example:8786",
                                     "tcp://[2001:db8::1]:8786", "tcp://127.0.0.1.example:8786", "tcp://:8786"])
def test_a_scheduler_not_on_this_machine_is_refused_without_the_flag(capsys, connections, address):
    code, err = simulate(capsys, "--scheduler", address)
    assert code == 2
    assert f"error[E1020]: --scheduler {address}: the scheduler is not on this machine" in err
    assert "--trust-cluster" in err
    assert "Traceback" not in err
    assert connections == []


@pytest.mark.parametrize("address", ["tcp://127.0.0.1:8786", "tls://localhost:8786", "127.1:8786",
                                     "tcp://[::1]:8786", "tls://0x7f.0.0.1:8786"])
def test_a_scheduler_on_the_loopback_is_used(capsys, connections, address):
    code, err = simulate(capsys, "--scheduler", address)
    assert (code, connections) == (2, [address])
    assert "E1004" in err


@pytest.mark.parametrize("address", ["tcp://192.0.2.7:8786", "tls://scheduler.example:8786"])
def test_a_trusted_cluster_anywhere_is_used(capsys, connections, address):
    code, err = simulate(capsys, "--scheduler", address, "--trust-cluster")
    assert (code, connections) == (2, [address])
    assert "E1020" not in err


@pytest.mark.parametrize("address", ["inproc://10.0.0.1/1/1", "ucx://127.0.0.1:8786", "http://127.0.0.1:8786"])
def test_an_address_of_another_kind_is_refused(capsys, connections, address):
    code, err = simulate(capsys, "--scheduler", address, "--trust-cluster")
    assert code == 2
    assert f"error[E1020]: --scheduler {address}: not an address of a Dask scheduler" in err
    assert connections == []


def test_the_help_says_the_cluster_is_trusted_with_code_execution(capsys):
    with pytest.raises(SystemExit):
        cli.main(["simulate", "--help"])
    text = " ".join(capsys.readouterr().out.split())
    assert "trusted with code execution" in text
    assert "tls://HOST:PORT" in text


GOOD = Played("a", 3, frozenset({"NS-001"}), (1, 2), ((("picked", "medic"), 2),))
ODD = {"not a result": "the worker says hello",
       "a subclass": type("Impostor", (Played,), {})("a", 3, frozenset(), None),
       "rounds as text": Played("a", "3", frozenset(), None),
       "negative rounds": Played("a", -1, frozenset(), None),
       "one score of two": Played("a", 3, frozenset(), (1,)),
       "a score as text": Played("a", 3, frozenset(), (1, "2")),
       "a set of numbers": Played("a", 3, frozenset({1}), None),
       "a list of rules": Played("a", 3, ["NS-001"], None),
       "a tally of the wrong shape": Played("a", 3, frozenset(), None, (("picked", 2),)),
       "a winner as a number": Played(7, 3, frozenset(), None)}


@pytest.mark.parametrize("odd", sorted(ODD))
def test_a_result_that_is_not_a_games_is_refused(odd):
    assert cluster._checked(GOOD, 2, "tcp://127.0.0.1:1") is GOOD
    with pytest.raises(UsageError) as info:
        cluster._checked(ODD[odd], 2, "tcp://127.0.0.1:1")
    [d] = info.value.diagnostics
    assert d.code == "E1020"
    assert "the Dask cluster at tcp://127.0.0.1:1 sent back" in d.message


@pytest.fixture(scope="module")
def local_cluster():
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(host="127.0.0.1", protocol="tcp://", n_workers=1, threads_per_worker=1,
                                  processes=False, dashboard_address=None) as running:
        yield running.scheduler_address


def odd_result(rules, setting, seed):
    return "the worker says hello"


def failing(rules, setting, seed):
    raise KeyError("not a game's error")


@pytest.mark.parametrize(("play", "said"), [(odd_result, "sent back str, not a game's result"),
                                            (failing, "failed a game: KeyError")])
def test_a_hostile_workers_result_is_a_clear_error(capsys, monkeypatch, local_cluster, play, said):
    monkeypatch.setattr(cluster, "play_one", play)
    code, err = simulate(capsys, "--scheduler", local_cluster)
    assert code == 2
    assert "error[E1020]: the Dask cluster at tcp://127.0.0.1:" in err
    assert said in err
    assert "Traceback" not in err
