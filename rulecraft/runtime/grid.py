"""Square-grid boards: the geometry of rows of spaces, figures, 8-neighbour movement and sight.

Takes a board's rows of text and a legend the ruleset declares and the compiler checks
(`legend NAME { "#": wall  "~": hazard cost=2  "1": floor mark=start  "b": floor area=hall }`,
compiler/boards.py). Gives the built-ins `grid_*` (declared next to their functions below).
Spaces are whole numbers, `y * width + x`, so they fit the language's `int` and `list<int>`.
Boards live in the game state (`rt.things.boards[name]`) and their `snapshot()` goes into the
replay digest. A blank in the rows is no space at all.

Terrain is the ruleset's: this module knows no terrain by name. Each space has one, and what it
does is the terrain's declared properties: `passable` (a figure may stand on it and pass it),
`blocks_sight` (it blocks a sight line) and `symbol` (how the board's picture draws it).
Options: `cost=N` (movement points to enter), `mark=NAME` (start points, spawn points...),
`area=NAME` (the space belongs to an area that is closed until `grid_open_area`).

Figures are things placed with a footprint (`1x1`, `2x1`, `1x2`, `2x2`, any WxH up to 3x3)
and a side. Whom a moving figure may pass through is the board's setting (`grid_passing`): by
default the figures of its own side and nobody else's; every move ends with the whole footprint
on empty, open, passable spaces.
A move takes the cheapest path; `grid_path` names its spaces, step by step, for rules that
react to what a figure passes (ties between equally cheap paths are broken in a fixed order).

Turning: a figure whose footprint is not square may be let turn (`grid_turning`, for a cost in
movement points of at least 1). During a move it then stands in either orientation (WxH or HxW):
a turn is one step of the move that swaps its width and height and keeps at least one of the
spaces it covered, costs the figure's turning cost whatever the terrain, and must fit like any
other step (friends passed, no enemy, no impassable space). A move's state is its top-left
space and its orientation; `grid_orientations` tells in which orientations it may end on a
space, `grid_move_as` ends it in one of them.

Line of sight runs from the centre of one space to the centre of another. It is blocked by
every space whose interior the segment crosses (the two end spaces excepted) whose terrain
blocks sight, that is no space or in a closed area, or that holds a figure - the viewer's and the
target's own figures excepted, and any figures the query names. Where the segment passes
exactly through a corner of four spaces, it is blocked only if both spaces beside the corner
that it does not enter block it (so a diagonal gap between two walls is closed). The rule
is symmetric: a sees b exactly when b sees a. Range is counted like movement, diagonals
included: max(|dx|, |dy|), from the nearest space of a figure's footprint.

Two choices a game's rules may make otherwise, per board (`grid_rules`): a sight line through
a corner is blocked when `both` spaces beside it block (the default), when `either` does, or
never (`none`); and a diagonal step may squeeze between two impassable spaces (`true`) or not
(`false`, the default).

`Board` (gridboard.py) keeps the terrain, the occupancy, the footprints and the board's settings;
the searches (moves, paths, turning, sight) are functions of a board in gridsearch.py; this
module reads the legend and gives the built-ins.

Connection: `grid_joined` asks whether a chain of neighbouring spaces, all among given ones, joins
some spaces to others (board.py's `joined`, shared with the hex board).

Typed entry points: the queries a rule asks (`grid_at`, `grid_space`, `grid_x`, `grid_side`,
`grid_sees`, `grid_seen_by`, `grid_fits`, `grid_range_from`...; every query but the rarely asked
ones) have one each (`@typed_builtin`, library.py: `t_NAME` in handlers), which compiled handlers call on a
board the ruleset declares (compiler/typed_calls.py): it takes the board's name as a text and tests
everything else in one test on its way, refusing through the checks below (`_checked`, `_board`,
`_space`, `_laid`...) so the words and their order are the built-in's; the built-in is the same
function behind a test of the name (`_board`). The searches (moves, sight) are cached per board version (gridsearch.py).

A newcomer may add a built-in here (a function taking the game and the board, marked `@builtin`)
or a board setting beside `grid_rules`; a new terrain property is read from `Terrain`, which
compiler/boards.py fills from the ruleset's declarations.
"""

from __future__ import annotations

from typing import Any

from . import gridsearch as gs
from .board import joined
from .errors import IllegalAction
from .gridboard import NO_SPACE, STEPS, Board, Cell, Size, State, Terrain
from .library import builtin, typed_builtin
from .state import Entity

MAX_SIDE = 200  # the largest width or height of a board
MAX_FOOTPRINT = 3
ORTHOGONAL = ((0, -1), (-1, 0), (1, 0), (0, 1))
CORNER_SIGHT = ("both", "either", "none")  # which spaces beside a corner block a sight line through it
PASSING = ("side", "nobody", "everybody")  # whose figures a moving figure may pass through (never end on)


# ---- argument checking ------------------------------------------------------


def _bad(name: str, message: str) -> IllegalAction:
    return IllegalAction(f"`{name}`: {message}")


def _board(rt, name: str, fn: str) -> Board:
    board = rt.things.boards.get(name) if name.__class__ is str else None
    if board.__class__ is not Board:
        raise _bad(fn, f"there is no square-grid board named {name!r}")
    return board  # its class was just tested


def _laid(rt, name: str, fn: str) -> Board:
    """A typed entry point's board: the one laid under the declared name (`_board` refuses another)."""
    board = rt.things.boards.get(name)
    return board if board.__class__ is Board else _board(rt, name, fn)


def _space(board: Board, s: Any, fn: str) -> int:
    if not _on(board, s):
        raise _bad(fn, f"{s!r} is not a space of board '{board.name}' (0..{board.spaces - 1})")
    return s


def _on(board: Board, s: Any) -> bool:
    """Whether s is a space of the board (a whole number in range; a bool's class is bool)."""
    return s.__class__ is int and 0 <= s < board.spaces


def _checked(rt, name: Any, fn: str, *spaces: Any) -> Board:
    """The square-grid board named `name`, each of `spaces` checked to be one of its spaces: what
    does not hold is refused, in this order."""
    board = _board(rt, name, fn)
    for s in spaces:
        _space(board, s, fn)
    return board


def _spaces(rt, board: Board, items: Any, fn: str) -> list[int]:
    if not isinstance(items, list):
        raise _bad(fn, f"expected a list of spaces, not {type(items).__name__}")
    return [_space(board, s, fn) for s in rt.budget.scan(items)]


def _int(value: Any, fn: str, what: str) -> int:
    if value.__class__ is not int:  # a bool's class is bool
        raise _bad(fn, f"{what} must be a whole number, not {type(value).__name__}")
    return value


def _text(value: Any, fn: str, what: str) -> str:
    if not isinstance(value, str):
        raise _bad(fn, f"{what} must be text, not {type(value).__name__}")
    return value


def _figure(board: Board, thing: Any, fn: str) -> int:
    if thing.__class__ is not Entity:
        raise _bad(fn, f"expected a thing, got {type(thing).__name__}")
    if thing.id not in board.anchor:
        raise _bad(fn, f"{thing.ref} is not on board '{board.name}'")
    return thing.id


def _things(items: Any, fn: str) -> frozenset[int]:
    return frozenset(_thing_ids(items, fn))


def _thing_ids(items: Any, fn: str) -> list[int]:
    """The ids of a list of things (nones left out), in the list's order."""
    if isinstance(items, list):
        ids = [t.id for t in items if t.__class__ is Entity]
        if len(ids) == len(items):
            return ids
        if all(isinstance(t, Entity) for t in items if t is not None):
            return [t.id for t in items if t is not None]
    raise _bad(fn, "expected a list of things")


SIZES = {f"{w}x{h}": (w, h) for w in range(1, MAX_FOOTPRINT + 1) for h in range(1, MAX_FOOTPRINT + 1)}


def _size(text: Any, fn: str) -> tuple[int, int]:
    found = SIZES.get(text) if text.__class__ is str else None
    return found if found is not None else _read_size(text, fn)


def _read_size(text: Any, fn: str) -> tuple[int, int]:
    parts = _text(text, fn, "a footprint").lower().split("x")
    if len(parts) != 2 or not all(p.isdigit() for p in parts):
        raise _bad(fn, f"a footprint is written WxH, like 1x1 or 2x2, not {text!r}")
    w, h = int(parts[0]), int(parts[1])
    if not (1 <= w <= MAX_FOOTPRINT and 1 <= h <= MAX_FOOTPRINT):
        raise _bad(fn, f"a footprint is at most {MAX_FOOTPRINT}x{MAX_FOOTPRINT}")
    return w, h


def read_legend(value: Any, fn: str = "grid_board") -> tuple[dict[str, Cell], dict[str, Terrain]]:
    """A legend's value (compiler/boards.py, checked when compiled) -> its cells and every terrain."""
    try:
        cells, terrains = value
        kinds = {name: Terrain(*props) for name, *props in terrains}
        legend = {ch: (terrain, cost, mark, area) for ch, terrain, cost, mark, area in cells}
    except (TypeError, ValueError):
        raise _bad(fn, "the legend must be a legend the ruleset declares (`legend NAME { ... }`)") from None
    if any(terrain not in kinds for terrain, _, _, _ in legend.values()):
        raise _bad(fn, "the legend names a terrain the ruleset does not declare")
    return legend, kinds


# ---- built-ins ----------------------------------------------------------------


@builtin("grid_board(board, list<text>, legend) -> board")
def grid_board(rt, name, rows, legend):
    _text(name, "grid_board", "the board's name")
    if not isinstance(rows, list) or not rows or not all(isinstance(r, str) for r in rows):
        raise _bad("grid_board", "the rows must be a non-empty list of texts")
    if len(rows) > MAX_SIDE or max(len(r) for r in rows) > MAX_SIDE:
        raise _bad("grid_board", f"a board is at most {MAX_SIDE}x{MAX_SIDE} spaces")
    cells, terrains = read_legend(legend)
    for y, row in enumerate(rows):
        for x, ch in enumerate(row):
            if ch != " " and ch not in cells:
                raise _bad("grid_board", f"row {y + 1}, column {x + 1}: {ch!r} is not in the legend")
    board = Board(name, rows, cells, terrains)
    rt.things.boards[name] = board
    rt.history.record("board", board=name, width=board.width, height=board.height)
    return name


@builtin("grid_rules(board, text, bool) -> none")
def grid_rules(rt, b, corner_sight, diagonal_squeeze):
    """The board's choices: which spaces beside a corner block a sight line through it (`both`,
    `either` or `none`), and whether a diagonal step may pass between two impassable spaces."""
    board = _board(rt, b, "grid_rules")
    corner_sight = _text(corner_sight, "grid_rules", "the corner sight rule")
    if corner_sight not in CORNER_SIGHT:
        raise _bad("grid_rules", f"a sight line through a corner is blocked by {' / '.join(CORNER_SIGHT)} "
                                 f"of the spaces beside it, not {corner_sight!r}")
    if not isinstance(diagonal_squeeze, bool):
        raise _bad("grid_rules", f"diagonal squeeze must be true or false, not {type(diagonal_squeeze).__name__}")
    board.corner_sight = corner_sight
    board.squeeze = diagonal_squeeze
    board.relaid()


@builtin("grid_passing(board, text) -> none")
def grid_passing(rt, b, passing):
    """Whose figures a moving figure may pass through, never ending on them: those of its own `side`
    (the default), `nobody`'s or `everybody`'s."""
    board = _board(rt, b, "grid_passing")
    if _text(passing, "grid_passing", "who may be passed") not in PASSING:
        raise _bad("grid_passing", f"a figure passes the figures of {' / '.join(PASSING)}, not {passing!r}")
    board.passing = passing
    board.changed()


@builtin("grid_width(board) -> int")
def grid_width(rt, b):
    return _board(rt, b, "grid_width").width


@builtin("grid_height(board) -> int")
def grid_height(rt, b):
    return _board(rt, b, "grid_height").height


@typed_builtin("grid_space(board, int, int) -> int", _board)
def grid_space(rt, b, x, y):
    board = rt.things.boards.get(b)
    if board.__class__ is not Board or x.__class__ is not int or y.__class__ is not int:
        board = _board(rt, b, "grid_space")
        _int(x, "grid_space", "x")
        _int(y, "grid_space", "y")
    w = board.width
    return y * w + x if 0 <= x < w and 0 <= y < board.height else -1


@typed_builtin("grid_x(board, int) -> int", _board)
def grid_x(rt, b, s):
    board = rt.things.boards.get(b)
    if board.__class__ is not Board or s.__class__ is not int or not 0 <= s < board.spaces:
        board = _checked(rt, b, "grid_x", s)
    return s % board.width


@typed_builtin("grid_y(board, int) -> int", _board)
def grid_y(rt, b, s):
    board = rt.things.boards.get(b)
    if board.__class__ is not Board or s.__class__ is not int or not 0 <= s < board.spaces:
        board = _checked(rt, b, "grid_y", s)
    return s // board.width


@typed_builtin("grid_terrain(board, int) -> text", _board)
def grid_terrain(rt, b, s):
    board = rt.things.boards.get(b)
    if board.__class__ is not Board or s.__class__ is not int or not 0 <= s < board.spaces:
        board = _checked(rt, b, "grid_terrain", s)
    return board.terrain[s] if board.on_board(s % board.width, s // board.width) else NO_SPACE


@typed_builtin("grid_cost(board, int) -> int", _board)
def grid_cost(rt, b, s):
    board = rt.things.boards.get(b)
    if board.__class__ is not Board or s.__class__ is not int or not 0 <= s < board.spaces:
        board = _checked(rt, b, "grid_cost", s)
    return board.cost[s]


@builtin("grid_marked(board, text) -> list<int>")
def grid_marked(rt, b, mark):
    """The open spaces with this mark, in space order."""
    board = _board(rt, b, "grid_marked")
    _text(mark, "grid_marked", "a mark")
    return [s for s in range(len(board.terrain)) if board.mark[s] == mark and board.on_board(*board.xy(s))]


@typed_builtin("grid_mark(board, int) -> text", _board)
def grid_mark(rt, b, s):
    board = _laid(rt, b, "grid_mark")
    return board.mark[_space(board, s, "grid_mark")]


@typed_builtin("grid_area(board, int) -> text", _board)
def grid_area(rt, b, s):
    board = _laid(rt, b, "grid_area")
    return board.area[_space(board, s, "grid_area")]


@builtin("grid_area_spaces(board, text) -> list<int>")
def grid_area_spaces(rt, b, area):
    board = _board(rt, b, "grid_area_spaces")
    _text(area, "grid_area_spaces", "an area")
    return [s for s in range(len(board.terrain)) if board.area[s] == area and board.terrain[s] != NO_SPACE]


@builtin("grid_area_open(board, text) -> bool")
def grid_area_open(rt, b, area):
    return _text(area, "grid_area_open", "an area") in _board(rt, b, "grid_area_open").open_areas


@builtin("grid_open_area(board, text) -> none")
def grid_open_area(rt, b, area):
    board = _board(rt, b, "grid_open_area")
    area = _text(area, "grid_open_area", "an area")
    if area not in board.open_areas:
        board.open_areas.add(area)
        board.relaid()
        rt.history.record("board", board=board.name, opened=area)


@builtin("grid_set_terrain(board, int, text) -> none")
def grid_set_terrain(rt, b, s, terrain):
    """Change one space's terrain (open or close a door, clear an obstacle)."""
    board = _board(rt, b, "grid_set_terrain")
    s = _space(board, s, "grid_set_terrain")
    if _text(terrain, "grid_set_terrain", "the terrain") not in board.terrains:
        raise _bad("grid_set_terrain", f"unknown terrain {terrain!r} (one of: {', '.join(board.terrains)})")
    board.terrain[s] = terrain
    board.relaid()
    rt.history.record("board", board=board.name, space=s, terrain=terrain)


@typed_builtin("grid_neighbours(board, int) -> list<int>", _board)
def grid_neighbours(rt, b, s):
    """The on-board spaces around s (8 directions), in space order."""
    board = rt.things.boards.get(b)
    if board.__class__ is not Board or s.__class__ is not int or not 0 <= s < board.spaces:
        board = _checked(rt, b, "grid_neighbours", s)
    return list(board.around()[s])  # the rules' own list: the table is the board's


@builtin("grid_joined(board, list<int>, list<int>, list<int>, bool) -> bool")
def grid_joined(rt, b, starts, goals, through, diagonals):
    """Is a space of `starts` joined to a space of `goals` by a chain of spaces of `through` (the two ends
    among them), each a neighbour of the one before: in the 4 straight directions, or in all 8 with
    `diagonals`? For connection games (Go's groups, a player's track across the board)."""
    board = _board(rt, b, "grid_joined")
    ends = _spaces(rt, board, starts, "grid_joined"), _spaces(rt, board, goals, "grid_joined")
    if not isinstance(diagonals, bool):
        raise _bad("grid_joined", f"diagonals must be true or false, not {type(diagonals).__name__}")
    steps = STEPS if diagonals else ORTHOGONAL
    w = board.width

    def around(s: int) -> list[int]:
        x, y = s % w, s // w
        return [(y + dy) * w + x + dx for dx, dy in steps if board.on_board(x + dx, y + dy)]

    return joined(*ends, _spaces(rt, board, through, "grid_joined"), around)


@typed_builtin("grid_range(board, int, int) -> int", _board)
def grid_range(rt, b, a, c):
    board = rt.things.boards.get(b)
    if board.__class__ is not Board or not _on(board, a) or not _on(board, c):
        board = _checked(rt, b, "grid_range", a, c)
    return board.distance(a, c)


@typed_builtin("grid_range_from(board, any, int) -> int", _board)
def grid_range_from(rt, b, thing, s):
    """Spaces from the nearest space a figure covers to s."""
    board = _laid(rt, b, "grid_range_from")
    fid = _figure(board, thing, "grid_range_from")
    s = _space(board, s, "grid_range_from")
    return min(board.distance(c, s) for c in board.spaces_of(fid))


@typed_builtin("grid_footprint(board, int, text) -> list<int>", _board)
def grid_footprint(rt, b, s, size):
    """The spaces a figure of this footprint would cover with its top-left at s; [] if off the board."""
    board = _laid(rt, b, "grid_footprint")
    return list(board.footprint(_space(board, s, "grid_footprint"), _size(size, "grid_footprint")) or [])


@typed_builtin("grid_fits(board, int, text) -> bool", _board)
def grid_fits(rt, b, s, size):
    """Could a figure of this footprint be put down here (open, passable and empty spaces)?"""
    board = _laid(rt, b, "grid_fits")
    return board.fits(None, _space(board, s, "grid_fits"), _size(size, "grid_fits"), "", True)


@builtin("grid_place(board, any, int, text, text) -> none")
def grid_place(rt, b, thing, s, size, side):
    board = _board(rt, b, "grid_place")
    if not isinstance(thing, Entity):
        raise _bad("grid_place", f"expected a thing, got {type(thing).__name__}")
    s = _space(board, s, "grid_place")
    wh = _size(size, "grid_place")
    side = _text(side, "grid_place", "the side")
    if not board.fits(thing.id, s, wh, side, True):
        raise _bad("grid_place", f"{thing.ref} does not fit at space {s} of board '{board.name}'")
    board.place(thing, s, wh, side)
    rt.history.record("place", board=board.name, thing=thing, space=s)


@builtin("grid_remove(board, any) -> none")
def grid_remove(rt, b, thing):
    board = _board(rt, b, "grid_remove")
    if not isinstance(thing, Entity):
        raise _bad("grid_remove", f"expected a thing, got {type(thing).__name__}")
    if thing.id in board.anchor:
        board.lift(thing.id)
        rt.history.record("lift", board=board.name, thing=thing)


@typed_builtin("grid_where(board, any) -> int", _board)
def grid_where(rt, b, thing):
    """The top-left space of a figure, or -1 if it is not on the board."""
    board = rt.things.boards.get(b)
    if board.__class__ is not Board:
        board = _board(rt, b, "grid_where")
    if not isinstance(thing, Entity):
        raise _bad("grid_where", f"expected a thing, got {type(thing).__name__}")
    return board.anchor.get(thing.id, -1)


@typed_builtin("grid_spaces_of(board, any) -> list<int>", _board)
def grid_spaces_of(rt, b, thing):
    board = _laid(rt, b, "grid_spaces_of")
    return list(board.spaces_of(_figure(board, thing, "grid_spaces_of")))


@typed_builtin("grid_at(board, int) -> any", _board)
def grid_at(rt, b, s):
    """The figure covering space s, or none."""
    board = rt.things.boards.get(b)
    if board.__class__ is not Board or s.__class__ is not int or not 0 <= s < board.spaces:
        board = _checked(rt, b, "grid_at", s)
    fid = board.occupant.get(s)
    return board.figures[fid] if fid is not None else None


@typed_builtin("grid_figures(board) -> list<any>", _board)
def grid_figures(rt, b):
    board = rt.things.boards.get(b)
    if board.__class__ is not Board:
        board = _board(rt, b, "grid_figures")
    figures = board.figures
    return [figures[fid] for fid in sorted(board.anchor)]


@typed_builtin("grid_side(board, any) -> text", _board)
def grid_side(rt, b, thing):
    board = rt.things.boards.get(b)
    if board.__class__ is not Board:
        board = _board(rt, b, "grid_side")
    side = board.side.get(thing.id) if thing.__class__ is Entity else None
    return side if side is not None else board.side[_figure(board, thing, "grid_side")]


@typed_builtin("grid_empty(board) -> list<int>", _board)
def grid_empty(rt, b):
    """Every open, passable, unoccupied space, in space order."""
    board = rt.things.boards.get(b)
    if board.__class__ is not Board:
        board = _board(rt, b, "grid_empty")
    standable, occupant = board.standing(), board.occupant
    return [s for s in range(board.spaces) if standable[s] and s not in occupant]


@typed_builtin("grid_reachable(board, any, int) -> list<int>", _board)
def grid_reachable(rt, b, thing, budget):
    """The spaces where a figure may end a move of at most `budget` movement points (its own included)."""
    board = rt.things.boards.get(b)
    if board.__class__ is not Board:
        board = _board(rt, b, "grid_reachable")
    fid = _figure(board, thing, "grid_reachable")
    return sorted(gs.reachable(board, fid, max(0, _int(budget, "grid_reachable", "the budget"))))


@builtin("grid_move_cost(board, any, int) -> int")
def grid_move_cost(rt, b, thing, s):
    """The least movement points to end a move with the figure's top-left at s, in the orientation
    `grid_move` would end it in; -1 if impossible."""
    board = _board(rt, b, "grid_move_cost")
    fid = _figure(board, thing, "grid_move_cost")
    s = _space(board, s, "grid_move_cost")
    found = gs.ending(board, fid, s, gs.whole(board))
    return found[1] if found else -1


@builtin("grid_path(board, any, int) -> list<int>")
def grid_path(rt, b, thing, s):
    """The spaces a figure's move to s passes, one per step (its top-left space after each step), s last:
    the cheapest path, the one `grid_move` and `grid_move_cost` count (ties go to the lowest-numbered
    space, walking back from s). [] if the figure cannot end a move there or already stands there. A turn
    is a step too: its space may repeat the one before."""
    board = _board(rt, b, "grid_path")
    fid = _figure(board, thing, "grid_path")
    found = gs.ending(board, fid, _space(board, s, "grid_path"), gs.whole(board))
    return [st[0] for st in gs.path(board, fid, found[0])] if found else []


def _move_to(rt, board: Board, thing: Entity, end: tuple[State, int]) -> int:
    (s, size), cost = end
    turned = size != board.size[thing.id]
    board.place(thing, s, size, board.side[thing.id])
    extra = {"size": f"{size[0]}x{size[1]}"} if turned else {}
    rt.history.record("grid_move", board=board.name, thing=thing, to=s, cost=cost, **extra)
    return cost


@builtin("grid_move(board, any, int, int) -> int")
def grid_move(rt, b, thing, s, budget):
    """Move a figure to s along its cheapest path; returns the points spent. Illegal if it cannot end there
    within `budget` (through closed doors, blocking obstacles or enemies, off the board, onto another figure).
    A turning figure ends in its own orientation if it can, else in the cheapest other one."""
    board = _board(rt, b, "grid_move")
    fid = _figure(board, thing, "grid_move")
    s = _space(board, s, "grid_move")
    budget = _int(budget, "grid_move", "the budget")
    found = gs.ending(board, fid, s, max(0, budget))
    if found is None:
        raise IllegalAction(f"{thing.name} cannot move to space {s} with {budget} movement")
    return _move_to(rt, board, thing, found)


@builtin("grid_move_as(board, any, int, text, int) -> int")
def grid_move_as(rt, b, thing, s, size, budget):
    """Move a figure to s ending in the orientation `size` (WxH); returns the points spent."""
    board = _board(rt, b, "grid_move_as")
    fid = _figure(board, thing, "grid_move_as")
    s = _space(board, s, "grid_move_as")
    wh = _size(size, "grid_move_as")
    budget = _int(budget, "grid_move_as", "the budget")
    if wh not in gs.shapes(board, fid):
        raise _bad("grid_move_as", f"{thing.ref} cannot stand as {size} (it stands as {_wh(board.size[fid])})")
    cost = gs.endings(board, fid, max(0, budget)).get((s, wh))
    if cost is None:
        raise IllegalAction(f"{thing.name} cannot move to space {s} as {size} with {budget} movement")
    return _move_to(rt, board, thing, ((s, wh), cost))


@typed_builtin("grid_orientations(board, any, int, int) -> list<text>", _board)
def grid_orientations(rt, b, thing, s, budget):
    """The footprints (WxH) in which a figure may end a move of at most `budget` points with its top-left
    at s, its own orientation first; [] if it cannot end there."""
    board = _laid(rt, b, "grid_orientations")
    fid = _figure(board, thing, "grid_orientations")
    s = _space(board, s, "grid_orientations")
    ends = gs.endings(board, fid, max(0, _int(budget, "grid_orientations", "the budget")))
    return [_wh(shape) for shape in gs.shapes(board, fid) if (s, shape) in ends]


@builtin("grid_turning(board, any, int) -> none")
def grid_turning(rt, b, thing, cost):
    """Let a figure on the board turn during its moves, each turn costing `cost` (at least 1) movement
    points; 0 forbids turning again. A square figure has nothing to turn."""
    board = _board(rt, b, "grid_turning")
    fid = _figure(board, thing, "grid_turning")
    cost = _int(cost, "grid_turning", "the cost of a turn")
    if cost < 0:
        raise _bad("grid_turning", f"a turn costs at least 1 movement point (0: no turning), not {cost}")
    if cost == 0:
        board.turn_cost.pop(fid, None)
    else:
        board.turn_cost[fid] = cost
    board.changed()


@typed_builtin("grid_size_of(board, any) -> text", _board)
def grid_size_of(rt, b, thing):
    """The footprint (WxH) a figure stands in now."""
    board = _laid(rt, b, "grid_size_of")
    return _wh(board.size[_figure(board, thing, "grid_size_of")])


def _wh(size: Size) -> str:
    return f"{size[0]}x{size[1]}"


@typed_builtin("grid_sight(board, int, int, list<any>) -> bool", _board)
def grid_sight(rt, b, a, c, ignore):
    """Line of sight between the centres of spaces a and c; figures in `ignore` (and on a or c) do not block."""
    board = rt.things.boards.get(b)
    if board.__class__ is not Board or not _on(board, a) or not _on(board, c):
        board = _checked(rt, b, "grid_sight", a, c)
    return gs.sight(board, a, c, _things(ignore, "grid_sight"))


@typed_builtin("grid_sees(board, any, int, list<any>) -> bool", _board)
def grid_sees(rt, b, thing, s, ignore):
    """Does the figure see space s from the centre of any space it covers?"""
    board = rt.things.boards.get(b)
    if board.__class__ is not Board:
        board = _board(rt, b, "grid_sees")
    fid = _figure(board, thing, "grid_sees")
    if s.__class__ is not int or not 0 <= s < board.spaces:
        _space(board, s, "grid_sees")
    return gs.sees(board, fid, s, _things(ignore, "grid_sees"))


@typed_builtin("grid_seen_by(board, int, list<any>, list<any>) -> bool", _board)
def grid_seen_by(rt, b, s, viewers, ignore):
    """Does any of the viewers (figures on the board) see space s?"""
    board = _laid(rt, b, "grid_seen_by")
    s = _space(board, s, "grid_seen_by")
    exempt = _things(ignore, "grid_seen_by")
    anchor = board.anchor
    return any(fid in anchor and gs.sees(board, fid, s, exempt) for fid in _thing_ids(viewers, "grid_seen_by"))


@builtin("grid_visible(board, any, list<any>) -> list<int>")
def grid_visible(rt, b, thing, ignore):
    """Every open space the figure sees, in space order."""
    board = _board(rt, b, "grid_visible")
    fid = _figure(board, thing, "grid_visible")
    exempt = _things(ignore, "grid_visible")
    return [s for s in range(len(board.terrain)) if board.on_board(*board.xy(s)) and gs.sees(board, fid, s, exempt)]


@builtin("grid_show(board) -> text")
def grid_show(rt, b):
    return _board(rt, b, "grid_show").render()
