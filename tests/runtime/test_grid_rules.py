"""A board's own choices (`grid_rules`): which spaces beside a corner block a sight line through
it, and whether a diagonal step may squeeze between two impassable spaces."""

import pytest

import rulecraft
from rulecraft import IllegalAction
from rulecraft.runtime import grid, gridsearch

RULES = rulecraft.compile_source('''
game "g" "Grid"
terrain floor { symbol: "." }
terrain wall { symbol: "#", passable: false, blocks_sight: true }
legend plan { "#": wall  ".": floor }
kind piece {}
piece token "Token" {}
fn choose_rules(b: board) { grid_rules(b, "either", true) }
''')
LEGEND = RULES.legends["plan"]


def board(rows):
    g = rulecraft.Game(RULES, seed=1)
    grid.grid_board(g, "m", rows, LEGEND)
    return g, g.boards["m"]


# (1,0) -> (2,1) passes the corner between (2,0) and (1,1).
ONE_WALL = ["...", ".#.", "..."]
TWO_WALLS = ["..#", ".#.", "..."]


@pytest.mark.parametrize(("rule", "one_wall", "two_walls"), [("both", True, False), ("either", False, False),
                                                       ("none", True, True)])
def test_a_sight_line_through_a_corner_follows_the_board_s_rule(rule, one_wall, two_walls):
    for rows, sees in ((ONE_WALL, one_wall), (TWO_WALLS, two_walls)):
        g, b = board(rows)
        grid.grid_rules(g, "m", rule, False)
        assert gridsearch.sight(b, 1, 5, set()) is sees
        assert gridsearch.sight(b, 5, 1, set()) is sees            # still symmetric


def test_the_default_is_both_and_no_squeeze():
    _g, b = board(TWO_WALLS)
    assert (b.corner_sight, b.squeeze) == ("both", False)


def test_a_diagonal_squeeze_between_two_walls_follows_the_board_s_rule():
    g, _b = board(TWO_WALLS)
    t = g.create("token")
    grid.grid_place(g, "m", t, 1, "1x1", "a")                   # (1,0)
    assert grid.grid_move_cost(g, "m", t, 5) == 3               # round the walls: (0,1), (1,2), (2,1)
    grid.grid_rules(g, "m", "both", True)
    assert grid.grid_move_cost(g, "m", t, 5) == 1               # straight through the gap
    assert grid.grid_path(g, "m", t, 5) == [5]


def test_rules_set_the_choices_and_bad_ones_are_refused():
    g, b = board(ONE_WALL)
    g.call("choose_rules", "m")
    assert (b.corner_sight, b.squeeze) == ("either", True)
    with pytest.raises(IllegalAction, match="both / either / none"):
        grid.grid_rules(g, "m", "some", False)
    with pytest.raises(IllegalAction, match="true or false"):
        grid.grid_rules(g, "m", "both", 1)
    with pytest.raises(IllegalAction, match="no square-grid board"):
        grid.grid_rules(g, "x", "both", False)
