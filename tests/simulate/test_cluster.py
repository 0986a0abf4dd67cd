"""`--backend dask`: the same games on a Dask cluster the test starts on the loopback address give
the JSON of a local run, byte for byte; without Dask installed, a clear usage error."""

from __future__ import annotations

import sys

import pytest

from rulecraft import cli

ARGV = ["simulate", "neuroshima/duel", "--games", "6", "--seed", "3", "--json", "--quiet"]


def test_a_dask_cluster_gives_the_json_of_a_local_run(capsys):
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(host="127.0.0.1", n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None) as cluster:
        assert cli.main([*ARGV, "--backend", "dask", "--scheduler", cluster.scheduler_address]) == 0
        remote = capsys.readouterr().out
    assert cli.main([*ARGV, "--workers", "1"]) == 0
    assert remote == capsys.readouterr().out


def test_without_dask_the_backend_asks_for_the_extra(capsys, monkeypatch):
    monkeypatch.setitem(sys.modules, "distributed", None)  # `import distributed` raises ImportError
    assert cli.main([*ARGV, "--backend", "dask", "--scheduler", "tcp://127.0.0.1:1"]) == 2
    err = capsys.readouterr().err
    assert "E1004" in err
    assert "pip install rulecraft[cluster]" in err
    assert "Traceback" not in err


@pytest.mark.parametrize("extra", [["--backend", "dask"], ["--scheduler", "tcp://127.0.0.1:8786"]])
def test_the_backend_and_the_scheduler_go_together(capsys, extra):
    assert cli.main([*ARGV, *extra]) == 2
    assert "--backend dask and --scheduler ADDRESS go together" in capsys.readouterr().err


def test_ray_is_refused_with_the_backend_to_use(capsys):
    assert cli.main([*ARGV, "--backend", "ray"]) == 2
    assert capsys.readouterr().err == ("error[E1004]: --backend ray is not supported: the cluster backend is Dask "
                                       "distributed\n  help: use --backend dask --scheduler ADDRESS "
                                       "(pip install rulecraft[cluster])\n1 error\n")
