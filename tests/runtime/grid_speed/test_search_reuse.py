"""What the square grid's searches reuse gives the answers found afresh, on random boards.

The move search runs over per-layout step tables and a bucket queue (gridsearch._costs): its least
costs equal those of a plain Dijkstra written here over `Board.fits` and the step rules (an
independent reference). A search within a budget is taken from the widest search of the board's
version (less the dearer states) and a path or a default ending from any search that reached it:
the answers equal those of a board that kept no search. A layout's tables are shared by every
board laid out alike (gridboard.LAYOUTS), and sight lines' crossings are kept across boards
(gridsearch.CROSSINGS): the answers equal those of tables made afresh."""

import heapq

from hypothesis import given, settings
from hypothesis import strategies as st

import rulecraft
from rulecraft.runtime import grid, gridboard, gridsearch
from rulecraft.runtime.board import Searches
from rulecraft.runtime.gridboard import STEPS

RULES = rulecraft.compile_source('''
game "g" "Grid"
terrain floor { symbol: "." }
terrain hazard { symbol: "~" }
terrain wall { symbol: "#", passable: false, blocks_sight: true }
terrain smoke { symbol: "s", blocks_sight: true }
legend plan { "#": wall  ".": floor  "~": hazard cost=2  "s": smoke  "b": floor area=back }
kind piece {}
piece token "Token" {}
''')
SIZES = ["1x1", "1x1", "2x1", "1x2", "2x2", "3x1"]


def laid(rows, figures, passing="side"):
    """A game whose board has `rows` and the figures (space, size, side, turning cost) that fit."""
    g = rulecraft.Game(RULES, seed=1)
    grid.grid_board(g, "m", rows, RULES.legends["plan"])
    grid.grid_passing(g, "m", passing)
    placed = []
    for s, size, side, turning in figures:
        if grid.grid_fits(g, "m", s, size):
            t = g.create("token")
            grid.grid_place(g, "m", t, s, size, side)
            if turning and size[0] != size[2]:
                grid.grid_turning(g, "m", t, turning)
            placed.append(t)
    return g, g.boards["m"], placed


def reference_costs(b, fid, budget):
    """Least costs by a plain Dijkstra over the step rules (grid.py), read off `fits` and the terrain."""
    side, size = b.side[fid], b.size[fid]
    start = (b.anchor[fid], size)
    best, queue = {start: 0}, [(0, start)]
    while queue:
        spent, (s, wh) = heapq.heappop(queue)
        if spent > best[(s, wh)]:
            continue
        x, y = b.xy(s)
        nexts = []
        for dx, dy in STEPS:
            n = (y + dy) * b.width + x + dx
            if 0 <= x + dx < b.width and 0 <= y + dy < b.height and b.diagonal_ok(x, y, dx, dy) \
                    and b.fits(fid, n, wh, side, False):
                nexts.append(((n, wh), max(b.cost[c] for c in b.footprint(n, wh))))
        if fid in b.turn_cost and wh[0] != wh[1]:
            turned, mine = (wh[1], wh[0]), set(b.footprint(s, wh))
            for n in range(b.spaces):
                cells = b.footprint(n, turned)
                if cells and mine.intersection(cells) and b.fits(fid, n, turned, side, False):
                    nexts.append(((n, turned), b.turn_cost[fid]))
        for state, cost in nexts:
            if spent + cost <= budget and spent + cost < best.get(state, budget + 1):
                best[state] = spent + cost
                heapq.heappush(queue, (spent + cost, state))
    return best


rows = st.lists(st.text(alphabet="....~~#sb", min_size=6, max_size=6), min_size=5, max_size=5)
figures = st.lists(st.tuples(st.integers(0, 29), st.sampled_from(SIZES), st.sampled_from("ab"), st.integers(0, 2)),
                   min_size=1, max_size=5)


@settings(max_examples=200, deadline=None)
@given(rows, figures, st.sampled_from(["side", "nobody", "everybody"]), st.integers(0, 7))
def test_the_move_search_gives_the_least_costs_of_a_plain_dijkstra(rows, figures, passing, budget):
    _, b, placed = laid(rows, figures, passing)
    for t in placed:
        assert gridsearch._costs(b, t.id, budget) == reference_costs(b, t.id, budget)
        assert gridsearch._costs(b, t.id, gridsearch.whole(b)) == reference_costs(b, t.id, gridsearch.whole(b))


def answers(g, b, t, budgets):
    """Every move answer about the figure, asked in the order of `budgets` (None: the whole board)."""
    out = []
    for budget in budgets:
        if budget is None:
            out.append([(grid.grid_move_cost(g, "m", t, s), grid.grid_path(g, "m", t, s)) for s in range(b.spaces)])
        else:
            out.append((grid.grid_reachable(g, "m", t, budget),
                        [grid.grid_orientations(g, "m", t, s, budget) for s in range(b.spaces)]))
    return out


def forgetting(g, b, t, budgets):
    """`answers`, with the board's searches forgotten before each question."""
    out = []
    for budget in budgets:
        b.searches = Searches()
        out += answers(g, b, t, [budget])
    return out


@settings(max_examples=150, deadline=None)
@given(rows, figures, st.lists(st.one_of(st.none(), st.integers(0, 7)), min_size=2, max_size=5))
def test_answers_taken_from_a_wider_search_equal_those_searched_afresh(rows, figures, budgets):
    g, b, placed = laid(rows, figures)
    for t in placed:
        assert answers(g, b, t, budgets) == forgetting(g, b, t, budgets)


def test_a_narrower_search_is_taken_from_the_widest_and_counted_as_a_search():
    g, b, (t,) = laid(["......", "..~...", "......"], [(0, "1x1", "a", 0)])
    wide = gridsearch.costs(b, t.id, 5)
    misses = b.searches.misses
    narrow = gridsearch.costs(b, t.id, 2)
    assert b.searches.misses == misses + 1
    assert narrow == {state: c for state, c in wide.items() if c <= 2} == gridsearch._costs(b, t.id, 2)
    assert gridsearch.widest(b, t.id).costs is wide
    grid.grid_place(g, "m", g.create("token"), 5, "1x1", "b")  # a new version: no search kept
    assert gridsearch.widest(b, t.id) is None


def test_a_path_within_the_widest_search_is_not_searched_over_the_whole_board():
    g, b, (t,) = laid(["......", "..~...", "......"], [(0, "1x1", "a", 0)])
    grid.grid_reachable(g, "m", t, 3)
    misses = b.searches.misses
    assert grid.grid_path(g, "m", t, 14) == [7, 14]
    assert grid.grid_move_cost(g, "m", t, 14) == 2
    assert b.searches.misses == misses  # both found in the search within 3
    assert grid.grid_path(g, "m", t, 17) == [1, 2, 3, 10, 17]  # beyond it: searched over the whole board
    assert b.searches.misses == misses + 1


def test_boards_laid_out_alike_share_their_tables_and_a_new_layout_gets_new_ones():
    rows = ["#.....#", "#..#..#", "#.b...#"]
    g1, b1, _ = laid(rows, [])
    g2, b2, _ = laid(rows, [])
    assert b1.tables is b2.tables
    b1.small_steps()
    assert b2.tables.steps is b1.tables.steps
    grid.grid_set_terrain(g2, "m", 10, "floor")
    assert b2.tables is not b1.tables
    grid.grid_set_terrain(g2, "m", 10, "wall")  # laid out as before
    assert b2.tables is b1.tables
    grid.grid_open_area(g1, "m", "back")
    assert b1.tables is not b2.tables


@settings(max_examples=100, deadline=None)
@given(rows, figures)
def test_shared_tables_answer_as_tables_made_afresh(rows, figures):
    g, b, placed = laid(rows, figures)
    kept = [answers(g, b, t, [3, None]) for t in placed], \
        [grid.grid_sight(g, "m", a, c, []) for a in range(0, b.spaces, 4) for c in range(b.spaces)]
    gridboard.LAYOUTS.clear()
    gridsearch.CROSSINGS.clear()
    b.relaid()  # new tables, made again
    fresh = [answers(g, b, t, [3, None]) for t in placed], \
        [grid.grid_sight(g, "m", a, c, []) for a in range(0, b.spaces, 4) for c in range(b.spaces)]
    assert kept == fresh


def test_a_crossing_is_kept_once_for_both_directions_and_equals_one_found_afresh():
    _, b, _ = laid(["......", "......", "......", "......"], [])
    gridsearch.CROSSINGS.clear()
    for a in range(b.spaces):
        for c in range(b.spaces):
            assert gridsearch.crossed(b, a, c) == gridsearch._crossed(b, a, c) == gridsearch._crossed(b, c, a)
            assert gridsearch.crossed(b, a, c) is gridsearch.crossed(b, c, a)
    assert len(gridsearch.CROSSINGS) == b.spaces * (b.spaces + 1) // 2


def test_the_crossings_kept_stay_within_max_crossings(monkeypatch):
    monkeypatch.setattr(gridsearch, "MAX_CROSSINGS", 10)
    gridsearch.CROSSINGS.clear()
    _, b, _ = laid(["......", "......"], [])
    found = [gridsearch.crossed(b, 0, c) for c in range(b.spaces)] + [gridsearch.crossed(b, 1, c) for c in range(b.spaces)]
    assert len(gridsearch.CROSSINGS) == 10
    assert found == [gridsearch._crossed(b, 0, c) for c in range(b.spaces)] + \
        [gridsearch._crossed(b, 1, c) for c in range(b.spaces)]


def test_the_layouts_kept_stay_within_max_layouts(monkeypatch):
    monkeypatch.setattr(gridboard, "MAX_LAYOUTS", 3)
    gridboard.LAYOUTS.clear()
    for n in range(6):
        laid(["." * (n + 2), "......"], [])
    assert len(gridboard.LAYOUTS) == 3
