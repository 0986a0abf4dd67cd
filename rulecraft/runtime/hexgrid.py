"""Hex boards: cells of any hex shape, six directions, tokens placed with a rotation, per-edge
values that turn with the token, rays that stop at the board's edge, and a text notation.

Geometry. Hexes are pointy-topped and laid out in rows; a cell has "doubled-width"
coordinates (x, y): its neighbours in a row are 2 apart in x, those in the rows above and
below 1 apart. Directions are numbered clockwise as seen on a picture (y grows downwards):
0 east, 1 south-east, 2 south-west, 3 west, 4 north-west, 5 north-east.

Cells are numbered 0, 1, 2... row by row from the top, left to right; that number is what a
ruleset holds. Each cell also has a label: its row as a letter and its place in the row from
1, e.g. "c3" (the centre of the 19-hex board). -1 stands for "no cell" (off the board).

Tokens. At most one thing per cell, placed with a rotation 0..5. A token's side i faces the
direction (i + rotation) mod 6, so a per-side list `[a, b, c, d, e, f]` written as the
token is printed (side 0 first) is turned by the library: `hex_edge` reads the value facing
a direction. A board holds only living things: a destroyed or removed thing is taken off every
board (things.py), and one laid after that is not laid. So a read needs no test of life: a board
keeps the thing on each cell (`occupants`), and its things and empty cells in order until a token
is laid, moved or taken off (a new list each time they are read).

Text. `hex_text` writes a board as rows of words, one word per cell: `.` for an empty cell,
otherwise the token's symbol (its `symbol` property when it has one, else its definition
id), an arrow for its rotation (→ ↘ ↙ ← ↖ ↗) and its owner's place among the players (1, 2...).
`parse_text` reads such a picture back, for tests. A board's shape can be given as a picture
too: every non-space character is a cell, neighbours in a row two columns apart.

Every built-in takes the game first and the board (a declared `board`, kept under its name)
second; each is declared next to its function (`@builtin`, library.py). Wrong arguments become
IllegalAction, never a raw Python exception. Boards live in `rt.things.boards` and give a
deterministic `snapshot()` for the replay digest. `hex_joined` and `hex_border` serve connection
games (board.py's `joined`). The queries a rule asks most (`hex_at`, `hex_neighbour`,
`hex_adjacent`...) have a typed entry point each (`@typed_builtin`, library.py: `t_NAME` in handlers), called on a board
the ruleset declares: it takes the board's name as a text, tests the rest in one test on its way
and refuses through the checks (`_checked`, `_cell`...) in the built-in's words. The reads of a
token's sides (`hex_side`, `hex_side_dir`, `hex_edge`, `hex_rotation`) find its board and cell in
one test the same way (`_token`). Rays (`hex_ray`, `hex_reach`) are found once per cell and
direction and kept in the board's search cache (board.py's `Searches`): they follow the cells
alone, which never change once laid, so no change of the tokens makes them old. A newcomer may add a built-in here the same way.
"""

from __future__ import annotations

import copy
import itertools
import string
from typing import Any

from .board import Searches, joined
from .errors import BudgetExceeded, IllegalAction
from .library import builtin, typed_builtin
from .state import Entity

STEPS: tuple[tuple[int, int], ...] = ((2, 0), (1, 1), (-1, 1), (-2, 0), (-1, -1), (1, -1))
NAMES: tuple[str, ...] = ("e", "se", "sw", "w", "nw", "ne")
ARROWS: str = "→↘↙←↖↗"
MAX_CELLS = 10_000
MAX_TEXT = 100_000


class HexBoard:
    """The cells of one board and the tokens on it (with their rotations)."""

    def __init__(self, name: str, coords: list[tuple[int, int]]):
        if not coords:
            raise IllegalAction(f"hex board '{name}' has no cells")
        if len(coords) > MAX_CELLS:
            raise BudgetExceeded(f"hex board '{name}' would have {len(coords)} cells; at most {MAX_CELLS} are allowed")
        parity = {(x + y) % 2 for x, y in coords}
        if len(parity) > 1:
            raise IllegalAction(f"hex board '{name}': cells must be staggered (neighbours in a row two columns apart, "
                                "the rows above and below shifted by one)")
        self.name = name
        self.coords: list[tuple[int, int]] = sorted(set(coords), key=lambda c: (c[1], c[0]))
        self.index: dict[tuple[int, int], int] = {c: i for i, c in enumerate(self.coords)}
        rows = sorted({y for _, y in self.coords})
        self.rows: list[list[int]] = [[i for i, (_, y) in enumerate(self.coords) if y == row] for row in rows]
        self.labels: list[str] = [""] * len(self.coords)
        for r, cells in enumerate(self.rows):
            for k, cell in enumerate(cells, 1):
                self.labels[cell] = f"{_row_name(r)}{k}"
        self.by_label = {label: i for i, label in enumerate(self.labels)}
        self.neighbour_table: list[tuple[int, ...]] = [
            tuple(self.index.get((x + dx, y + dy), -1) for dx, dy in STEPS) for x, y in self.coords]
        self.tokens: dict[int, tuple[Entity, int]] = {}  # cell -> (thing, rotation); only living things
        self.where: dict[int, int] = {}  # thing id -> cell
        self.occupants: list[Entity | None] = [None] * len(self.coords)  # cell -> its thing (as in `tokens`)
        self.listed: list[Entity] | None = None  # the things in cell order, until the tokens change
        self.free: list[int] | None = None  # the empty cells in order, until the tokens change
        self.searches = Searches()  # rays (`ray`): they follow the cells, which never change (version 0)

    def __deepcopy__(self, memo: dict[int, Any]) -> HexBoard:
        """The board in a copy of its game: the cells are made once and never change, so the copy
        shares them; only what stands where is its own."""
        twin = copy.copy(self)
        memo[id(self)] = twin
        twin.tokens = {cell: (copy.deepcopy(e, memo), r) for cell, (e, r) in self.tokens.items()}
        twin.where = dict(self.where)
        twin.occupants = [None] * len(self.coords)
        for cell, (e, _) in twin.tokens.items():
            twin.occupants[cell] = e
        twin.listed = twin.free = None
        twin.searches = Searches()
        return twin

    # ---- shape ------------------------------------------------------------

    @classmethod
    def hexagon(cls, name: str, radius: int) -> HexBoard:
        if not isinstance(radius, int) or isinstance(radius, bool) or radius < 0:
            raise IllegalAction(f"a hexagonal board needs a radius of 0 or more, not {radius!r}")
        if 3 * radius * (radius + 1) + 1 > MAX_CELLS:
            raise BudgetExceeded(f"a hexagon of radius {radius} has more than {MAX_CELLS} cells")
        coords = []
        for dy in range(-radius, radius + 1):
            width = 2 * radius + 1 - abs(dy)
            start = -(width - 1)
            coords += [(start + 2 * k, dy) for k in range(width)]
        return cls(name, coords)

    @classmethod
    def from_picture(cls, name: str, picture: str) -> HexBoard:
        if len(picture) > MAX_TEXT:
            raise BudgetExceeded(f"a board picture of more than {MAX_TEXT} characters")
        coords = [(x, y) for y, line in enumerate(picture.split("\n")) for x, ch in enumerate(line) if not ch.isspace()]
        if not coords:
            raise IllegalAction(f"the picture of hex board '{name}' has no cells")
        xs = [x for x, _ in coords]
        for (x, y), (x2, y2) in itertools.pairwise(coords):
            if y == y2 and x2 - x < 2:
                raise IllegalAction(f"hex board '{name}': cells in a row must be two columns apart (line {y + 1})")
        return cls(name, [(x - min(xs), y) for x, y in coords])

    def size(self) -> int:
        return len(self.coords)

    def valid(self, cell: Any) -> bool:
        return cell.__class__ is int and 0 <= cell < len(self.coords)  # a bool's class is bool

    def neighbour(self, cell: int, direction: int) -> int:
        return self.neighbour_table[cell][direction % 6]

    def ray(self, cell: int, direction: int, limit: int | None = None) -> list[int]:
        """The cells from `cell` on in a direction to the board's edge (at most `limit` of them):
        found once per cell and direction, as the cells never change; a new list each time."""
        d = direction % 6
        cells = self.searches.answer(0, ("ray", cell, d), lambda: walk(self.neighbour_table, cell, d))
        return list(cells if limit is None else cells[:limit])

    def distance(self, a: int, b: int) -> int:
        (x1, y1), (x2, y2) = self.coords[a], self.coords[b]
        dx, dy = abs(x1 - x2), abs(y1 - y2)
        return dy + max(0, (dx - dy) // 2)

    def direction(self, a: int, b: int) -> int:
        """The direction in which b lies on a straight line from a, or -1."""
        (x1, y1), (x2, y2) = self.coords[a], self.coords[b]
        dx, dy = x2 - x1, y2 - y1
        if (dx, dy) == (0, 0):
            return -1
        for d, (sx, sy) in enumerate(STEPS):
            k = abs(dx) // abs(sx) if sx else 0
            if k and (sx * k, sy * k) == (dx, dy):
                return d
        return -1

    # ---- tokens -----------------------------------------------------------

    def at(self, cell: int) -> Entity | None:
        return self.occupants[cell]

    def cell_of(self, thing: Entity) -> int:
        return self.where.get(thing.id, -1)

    def rotation(self, thing: Entity) -> int:
        cell = self.cell_of(thing)
        return self.tokens[cell][1] if cell >= 0 else 0

    def place(self, thing: Entity, cell: int, rotation: int) -> None:
        if self.cell_of(thing) >= 0:
            raise IllegalAction(f"{thing.ref} is already on hex board '{self.name}'")
        if self.at(cell) is not None:
            raise IllegalAction(f"cell {self.labels[cell]} of hex board '{self.name}' is taken")
        if thing.alive:  # a thing out of the game is on no board (things.py takes it off every board)
            self._put(thing, cell, rotation % 6)

    def move(self, thing: Entity, cell: int) -> None:
        old = self.cell_of(thing)
        if old < 0:
            raise IllegalAction(f"{thing.ref} is not on hex board '{self.name}'")
        if old == cell:
            return
        if self.at(cell) is not None:
            raise IllegalAction(f"cell {self.labels[cell]} of hex board '{self.name}' is taken")
        rotation = self.tokens[old][1]
        self._drop(old)
        self._put(thing, cell, rotation)

    def rotate(self, thing: Entity, rotation: int) -> None:
        cell = self.cell_of(thing)
        if cell < 0:
            raise IllegalAction(f"{thing.ref} is not on hex board '{self.name}'")
        self.tokens[cell] = (thing, rotation % 6)

    def remove(self, thing: Entity) -> bool:
        cell = self.where.get(thing.id, -1)
        if cell < 0:
            return False
        self._drop(cell)
        return True

    def drop(self, thing: Entity) -> None:
        """A thing taken out of the game (`remove`, `destroy`) leaves the board."""
        self.remove(thing)

    def _put(self, thing: Entity, cell: int, rotation: int) -> None:
        self.tokens[cell] = (thing, rotation)
        self.where[thing.id] = cell
        self.occupants[cell] = thing
        self.listed = self.free = None

    def _drop(self, cell: int) -> None:
        thing, _ = self.tokens.pop(cell)
        self.where.pop(thing.id, None)
        self.occupants[cell] = None
        self.listed = self.free = None

    def things(self) -> list[Entity]:
        """The things on the board in cell order (a new list each time)."""
        if self.listed is None:
            self.listed = [t for t in self.occupants if t is not None]
        return list(self.listed)

    def empty(self) -> list[int]:
        """The empty cells in order (a new list each time)."""
        if self.free is None:
            self.free = [c for c, t in enumerate(self.occupants) if t is None]
        return list(self.free)

    # ---- text and state ---------------------------------------------------

    def text(self, players: list[Entity] | None = None) -> str:
        words = [self._word(c, players or []) for c in range(len(self.coords))]
        half = (max(len(w) for w in words) + 2) // 2
        min_x = min(x for x, _ in self.coords)
        lines = []
        for cells in self.rows:
            line = ""
            for c in cells:
                column = (self.coords[c][0] - min_x) * half
                line += " " * max(1 if line else 0, column - len(line)) + words[c]
            lines.append(line.rstrip())
        return "\n".join(lines)

    def _word(self, cell: int, players: list[Entity]) -> str:
        thing = self.at(cell)
        if thing is None:
            return "."
        symbol = thing.props.get("symbol")
        word = symbol if isinstance(symbol, str) and symbol and not any(ch.isspace() for ch in symbol) else thing.def_id
        owner = next((str(i + 1) for i, p in enumerate(players) if p is thing.owner), "")
        return f"{word}{ARROWS[self.tokens[cell][1]]}{owner}"

    def snapshot(self) -> dict[str, Any]:
        return {"cells": [list(c) for c in self.coords],
                "tokens": [[self.labels[c], self.tokens[c][0].ref, self.tokens[c][1]]
                           for c in sorted(self.tokens)]}


def walk(neighbours: list[tuple[int, ...]], cell: int, d: int) -> tuple[int, ...]:
    """The cells from `cell` on in direction d to the edge of a board with these neighbours, found now."""
    out: list[int] = []
    nxt = neighbours[cell][d]
    while nxt >= 0:
        out.append(nxt)
        nxt = neighbours[nxt][d]
    return tuple(out)


def parse_text(board: HexBoard, text: str) -> dict[str, tuple[str, int, int | None]]:
    """Read a picture written like `hex_text`: cell label -> (symbol, rotation, owner number or None).

    One line per row of the board (blank lines ignored), one word per cell in the row."""
    lines = [line.split() for line in text.split("\n") if line.strip()]
    if len(lines) != len(board.rows):
        raise IllegalAction(f"the picture has {len(lines)} rows; hex board '{board.name}' has {len(board.rows)}")
    out: dict[str, tuple[str, int, int | None]] = {}
    for r, (words, cells) in enumerate(zip(lines, board.rows)):
        if len(words) != len(cells):
            raise IllegalAction(f"row {_row_name(r)} of the picture has {len(words)} cells; the board has {len(cells)}")
        for word, cell in zip(words, cells):
            if word == ".":
                continue
            arrow = next((i for i, ch in enumerate(word) if ch in ARROWS), -1)
            if arrow <= 0:
                raise IllegalAction(f"'{word}' at {board.labels[cell]}: a token is written SYMBOL, an arrow, an owner number")
            owner = word[arrow + 1:]
            if owner and not owner.isdigit():
                raise IllegalAction(f"'{word}' at {board.labels[cell]}: the owner must be a number")
            out[board.labels[cell]] = (word[:arrow], ARROWS.index(word[arrow]), int(owner) if owner else None)
    return out


def _row_name(r: int) -> str:
    letters = string.ascii_lowercase
    name = ""
    r += 1
    while r:
        r, rem = divmod(r - 1, 26)
        name = letters[rem] + name
    return name


# ---- the built-ins ------------------------------------------------------------


def _bad(name: str, why: str) -> IllegalAction:
    return IllegalAction(f"`{name}`: {why}")


def _is_int(v: Any) -> bool:
    return v.__class__ is int  # not a bool, whose class is bool


def _board(rt, fn: str, name: Any) -> HexBoard:
    board = rt.things.boards.get(name) if name.__class__ is str else None
    if board.__class__ is not HexBoard:
        raise _bad(fn, f"there is no hex board named {name!r}")
    return board  # its class was just tested


def _refused(rt, name: Any, fn: str) -> HexBoard:
    """`_board` in `library.typed_builtin`'s order of arguments."""
    return _board(rt, fn, name)


def _cell(board: HexBoard, fn: str, cell: Any) -> int:
    if not board.valid(cell):
        raise _bad(fn, f"{cell!r} is not a cell of hex board '{board.name}' (0..{board.size() - 1})")
    return cell


def _checked(rt, fn: str, name: Any, *cells: Any) -> HexBoard:
    """The hex board named `name`, each of `cells` checked to be one of its cells: what does not
    hold is refused, in this order."""
    board = _board(rt, fn, name)
    for c in cells:
        _cell(board, fn, c)
    return board


def _cells(rt, board: HexBoard, fn: str, cells: Any) -> list[int]:
    if not isinstance(cells, list):
        raise _bad(fn, f"expected a list of cells, not {cells!r}")
    return [_cell(board, fn, c) for c in rt.budget.scan(cells)]


def _dir(fn: str, d: Any) -> int:
    if not _is_int(d):
        raise _bad(fn, f"a direction is a number 0..5, not {d!r}")
    return d % 6


def _thing(fn: str, thing: Any) -> Entity:
    if thing.__class__ is not Entity:
        raise _bad(fn, f"{thing!r} is not a thing")
    return thing


def _on(board: HexBoard, fn: str, thing: Any) -> int:
    cell = board.cell_of(_thing(fn, thing))
    if cell < 0:
        raise _bad(fn, f"{thing.ref} is not on hex board '{board.name}'")
    return cell


def _token(rt, fn: str, name: Any, thing: Any) -> tuple[HexBoard, int]:
    """The hex board named `name` and the cell of `thing` on it, in one test where both hold;
    otherwise refused through `_board` and `_on`, in that order."""
    board = rt.things.boards.get(name) if name.__class__ is str else None
    if board.__class__ is HexBoard and thing.__class__ is Entity:
        cell = board.where.get(thing.id, -1)
        if cell >= 0:
            return board, cell
    board = _board(rt, fn, name)
    return board, _on(board, fn, thing)


def _name(fn: str, name: Any) -> str:
    if not isinstance(name, str) or not name:
        raise _bad(fn, f"a board's name is a text, not {name!r}")
    return name


@builtin("hex_board(board, int) -> none")
def hex_board(rt, name, radius):
    rt.things.boards[_name("hex_board", name)] = HexBoard.hexagon(name, radius)
    rt.history.record("hex_board", board=name, cells=rt.things.boards[name].size())


@builtin("hex_board_shape(board, text) -> none")
def hex_board_shape(rt, name, picture):
    if not isinstance(picture, str):
        raise _bad("hex_board_shape", "the shape is a text picture")
    rt.things.boards[_name("hex_board_shape", name)] = HexBoard.from_picture(name, picture)
    rt.history.record("hex_board", board=name, cells=rt.things.boards[name].size())


@builtin("hex_cells(board) -> list<int>")
def hex_cells(rt, name):
    return list(range(_board(rt, "hex_cells", name).size()))


@builtin("hex_cell(board, text) -> int")
def hex_cell(rt, name, label):
    board = _board(rt, "hex_cell", name)
    if label not in board.by_label:
        raise _bad("hex_cell", f"hex board '{board.name}' has no cell {label!r}")
    return board.by_label[label]


@typed_builtin("hex_label(board, int) -> text", _refused)
def hex_label(rt, name, cell):
    board = rt.things.boards.get(name)
    if board.__class__ is not HexBoard or cell.__class__ is not int or not 0 <= cell < len(board.coords):
        board = _checked(rt, "hex_label", name, cell)
    return board.labels[cell]


@typed_builtin("hex_neighbour(board, int, int) -> int", _refused)
def hex_neighbour(rt, name, cell, direction):
    board = rt.things.boards.get(name)
    if board.__class__ is not HexBoard or not board.valid(cell) or direction.__class__ is not int:
        board = _checked(rt, "hex_neighbour", name, cell)
        _dir("hex_neighbour", direction)
    return board.neighbour_table[cell][direction % 6]


@typed_builtin("hex_neighbours(board, int) -> list<int>", _refused)
def hex_neighbours(rt, name, cell):
    board = rt.things.boards.get(name)
    if board.__class__ is not HexBoard or cell.__class__ is not int or not 0 <= cell < len(board.coords):
        board = _checked(rt, "hex_neighbours", name, cell)
    return [c for c in board.neighbour_table[cell] if c >= 0]


@typed_builtin("hex_adjacent(board, int, int) -> bool", _refused)
def hex_adjacent(rt, name, a, b):
    board = rt.things.boards.get(name)
    if board.__class__ is not HexBoard or not board.valid(a) or not board.valid(b):
        board = _checked(rt, "hex_adjacent", name, b, a)
    return b in board.neighbour_table[a]


@builtin("hex_joined(board, list<int>, list<int>, list<int>) -> bool")
def hex_joined(rt, name, starts, goals, through):
    """Is a cell of `starts` joined to a cell of `goals` by a chain of neighbouring cells of `through`
    (the two ends among them)? Hex is won when a player's stones join the player's two sides."""
    board = _board(rt, "hex_joined", name)
    ends = _cells(rt, board, "hex_joined", starts), _cells(rt, board, "hex_joined", goals)
    table = board.neighbour_table
    return joined(*ends, _cells(rt, board, "hex_joined", through), lambda c: table[c])


@builtin("hex_border(board, int) -> list<int>")
def hex_border(rt, name, direction):
    """The cells with no neighbour in this direction, in cell order: a side of the board (on a rhombus,
    direction 4 (north-west) gives the top row, 3 (west) the left column)."""
    board = _board(rt, "hex_border", name)
    d = _dir("hex_border", direction)
    return [c for c in range(board.size()) if board.neighbour_table[c][d] < 0]


@builtin("hex_direction(board, int, int) -> int")
def hex_direction(rt, name, a, b):
    board = _board(rt, "hex_direction", name)
    return board.direction(_cell(board, "hex_direction", a), _cell(board, "hex_direction", b))


@typed_builtin("hex_distance(board, int, int) -> int", _refused)
def hex_distance(rt, name, a, b):
    board = rt.things.boards.get(name)
    if board.__class__ is not HexBoard or not board.valid(a) or not board.valid(b):
        board = _checked(rt, "hex_distance", name, a, b)
    return board.distance(a, b)


@builtin("hex_ray(board, int, int) -> list<int>")
def hex_ray(rt, name, cell, direction):
    board = _board(rt, "hex_ray", name)
    return board.ray(_cell(board, "hex_ray", cell), _dir("hex_ray", direction))


@builtin("hex_reach(board, int, int, int) -> list<int>")
def hex_reach(rt, name, cell, direction, n):
    board = _board(rt, "hex_reach", name)
    if not _is_int(n) or n < 0:
        raise _bad("hex_reach", f"how far is a number of 0 or more, not {n!r}")
    return board.ray(_cell(board, "hex_reach", cell), _dir("hex_reach", direction), n)


@builtin("hex_turn(int, int) -> int")
def hex_turn(rt, direction, by):
    if not _is_int(by):
        raise _bad("hex_turn", f"a turn is a number of sixths, not {by!r}")
    return (_dir("hex_turn", direction) + by) % 6


@builtin("hex_opposite(int) -> int")
def hex_opposite(rt, direction):
    return (_dir("hex_opposite", direction) + 3) % 6


@builtin("hex_dir_name(int) -> text")
def hex_dir_name(rt, direction):
    return NAMES[_dir("hex_dir_name", direction)]


@builtin("hex_place(board, any, int, int) -> none")
def hex_place(rt, name, thing, cell, rotation):
    board = _board(rt, "hex_place", name)
    board.place(_thing("hex_place", thing), _cell(board, "hex_place", cell), _dir("hex_place", rotation))
    rt.history.record("hex_place", board=name, thing=thing, cell=board.labels[cell], rotation=rotation % 6)


@builtin("hex_move(board, any, int) -> none")
def hex_move(rt, name, thing, cell):
    board = _board(rt, "hex_move", name)
    board.move(_thing("hex_move", thing), _cell(board, "hex_move", cell))
    rt.history.record("hex_move", board=name, thing=thing, cell=board.labels[cell])


@builtin("hex_rotate(board, any, int) -> none")
def hex_rotate(rt, name, thing, rotation):
    board = _board(rt, "hex_rotate", name)
    board.rotate(_thing("hex_rotate", thing), _dir("hex_rotate", rotation))
    rt.history.record("hex_rotate", board=name, thing=thing, rotation=rotation % 6)


@builtin("hex_remove(board, any) -> none")
def hex_remove(rt, name, thing):
    board = _board(rt, "hex_remove", name)
    if board.remove(_thing("hex_remove", thing)):
        rt.history.record("hex_remove", board=name, thing=thing)


@typed_builtin("hex_at(board, int) -> any", _refused)
def hex_at(rt, name, cell):
    board = rt.things.boards.get(name)
    if board.__class__ is not HexBoard or cell.__class__ is not int or not 0 <= cell < len(board.coords):
        board = _checked(rt, "hex_at", name, cell)
    return board.occupants[cell]


@typed_builtin("hex_cell_of(board, any) -> int", _refused)
def hex_cell_of(rt, name, thing):
    board = rt.things.boards.get(name)
    if board.__class__ is not HexBoard or thing.__class__ is not Entity:
        board = _board(rt, "hex_cell_of", name)
        _thing("hex_cell_of", thing)
    return board.where.get(thing.id, -1)


@builtin("hex_rotation(board, any) -> int")
def hex_rotation(rt, name, thing):
    board, cell = _token(rt, "hex_rotation", name, thing)
    return board.tokens[cell][1]


@builtin("hex_things(board) -> list<any>")
def hex_things(rt, name):
    return _board(rt, "hex_things", name).things()

@typed_builtin("hex_empty(board) -> list<int>", _refused)
def hex_empty(rt, name):
    board = rt.things.boards.get(name)
    if board.__class__ is not HexBoard:
        board = _board(rt, "hex_empty", name)
    return board.empty()


@builtin("hex_side(board, any, int) -> int")
def hex_side(rt, name, thing, direction):
    board, cell = _token(rt, "hex_side", name, thing)
    if direction.__class__ is not int:
        _dir("hex_side", direction)
    return (direction - board.tokens[cell][1]) % 6


@builtin("hex_side_dir(board, any, int) -> int")
def hex_side_dir(rt, name, thing, side):
    board, cell = _token(rt, "hex_side_dir", name, thing)
    if side.__class__ is not int:
        _dir("hex_side_dir", side)
    return (side + board.tokens[cell][1]) % 6


@builtin("hex_edge(board, any, int, list<any>) -> any")
def hex_edge(rt, name, thing, direction, values):
    board, cell = _token(rt, "hex_edge", name, thing)
    if not isinstance(values, list) or len(values) != 6:
        raise _bad("hex_edge", f"per-side values are a list of 6, not {values!r}")
    if direction.__class__ is not int:
        _dir("hex_edge", direction)
    return values[(direction - board.tokens[cell][1]) % 6]


@builtin("hex_rotated(list<any>, int) -> list<any>")
def hex_rotated(rt, values, rotation):
    """Per-side values (side 0 first) as per-direction values for a token turned by `rotation`."""
    if not isinstance(values, list) or len(values) != 6:
        raise _bad("hex_rotated", f"per-side values are a list of 6, not {values!r}")
    r = _dir("hex_rotated", rotation)
    return [values[(d - r) % 6] for d in range(6)]


@builtin("hex_text(board) -> text")
def hex_text(rt, name):
    return _board(rt, "hex_text", name).text(list(rt.players))
