"""`--plot FILE.svg|png` on `simulate`, `balance` and `odds`: the pictures are opened and read back
(the bars, their labels and tooltips, the pixels), and the same command writes the same bytes."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from fractions import Fraction
from pathlib import Path

import pytest

from rulecraft import cli
from tests.simulate.test_balance import COIN  # a game decided by chance, EDGE the first player's
from tests.support.folders import write

pytest.importorskip("matplotlib", reason="--plot needs the `plot` extra (make test installs it)")

ROOT = Path(__file__).resolve().parents[2]
SVG = "{http://www.w3.org/2000/svg}"
TIC_TAC_TOE = "examples/tic-tac-toe/classic"
DICE = """\
game "dice" "Dice"

die d6 "six-sided" { faces 1..6 }

query sum_of_two() { return roll d6 + roll d6 }
"""


def command(capsys, *argv: str) -> str:
    assert cli.main(list(argv)) == 0, capsys.readouterr().err
    return capsys.readouterr().out


def bars(path) -> list[ET.Element]:
    """The bars of a picture, in the order drawn: each a group with its id and tooltip."""
    return [g for g in ET.parse(path).iter(f"{SVG}g") if g.get("id", "").startswith("rulecraft-bar-")]


def texts(path) -> list[str]:
    return ["".join(t.itertext()) for t in ET.parse(path).iter(f"{SVG}text")]


def tooltip(bar: ET.Element) -> str:
    title = bar.find(f"{SVG}title")
    assert title is not None
    assert title.text
    return title.text


def percent(x: float, digits: int = 1) -> str:
    return f"{x * 100:.{digits}f} %"


def test_the_odds_of_two_dice_are_a_bar_per_sum_labelled_with_its_exact_fraction(capsys, tmp_path):
    picture = tmp_path / "sums.svg"
    command(capsys, "odds", write(tmp_path / "dice", DICE), "sum_of_two", "--plot", str(picture))
    ways = {s: sum(1 for a in range(1, 7) for b in range(1, 7) if a + b == s) for s in range(2, 13)}
    expected = [f"{Fraction(k, 36).numerator}/{Fraction(k, 36).denominator}  ({percent(k / 36, 2)})"
                for k in ways.values()]
    assert expected[0] == "1/36  (2.78 %)"
    assert expected[5] == "1/6  (16.67 %)"
    shown = texts(picture)
    assert [t for t in shown if "/" in t] == expected
    assert [str(s) for s in ways] == [t for t in shown if t in {str(s) for s in ways}]
    drawn = bars(picture)
    assert len(drawn) == 11
    assert tooltip(drawn[5]) == "7: 1/6 (16.67 %)"


def test_a_pool_drawn_once_has_a_bar_per_definition_with_the_counters_ratio(capsys, tmp_path):
    counts = {"biohazard": 4, "peaceful_invasion": 9, "enemy_units_1": 5, "enemy_units_2": 2, "enemy_units_3": 1,
              "wealth_1": 5, "wealth_2": 4, "lazax_survivors": 2, "new_technology": 2, "radioactive": 4,
              "industrial_society": 2, "settlers": 2, "wormhole_alpha": 1, "wormhole_beta": 1}  # of 44
    picture = tmp_path / "pool.svg"
    command(capsys, "odds", "twilight-imperium", "domain_counters", "--plot", str(picture))
    drawn = bars(picture)
    assert [tooltip(b) for b in drawn] == [f"{name}: {Fraction(k, 44)} ({percent(k / 44, 2)})"
                                           for name, k in counts.items()]
    shown = texts(picture)
    assert [t for t in shown if t in counts] == list(counts)
    assert "1/11  (9.09 %)" in shown
    assert "9/44  (20.45 %)" in shown
    assert "twilight-imperium: domain_counters" in shown


def test_a_simulation_draws_each_share_with_its_interval(capsys, tmp_path):
    picture = tmp_path / "wins.svg"
    summary = json.loads(command(capsys, "simulate", TIC_TAC_TOE, "--games", "12", "--seed", "5", "--workers", "1",
                                 "--json", "--plot", str(picture)))
    winners = summary["winners"]
    drawn = bars(picture)
    assert len(drawn) == 3  # crosses, noughts, the draws
    shown = texts(picture)
    for w, bar in zip(winners, drawn):
        low, high = w["interval"]
        assert 0 <= low <= w["share"] <= high <= 1
        interval = f"{percent(low)} – {percent(high)}"
        assert f"[{interval}]" in shown
        assert percent(w["share"]) in shown
        who = w["winner"] or "(draw)"
        assert tooltip(bar) == (f"{who}: {w['games']} of 12 games, {percent(w['share'])} "
                                f"(95 % interval {interval})")
    assert ["crosses", "noughts", "(draw)"] == [t for t in shown if t in {"crosses", "noughts", "(draw)"}]
    assert any(t.startswith("tic-tac-toe/classic: 12 games") for t in shown)


def test_a_simulation_png_is_a_picture_of_its_size_and_not_blank(capsys, tmp_path):
    from matplotlib.image import imread

    picture = tmp_path / "wins.png"
    command(capsys, "simulate", TIC_TAC_TOE, "--games", "6", "--workers", "1", "--plot", str(picture))
    pixels = imread(picture)
    assert pixels.shape[:2] == (400, 560)  # 5.6 x 4 inches at 100 dpi: three bars
    colours = {tuple(p) for p in pixels.reshape(-1, pixels.shape[2])[::7]}
    assert len(colours) > 10  # bars, text, axes: far from a blank page


def test_balance_draws_both_sides_side_by_side_with_the_test_and_p_values(capsys, tmp_path):
    base = write(tmp_path / "coin", COIN)
    strong = write(tmp_path / "strong", 'mod "strong" "strong" extends "coin" version "1.0"\npatch const EDGE = 6\n')
    picture = tmp_path / "balance.svg"
    report = json.loads(command(capsys, "balance", f"{base}/duel", "--vs", strong, "--games", "40", "--workers", "1",
                                "--json", "--plot", str(picture)))
    drawn = bars(picture)
    assert len(drawn) == 6  # north, south, the draws: without, then with
    shown = texts(picture)
    title = next(t for t in shown if t.startswith("coin/duel"))
    assert title == "coin/duel: 40 games a side, wins compared by two-proportion z-test"
    for w in report["winners"]:
        p = "p < 0.0001" if w["p"] < 0.0001 else f"p = {w['p']:.4f}"
        assert p in shown
    north_with = report["with"]["winners"][0]
    low, high = north_with["interval"]
    assert tooltip(drawn[3]) == (f"north with strong: {percent(north_with['share'])} "
                                 f"(95 % interval {percent(low)} – {percent(high)})")
    assert {"without", "with strong"} <= set(shown)


@pytest.mark.parametrize("suffix", ["svg", "png"])
def test_the_same_command_writes_the_same_bytes(capsys, tmp_path, suffix):
    first, second = tmp_path / f"a.{suffix}", tmp_path / f"b.{suffix}"
    for picture in (first, second):
        command(capsys, "odds", "twilight-imperium", "devastation", "--plot", str(picture))
    assert first.read_bytes() == second.read_bytes()


def test_a_picture_of_another_kind_is_refused_with_a_code_and_a_hint(capsys, tmp_path):
    assert cli.main(["simulate", TIC_TAC_TOE, "--games", "2", "--plot", str(tmp_path / "wins.pdf")]) == 2
    err = capsys.readouterr().err
    assert "error[E1002]" in err
    assert "FILE.svg or FILE.png" in err
    assert "Traceback" not in err
    assert not (tmp_path / "wins.pdf").exists()


def test_a_picture_that_cannot_be_written_is_refused_with_a_code(capsys, tmp_path):
    assert cli.main(["odds", "twilight-imperium", "devastation", "--plot", str(tmp_path / "no" / "d.svg")]) == 2
    refused = capsys.readouterr()
    assert refused.out == ""  # before the odds are worked out
    assert "error[E1005]" in refused.err
    assert "there is no folder" in refused.err
    assert "Traceback" not in refused.err
    (tmp_path / "taken.png").mkdir()
    assert cli.main(["odds", "twilight-imperium", "devastation", "--plot", str(tmp_path / "taken.png")]) == 2
    err = capsys.readouterr().err
    assert "error[E1005]" in err
    assert "cannot write the picture" in err
    assert "Traceback" not in err


def test_odds_draws_one_query_not_the_list(capsys, tmp_path):
    assert cli.main(["odds", "twilight-imperium", "--list", "--plot", str(tmp_path / "list.svg")]) == 2
    assert "error[E1004]" in capsys.readouterr().err


def test_the_readme_picture_shows_the_odds_the_command_gives(capsys):
    """docs/odds-example.svg is what the README's command drew: its bars still say what `odds` says."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "--plot docs/odds-example.svg" in readme
    assert "](docs/odds-example.svg)" in readme
    doc = json.loads(command(capsys, "odds", "doom", "attack_wounds", "weapon=pistol", "range=3", "armor=1", "--json"))
    picture = ROOT / "docs" / "odds-example.svg"
    assert [tooltip(b) for b in bars(picture)] == [f"{o['value']}: {o['probability']} ({percent(o['decimal'], 2)})"
                                                   for o in doc["outcomes"]]
