"""`rulecraft simulate`: many seeded games summed up, the same whatever the number of workers."""

from __future__ import annotations

import json

import pytest

from rulecraft import cli
from rulecraft.play.statistics import wilson

TIC_TAC_TOE = "examples/tic-tac-toe/classic"


def simulate(capsys, *argv: str) -> str:
    assert cli.main(["simulate", *argv]) == 0
    return capsys.readouterr().out


def test_one_worker_and_two_give_the_same_json(capsys):
    one = simulate(capsys, TIC_TAC_TOE, "--games", "12", "--seed", "5", "--workers", "1", "--json")
    two = simulate(capsys, TIC_TAC_TOE, "--games", "12", "--seed", "5", "--workers", "2", "--json")
    assert one == two
    summary = json.loads(one)
    assert (summary["game"], summary["scenario"], summary["seed"], summary["games"]) == ("tic-tac-toe", "classic", 5, 12)
    assert [w["winner"] for w in summary["winners"]] == ["crosses", "noughts", None]


def test_a_game_of_the_simulation_is_the_run_with_its_seed(capsys):
    summary = json.loads(simulate(capsys, "neuroshima/duel", "--games", "1", "--seed", "3", "--json"))
    assert cli.main(["run", "neuroshima/duel", "--seed", "3", "--json"]) == 0
    final = json.loads(capsys.readouterr().out.splitlines()[-1])
    [won] = [w for w in summary["winners"] if w["games"]]
    assert won["winner"] == final["winner"]
    assert won["share"] == 1
    assert summary["rounds"] == {"mean": final["rounds"], "min": final["rounds"], "max": final["rounds"]}


def test_the_shares_sum_to_one_and_each_interval_holds_its_share(capsys):
    summary = json.loads(simulate(capsys, "neuroshima/duel", "--games", "6", "--workers", "2", "--json"))
    winners = summary["winners"]
    assert sum(w["games"] for w in winners) == 6
    assert sum(w["share"] for w in winners) == pytest.approx(1)
    assert all(w["interval"][0] <= w["share"] <= w["interval"][1] for w in winners)
    assert summary["rounds"]["min"] <= summary["rounds"]["mean"] <= summary["rounds"]["max"]


def test_a_seed_gives_the_same_results_twice(capsys):
    argv = ("neuroshima/duel", "--games", "3", "--seed", "7", "--workers", "1")
    assert simulate(capsys, *argv) == simulate(capsys, *argv)


def test_the_rules_no_game_executed_are_named(capsys):
    summary = json.loads(simulate(capsys, "neuroshima/duel", "--games", "2", "--rounds", "1", "--json"))
    assert summary["never_executed"] == sorted(summary["never_executed"])
    assert "NS-005" in summary["never_executed"]


def test_the_wilson_interval():
    low, high = wilson(0, 10)
    assert low == 0
    assert high == pytest.approx(0.2775, abs=1e-4)
    low, high = wilson(5, 10)
    assert (low, high) == (pytest.approx(0.2366, abs=1e-4), pytest.approx(0.7634, abs=1e-4))


@pytest.mark.parametrize(("argv", "message"), [
    (["neuroshima/nope", "--games", "2"], "no scenario 'nope' in neuroshima"),
    (["nope", "--games", "2"], "no bundled scenario 'nope'"),
    (["neuroshima/duel", "--games", "0"], "--games 0: give at least one game"),
    (["neuroshima/duel", "--games", "2", "--agents", "wise"], "wise"),
])
def test_bad_usage_is_a_clear_error(capsys, argv, message):
    assert cli.main(["simulate", *argv]) == 2
    err = capsys.readouterr().err
    assert message in err
    assert "Traceback" not in err
