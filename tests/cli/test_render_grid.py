"""`rulecraft render GAME board` on a square grid: every space that is part of the board, coloured
by terrain (closed areas shaded), and each figure over its footprint, read back as XML."""

import xml.etree.ElementTree as ET
from collections import Counter

from rulecraft.cli import main

SVG = "{http://www.w3.org/2000/svg}"
YARD = '''game "yard" "Yard"

terrain floor { symbol: "." }
terrain wall { symbol: "#", passable: false, blocks_sight: true }
terrain door { symbol: "D", passable: false, blocks_sight: true }
terrain hazard { symbol: "~" }
board yard
legend yard_legend { ".": floor  "#": wall  "D": door  "~": hazard  "b": floor area=back }

kind piece { symbol: text = "" }
piece big "Big piece" { }
piece small "Small piece" { symbol: "S" }

scenario show "A small yard" {
  players: ["ann", "bob"]
  rounds: 1
  setup {
    let b = grid_board(yard, ["######", "#..D.#", "#.~bb#", "###"], yard_legend)
    let one = create big owned by players()[0]
    grid_place(b, one, grid_space(b, 1, 1), "2x1", "red")
    let two = create small
    grid_place(b, two, grid_space(b, 2, 2), "1x1", "blue")
  }
  round { log "nothing happens" }
}
'''


def svg_of(capsys, *argv):
    assert main(["render", *argv]) == 0, capsys.readouterr().err
    return ET.fromstring(capsys.readouterr().out)


def groups(root, cls):
    return [g for g in root.iter(f"{SVG}g") if cls in g.get("class", "").split()]


def test_a_grid_shows_each_space_by_terrain_and_each_figure_over_its_footprint(capsys, tmp_path):
    (tmp_path / "main.rules").write_text(YARD, encoding="utf-8")
    root = svg_of(capsys, str(tmp_path), "board", "--scenario", "show")
    assert root.find(f"{SVG}title").text == "Yard: yard"
    assert (root.get("width"), root.get("height")) == ("212", "148")  # 6 x 4 spaces of 32, and a margin of 10
    cells = groups(root, "cell")
    assert len(cells) == 21  # the short last row's missing spaces are void: not drawn
    assert Counter(c.get("data-terrain") for c in cells) == {"wall": 13, "floor": 6, "door": 1, "hazard": 1}
    assert [(c.get("data-cell"), c.get("data-area")) for c in groups(root, "closed")] == [("3,2", "back"), ("4,2", "back")]
    figures = [(f.get("data-name"), f.get("data-cell"), f.get("data-size"), f.get("data-side"), f.get("data-owner"),
                f.find(f"{SVG}text").text, f.find(f"{SVG}rect").get("width")) for f in groups(root, "figure")]
    assert figures == [("Big piece", "1,1", "2x1", "red", "ann", "Bp", "58.0"),
                       ("Small piece", "2,2", "1x1", "blue", "", "S", "26.0")]


def test_a_scenario_on_a_square_grid_is_drawn_where_it_stands(capsys):
    root = svg_of(capsys, "doom", "board", "--scenario", "knee_deep", "--rounds", "1")
    assert len(groups(root, "cell")) == 138
    assert len(groups(root, "closed")) == 67
    assert [(f.get("data-name"), f.get("data-cell")) for f in groups(root, "figure")] == [
        ("Blue marine", "1,1"), ("Green marine", "4,1")]


def test_a_scenario_of_a_bundled_mod_is_drawn_with_mod(capsys):
    root = svg_of(capsys, "doom", "board", "--scenario", "mars_airlock", "--mod", "doom/expansion", "--rounds", "1")
    assert len(groups(root, "cell")) == 90
    assert len(groups(root, "figure")) == 6
    assert main(["render", "doom", "board", "--scenario", "mars_airlock"]) == 2
    assert "no scenario 'mars_airlock' in doom" in capsys.readouterr().err


def test_an_unknown_board_is_named(capsys):
    assert main(["render", "doom", "board", "--scenario", "knee_deep", "--rounds", "1", "--board", "nope"]) == 2
    err = capsys.readouterr().err
    assert "error[E1003]: no board 'nope'" in err
    assert "map" in err
