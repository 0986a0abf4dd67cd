"""The hex board library: shapes, directions, rays, tokens with rotations, per-edge values, text."""

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import rulecraft
from rulecraft import IllegalAction
from rulecraft.runtime import hexgrid as hx
from rulecraft.runtime.builtins import BUILTINS
from rulecraft.runtime.hexgrid import HexBoard, parse_text

SOURCE = '''
game "hextest" "a board to test the hex library"
board b
kind piece { symbol: text = "", sides: list<int> = [0, 0, 0, 0, 0, 0] }
piece arrow "Arrow" { symbol: "A", sides: [5, 0, 0, 0, 0, 1] }
piece block "Block" {}

fn facing(p: piece, d: int) -> int {
  return hex_edge(b, p, d, p.sides)
}

fn first_on_ray(from: int, d: int) -> any {
  for c in hex_ray(b, from, d) {
    if hex_at(b, c) != none { return hex_at(b, c) }
  }
  return none
}
'''


@pytest.fixture(scope="module")
def rules():
    return rulecraft.compile_source(SOURCE, filename="hextest.rules")


@pytest.fixture
def game(rules):
    g = rulecraft.Game(rules, seed=1)
    call("hex_board", g, "b", 2)
    return g


def call(name, game, *args):
    return BUILTINS[name][0](game, *args)


RADII = st.integers(min_value=0, max_value=5)
DIRS = st.integers(min_value=0, max_value=5)


# ---- shape and geometry -----------------------------------------------------------

def test_the_radius_2_board_has_19_cells_in_rows_of_3_4_5_4_3():
    b = HexBoard.hexagon("b", 2)
    assert b.size() == 19
    assert [len(r) for r in b.rows] == [3, 4, 5, 4, 3]
    assert b.labels[:3] == ["a1", "a2", "a3"]
    assert b.labels[9] == "c3"


def test_the_centre_has_six_neighbours_in_clockwise_order_from_east():
    b = HexBoard.hexagon("b", 2)
    c3 = b.by_label["c3"]
    assert [b.labels[c] for c in b.neighbour_table[c3]] == ["c4", "d3", "d2", "c2", "b2", "b3"]


def test_a_corner_has_three_neighbours():
    b = HexBoard.hexagon("b", 2)
    assert len([c for c in b.neighbour_table[b.by_label["a1"]] if c >= 0]) == 3


@given(RADII)
def test_a_hexagon_has_3r_r_plus_1_plus_1_cells(r):
    assert HexBoard.hexagon("b", r).size() == 3 * r * (r + 1) + 1


@given(RADII, st.data())
def test_adjacency_is_symmetric_and_opposite(r, data):
    b = HexBoard.hexagon("b", r)
    cell = data.draw(st.integers(0, b.size() - 1))
    d = data.draw(DIRS)
    n = b.neighbour(cell, d)
    if n >= 0:
        assert b.neighbour(n, (d + 3) % 6) == cell
        assert b.distance(cell, n) == 1
        assert b.direction(cell, n) == d


@given(RADII, st.data())
def test_rays_go_straight_and_stop_at_the_edge(r, data):
    b = HexBoard.hexagon("b", r)
    cell = data.draw(st.integers(0, b.size() - 1))
    d = data.draw(DIRS)
    ray = b.ray(cell, d)
    assert len(ray) <= 2 * r
    prev = cell
    for k, c in enumerate(ray, 1):
        assert b.neighbour(prev, d) == c
        assert b.distance(cell, c) == k
        assert b.direction(cell, c) == d
        prev = c
    assert b.neighbour(prev, d) == -1  # the next step leaves the board


@given(RADII, st.data())
def test_distance_is_a_metric(r, data):
    b = HexBoard.hexagon("b", r)
    a, c, e = (data.draw(st.integers(0, b.size() - 1)) for _ in range(3))
    assert b.distance(a, c) == b.distance(c, a)
    assert (b.distance(a, c) == 0) == (a == c)
    assert b.distance(a, e) <= b.distance(a, c) + b.distance(c, e)
    assert b.distance(a, c) <= 2 * r


def test_a_shape_from_a_picture_keeps_its_holes_and_rays_stop_at_them():
    b = HexBoard.from_picture("s", ". . . . .\n . .   .\n. . . . .")
    assert [len(r) for r in b.rows] == [5, 3, 5]
    b1 = b.by_label["b1"]
    assert [b.labels[c] for c in b.ray(b1, 0)] == ["b2"]  # the hole stops the ray


@pytest.mark.parametrize("picture", ["..", ". .\n. ."])
def test_a_picture_that_is_not_staggered_is_refused(picture):
    with pytest.raises(IllegalAction):
        HexBoard.from_picture("s", picture)


# ---- rotation ---------------------------------------------------------------------

@given(st.lists(st.integers(), min_size=6, max_size=6), st.integers(-20, 20))
def test_rotating_by_six_is_the_identity(values, r):
    assert hx.hex_rotated(None, values, r + 6) == hx.hex_rotated(None, values, r)
    assert hx.hex_rotated(None, values, 6) == values


@given(st.lists(st.integers(), min_size=6, max_size=6), DIRS, DIRS)
def test_rotations_compose(values, a, b):
    once = hx.hex_rotated(None, hx.hex_rotated(None, values, a), b)
    assert once == hx.hex_rotated(None, values, a + b)


def test_per_side_values_turn_with_the_token(game):
    p = game.create("arrow")
    c3 = call("hex_cell", game, "b", "c3")
    call("hex_place", game, "b", p, c3, 0)
    assert [game.call("facing", p, d) for d in range(6)] == [5, 0, 0, 0, 0, 1]
    call("hex_rotate", game, "b", p, 2)  # side 0 now faces south-west
    assert [game.call("facing", p, d) for d in range(6)] == [0, 1, 5, 0, 0, 0]
    assert call("hex_side", game, "b", p, 2) == 0
    assert call("hex_side_dir", game, "b", p, 0) == 2


@given(DIRS, DIRS)
def test_the_side_facing_a_direction_and_back(rotation, d):
    g = rulecraft.Game(rulecraft.compile_source(SOURCE, filename="hextest.rules"), seed=1)
    call("hex_board", g, "b", 1)
    p = g.create("block")
    call("hex_place", g, "b", p, 0, rotation)
    assert call("hex_side_dir", g, "b", p, call("hex_side", g, "b", p, d)) == d


# ---- tokens -----------------------------------------------------------------------

def test_one_token_per_cell_and_a_token_on_one_cell(game):
    a, b = game.create("arrow"), game.create("block")
    call("hex_place", game, "b", a, 0, 0)
    with pytest.raises(IllegalAction, match="taken"):
        call("hex_place", game, "b", b, 0, 0)
    with pytest.raises(IllegalAction, match="already"):
        call("hex_place", game, "b", a, 1, 0)
    call("hex_move", game, "b", a, 5)
    assert call("hex_at", game, "b", 0) is None
    assert call("hex_at", game, "b", 5) is a
    assert call("hex_cell_of", game, "b", a) == 5


def test_a_destroyed_thing_leaves_the_board(game):
    a = game.create("arrow")
    call("hex_place", game, "b", a, 9, 0)
    game.things.destroy(a)
    assert call("hex_at", game, "b", 9) is None
    assert call("hex_things", game, "b") == []
    assert 9 in call("hex_empty", game, "b")


def test_things_come_in_cell_order(game):
    made = [game.create("block") for _ in range(3)]
    for thing, cell in zip(made, [12, 3, 7]):
        call("hex_place", game, "b", thing, cell, 0)
    assert call("hex_things", game, "b") == [made[1], made[2], made[0]]


def test_a_compiled_ruleset_walks_a_ray_to_the_first_token(game):
    a, b = game.create("arrow"), game.create("block")
    call("hex_place", game, "b", a, call("hex_cell", game, "b", "c1"), 0)
    call("hex_place", game, "b", b, call("hex_cell", game, "b", "c4"), 3)
    assert game.call("first_on_ray", call("hex_cell", game, "b", "c1"), 0) is b
    assert game.call("first_on_ray", call("hex_cell", game, "b", "c1"), 3) is None


# ---- wrong arguments ----------------------------------------------------------------

@pytest.mark.parametrize(("name", "args"), [
    ("hex_at", ("nope", 0)), ("hex_at", ("b", 19)), ("hex_at", ("b", -1)), ("hex_at", ("b", "c3")),
    ("hex_ray", ("b", 0, "e")), ("hex_ray", ("b", True, 0)), ("hex_cell", ("b", "z9")),
    ("hex_place", ("b", 3, 0, 0)), ("hex_rotation", ("b", None)), ("hex_edge", ("b", None, 0, [1])),
    ("hex_rotated", ([1, 2], 0)), ("hex_board", ("x", -1)), ("hex_board", (None, 2)), ("hex_board_shape", ("x", 3)),
    ("hex_reach", ("b", 0, 0, -2)), ("hex_turn", (0, "x")), ("hex_board", ("x", 10**6)),
])
def test_wrong_arguments_are_refused_not_crashes(game, name, args):
    with pytest.raises(rulecraft.GameError):
        call(name, game, *args)


def test_every_builtin_has_a_signature():
    declared = {name: b for name, b in BUILTINS.items() if b.func.__module__ == hx.__name__}
    assert len(declared) == 31
    for name, (func, params, result) in declared.items():
        assert name.startswith("hex_")
        assert getattr(hx, name) is func
        assert isinstance(params, tuple)
        assert result



# ---- connection ---------------------------------------------------------------------

RHOMBUS = "\n".join(" " * r + " ".join("." * 3) for r in range(3))  # 3x3 cells, each row one column on


def test_the_borders_of_a_rhombus_are_its_four_sides(game):
    call("hex_board_shape", game, "r", RHOMBUS)
    assert call("hex_border", game, "r", 4) == [0, 1, 2]      # no north-west neighbour: the top row
    assert call("hex_border", game, "r", 1) == [6, 7, 8]      # no south-east neighbour: the bottom row
    assert call("hex_border", game, "r", 3) == [0, 3, 6]      # no west neighbour: the left column
    assert call("hex_border", game, "r", 0) == [2, 5, 8]      # no east neighbour: the right column


def test_cells_are_joined_only_through_a_chain_of_neighbours_all_allowed(game):
    call("hex_board_shape", game, "r", RHOMBUS)
    top, bottom = [0, 1, 2], [6, 7, 8]
    assert call("hex_joined", game, "r", top, bottom, [1, 4, 7])          # straight down the middle
    assert call("hex_joined", game, "r", top, bottom, [2, 4, 6])          # the other diagonal: neighbours too
    assert not call("hex_joined", game, "r", top, bottom, [0, 4, 8])      # 0 and 4 are not neighbours here
    assert not call("hex_joined", game, "r", top, bottom, [1, 7])         # a gap
    assert not call("hex_joined", game, "r", top, bottom, [])
    assert call("hex_joined", game, "r", [4], [4], [4])                   # a cell is joined to itself
    with pytest.raises(IllegalAction):
        call("hex_joined", game, "r", top, bottom, [99])

# ---- text and state -----------------------------------------------------------------

def test_the_text_notation_reads_back(game):
    a, b = game.create("arrow"), game.create("block")
    game.set(a, "owner", game.players[0])
    call("hex_place", game, "b", a, call("hex_cell", game, "b", "c2"), 0)
    call("hex_place", game, "b", b, call("hex_cell", game, "b", "e3"), 4)
    text = call("hex_text", game, "b")
    assert "A→1" in text
    assert "block↖" in text
    board = game.boards["b"]
    assert parse_text(board, text) == {"c2": ("A", 0, 1), "e3": ("block", 4, None)}


@settings(max_examples=30)
@given(st.dictionaries(st.integers(0, 18), DIRS, max_size=19))
def test_any_position_survives_text_and_back(placed):
    g = rulecraft.Game(rulecraft.compile_source(SOURCE, filename="hextest.rules"), seed=1)
    call("hex_board", g, "b", 2)
    for cell, rot in placed.items():
        call("hex_place", g, "b", g.create("arrow"), cell, rot)
    board = g.boards["b"]
    assert parse_text(board, board.text()) == {board.labels[c]: ("A", r, None) for c, r in placed.items()}


def test_a_bad_picture_is_refused(game):
    with pytest.raises(IllegalAction):
        parse_text(game.boards["b"], ". . .\n. .")


def test_the_snapshot_is_deterministic_json(game):
    a = game.create("arrow")
    call("hex_place", game, "b", a, 4, 1)
    snap = game.boards["b"].snapshot()
    assert json.loads(json.dumps(snap)) == snap
    assert snap["tokens"] == [["b2", a.ref, 1]]
    before = game.digest()
    call("hex_rotate", game, "b", a, 2)
    assert game.digest() != before
