"""The square-grid board library: maps, movement, range and line of sight.

Line of sight is checked against an independent reference (exact segment/square
intersection with Fractions) and with properties that must always hold."""

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import rulecraft
from rulecraft import IllegalAction
from rulecraft.runtime import grid, gridsearch
from rulecraft.runtime.builtins import BUILTINS

RULES = rulecraft.compile_source('''
game "g" "Grid"
terrain floor { symbol: "." }
terrain hazard { symbol: "~" }
terrain wall { symbol: "#", passable: false, blocks_sight: true }
terrain door { symbol: "D", passable: false, blocks_sight: true }
terrain open_door { symbol: "d" }
terrain blocking { symbol: "O", passable: false, blocks_sight: true }
legend plan {
  "#": wall  ".": floor  "D": door  "d": open_door  "O": blocking  "~": hazard cost=2
  "S": floor mark=start  "b": floor area=back
}
kind piece {}
piece token "Token" {}
fn seen(b: board, a: int, c: int) -> bool { return grid_sight(b, a, c, []) }
''')

LEGEND = RULES.legends["plan"]


def game():
    return rulecraft.Game(RULES, seed=1)


def board(rows, legend=LEGEND, name="m"):
    g = game()
    grid.grid_board(g, name, rows, legend)
    return g, g.boards[name]


def piece(g, b, x, y, side="a", size="1x1"):
    t = g.create("token")
    grid.grid_place(g, b.name, t, y * b.width + x, size, side)
    return t


# ---- an independent reference for the spaces a segment crosses ----------------


def reference_crossed(w, a, b):
    """Cells (other than the ends) whose open interior meets the open segment between centres."""
    (xa, ya), (xb, yb) = (a % w, a // w), (b % w, b // w)
    p0 = (Fraction(2 * xa + 1, 2), Fraction(2 * ya + 1, 2))
    p1 = (Fraction(2 * xb + 1, 2), Fraction(2 * yb + 1, 2))
    out = set()
    for cx in range(min(xa, xb), max(xa, xb) + 1):
        for cy in range(min(ya, yb), max(ya, yb) + 1):
            if (cx, cy) in ((xa, ya), (xb, yb)):
                continue
            lo, hi = Fraction(0), Fraction(1)  # Liang-Barsky on the open square
            ok = True
            for d, p, low, high in ((p1[0] - p0[0], p0[0], cx, cx + 1), (p1[1] - p0[1], p0[1], cy, cy + 1)):
                if d == 0:
                    if not (low < p < high):
                        ok = False
                    continue
                t1, t2 = (low - p) / d, (high - p) / d
                lo, hi = max(lo, min(t1, t2)), min(hi, max(t1, t2))
            if ok and lo < hi:
                out.add(cy * w + cx)
    return out


cells = st.tuples(st.integers(0, 8), st.integers(0, 6))


@settings(max_examples=300, deadline=None)
@given(cells, cells)
def test_the_crossed_spaces_match_exact_segment_square_intersection(p, q):
    _, b = board(["." * 9] * 7)
    a, c = p[1] * 9 + p[0], q[1] * 9 + q[0]
    if a == c:
        return
    crossed, _ = gridsearch.crossed(b, a, c)
    assert set(crossed) == reference_crossed(9, a, c)


random_map = st.lists(st.text(alphabet="..#DO", min_size=8, max_size=8), min_size=6, max_size=6)


@settings(max_examples=200, deadline=None)
@given(random_map, cells, cells)
def test_line_of_sight_is_symmetric(rows, p, q):
    _, b = board(rows)
    a, c = p[1] * 8 + min(p[0], 7), q[1] * 8 + min(q[0], 7)
    if a >= 48 or c >= 48:
        return
    assert gridsearch.sight(b, a, c, set()) == gridsearch.sight(b, c, a, set())


@settings(max_examples=200, deadline=None)
@given(random_map, cells, cells, st.sampled_from("#DO"))
def test_a_wall_door_or_obstacle_on_a_crossed_space_always_blocks(rows, p, q, blocker):
    _, b = board([r.replace("#", ".").replace("D", ".").replace("O", ".") for r in rows])
    a, c = p[1] * 8 + min(p[0], 7), q[1] * 8 + min(q[0], 7)
    if a >= 48 or c >= 48 or a == c:
        return
    crossed, _ = gridsearch.crossed(b, a, c)
    assert gridsearch.sight(b, a, c, set())  # an empty room: every pair sees each other
    for s in crossed:
        b.terrain[s] = {"#": "wall", "D": "door", "O": "blocking"}[blocker]
        b.relaid()  # as grid_set_terrain does: the searches of the old layout are not asked again
        assert not gridsearch.sight(b, a, c, set())
        assert not gridsearch.sight(b, c, a, set())
        b.terrain[s] = "floor"
        b.relaid()


@settings(max_examples=150, deadline=None)
@given(random_map, cells, cells, cells)
def test_a_figure_blocks_unless_it_is_ignored_and_the_ends_never_block(rows, p, q, r):
    g, b = board([row.replace("#", ".").replace("D", ".").replace("O", ".") for row in rows])
    a, c = p[1] * 8 + min(p[0], 7), q[1] * 8 + min(q[0], 7)
    if a >= 48 or c >= 48 or a == c:
        return
    viewer = piece(g, b, a % 8, a // 8)
    target = piece(g, b, c % 8, c // 8, side="b")
    assert gridsearch.sight(b, a, c, set())  # the viewer and the target do not hide each other
    crossed, _ = gridsearch.crossed(b, a, c)
    if crossed:
        s = crossed[len(crossed) // 2]
        blocker = piece(g, b, s % 8, s // 8, side="b")
        assert not gridsearch.sight(b, a, c, set())
        assert gridsearch.sight(b, a, c, {blocker.id})
        assert grid.grid_sees(g, "m", viewer, c, [blocker])
        assert not grid.grid_sees(g, "m", viewer, c, [])
    assert target.id in b.anchor


@settings(max_examples=100, deadline=None)
@given(random_map, cells)
def test_neighbours_always_see_each_other_unless_squeezed_between_two_blockers(rows, p):
    _, b = board(rows)
    x, y = min(p[0], 7), min(p[1], 5)
    a = y * 8 + x
    for dx, dy in grid.STEPS:
        nx, ny = x + dx, y + dy
        if 0 <= nx < 8 and 0 <= ny < 6:
            c = ny * 8 + nx
            squeezed = dx and dy and b.blocks_sight_terrain(x + dx, y) and b.blocks_sight_terrain(x, y + dy)
            assert gridsearch.sight(b, a, c, set()) == (not squeezed)


def test_a_diagonal_gap_between_two_walls_is_closed_but_one_wall_is_not_enough():
    _, b = board(["..#", ".#.", "..."])
    # (1,0) -> (2,1) passes the corner between the walls at (2,0) and (1,1)
    assert not gridsearch.sight(b, 1, 5, set())
    _, b2 = board(["...", ".#.", "..."])
    assert gridsearch.sight(b2, 1, 5, set())


def test_walls_doors_and_obstacles_block_sight_open_doors_do_not():
    g, b = board(["......", ".#.D.O", "......"])
    # row 1: wall at x=1, door at x=3, obstacle at x=5
    assert not gridsearch.sight(b, 6 + 0, 6 + 2, set())
    assert not gridsearch.sight(b, 6 + 2, 6 + 4, set())
    grid.grid_set_terrain(g, "m", 6 + 3, "open_door")
    assert gridsearch.sight(b, 6 + 2, 6 + 4, set())


def test_closed_areas_are_off_the_board_until_opened():
    g, b = board(["...bbb", "...bbb"])
    assert not gridsearch.sight(b, 0, 5, set())
    assert 4 not in grid.grid_empty(g, "m")
    grid.grid_open_area(g, "m", "back")
    assert gridsearch.sight(b, 0, 5, set())
    assert 4 in grid.grid_empty(g, "m")


def test_range_counts_diagonals_as_one_and_figures_from_their_nearest_space():
    g, b = board(["......", "......", "......", "......"])
    assert grid.grid_range(g, "m", 0, 3 * 6 + 2) == 3
    big = piece(g, b, 0, 0, size="2x2")
    assert grid.grid_range_from(g, "m", big, 3 * 6 + 4) == 3


# ---- movement ------------------------------------------------------------------


def bfs_reachable(b, start, budget, blocked):
    """Reference: plain breadth-first search on a board of cost-1 spaces."""
    seen, frontier = {start: 0}, [start]
    while frontier:
        nxt = []
        for s in frontier:
            x, y = s % b.width, s // b.width
            for dx, dy in grid.STEPS:
                nx, ny = x + dx, y + dy
                n = ny * b.width + nx
                if 0 <= nx < b.width and 0 <= ny < b.height and n not in seen and n not in blocked \
                        and (b.passable(x + dx, y) or b.passable(x, y + dy)) and seen[s] < budget:
                    seen[n] = seen[s] + 1
                    nxt.append(n)
        frontier = nxt
    return seen


@settings(max_examples=100, deadline=None)
@given(st.lists(st.text(alphabet="...#", min_size=7, max_size=7), min_size=5, max_size=5), st.integers(0, 6))
def test_reachable_spaces_match_breadth_first_search(rows, budget):
    rows = ["." + r[1:] for r in rows]
    g, b = board(rows)
    f = piece(g, b, 0, 0)
    blocked = {s for s in range(35) if b.terrain[s] != "floor"}
    assert grid.grid_reachable(g, "m", f, budget) == sorted(bfs_reachable(b, 0, budget, blocked))


def test_friends_can_be_passed_through_but_not_ended_on_enemies_block():
    g, b = board(["#####", "#...#", "#####"])
    runner = piece(g, b, 1, 1, side="marine")
    friend = piece(g, b, 2, 1, side="marine")
    assert 3 + 5 in grid.grid_reachable(g, "m", runner, 2)
    assert 2 + 5 not in grid.grid_reachable(g, "m", runner, 2)
    with pytest.raises(IllegalAction):
        grid.grid_move(g, "m", runner, 2 + 5, 2)
    grid.grid_remove(g, "m", friend)
    piece(g, b, 2, 1, side="monster")
    assert grid.grid_reachable(g, "m", runner, 4) == [6]


@pytest.mark.parametrize(("passing", "other_side", "passes"),
                         [("side", "marine", True), ("side", "monster", False),
                          ("nobody", "marine", False), ("nobody", "monster", False),
                          ("everybody", "marine", True), ("everybody", "monster", True)])
def test_whom_a_figure_passes_through_is_the_boards_setting(passing, other_side, passes):
    g, b = board(["#####", "#...#", "#####"])           # a corridor one space wide
    runner = piece(g, b, 1, 1, side="marine")
    piece(g, b, 2, 1, side=other_side)
    grid.grid_passing(g, "m", passing)
    assert grid.grid_reachable(g, "m", runner, 2) == ([6, 8] if passes else [6])   # never ends on the other
    assert grid.grid_path(g, "m", runner, 8) == ([7, 8] if passes else [])
    with pytest.raises(IllegalAction):
        grid.grid_passing(g, "m", "friends")


def test_doors_obstacles_and_hazard_costs():
    g, b = board(["S.D..", "..O..", "..~.."])
    f = piece(g, b, 0, 0)
    assert 3 not in grid.grid_reachable(g, "m", f, 3)  # the door and the obstacle wall off the right side ...
    assert grid.grid_move_cost(g, "m", f, 2 * 5 + 2) == 3  # ... the hazard costs 2 to enter
    assert grid.grid_move_cost(g, "m", f, 2 * 5 + 3) == 4
    grid.grid_set_terrain(g, "m", 2, "open_door")
    assert grid.grid_move_cost(g, "m", f, 3) == 3
    assert grid.grid_marked(g, "m", "start") == [0]


def test_a_big_figure_stays_on_the_board_and_fits_only_where_all_its_spaces_are_free():
    g, b = board(["....", "....", "...."])
    big = piece(g, b, 0, 0, size="2x2")
    reach = grid.grid_reachable(g, "m", big, 5)
    assert reach == [0, 1, 2, 4, 5, 6]  # the top-left never goes to the last row or column
    assert grid.grid_footprint(g, "m", 3, "2x2") == []
    assert grid.grid_spaces_of(g, "m", big) == [0, 1, 4, 5]
    assert not grid.grid_fits(g, "m", 1, "1x1")


def test_an_oversized_figure_sees_from_any_of_its_spaces():
    g, b = board(["......", "..#...", "......"])
    big = piece(g, b, 0, 0, size="2x2")
    # the wall at (2,1) hides (5,1) from some of the figure's spaces, not from all of them
    target = 1 * 6 + 5
    seen_from = [s for s in grid.grid_spaces_of(g, "m", big) if gridsearch.sight(b, s, target, {big.id})]
    assert grid.grid_sees(g, "m", big, target, []) == bool(seen_from)
    assert seen_from
    assert len(seen_from) < 4


def test_wrong_arguments_are_illegal_actions_not_python_errors():
    g, _b = board(["..."])
    t = g.create("token")
    bad_calls = [
        lambda: grid.grid_board(g, "x", ["..."], ["# nothing"]),
        lambda: grid.grid_board(g, "x", ["..?"], ["...floor"]),
        lambda: grid.grid_board(g, "x", [], []),
        lambda: grid.grid_sight(g, "nope", 0, 1, []),
        lambda: grid.grid_sight(g, "m", 0, 99, []),
        lambda: grid.grid_sight(g, "m", 0, "1", []),
        lambda: grid.grid_sight(g, "m", 0, 1, [3]),
        lambda: grid.grid_place(g, "m", t, 0, "9x9", "a"),
        lambda: grid.grid_place(g, "m", 5, 0, "1x1", "a"),
        lambda: grid.grid_move(g, "m", t, 1, 3),
        lambda: grid.grid_reachable(g, "m", None, 3),
        lambda: grid.grid_set_terrain(g, "m", 0, "lava"),
    ]
    for call in bad_calls:
        with pytest.raises(IllegalAction):
            call()


def test_the_snapshot_is_deterministic_json_and_goes_into_the_digest():
    import json

    g1, b1 = board(["S..", "..."])
    g2, b2 = board(["S..", "..."])
    for g, b in ((g1, b1), (g2, b2)):
        piece(g, b, 1, 1)
    assert json.dumps(b1.snapshot()) == json.dumps(b2.snapshot())
    assert g1.digest() == g2.digest()
    piece(g2, b2, 2, 0)
    assert g1.digest() != g2.digest()


def test_every_builtin_is_registered_with_a_signature():
    declared = {name: b for name, b in BUILTINS.items() if b.func.__module__ == grid.__name__}
    assert len(declared) == 44
    for name, (func, params, result) in declared.items():
        assert isinstance(params, tuple)
        assert isinstance(result, str)
        assert getattr(grid, name) is func
        assert name.startswith("grid_")
    assert RULES.callables["seen"]


# ---- the path of a move -------------------------------------------------------

path_map = st.lists(st.text(alphabet="....~#DO", min_size=7, max_size=7), min_size=5, max_size=5)


def steps_are_legal(b, fid, start, path):
    """Every step goes to a neighbouring space the figure may pass, without squeezing
    diagonally between two impassable spaces."""
    size, side = b.size[fid], b.side[fid]
    here = start
    for s in path:
        (x, y), (nx, ny) = b.xy(here), b.xy(s)
        assert max(abs(nx - x), abs(ny - y)) == 1
        assert b.fits(fid, s, size, side, False)
        assert b.diagonal_ok(x, y, nx - x, ny - y)
        here = s


@settings(max_examples=150, deadline=None)
@given(path_map, st.sampled_from(["1x1", "2x1", "2x2"]), st.lists(cells, max_size=4), st.booleans())
def test_a_path_is_the_cheapest_legal_move_step_by_step(rows, size, others, friendly):
    rows = [".." + r[2:] if i < 2 else r for i, r in enumerate(rows)]  # the figure starts on open floor
    g, b = board(rows)
    mover = piece(g, b, 0, 0, side="a", size=size)
    for x, y in others:  # a few figures of one side in the way
        s = min(y, 4) * 7 + min(x, 6)
        if b.fits(None, s, (1, 1), "", True):
            piece(g, b, s % 7, s // 7, side="a" if friendly else "b")
    start = grid.grid_where(g, "m", mover)
    for to in range(35):
        path = grid.grid_path(g, "m", mover, to)
        cost = grid.grid_move_cost(g, "m", mover, to)
        assert path == grid.grid_path(g, "m", mover, to)  # the same answer every time
        if cost <= 0:
            assert path == []
            continue
        assert path[-1] == to
        assert to not in path[:-1]
        assert b.distance(start, path[0]) == 1  # the first step leaves from next to the figure's space
        steps_are_legal(b, mover.id, start, path)
        assert sum(gridsearch.step_cost(b, s, b.size[mover.id]) for s in path) == cost
        assert to in grid.grid_reachable(g, "m", mover, cost)
        assert to not in grid.grid_reachable(g, "m", mover, cost - 1)


@settings(max_examples=60, deadline=None)
@given(path_map, cells)
def test_the_path_is_the_move_grid_move_makes_and_costs(rows, p):
    rows = [".." + r[2:] if i < 1 else r for i, r in enumerate(rows)]
    g, b = board(rows)
    mover = piece(g, b, 0, 0)
    to = min(p[1], 4) * 7 + min(p[0], 6)
    path = grid.grid_path(g, "m", mover, to)
    if not path:
        assert grid.grid_move_cost(g, "m", mover, to) in (-1, 0)
        return
    cost = sum(gridsearch.step_cost(b, s, (1, 1)) for s in path)
    assert grid.grid_move(g, "m", mover, to, cost) == cost
    assert grid.grid_where(g, "m", mover) == to


def test_a_path_goes_around_walls_and_pays_for_hazards():
    g, b = board(["S.#..", "..#..", "~~~~.", "....."])
    f = piece(g, b, 0, 0)
    # the wall column forces the path down to row 2; the hazards cost 2, so the path keeps to the
    # cheapest spaces and ends on the far side
    path = grid.grid_path(g, "m", f, 3)
    assert path[-1] == 3
    assert sum(gridsearch.step_cost(b, s, (1, 1)) for s in path) == grid.grid_move_cost(g, "m", f, 3)
    assert all(b.terrain[s] != "wall" for s in path)
    assert grid.grid_path(g, "m", f, 2) == []  # a wall: unreachable
    assert grid.grid_path(g, "m", f, 0) == []  # it already stands there


def test_equally_cheap_paths_are_told_apart_by_the_lowest_numbered_space():
    g, b = board(["...", "...", "..."])
    f = piece(g, b, 0, 1)
    # (0,1) -> (2,1) in two steps, through (1,0), (1,1) or (1,2): the lowest-numbered wins
    assert grid.grid_path(g, "m", f, 5) == [1, 5]
    g2, b2 = board(["...", "...", "..."])
    piece(g2, b2, 1, 0, side="b")  # an enemy on (1,0): the next one is taken
    f2 = piece(g2, b2, 0, 1)
    assert grid.grid_path(g2, "m", f2, 5) == [4, 5]


def test_a_path_passes_friends_but_never_enemies_and_never_ends_on_a_figure():
    g, b = board(["#####", "#...#", "#####"])
    runner = piece(g, b, 1, 1, side="marine")
    friend = piece(g, b, 2, 1, side="marine")
    assert grid.grid_path(g, "m", runner, 8) == [7, 8]
    assert grid.grid_path(g, "m", runner, 7) == []
    grid.grid_remove(g, "m", friend)
    piece(g, b, 2, 1, side="monster")
    assert grid.grid_path(g, "m", runner, 8) == []


def test_a_big_figure_s_path_names_its_top_left_space():
    g, b = board(["....", "....", "...."])
    big = piece(g, b, 0, 0, size="2x2")
    assert grid.grid_path(g, "m", big, 2) == [1, 2]
    assert grid.grid_path(g, "m", big, 3) == []  # its footprint would leave the board


def test_grid_path_is_callable_from_rules_and_refuses_wrong_arguments():
    rules = rulecraft.compile_source('''
game "g" "Grid"
kind piece {}
piece token "Token" {}
fn route(b: board, t: any, s: int) -> list<int> { return grid_path(b, t, s) }
''')
    g = rulecraft.Game(rules, seed=1)
    grid.grid_board(g, "m", ["...."], LEGEND)
    t = g.create("token")
    grid.grid_place(g, "m", t, 0, "1x1", "a")
    assert g.call("route", "m", t, 3) == [1, 2, 3]
    loose = g.create("token")
    for call in (lambda: grid.grid_path(g, "nope", t, 1), lambda: grid.grid_path(g, "m", None, 1),
                 lambda: grid.grid_path(g, "m", loose, 1), lambda: grid.grid_path(g, "m", t, 99),
                 lambda: grid.grid_path(g, "m", t, "1"), lambda: grid.grid_path(g, "m", t, True)):
        with pytest.raises(IllegalAction):
            call()


def test_moves_follow_the_layout_after_a_search_for_figures_of_every_size():
    # The move tables are made once per layout: opening an area, changing a terrain or the
    # board's squeeze rule after a search changes the next search's answer.
    g, b = board(["..#bbb", "#.#bbb", "......"])
    small, big = piece(g, b, 0, 0), piece(g, b, 0, 2, side="b", size="2x1")
    assert grid.grid_reachable(g, "m", small, 4) == [0, 1, 7, 14, 15, 16]  # the enemy's 12-13 bar the way
    assert 9 not in grid.grid_reachable(g, "m", big, 4)
    grid.grid_open_area(g, "m", "back")
    assert grid.grid_reachable(g, "m", small, 4) == [0, 1, 3, 4, 7, 9, 10, 14, 15, 16]
    assert 9 in grid.grid_reachable(g, "m", big, 4)
    grid.grid_set_terrain(g, "m", 1, "wall")
    assert grid.grid_reachable(g, "m", small, 4) == [0]  # no squeezing between the walls at 1 and 6
    grid.grid_rules(g, "m", "both", True)
    assert grid.grid_reachable(g, "m", small, 4) == [0, 3, 4, 7, 9, 10, 14, 15, 16]


def test_spaces_are_joined_through_a_chain_of_allowed_neighbours_straight_or_diagonal():
    g, _b = board(["....", "....", "...."])
    left, right = [0, 4, 8], [3, 7, 11]
    straight = [4, 5, 6, 7]                      # across the middle row
    stairs = [0, 5, 10, 11]                      # diagonal steps, then one straight
    assert grid.grid_joined(g, "m", left, right, straight, False)
    assert not grid.grid_joined(g, "m", left, right, stairs, False)
    assert grid.grid_joined(g, "m", left, right, stairs, True)
    assert not grid.grid_joined(g, "m", left, right, [4, 5, 7], True)  # a gap at 6
    assert grid.grid_joined(g, "m", [5], [5], [5], False)
    for bad in ([99], "4"):
        with pytest.raises(IllegalAction):
            grid.grid_joined(g, "m", left, right, bad, False)
