"""`rulecraft balance`: the same seeds without and with mods, and whether the mods make a
significant difference."""

from __future__ import annotations

import json

import pytest

from rulecraft import cli
from rulecraft.play.statistics import two_proportion_z, welch_normal

# A game decided by chance: each round the first player, then the second, draws 0..9 and wins
# with a number under its edge; EDGE is the first player's, south_edge the second's.
COIN = """\
game "coin" "Coin"

const EDGE = 3
assume south_edge: int = 3 "the second player's edge"

fn draw_under(p: player, edge: int) {
  let n = choose from [0, 1, 2, 3, 4, 5, 6, 7, 8, 9] by p "a number"
  if n < edge { end game winner p }
}

scenario duel "Two players" {
  players: ["north", "south"]
  rounds: 10
  round {
    let ps = players()
    turn ps[0] { draw_under(ps[0], EDGE) }
    turn ps[1] { draw_under(ps[1], south_edge) }
  }
}
"""


@pytest.fixture
def coin(tmp_path):
    (tmp_path / "coin").mkdir()
    (tmp_path / "coin" / "main.rules").write_text(COIN, encoding="utf-8")
    return tmp_path


def mod(root, name: str, body: str) -> str:
    folder = root / name
    folder.mkdir()
    (folder / "main.rules").write_text(f'mod "{name}" "{name}" extends "coin" version "1.0"\n{body}\n',
                                       encoding="utf-8")
    return str(folder)


def balance(capsys, *argv: str) -> str:
    assert cli.main(["balance", *argv]) == 0
    return capsys.readouterr().out


def test_a_mod_that_changes_nothing_makes_no_difference(capsys, coin):
    noop = mod(coin, "noop", "patch const EDGE = 3")
    report = json.loads(balance(capsys, str(coin / "coin" / "duel"), "--vs", noop, "--games", "40",
                                "--workers", "1", "--json"))
    assert report["mods"] == ["noop"]
    assert [(w["winner"], w["without"] == w["with"], w["p"], w["significant"]) for w in report["winners"]] == [
        ("north", True, 1.0, False), ("south", True, 1.0, False), (None, True, 1.0, False)]
    rounds = report["rounds"]
    assert (rounds["difference"], rounds["p"], rounds["significant"]) == (0, 1.0, False)
    assert report["without"]["winners"] == report["with"]["winners"]


def test_an_overpowered_mod_makes_a_significant_difference(capsys, coin):
    strong = mod(coin, "strong", "patch const EDGE = 8")
    out = balance(capsys, str(coin / "coin" / "duel"), "--vs", strong, "--games", "100", "--workers", "1")
    lines = out.splitlines()
    assert lines[0] == "coin/duel: 100 games without and with strong (seeds 1..100, agents random)"
    assert lines[1] == "north wins 59.0% -> 95.0% (p < 0.0001, two-proportion z-test): significant at 5%"
    assert lines[2] == "south wins 41.0% -> 5.0% (p < 0.0001, two-proportion z-test): significant at 5%"
    assert lines[3] == "draws 0.0% -> 0.0% (p = 1.0000, two-proportion z-test): not significant at 5%"
    assert lines[4] == ("rounds 1.90 -> 1.16 on average (p < 0.0001, Welch's t-test (normal approximation)): "
                        "significant at 5%")


def test_the_same_seeds_give_the_same_report_on_two_workers(capsys, coin):
    strong = mod(coin, "strong", "patch const EDGE = 8")
    argv = (str(coin / "coin" / "duel"), "--vs", strong, "--games", "20", "--seed", "4", "--json")
    assert balance(capsys, *argv, "--workers", "1") == balance(capsys, *argv, "--workers", "2")


def test_set_overrides_an_assumption_on_both_sides(capsys, coin):
    strong = mod(coin, "strong", "patch const EDGE = 8")
    report = json.loads(balance(capsys, str(coin / "coin" / "duel"), "--vs", strong, "--games", "20",
                                "--set", "south_edge=0", "--workers", "1", "--json", "--quiet"))
    # south never draws under 0: north wins every game it does not lose to the round limit, on both sides
    south = [w for w in report["winners"] if w["winner"] == "south"]
    assert south == [{"winner": "south", "without": 0.0, "with": 0.0, "test": "two-proportion z-test", "z": 0.0,
                      "p": 1.0, "significant": False}]
    assert report["without"]["agents"] == report["with"]["agents"] == ["random"]


def test_balance_shows_each_side_s_progress_on_stderr(capsys, coin):
    noop = mod(coin, "noop", "patch const EDGE = 3")
    assert cli.main(["balance", str(coin / "coin" / "duel"), "--vs", noop, "--games", "2", "--workers", "1"]) == 0
    assert capsys.readouterr().err.splitlines() == ["coin/duel: 1/2 games", "coin/duel: 2/2 games",
                                                    "coin/duel with noop: 1/2 games", "coin/duel with noop: 2/2 games"]


def test_few_games_give_the_rounds_difference_without_a_test(capsys, coin):
    strong = mod(coin, "strong", "patch const EDGE = 8")
    report = json.loads(balance(capsys, str(coin / "coin" / "duel"), "--vs", strong, "--games", "10",
                                "--workers", "1", "--json"))
    rounds = report["rounds"]
    assert rounds["test"] is None
    assert "p" not in rounds
    assert rounds["difference"] == pytest.approx(rounds["with"] - rounds["without"])


def test_the_two_proportion_z_test_by_hand():
    # 45/100 against 61/100: pooled 0.53, standard error sqrt(0.53 * 0.47 * 2/100) = 0.0705833,
    # z = 0.16 / 0.0705833 = 2.26682, p = 2 (1 - Phi(2.26682)) = 0.023401 (a normal table's
    # 2 (1 - Phi) is 0.02382 at 2.26 and 0.02320 at 2.27: 0.023397 between them).
    z, p = two_proportion_z(45, 100, 61, 100)
    assert z == pytest.approx(2.26682, abs=1e-5)
    assert p == pytest.approx(0.023401, abs=1e-6)
    assert two_proportion_z(0, 10, 0, 20) == (0.0, 1.0)


def test_welch_with_the_normal_approximation_by_hand():
    # means 2 and 4, sample variances 1 and 4, three a side: standard error sqrt(1/3 + 4/3) = 1.290994,
    # t = 2 / 1.290994 = 1.549193, p = 2 (1 - Phi(1.549193)) = 0.121335
    # (a normal table: 0.12356 at 1.54, 0.12114 at 1.55).
    t, p = welch_normal([1, 2, 3], [2, 4, 6])
    assert t == pytest.approx(1.549193, abs=1e-6)
    assert p == pytest.approx(0.121335, abs=1e-5)
    assert welch_normal([2, 2], [3, 3]) == (0.0, 0.0)


@pytest.mark.parametrize(("argv", "message"), [
    (["coin/nope", "--vs", "{noop}", "--games", "2"], "no scenario 'nope' in coin"),
    (["coin/duel", "--vs", "nope-mod", "--games", "2"], "no ruleset 'nope-mod'"),
    (["coin/duel", "--vs", "{noop}", "--games", "0"], "--games 0: give at least one game"),
    (["coin/duel", "--vs", "{noop}", "--games", "2", "--workers", "0"], "--workers 0: give at least one worker"),
    (["coin/duel", "--vs", "{noop}", "--games", "2", "--agents", "wise"], "wise"),
    (["coin/duel", "--vs", "{noop}", "--games", "2", "--set", "edge=1"], "unknown assumption 'edge'"),
])
def test_bad_usage_is_a_clear_error(capsys, coin, argv, message):
    noop = mod(coin, "noop", "patch const EDGE = 3")
    argv = [str(coin / a) if a.startswith("coin/") else a.format(noop=noop) for a in argv]
    assert cli.main(["balance", *argv]) == 2
    err = capsys.readouterr().err
    assert message in err
    assert "Traceback" not in err


def test_balance_without_a_mod_is_refused_by_argparse(capsys):
    with pytest.raises(SystemExit) as exit:
        cli.main(["balance", "neuroshima/duel", "--games", "2"])
    assert exit.value.code == 2
    assert "the following arguments are required: --vs" in capsys.readouterr().err


def test_balance_plays_two_hundred_games_a_side_by_default(capsys, coin):
    noop = mod(coin, "noop", "patch const EDGE = 3")
    report = json.loads(balance(capsys, str(coin / "coin" / "duel"), "--vs", noop, "--workers", "1", "--json",
                                "--quiet"))
    assert report["games"] == 200
