"""Typed entry points of the grid and hex built-ins (runtime/library.py TYPED), and the compiler's
choice of them (compiler/typed_calls.py): a call on a board the ruleset declares lowers to the
typed entry point, one on a board held in a variable to the checked one; both give the same
answers, and the same refusals (the same words, in the same order) for every bad argument that
can still reach them: a board not laid or of the other kind, spaces off the board, none, bools,
fractions and texts where whole numbers are expected, things that are not on the board."""

from fractions import Fraction

import pytest

import rulecraft
from rulecraft import GameError
from rulecraft.runtime import grid, hexgrid
from rulecraft.runtime.builtins import BUILTINS
from rulecraft.runtime.library import TYPED

SOURCE = '''
game "typed" "typed calls"
terrain floor { symbol: "." }
terrain wall { symbol: "#", passable: false, blocks_sight: true }
legend plan { ".": floor  "#": wall }
board B "b"
board H "h"
board UNLAID "unlaid"
kind piece {}
piece token "Token" {}

fn at_declared(s: any) -> any { return grid_at(B, s) }
fn at_held(b: board, s: any) -> any { return grid_at(b, s) }
fn x_declared(s: any) -> int { return grid_x(B, s) }
fn x_held(b: board, s: any) -> int { return grid_x(b, s) }
fn space_declared(x: any, y: any) -> int { return grid_space(B, x, y) }
fn space_held(b: board, x: any, y: any) -> int { return grid_space(b, x, y) }
fn unlaid_at(s: int) -> any { return grid_at(UNLAID, s) }
fn hex_at_declared(c: any) -> any { return hex_at(H, c) }
fn hex_at_held(b: board, c: any) -> any { return hex_at(b, c) }
'''
ROWS = ["#.....#", "#..#..#", "#.....#"]
ODD = [None, True, False, -1, 21, 10**30, Fraction(1, 2), Fraction(4, 1), "3", 2.0, [], "b"]


@pytest.fixture(scope="module")
def rules():
    return rulecraft.compile_source(SOURCE, filename="typed.rules")


@pytest.fixture
def game(rules):
    g = rulecraft.Game(rules, seed=1)
    grid.grid_board(g, "b", ROWS, rules.legends["plan"])
    hexgrid.hex_board(g, "h", 2)
    for s, side in ((8, "a"), (12, "b"), (15, "a")):
        grid.grid_place(g, "b", g.create("token"), s, "1x1", side)
    hexgrid.hex_place(g, "h", g.create("token"), 3, 1)
    return g


def outcome(call, *args):
    """What a call gives: ("value", the value) or ("refused", the error's class and words)."""
    try:
        return "value", call(*args)
    except GameError as err:
        return "refused", type(err).__name__, err.message


def handler_globals(rules, fn):
    return set(rules.callables[fn].func.__code__.co_names)


def test_a_call_on_a_declared_board_is_typed_and_one_on_a_held_board_is_checked(rules):
    assert {"t_grid_at"} <= handler_globals(rules, "at_declared")
    assert "b_grid_at" not in handler_globals(rules, "at_declared")
    assert {"b_grid_at"} <= handler_globals(rules, "at_held")
    assert "t_grid_at" not in handler_globals(rules, "at_held")
    assert "t_hex_at" in handler_globals(rules, "hex_at_declared")
    assert "b_hex_at" in handler_globals(rules, "hex_at_held")


def test_every_typed_entry_point_belongs_to_a_built_in_of_a_board(rules):
    assert TYPED
    for name in TYPED:
        assert BUILTINS[name].params[0] == "board", name


def _grid_arguments(game):
    things = [*grid.grid_figures(game, "b"), game.create("token"), None, 3]
    spaces = [*range(21), *ODD]
    return {
        "grid_space": [(x, y) for x in [*range(-1, 8), *ODD] for y in (-1, 0, 2, 3, True, None)],
        "grid_x": [(s,) for s in spaces], "grid_y": [(s,) for s in spaces], "grid_terrain": [(s,) for s in spaces],
        "grid_cost": [(s,) for s in spaces], "grid_neighbours": [(s,) for s in spaces], "grid_at": [(s,) for s in spaces],
        "grid_range": [(a, c) for a in spaces[::3] for c in spaces[::4]],
        "grid_sight": [(a, c, ignore) for a in spaces[::3] for c in spaces[::5] for ignore in ([], [things[0]], [3])],
        "grid_where": [(t,) for t in things], "grid_side": [(t,) for t in things],
        "grid_figures": [()], "grid_empty": [()],
        "grid_reachable": [(t, budget) for t in things for budget in (-1, 0, 2, None, True, Fraction(1, 2))],
        "grid_sees": [(t, s, ignore) for t in things for s in spaces[::2] for ignore in ([], [3])],
        "grid_mark": [(s,) for s in spaces], "grid_area": [(s,) for s in spaces],
        "grid_range_from": [(t, s) for t in things for s in spaces[::2]],
        "grid_footprint": [(s, size) for s in spaces[::2] for size in ("1x1", "2x2", "3x1", "4x1", "2X1", 2, None)],
        "grid_fits": [(s, size) for s in spaces[::2] for size in ("1x1", "2x2", "3x1", "4x1", "2X1", 2, None)],
        "grid_spaces_of": [(t,) for t in things], "grid_size_of": [(t,) for t in things],
        "grid_orientations": [(t, s, budget) for t in things for s in spaces[::3] for budget in (-1, 2, None)],
        "grid_seen_by": [(s, viewers, ignore) for s in spaces[::2] for viewers in ([], things[:2], [3], None)
                         for ignore in ([], [things[0]], [3])],
    }


def _hex_arguments(game):
    things = [*hexgrid.hex_things(game, "h"), game.create("token"), None, 3]
    cells = [*range(20), *ODD]
    return {
        "hex_label": [(c,) for c in cells], "hex_neighbours": [(c,) for c in cells], "hex_at": [(c,) for c in cells],
        "hex_neighbour": [(c, d) for c in cells for d in (0, 4, 7, -1, None, True, Fraction(1, 2))],
        "hex_adjacent": [(a, c) for a in cells[::2] for c in cells[::3]],
        "hex_distance": [(a, c) for a in cells[::2] for c in cells[::3]],
        "hex_cell_of": [(t,) for t in things], "hex_empty": [()],
    }


def test_typed_and_checked_entry_points_answer_and_refuse_alike(game):
    cases = {**_grid_arguments(game), **_hex_arguments(game)}
    assert set(cases) == set(TYPED)  # every typed entry point is compared
    refusals = 0
    for name, argument_lists in cases.items():
        board = "b" if name.startswith("grid") else "h"
        for boards in ((board,), ("unlaid",), ("h" if board == "b" else "b",)):
            for args in argument_lists:
                typed = outcome(TYPED[name], game, *boards, *args)
                assert typed == outcome(BUILTINS[name].func, game, *boards, *args), (name, boards, args)
                refusals += typed[0] == "refused"
    assert refusals > 500  # the bad arguments did reach both


def test_a_checked_entry_point_refuses_a_board_that_is_no_name_as_before(game):
    for name in TYPED:
        params = BUILTINS[name].params
        filler = [0 if p == "int" else [] if p.startswith("list") else None for p in params[1:]]
        for board in (None, 3, ["b"], True):
            got = outcome(BUILTINS[name].func, game, board, *filler)
            kind = "square-grid" if name.startswith("grid") else "hex"
            assert got == ("refused", "IllegalAction", f"`{name}`: there is no {kind} board named {board!r}"), name


@pytest.mark.parametrize("value", [None, True, -1, 21, Fraction(1, 2), "3"])
def test_through_the_language_a_typed_and_a_checked_call_refuse_alike(game, value):
    declared, held = outcome(game.call, "at_declared", value), outcome(game.call, "at_held", "b", value)
    assert declared == held
    assert declared[0] == "refused"
    assert outcome(game.call, "x_declared", value) == outcome(game.call, "x_held", "b", value)
    assert outcome(game.call, "space_declared", value, 1) == outcome(game.call, "space_held", "b", value, 1)
    assert outcome(game.call, "hex_at_declared", value) == outcome(game.call, "hex_at_held", "h", value)


def test_through_the_language_a_typed_and_a_checked_call_answer_alike(game):
    for s in range(21):
        assert game.call("at_declared", s) is game.call("at_held", "b", s)
        assert game.call("x_declared", s) == game.call("x_held", "b", s) == s % 7
    for x, y in ((0, 0), (6, 2), (7, 0), (-1, 1), (3, 3)):
        assert game.call("space_declared", x, y) == game.call("space_held", "b", x, y)
    assert game.call("hex_at_declared", 3) is game.call("hex_at_held", "h", 3) is not None


def test_a_declared_board_not_laid_yet_is_refused_by_the_typed_call(game):
    assert outcome(game.call, "unlaid_at", 0) == ("refused", "IllegalAction",
                                                 "`grid_at`: there is no square-grid board named 'unlaid'")


BAD_SPACES = [None, True, False, -1, 21, 10**30, Fraction(1, 2), Fraction(4, 1), "3", 2.0]
ONE_SPACE = ["grid_x", "grid_y", "grid_terrain", "grid_cost", "grid_neighbours", "grid_at"]
ONE_CELL = ["hex_label", "hex_neighbours", "hex_at"]


@pytest.mark.parametrize("value", BAD_SPACES, ids=repr)
def test_what_is_no_space_is_refused_by_the_typed_entry_points_in_the_checked_words(game, value):
    for name in ONE_SPACE:
        assert outcome(TYPED[name], game, "b", value) == \
            ("refused", "IllegalAction", f"`{name}`: {value!r} is not a space of board 'b' (0..20)")
    for name in ONE_CELL:
        assert outcome(TYPED[name], game, "h", value if value != 21 else 19) == \
            ("refused", "IllegalAction", f"`{name}`: {value if value != 21 else 19!r} is not a cell of hex board 'h' (0..18)")
    if value.__class__ is not int:
        assert outcome(TYPED["grid_space"], game, "b", 1, value) == \
            ("refused", "IllegalAction", f"`grid_space`: y must be a whole number, not {type(value).__name__}")


def test_the_typed_entry_points_answer_what_the_board_holds(game):
    board = game.boards["b"]
    for s in range(21):
        assert TYPED["grid_x"](game, "b", s) == s % 7
        assert TYPED["grid_y"](game, "b", s) == s // 7
        figure = TYPED["grid_at"](game, "b", s)
        assert (figure.id if figure is not None else None) == board.occupant.get(s)
        assert TYPED["grid_terrain"](game, "b", s) == ("wall" if ROWS[s // 7][s % 7] == "#" else "floor")
    assert TYPED["grid_empty"](game, "b") == [s for s in range(21) if ROWS[s // 7][s % 7] == "." and s not in (8, 12, 15)]
    assert TYPED["grid_neighbours"](game, "b", 0) == [1, 7, 8]
    assert [TYPED["grid_side"](game, "b", f) for f in TYPED["grid_figures"](game, "b")] == ["a", "b", "a"]
