"""The square grid's searches are kept per board version (gridboard.Board.searches, board.Searches):
a query asked again at the same version is answered from the cache (its hits counted), every kind
of change a search can see starts a new version (one test each), the cache stays within
MAX_SEARCHES, a copy of the game starts with none kept, and over random boards the cached answers
equal those found afresh."""

import copy

from hypothesis import given, settings
from hypothesis import strategies as st

import rulecraft
from rulecraft.runtime import board as boards
from rulecraft.runtime import grid, gridsearch

RULES = rulecraft.compile_source('''
game "g" "Grid"
terrain floor { symbol: "." }
terrain hazard { symbol: "~" }
terrain wall { symbol: "#", passable: false, blocks_sight: true }
terrain door { symbol: "D", passable: false, blocks_sight: true }
legend plan { "#": wall  ".": floor  "D": door  "~": hazard cost=2  "b": floor area=back }
kind piece {}
piece token "Token" {}
''')
ROWS = ["#######",
        "#..D..#",
        "#..#..#",
        "#bb#..#",
        "#######"]


def board(rows=ROWS):
    g = rulecraft.Game(RULES, seed=1)
    grid.grid_board(g, "m", rows, RULES.legends["plan"])
    return g, g.boards["m"]


def piece(g, x, y, side="a", size="1x1"):
    t = g.create("token")
    grid.grid_place(g, "m", t, y * g.boards["m"].width + x, size, side)
    return t


def at(b, x, y):
    return y * b.width + x


def test_repeated_queries_are_answered_from_the_cache():
    g, b = board()
    t = piece(g, 1, 1)
    found = grid.grid_reachable(g, "m", t, 3), grid.grid_sees(g, "m", t, at(b, 5, 1), []), \
        grid.grid_sight(g, "m", at(b, 1, 2), at(b, 2, 1), [])
    before = b.searches.hits, b.searches.misses
    for _ in range(3):
        again = grid.grid_reachable(g, "m", t, 3), grid.grid_sees(g, "m", t, at(b, 5, 1), []), \
            grid.grid_sight(g, "m", at(b, 1, 2), at(b, 2, 1), [])
        assert again == found
    assert (b.searches.hits - before[0], b.searches.misses - before[1]) == (9, 0)


def test_a_query_that_differs_in_anything_it_depends_on_is_searched_again():
    g, b = board()
    t = piece(g, 1, 1)
    other = piece(g, 2, 2)
    grid.grid_reachable(g, "m", t, 3)
    misses = b.searches.misses
    grid.grid_reachable(g, "m", t, 2)  # another budget
    grid.grid_reachable(g, "m", other, 3)  # another figure
    grid.grid_sees(g, "m", t, at(b, 2, 3), [])
    grid.grid_sees(g, "m", t, at(b, 2, 3), [other])  # other figures exempted
    assert b.searches.misses - misses == 4


def _change_reaches(change, figure_at=(1, 1), budget=4):
    """The spaces a figure reaches before and after `change(game, board, figure)`, and whether the
    board's version moved on."""
    g, b = board()
    t = piece(g, *figure_at)
    before, version = grid.grid_reachable(g, "m", t, budget), b.version
    change(g, b, t)
    after = grid.grid_reachable(g, "m", t, budget)
    assert b.version > version
    assert after == sorted(gridsearch.reachable(*_fresh(g, b), t.id, budget))
    return before, after


def _fresh(g, b):
    """The same board with an empty cache (a copy of its state, no answer kept)."""
    b.searches = boards.Searches()
    return (b,)


def test_placing_a_figure_is_a_new_version():
    before, after = _change_reaches(lambda g, b, t: piece(g, 2, 1, side="enemy"))
    assert at(board()[1], 2, 1) in before
    assert at(board()[1], 2, 1) not in after


def test_removing_a_figure_is_a_new_version():
    g, b = board()
    t = piece(g, 1, 1)
    enemy = piece(g, 2, 1, side="enemy")
    blocked = grid.grid_reachable(g, "m", t, 1)  # asked while the enemy stands there
    grid.grid_remove(g, "m", enemy)
    assert at(b, 2, 1) not in blocked
    assert at(b, 2, 1) in grid.grid_reachable(g, "m", t, 1)


def test_destroying_a_figure_is_a_new_version():
    g, b = board()
    t = piece(g, 1, 1)
    enemy = piece(g, 2, 1, side="enemy")
    blocked = grid.grid_reachable(g, "m", t, 1)
    g.things.destroy(enemy)  # taken out of the game: off the board
    assert at(b, 2, 1) not in blocked
    assert at(b, 2, 1) in grid.grid_reachable(g, "m", t, 1)


def test_moving_a_figure_is_a_new_version():
    g, b = board()
    t = piece(g, 1, 1)
    seen = grid.grid_sees(g, "m", t, at(b, 4, 1), [])  # through the door? no
    grid.grid_move(g, "m", t, at(b, 2, 1), 1)
    assert not seen
    assert grid.grid_reachable(g, "m", t, 0) == [at(b, 2, 1)]


def test_a_terrain_change_is_a_new_version():
    before, after = _change_reaches(lambda g, b, t: grid.grid_set_terrain(g, "m", at(b, 3, 1), "floor"), budget=3)
    assert at(board()[1], 4, 1) not in before
    assert at(board()[1], 4, 1) in after


def test_a_terrain_change_reaches_the_sight_lines_too():
    g, b = board()
    t = piece(g, 2, 1)
    assert not grid.grid_sees(g, "m", t, at(b, 4, 1), [])
    assert not grid.grid_sight(g, "m", at(b, 2, 1), at(b, 4, 1), [])
    grid.grid_set_terrain(g, "m", at(b, 3, 1), "floor")
    assert grid.grid_sees(g, "m", t, at(b, 4, 1), [])
    assert grid.grid_sight(g, "m", at(b, 2, 1), at(b, 4, 1), [])


def test_opening_an_area_is_a_new_version():
    before, after = _change_reaches(lambda g, b, t: grid.grid_open_area(g, "m", "back"), figure_at=(1, 2), budget=1)
    assert at(board()[1], 1, 3) not in before
    assert at(board()[1], 1, 3) in after


def test_the_boards_rules_are_a_new_version():
    g, b = board(["......", "..#...", ".#....", "......"])
    t = piece(g, 1, 1)
    squeezed = at(b, 2, 2)
    assert squeezed not in grid.grid_reachable(g, "m", t, 1)
    grid.grid_rules(g, "m", "both", True)  # a diagonal step may squeeze between two walls
    assert squeezed in grid.grid_reachable(g, "m", t, 1)


def test_whom_a_figure_passes_is_a_new_version():
    g, b = board(["#####", "#...#", "#####"])
    t = piece(g, 1, 1)
    piece(g, 2, 1)  # a friend in the corridor
    assert at(b, 3, 1) in grid.grid_reachable(g, "m", t, 2)
    grid.grid_passing(g, "m", "nobody")
    assert at(b, 3, 1) not in grid.grid_reachable(g, "m", t, 2)


def test_letting_a_figure_turn_is_a_new_version():
    g, b = board(["#####", "#...#", "#...#", "#####"])
    t = piece(g, 1, 1, size="2x1")
    assert grid.grid_orientations(g, "m", t, at(b, 1, 1), 2) == ["2x1"]
    grid.grid_turning(g, "m", t, 1)
    assert grid.grid_orientations(g, "m", t, at(b, 1, 1), 2) == ["2x1", "1x2"]


def test_the_cache_keeps_at_most_max_searches_answers(monkeypatch):
    monkeypatch.setattr(boards, "MAX_SEARCHES", 5)
    g, b = board()
    t = piece(g, 1, 1)
    for s in range(b.spaces):
        grid.grid_sight(g, "m", at(b, 1, 1), s, [])
    assert len(b.searches.answers) == 5
    misses = b.searches.misses
    grid.grid_sight(g, "m", at(b, 1, 1), b.spaces - 1, [])  # among the newest: kept
    grid.grid_sight(g, "m", at(b, 1, 1), 0, [])  # the oldest: dropped, searched again
    assert b.searches.misses - misses == 1
    assert grid.grid_reachable(g, "m", t, 2)


def test_only_the_current_versions_answers_are_kept():
    g, b = board()
    t = piece(g, 1, 1)
    grid.grid_reachable(g, "m", t, 2)
    grid.grid_sees(g, "m", t, at(b, 2, 3), [])
    piece(g, 5, 3)
    grid.grid_reachable(g, "m", t, 2)
    assert len(b.searches.answers) == 1
    assert b.searches.version == b.version


random_rows = st.lists(st.text(alphabet="...~#D", min_size=7, max_size=7), min_size=5, max_size=5)
spaces = st.integers(0, 34)


@settings(max_examples=150, deadline=None)
@given(random_rows, st.lists(spaces, min_size=1, max_size=4, unique=True), spaces, st.integers(0, 6))
def test_cached_answers_equal_uncached_ones_over_random_boards(rows, figures, target, budget):
    g, b = board(rows)
    placed = []
    for i, s in enumerate(figures):
        if b.fits(None, s, (1, 1), "", True):
            t = g.create("token")
            grid.grid_place(g, "m", t, s, "1x1", "a" if i % 2 else "b")
            placed.append(t)
    for _ in range(2):  # the second round from the cache
        for t in placed:
            assert gridsearch.costs(b, t.id, budget) == gridsearch._costs(b, t.id, budget)
            for exempt in (set(), {p.id for p in placed[:1]}):
                assert gridsearch.sees(b, t.id, target, exempt) == gridsearch.seen_from(b, t.id, target, exempt)
        for a in figures:
            assert gridsearch.sight(b, a, target, set()) == gridsearch.line_clear(b, a, target, set())
    assert b.searches.hits > 0 or (not placed and not figures)


def test_a_copy_of_the_game_finds_its_searches_again_and_answers_alike():
    g, b = board()
    t = piece(g, 1, 1)
    found = grid.grid_reachable(g, "m", t, 3)
    twin = copy.deepcopy(g)
    assert twin.boards["m"].searches.answers == {}  # not copied: a cache
    assert grid.grid_reachable(twin, "m", twin.boards["m"].figures[t.id], 3) == found
    piece(twin, 2, 1, side="enemy")  # the copy changes, the original does not
    assert grid.grid_reachable(g, "m", t, 3) == found
    assert b.searches.hits == 1
