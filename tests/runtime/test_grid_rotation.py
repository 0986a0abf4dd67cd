"""Turning figures on the square grid: an oblong figure let turn (`grid_turning`) stands in
either orientation during its moves; a turn keeps one of its spaces, costs its own price and
must fit like any step."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import rulecraft
from rulecraft import IllegalAction
from rulecraft.runtime import grid, gridsearch

RULES = rulecraft.compile_source('''
game "g" "Grid"
terrain floor { symbol: "." }
terrain hazard { symbol: "~" }
terrain wall { symbol: "#", passable: false, blocks_sight: true }
terrain door { symbol: "D", passable: false, blocks_sight: true }
terrain open_door { symbol: "d" }
terrain blocking { symbol: "O", passable: false, blocks_sight: true }
legend plan { "#": wall  ".": floor  "~": hazard cost=2  "D": door  "b": floor area=back }
kind piece {}
piece token "Token" {}
fn turn_and_go(b: board, t: piece, s: int) -> int {
  grid_turning(b, t, 1)
  let shapes = grid_orientations(b, t, s, 9)
  return grid_move_as(b, t, s, shapes[count(shapes) - 1], 9)
}
fn shape_of(b: board, t: piece) -> text { return grid_size_of(b, t) }
''')
LEGEND = RULES.legends["plan"]

L_BEND = [  # a 2-wide hall and a 1-wide corridor going down from its east end
    "#######",
    "#.....#",
    "#.....#",
    "#####.#",
    "#####.#",
    "#####.#",
    "#######",
]


def board(rows):
    g = rulecraft.Game(RULES, seed=1)
    grid.grid_board(g, "m", rows, LEGEND)
    return g, g.boards["m"]


def piece(g, b, x, y, size="1x1", side="a"):
    t = g.create("token")
    grid.grid_place(g, "m", t, y * b.width + x, size, side)
    return t


def s(b, x, y):
    return y * b.width + x


def test_a_fixed_oblong_figure_cannot_enter_a_one_wide_corridor_a_turning_one_can():
    g, b = board(L_BEND)
    t = piece(g, b, 1, 1, "2x1")
    assert s(b, 5, 4) not in grid.grid_reachable(g, "m", t, 9)
    grid.grid_turning(g, "m", t, 1)
    assert s(b, 5, 4) in grid.grid_reachable(g, "m", t, 9)
    assert grid.grid_orientations(g, "m", t, s(b, 5, 4), 9) == ["1x2"]
    cost = grid.grid_move(g, "m", t, s(b, 5, 4), 9)
    assert grid.grid_size_of(g, "m", t) == "1x2"
    assert grid.grid_spaces_of(g, "m", t) == [s(b, 5, 4), s(b, 5, 5)]
    # 3 steps east bring its east half to (5,1); a turn on that half covers (5,1)-(5,2); 2 steps down
    assert cost == 3 + 1 + 2
    assert [e for e in g.log if e["what"] == "grid_move"][-1]["size"] == "1x2"


def test_a_turn_costs_the_figures_turning_cost_whatever_the_terrain():
    g, b = board(["####", "#..#", "#~~#", "####"])
    t = piece(g, b, 1, 1, "2x1")
    grid.grid_turning(g, "m", t, 3)
    # pivoting down onto the hazard row: the turn costs 3, not the hazard's 2
    assert grid.grid_orientations(g, "m", t, s(b, 1, 1), 2) == ["2x1"]
    assert grid.grid_orientations(g, "m", t, s(b, 1, 1), 3) == ["2x1", "1x2"]
    assert grid.grid_move_as(g, "m", t, s(b, 1, 1), "1x2", 3) == 3
    assert grid.grid_spaces_of(g, "m", t) == [s(b, 1, 1), s(b, 1, 2)]


def test_a_turn_keeps_one_of_its_spaces_and_is_one_step():
    g, b = board(["#####", "#...#", "#...#", "#...#", "#####"])
    t = piece(g, b, 1, 2, "2x1")  # covers (1,2) and (2,2)
    grid.grid_turning(g, "m", t, 1)
    one_turn = {sp for sp in range(b.width * b.height) if "1x2" in grid.grid_orientations(g, "m", t, sp, 1)}
    # the four vertical footprints that share (1,2) or (2,2)
    assert one_turn == {s(b, 1, 1), s(b, 2, 1), s(b, 1, 2), s(b, 2, 2)}
    assert grid.grid_path(g, "m", t, s(b, 2, 1)) == [s(b, 2, 1)]  # one step: the turn on (2,2)


def test_a_figure_cannot_turn_through_a_wall_or_an_enemy_but_past_a_friend():
    g, b = board(["#####", "#...#", "#####"])
    t = piece(g, b, 1, 1, "2x1")
    grid.grid_turning(g, "m", t, 1)
    assert grid.grid_orientations(g, "m", t, s(b, 1, 1), 9) == ["2x1"]  # no room to stand up
    g, b = board(["####", "#..#", "#..#", "#..#", "####"])
    t = piece(g, b, 1, 1, "2x1")
    grid.grid_turning(g, "m", t, 1)
    piece(g, b, 1, 2, side="b")  # an enemy
    friend = piece(g, b, 2, 2, side="a")
    ends = {sp: grid.grid_orientations(g, "m", t, sp, 9) for sp in (s(b, 1, 1), s(b, 2, 1))}
    assert ends == {s(b, 1, 1): ["2x1"], s(b, 2, 1): []}  # it may pass its friend, not end on it
    grid.grid_remove(g, "m", friend)
    assert grid.grid_orientations(g, "m", t, s(b, 2, 1), 9) == ["1x2"]


def test_a_square_figure_has_nothing_to_turn_and_cost_0_stops_turning():
    g, b = board(L_BEND)
    big = piece(g, b, 1, 1, "2x2")
    grid.grid_turning(g, "m", big, 1)
    assert grid.grid_orientations(g, "m", big, s(b, 2, 1), 9) == ["2x2"]
    t = piece(g, b, 5, 4, "1x2")
    grid.grid_turning(g, "m", t, 1)
    assert grid.grid_orientations(g, "m", t, s(b, 4, 1), 9) == ["1x2", "2x1"]
    grid.grid_turning(g, "m", t, 0)
    assert grid.grid_orientations(g, "m", t, s(b, 4, 1), 9) == ["1x2"]


def test_grid_move_keeps_its_orientation_when_it_can():
    g, b = board(["######", "#....#", "#....#", "######"])
    t = piece(g, b, 1, 1, "2x1")
    grid.grid_turning(g, "m", t, 1)
    assert grid.grid_orientations(g, "m", t, s(b, 3, 1), 9) == ["2x1", "1x2"]
    grid.grid_move(g, "m", t, s(b, 3, 1), 9)
    assert grid.grid_size_of(g, "m", t) == "2x1"


def test_turning_is_callable_from_rules_and_refuses_wrong_arguments():
    g, b = board(L_BEND)
    t = piece(g, b, 1, 1, "2x1")
    assert g.call("turn_and_go", "m", t, s(b, 5, 4)) == 6
    assert g.call("shape_of", "m", t) == "1x2"
    with pytest.raises(IllegalAction, match="at least 1"):
        grid.grid_turning(g, "m", t, -1)
    with pytest.raises(IllegalAction, match="cannot stand as 3x1"):
        grid.grid_move_as(g, "m", t, s(b, 5, 4), "3x1", 9)
    with pytest.raises(IllegalAction, match="cannot move"):
        grid.grid_move_as(g, "m", t, s(b, 1, 1), "2x1", 1)
    other = g.create("token")
    with pytest.raises(IllegalAction, match="not on board"):
        grid.grid_turning(g, "m", other, 1)


def test_the_turning_cost_goes_into_the_snapshot():
    g, b = board(L_BEND)
    t = piece(g, b, 1, 1, "2x1")
    before = g.digest()
    assert "turning" not in b.snapshot()
    grid.grid_turning(g, "m", t, 2)
    assert b.snapshot()["turning"] == [[t.id, 2]]
    assert g.digest() != before


open_rows = st.lists(st.text(alphabet="....~#", min_size=6, max_size=6), min_size=5, max_size=5)


@settings(max_examples=60, deadline=None)
@given(open_rows, st.integers(0, 29), st.integers(1, 6))
def test_a_turning_move_is_a_chain_of_legal_steps_whose_costs_add_up(rows, start, budget):
    rows = ["#" * 8] + ["#" + r + "#" for r in rows] + ["#" * 8]
    g, b = board(rows)
    x, y = 1 + start % 6, 1 + start // 6
    if not (b.fits(None, s(b, x, y), (2, 1), "a", True)):
        return
    t = piece(g, b, x, y, "2x1")
    grid.grid_turning(g, "m", t, 1)
    fid = t.id
    for (end, size), cost in sorted(gridsearch.endings(b, fid, budget).items()):
        chain = gridsearch.path(b, fid, (end, size))
        if cost == 0:
            assert chain == []
            continue
        state, total = (b.anchor[fid], b.size[fid]), 0
        for nxt in chain:
            steps = dict(gridsearch.steps(b, fid, state))
            assert nxt in steps
            total += steps[nxt]
            state = nxt
        assert total == cost <= budget
        assert state == (end, size)


def test_moves_are_searched_anew_after_any_change_of_the_board():
    g, b = board(["#######", "#..D..#", "#######"])
    t = piece(g, b, 1, 1)
    far = s(b, 5, 1)
    assert far not in grid.grid_reachable(g, "m", t, 9)
    grid.grid_set_terrain(g, "m", s(b, 3, 1), "open_door")        # a door opens
    assert far in grid.grid_reachable(g, "m", t, 9)
    blocker = piece(g, b, 3, 1, side="b")                          # an enemy steps into the doorway
    assert far not in grid.grid_reachable(g, "m", t, 9)
    grid.grid_remove(g, "m", blocker)                              # and leaves
    assert far in grid.grid_reachable(g, "m", t, 9)
    g, b = board(["#####", "#..b#", "#####"])
    t = piece(g, b, 1, 1)
    assert grid.grid_reachable(g, "m", t, 9) == [s(b, 1, 1), s(b, 2, 1)]
    grid.grid_open_area(g, "m", "back")                            # an area is revealed
    assert grid.grid_reachable(g, "m", t, 9) == [s(b, 1, 1), s(b, 2, 1), s(b, 3, 1)]
