"""A square-grid board's state: its spaces, their terrain, areas and marks, the figures on it.

Takes the rows and the legend `grid_board` reads (grid.py) and the terrains the ruleset declares.
Gives `Board`: the geometry of the spaces (`xy`, `on_board`, `passable`, footprints), the
occupancy (`place`, `lift`, `fits`, whom a figure may pass) and the board's settings, with the
tables of its layout kept until the layout changes; the searches over it are gridsearch.py's and
the built-ins grid.py's. The board's `version` counts its changes: the searches' answers are kept
per version (`searches`, board.py's cache). A newcomer may add a board setting here (and its
built-in in grid.py); a change to the layout must call `relaid`, one to the figures or to a
setting a move or a sight line reads `changed`, so no search answers from an old table or an
old version. A layout's tables (`Layout`: which spaces are open, passable, block sight, the steps
from each space, the footprints) are made when first asked and kept for every board laid out
alike (`LAYOUTS`, at most MAX_LAYOUTS layouts: the games of a ruleset played one after another
share them), so a table is filled once, never changed. A copy of the board (a searching agent's
copy of the game) shares the tables of the layout and what never changes, and has its own
terrain, areas, figures and settings (`__deepcopy__`). A new table of the layout goes into
`Layout`, and anything it reads into the key of `laid_out`.
"""

from __future__ import annotations

import copy
from collections.abc import Hashable
from typing import Any, NamedTuple

from .board import Searches
from .state import Entity

STEPS = ((-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (0, 1), (1, 1))
Size = tuple[int, int]  # a footprint's width and height
State = tuple[int, Size]  # a figure during a move: its top-left space and its orientation
ONE_SPACE: Size = (1, 1)
NO_SPACE = ""  # the terrain of a place that is not a space of the board (a blank in the rows)


class Terrain(NamedTuple):
    """What a terrain the ruleset declares does on a board (compiler/boards.py)."""

    symbol: str
    passable: bool
    blocks_sight: bool
    colour: str  # how a picture fills its spaces (#rrggbb), or "" to leave it to the picture


Cell = tuple[str, int, str, str]  # a legend character's terrain, cost, mark and area
MAX_LAYOUTS = 64  # the most layouts whose tables are kept for boards laid out alike (the oldest goes first)


class Layout:
    """The tables of one layout (terrain, open areas, the board's movement rule), each made when first
    asked: shared by every board laid out alike (a game's copies, the games of a ruleset played one
    after another) and filled, never changed. `moves` and `turns` are gridsearch.py's."""

    __slots__ = ("footprints", "moves", "neighbours", "opens", "standable", "steps", "turns", "walls")

    def __init__(self) -> None:
        self.standable: list[bool] | None = None  # see Board.standing
        self.steps: list[list[tuple[int, int]]] | None = None  # see Board.small_steps
        self.neighbours: list[tuple[int, ...]] | None = None  # see Board.around
        self.opens: list[bool] | None = None  # see gridsearch.open_spaces
        self.walls: list[bool] | None = None  # see gridsearch.sight_walls
        self.footprints: dict[Size, list[list[int] | None]] = {}  # size -> each space's footprint
        self.moves: dict[Size, list[list[tuple[int, int]]]] = {}  # size -> each space's steps (gridsearch.step_table)
        self.turns: dict[Size, list[list[int]]] = {}  # size -> each space's turns (gridsearch.turn_table)


LAYOUTS: dict[Hashable, Layout] = {}  # a layout's key (`laid_out`) -> its tables


def laid_out(board: Board) -> Layout:
    """The tables of the board's layout: those of a board laid out alike, else new ones. The key is
    everything a table reads: the size, costs, areas and terrains of the board, each space's
    terrain, the open areas and the board's diagonal rule."""
    key = (board.fixed, tuple(board.terrain), tuple(sorted(board.open_areas)), board.squeeze)
    tables = LAYOUTS.get(key)
    if tables is None:
        if len(LAYOUTS) >= MAX_LAYOUTS:
            LAYOUTS.pop(next(iter(LAYOUTS)), None)  # insertion order: the oldest (another thread may have dropped it)
        tables = LAYOUTS[key] = Layout()
    return tables


class Board:
    """One square-grid board: terrain, areas, marks and the figures standing on it."""

    def __init__(self, name: str, rows: list[str], legend: dict[str, Cell], terrains: dict[str, Terrain]):
        self.name = name
        self.terrains = terrains
        self.height = len(rows)
        self.width = max((len(r) for r in rows), default=0)
        self.spaces = self.width * self.height  # spaces are 0 .. spaces - 1
        self.terrain: list[str] = []
        self.cost: list[int] = []
        self.mark: list[str] = []
        self.area: list[str] = []
        for row in rows:
            for x in range(self.width):
                ch = row[x] if x < len(row) else " "
                terrain, cost, mark, area = legend.get(ch, (NO_SPACE, 1, "", "")) if ch != " " else (NO_SPACE, 1, "", "")
                self.terrain.append(terrain)
                self.cost.append(cost)
                self.mark.append(mark)
                self.area.append(area)
        self.open_areas: set[str] = {""}
        self.figures: dict[int, Entity] = {}  # entity id -> figure
        self.anchor: dict[int, int] = {}  # entity id -> top-left space
        self.size: dict[int, tuple[int, int]] = {}  # entity id -> (w, h)
        self.side: dict[int, str] = {}
        self.occupant: dict[int, int] = {}  # space -> entity id
        self.corner_sight = "both"
        self.squeeze = False  # may a diagonal step pass between two impassable spaces?
        self.passing = "side"  # see PASSING: by default a figure passes those of its own side
        self.turn_cost: dict[int, int] = {}  # entity id -> movement points a turn costs (turning figures)
        self.version = 0  # bumped by every change a search can see (`changed`)
        self.searches = Searches()  # the answers of this version's searches (gridsearch.py)
        self.fixed = (self.width, self.height, tuple(self.cost), tuple(self.area), tuple(sorted(terrains.items())))
        self.tables = laid_out(self)  # this layout's tables, shared by every board laid out alike

    def __deepcopy__(self, memo: dict[int, Any]) -> Board:
        """The board in a copy of its game (play.copy_game): what changes during play is its own
        (the terrain, which `grid_set_terrain` changes in place, the open areas, the figures and
        the settings), while what never changes (the terrains, costs, marks and areas) and this
        layout's tables (which `relaid` replaces, never changes) are shared until one of the two
        boards is relaid. Its searches start empty."""
        twin = copy.copy(self)
        memo[id(self)] = twin
        twin.terrain = self.terrain.copy()
        twin.open_areas = self.open_areas.copy()
        twin.figures = {fid: copy.deepcopy(e, memo) for fid, e in self.figures.items()}
        twin.anchor = self.anchor.copy()
        twin.size = self.size.copy()
        twin.side = self.side.copy()
        twin.occupant = self.occupant.copy()
        twin.turn_cost = self.turn_cost.copy()
        twin.searches = Searches()
        return twin

    def changed(self) -> None:
        """Something that moves or sight depend on changed (a figure, a turning cost, a setting):
        a new version, whose searches are found again."""
        self.version += 1

    def relaid(self) -> None:
        """The layout changed (a terrain, an opened area, the board's rules): moves and the tables
        made from it are found again (those of another board laid out alike, if there is one)."""
        self.tables = laid_out(self)
        self.changed()

    def standing(self) -> list[bool]:
        """The layout's table of whether each space can be stood on (open and passable), made once per layout."""
        t = self.tables
        if t.standable is None:
            w = self.width
            t.standable = [self.passable(s % w, s // w) for s in range(self.spaces)]
        return t.standable

    def small_steps(self) -> list[list[tuple[int, int]]]:
        """The layout's table for figures of one space, made once per layout: from each space the
        steps into its neighbours as (space, cost), in STEPS order, leaving out those onto spaces
        that cannot be stood on and diagonal squeezes."""
        t = self.tables
        if t.steps is None:
            w = self.width
            steps: list[list[tuple[int, int]]] = []
            for s in range(self.spaces):
                x, y = s % w, s // w
                steps.append([((y + dy) * w + x + dx, self.cost[(y + dy) * w + x + dx]) for dx, dy in STEPS
                              if self.passable(x + dx, y + dy) and self.diagonal_ok(x, y, dx, dy)])
            t.steps = steps
        return t.steps

    def around(self) -> list[tuple[int, ...]]:
        """The layout's on-board spaces around each space (8 directions), in space order: made once per layout."""
        t = self.tables
        if t.neighbours is None:
            w = self.width
            t.neighbours = [tuple(sorted((s // w + dy) * w + s % w + dx for dx, dy in STEPS
                                         if self.on_board(s % w + dx, s // w + dy))) for s in range(self.spaces)]
        return t.neighbours

    # ---- spaces -------------------------------------------------------------

    def xy(self, s: int) -> tuple[int, int]:
        return s % self.width, s // self.width

    def on_board(self, x: int, y: int) -> bool:
        if not (0 <= x < self.width and 0 <= y < self.height):
            return False
        s = y * self.width + x
        return self.terrain[s] != NO_SPACE and self.area[s] in self.open_areas

    def passable(self, x: int, y: int) -> bool:
        return self.on_board(x, y) and self.terrains[self.terrain[y * self.width + x]].passable

    def blocks_sight_terrain(self, x: int, y: int) -> bool:
        if not self.on_board(x, y):
            return True
        return self.terrains[self.terrain[y * self.width + x]].blocks_sight

    def footprint(self, s: int, size: tuple[int, int]) -> list[int] | None:
        """The spaces a figure of `size` covers with its top-left at `s`; None if off the board.
        Found once per layout, size and space (shared: callers never change the list)."""
        table = self.tables.footprints.get(size)
        if table is None:
            table = self.tables.footprints[size] = [self.cover(t, size) for t in range(self.width * self.height)]
        return table[s] if 0 <= s < len(table) else self.cover(s, size)

    def cover(self, s: int, size: tuple[int, int]) -> list[int] | None:
        x0, y0 = self.xy(s)
        w, h = size
        out = []
        for dy in range(h):
            for dx in range(w):
                x, y = x0 + dx, y0 + dy
                if not self.on_board(x, y):
                    return None
                out.append(y * self.width + x)
        return out

    def spaces_of(self, fid: int) -> list[int]:
        return self.footprint(self.anchor[fid], self.size[fid]) or []

    # ---- figures ------------------------------------------------------------

    def fits(self, fid: int | None, s: int, size: tuple[int, int], side: str, ending: bool) -> bool:
        """May a figure stand (ending) or pass (not ending) with its top-left at s?"""
        if size == ONE_SPACE:
            if not self.standing()[s]:
                return False
            other = self.occupant.get(s)
            return other is None or other == fid or (not ending and self.passes(other, side))
        cells = self.footprint(s, size)
        if cells is None:
            return False
        for c in cells:
            if not self.terrains[self.terrain[c]].passable:
                return False
            other = self.occupant.get(c)
            if other is not None and other != fid:
                if ending or not self.passes(other, side):
                    return False
        return True

    def place(self, thing: Entity, s: int, size: tuple[int, int], side: str) -> None:
        self.lift(thing.id)
        self.changed()
        self.figures[thing.id] = thing
        self.anchor[thing.id] = s
        self.size[thing.id] = size
        self.side[thing.id] = side
        for c in self.spaces_of(thing.id):
            self.occupant[c] = thing.id

    def lift(self, fid: int) -> None:
        if fid in self.anchor:
            self.changed()
            for c in self.spaces_of(fid):
                if self.occupant.get(c) == fid:
                    del self.occupant[c]
            del self.anchor[fid], self.size[fid], self.side[fid], self.figures[fid]

    def drop(self, thing: Entity) -> None:
        """A thing taken out of the game (`remove`, `destroy`) leaves the board."""
        self.lift(thing.id)
        self.turn_cost.pop(thing.id, None)
        self.changed()

    def diagonal_ok(self, x: int, y: int, dx: int, dy: int) -> bool:
        """A diagonal step may not squeeze between two impassable spaces (unless the board's rules allow it)."""
        if dx == 0 or dy == 0 or self.squeeze:
            return True
        return self.passable(x + dx, y) or self.passable(x, y + dy)

    def passes(self, other: int, side: str) -> bool:
        """May a figure of `side` pass through the figure `other` during a move (the board's setting)?"""
        return self.passing == "everybody" or (self.passing == "side" and self.side[other] == side)

    # ---- range and sight ----------------------------------------------------

    def distance(self, a: int, b: int) -> int:
        ax, ay = self.xy(a)
        bx, by = self.xy(b)
        return max(abs(ax - bx), abs(ay - by))

    # ---- output -------------------------------------------------------------

    def snapshot(self) -> dict:
        return {
            "width": self.width, "height": self.height,
            "terrain": ["".join(self.symbol(t) for t in self.terrain[y * self.width:(y + 1) * self.width])
                        for y in range(self.height)],
            "open_areas": sorted(self.open_areas),
            "figures": [[fid, self.anchor[fid], list(self.size[fid]), self.side[fid]] for fid in sorted(self.anchor)],
            **({"turning": [[fid, self.turn_cost[fid]] for fid in sorted(self.turn_cost)]} if self.turn_cost else {}),
        }

    def render(self) -> str:
        out = []
        for y in range(self.height):
            row = []
            for x in range(self.width):
                s = y * self.width + x
                if s in self.occupant:
                    row.append(self.side[self.occupant[s]][:1] or "@")
                elif not self.on_board(x, y):
                    row.append(" " if self.terrain[s] == NO_SPACE else "?")
                else:
                    row.append(self.symbol(self.terrain[s]))
            out.append("".join(row).rstrip())
        return "\n".join(out)

    def symbol(self, terrain: str) -> str:
        return self.terrains[terrain].symbol if terrain != NO_SPACE else " "
