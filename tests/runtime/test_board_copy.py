"""A copy of a game (a searching agent's, play.copy_game) and its square-grid board.

The copy shares what never changes and the tables of the layout with the original (the same
objects), has its own terrain, areas and figures, and after every kind of change (a figure placed
or removed, a terrain set, an area opened) each of the two boards answers exactly as a board
built afresh with only its own changes does: neither sees the other's."""

import pytest

import rulecraft
from rulecraft.runtime import grid
from rulecraft.runtime.play import copy_game

RULES = rulecraft.compile_source('''
game "g" "Grid copies"
terrain floor { symbol: "." }
terrain wall { symbol: "#", passable: false, blocks_sight: true }
terrain door { symbol: "D", passable: false, blocks_sight: true }
legend plan { "#": wall  ".": floor  "D": door  "b": floor area=back }
kind piece {}
piece token "Token" {}
''')

ROWS = ["#######",
        "#..D.b#",
        "#.#.#b#",
        "#.....#",
        "#######"]
START = 1 * 7 + 1  # the token's space
DOOR = 1 * 7 + 3
THIRD = 3 * 7 + 3  # where a second token goes


def made(changes=()):
    """A game with the board and a token at START, then `changes` (names of CHANGES) applied."""
    g = rulecraft.Game(RULES, seed=1)
    grid.grid_board(g, "m", ROWS, RULES.legends["plan"])
    grid.grid_place(g, "m", g.create("token"), START, "1x1", "a")
    for change in changes:
        CHANGES[change](g)
    return g


def _token(g, n):
    return [e for e in g.things.entities.values() if e.def_id == "token"][n]


CHANGES = {
    "place": lambda g: grid.grid_place(g, "m", g.create("token"), THIRD, "1x1", "b"),
    "remove": lambda g: grid.grid_remove(g, "m", _token(g, 0)),
    "terrain": lambda g: grid.grid_set_terrain(g, "m", DOOR, "floor"),
    "open area": lambda g: grid.grid_open_area(g, "m", "back"),
}


def answers(g):
    """What the board tells: its state, its layout's tables and a figure's moves."""
    board = g.boards["m"]
    first = _token(g, 0)
    return {"snapshot": board.snapshot(), "steps": board.small_steps(), "standing": board.standing(),
            "around": board.around(), "footprints": [board.footprint(s, (2, 1)) for s in range(board.spaces)],
            "fits": [grid.grid_fits(g, "m", s, "1x1") for s in range(board.spaces)],
            "reachable": grid.grid_reachable(g, "m", first, 6) if first.id in board.anchor else None,
            "render": board.render()}


def warmed():
    """A game whose board has made its tables (as a playout's checkpoint has) and found a search."""
    g = made()
    answers(g)
    return g


def test_a_copy_shares_what_never_changes_and_the_layouts_tables():
    g = warmed()
    board = g.boards["m"]
    twin = copy_game(g).boards["m"]
    assert twin is not board
    for field in ("terrains", "cost", "mark", "area", "tables"):
        assert getattr(twin, field) is getattr(board, field), field
    for field in ("terrain", "open_areas", "figures", "anchor", "size", "side", "occupant", "turn_cost"):
        assert getattr(twin, field) is not getattr(board, field), field
        assert getattr(twin, field) == getattr(board, field) or field == "figures", field
    assert twin.searches is not board.searches
    assert twin.searches.answers == {}
    assert [e.ref for e in twin.figures.values()] == [e.ref for e in board.figures.values()]


@pytest.mark.parametrize("change", sorted(CHANGES))
def test_a_change_to_the_copy_leaves_the_original_as_it_was(change):
    g = warmed()
    sim = copy_game(g)
    CHANGES[change](sim)
    assert answers(sim) == answers(made([change]))
    assert answers(g) == answers(made())


@pytest.mark.parametrize("change", sorted(CHANGES))
def test_a_change_to_the_original_leaves_the_copy_as_it_was(change):
    g = warmed()
    sim = copy_game(g)
    CHANGES[change](g)
    assert answers(g) == answers(made([change]))
    assert answers(sim) == answers(made())


def test_copies_of_copies_diverge_change_by_change():
    g = warmed()
    first = copy_game(g)
    CHANGES["terrain"](first)
    second = copy_game(first)
    CHANGES["open area"](second)
    CHANGES["place"](first)
    assert answers(g) == answers(made())
    assert answers(first) == answers(made(["terrain", "place"]))
    assert answers(second) == answers(made(["terrain", "open area"]))


def test_a_relaid_board_keeps_the_table_its_copy_shares():
    g = warmed()
    board = g.boards["m"]
    twin = copy_game(g).boards["m"]
    shared = board.tables
    CHANGES["terrain"](g)
    assert twin.tables is shared
    assert board.tables is not shared
    assert twin.tables.steps is not None
