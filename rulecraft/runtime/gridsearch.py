"""The searches over a square-grid board: where a figure's move may go, by which path, and who sees what.

Takes a `gridboard.Board` (its terrain, occupancy, footprints and settings). Gives the move search
(`costs`: least costs over a figure's states, a state being its top-left space and its
orientation; `endings`, `reachable`, `ending` and `path`, whose ties between equally cheap paths
are broken in one fixed order), the turning of a figure let turn (`shapes`, `turns`: a turn swaps
width and height and keeps a space it covered) and line of sight (`crossed`, `sight`, `sees`:
exact integer arithmetic, symmetric by construction). grid.py describes the rules these
implement; its built-ins call them.

How it runs: a move steps over the layout's tables (`step_table`, `turn_table`, kept in
gridboard.Layout) and avoids the top-left spaces where a figure it may not pass would be covered
(`blocking`); a figure that never turns is searched over whole spaces with a queue of one bucket
per cost, a turning one over states with a heap. Every step costs at least 1, so a state's least
cost within a budget is its least cost whenever that is within it: a search within a budget is
the widest search of the board's version less its dearer states, and a path or a default ending
found in any search of the version is the one the whole board's search finds (`_search`,
`widest`, `ending`, `path`). The results depend only on the board, so the move search (`moves`)
and the sight queries (`sight`, `sees`) are kept per board version in the board's cache
(`Board.searches`, board.py), keyed by everything else they depend on (the figure, the budget, the
spaces, the figures exempted); `_costs`, `line_clear` and `seen_from` are the same queries
uncached. What a sight line crosses depends on the board's width alone: the first MAX_CROSSINGS
found are kept for every board (`CROSSINGS`). A
newcomer may change how a search runs (a cache, a faster queue) as long as every answer stays
the same; the tests in tests/runtime/test_grid*.py and tests/runtime/grid_speed/ pin them
against independent references and against the uncached searches.
"""

from __future__ import annotations

import heapq
from collections.abc import Set as AbstractSet

from .gridboard import ONE_SPACE, STEPS, Board, Size, State

Crossing = tuple[list[int], list[tuple[int, int]]]  # what a sight line crosses (`crossed`)
MAX_CROSSINGS = 65536  # the most sight lines' crossings kept, for boards of every width (the first ones found)
CROSSINGS: dict[int, Crossing] = {}  # (width, a, b) as one number -> `crossed`


def shapes(board: Board, fid: int) -> list[Size]:
    """The orientations the figure may stand in: its own first, then the turned one."""
    w, h = board.size[fid]
    return [(w, h), (h, w)] if fid in board.turn_cost and w != h else [(w, h)]


def turns(board: Board, s: int, size: Size) -> list[int]:
    """The top-left spaces of the turned footprint that shares a space with this one."""
    x0, y0 = board.xy(s)
    w, h = size
    out = []
    for y in range(y0 - w + 1, y0 + h):
        for x in range(x0 - h + 1, x0 + w):
            if 0 <= x < board.width and 0 <= y < board.height:
                out.append(y * board.width + x)
    return out


def step_cost(board: Board, s: int, size: tuple[int, int]) -> int:
    return max(board.cost[c] for c in board.footprint(s, size) or [s])


def step_table(board: Board, size: Size) -> list[list[tuple[int, int]]]:
    """The layout's steps of a figure of `size` from each top-left space, made once per layout and
    size: in STEPS order, each onto a neighbouring top-left space (not squeezing diagonally) where
    its whole footprint lies on passable spaces, with the step's cost (the dearest space it
    covers). Who stands there is the move's to look at (`blocking`)."""
    if size == ONE_SPACE:
        return board.small_steps()
    table = board.tables.moves.get(size)
    if table is None:
        table = board.tables.moves[size] = [_steps_from(board, s, size) for s in range(board.spaces)]
    return table


def _steps_from(board: Board, s: int, size: Size) -> list[tuple[int, int]]:
    x, y = board.xy(s)
    out = []
    for dx, dy in STEPS:
        nx, ny = x + dx, y + dy
        if 0 <= nx < board.width and 0 <= ny < board.height and board.diagonal_ok(x, y, dx, dy):
            cells = board.footprint(ny * board.width + nx, size)
            if cells is not None and all(board.terrains[board.terrain[c]].passable for c in cells):
                out.append((ny * board.width + nx, max(board.cost[c] for c in cells)))
    return out


def turn_table(board: Board, size: Size) -> list[list[int]]:
    """The layout's turns of a figure standing as `size` from each top-left space, made once per
    layout and size: the top-left spaces of the turned footprint that shares a space with this one
    and lies on passable spaces, in `turns` order."""
    table = board.tables.turns.get(size)
    if table is None:
        turned = (size[1], size[0])
        table = board.tables.turns[size] = []
        for s in range(board.spaces):
            mine = set(board.footprint(s, size) or [])
            table.append([n for n in turns(board, s, size)
                          if (cells := board.footprint(n, turned)) and mine.intersection(cells)
                          and all(board.terrains[board.terrain[c]].passable for c in cells)])
    return table


def blocking(board: Board, fid: int, size: Size) -> set[int]:
    """The top-left spaces where the figure, standing as `size`, would cover a space of a figure it
    may not pass (`passes`): its move may not step there."""
    side, passes, w = board.side[fid], board.passes, board.width
    out: set[int] = set()
    for c, other in board.occupant.items():
        if other != fid and not passes(other, side):
            if size == ONE_SPACE:
                out.add(c)
                continue
            for dy in range(size[1]):
                for dx in range(min(size[0], c % w + 1)):  # top-left spaces on c's row or to its left
                    if c - dy * w - dx >= 0:
                        out.add(c - dy * w - dx)
    return out


def steps(board: Board, fid: int, state: State) -> list[tuple[State, int]]:
    """The states one step of a move leads to from `state`, with the step's cost: a step
    to a neighbouring space (not squeezing diagonally between two impassable spaces), and
    for a turning figure a turn."""
    return _steps(board, fid, state, {size: blocking(board, fid, size) for size in shapes(board, fid)})


def _steps(board: Board, fid: int, state: State, blocked: dict[Size, set[int]]) -> list[tuple[State, int]]:
    s, size = state
    out = [((n, size), cost) for n, cost in step_table(board, size)[s] if n not in blocked[size]]
    if len(blocked) > 1:  # a turning figure
        turned, cost = (size[1], size[0]), board.turn_cost[fid]
        out += [((n, turned), cost) for n in turn_table(board, size)[s] if n not in blocked[turned]]
    return out


class Moves:
    """What one move search found (kept in the board's cache): the least cost of each state, and,
    once asked, the states the move may end in and the spaces it may end on."""

    __slots__ = ("costs", "ends", "spaces")

    def __init__(self, costs: dict[State, int]):
        self.costs = costs
        self.ends: dict[State, int] | None = None
        self.spaces: dict[int, int] | None = None


def moves(board: Board, fid: int, budget: int) -> Moves:
    """The figure's move search within budget, from the cache of the board's version."""
    return board.searches.answer(board.version, ("moves", fid, budget), lambda: _search(board, fid, budget))


def _search(board: Board, fid: int, budget: int) -> Moves:
    """A move search within budget: the states of the widest search of this version (`widest`) that
    cost at most the budget, if it was as wide (every step costs at least 1, so a state's least cost
    within a budget is its least cost, whenever that is within it); else a search now, noted as the
    widest if it is."""
    notes = board.searches.noted(board.version)
    wide = notes.get(("widest", fid))
    if wide is not None and wide[0] >= budget:
        return Moves({state: c for state, c in wide[1].costs.items() if c <= budget})
    found = Moves(_costs(board, fid, budget))
    notes[("widest", fid)] = (budget, found)
    return found


def widest(board: Board, fid: int) -> Moves | None:
    """The widest move search of the figure found at the board's version, if any."""
    wide = board.searches.noted(board.version).get(("widest", fid))
    return wide[1] if wide is not None else None


def costs(board: Board, fid: int, budget: int) -> dict[State, int]:
    """Least movement cost to bring the figure to each state (top-left space, orientation),
    within budget (Dijkstra; passing through friends is allowed, ending there is checked
    by the caller)."""
    return moves(board, fid, budget).costs


def _costs(board: Board, fid: int, budget: int) -> dict[State, int]:
    """`costs`, found now. A figure that never turns has one orientation: its states are its spaces,
    searched as whole numbers with a queue of one bucket per cost (every step costs at least 1,
    so a bucket is complete when it is reached). The least costs are the same whatever the order
    the search takes; no caller reads the order of the states."""
    size = board.size[fid]
    if len(shapes(board, fid)) > 1:
        return _state_costs(board, fid, budget)
    table = step_table(board, size)
    least = [budget + 1] * board.spaces  # budget + 1: not reached (yet), so a step above the budget never counts
    for n in blocking(board, fid, size):
        least[n] = -1  # never reached: no cost is below it
    start = board.anchor[fid]
    least[start] = 0
    found = [start]
    buckets: list[list[int]] = [[start]]  # the spaces reached at each cost; grown as costs are reached
    for spent, bucket in enumerate(buckets):
        for s in bucket:
            if least[s] != spent:
                continue  # reached more cheaply since
            for n, cost in table[s]:
                total = spent + cost
                if total < least[n]:
                    if least[n] > budget:
                        found.append(n)
                    least[n] = total
                    try:
                        buckets[total].append(n)
                    except IndexError:
                        buckets.extend([] for _ in range(total + 1 - len(buckets)))
                        buckets[total].append(n)
    return {(s, size): least[s] for s in found}


def _state_costs(board: Board, fid: int, budget: int) -> dict[State, int]:
    start = (board.anchor[fid], board.size[fid])
    blocked = {size: blocking(board, fid, size) for size in shapes(board, fid)}
    best = {start: 0}
    queue = [(0, start)]
    while queue:
        spent, state = heapq.heappop(queue)
        if spent > best[state]:
            continue
        for nxt, cost in _steps(board, fid, state, blocked):
            total = spent + cost
            if total <= budget and total < best.get(nxt, budget + 1):
                best[nxt] = total
                heapq.heappush(queue, (total, nxt))
    return best


def path(board: Board, fid: int, to: State) -> list[State]:
    """The states of the figure's cheapest move ending in `to`, one per step, `to` last
    ([] if it cannot end a move there, or stands there). The search and costs are those
    of `costs`; walking back from `to`, each step comes from the lowest state (space, then
    orientation) that lies on a cheapest path, so equally cheap paths are always told apart
    the same way. Steps are symmetric (a step back is a step of the same cost), so a
    state's predecessors are found among its own steps. A search of this version that reached `to`
    walks back alike: every state on the way costs less."""
    wide = widest(board, fid)
    best = wide.costs if wide is not None and to in wide.costs else costs(board, fid, whole(board))
    if to not in best or best[to] == 0 or not board.fits(fid, to[0], to[1], board.side[fid], True):
        return []
    blocked = {size: blocking(board, fid, size) for size in shapes(board, fid)}
    out = []
    state = to
    while best[state] > 0:
        out.append(state)
        came = [prev for prev, _ in _steps(board, fid, state, blocked)
                if best.get(prev) == best[state] - arrival_cost(board, prev, state, fid)]
        state = min(came)  # never empty: `best` holds least costs, each reached by a legal step
    out.reverse()
    return out


def arrival_cost(board: Board, prev: State, state: State, fid: int) -> int:
    """What the step from `prev` into `state` costs."""
    return board.turn_cost[fid] if prev[1] != state[1] else step_cost(board, state[0], state[1])


def endings(board: Board, fid: int, budget: int) -> dict[State, int]:
    """The states in which the figure may end its move, with their cost (its own included)."""
    return _ends(board, fid, moves(board, fid, budget))


def _ends(board: Board, fid: int, found: Moves) -> dict[State, int]:
    if found.ends is None:
        found.ends = _endings(board, fid, found.costs)
    return found.ends


def _endings(board: Board, fid: int, found: dict[State, int]) -> dict[State, int]:
    """Of the states a move reaches, those where the figure may end it (`fits`, ending): a state a step
    led to lies on passable spaces already, so only who stands there is looked at (its own start
    in full)."""
    start = (board.anchor[fid], board.size[fid])
    others = {c for c, other in board.occupant.items() if other != fid}
    out = {}
    for state, c in found.items():
        s, size = state
        if state == start:
            if board.fits(fid, s, size, board.side[fid], True):
                out[state] = c
        elif (s not in others) if size == ONE_SPACE else others.isdisjoint(board.footprint(s, size) or ()):
            out[state] = c
    return out


def reachable(board: Board, fid: int, budget: int) -> dict[int, int]:
    """Spaces where the figure may end its move in some orientation, with the least cost."""
    found = moves(board, fid, budget)
    if found.spaces is None:
        ends = _ends(board, fid, found)
        if len(shapes(board, fid)) == 1:  # one state a space
            found.spaces = {s: c for (s, _), c in ends.items()}
        else:
            found.spaces = {}
            for (s, _), c in ends.items():
                found.spaces[s] = min(c, found.spaces.get(s, c))
    return found.spaces


def whole(board: Board) -> int:
    """A budget no move on the board needs: the least costs of any move."""
    return 99 * board.width * board.height


def ending(board: Board, fid: int, s: int, budget: int) -> tuple[State, int] | None:
    """How a move to s ends by default: in the figure's own orientation if it can, else the
    cheapest other one (None if it cannot end there within budget). Where the widest search of
    this version, within this budget, ends in its own orientation, so does this one."""
    own = (s, board.size[fid])
    wide = widest(board, fid)
    if wide is not None and (ends := _ends(board, fid, wide)).get(own, budget + 1) <= budget:
        return own, ends[own]
    ends = endings(board, fid, budget)
    options = [((s, shape), ends[(s, shape)]) for shape in shapes(board, fid) if (s, shape) in ends]
    if not options:
        return None
    if options[0][0][1] == board.size[fid]:
        return options[0]
    return min(options, key=lambda o: (o[1], o[0]))


def crossed(board: Board, a: int, b: int) -> Crossing:
    """The spaces whose interior the centre-to-centre segment a-b crosses (a and b
    excluded), and the pairs of spaces beside each grid corner it passes exactly through.
    Exact integer arithmetic in doubled coordinates (centres are odd, edges even). It depends on
    the board's width alone: the first MAX_CROSSINGS found are kept (shared, never changed:
    callers only read them)."""
    lo, hi = (a, b) if a < b else (b, a)  # the answer is the same both ways
    key = board.width << 32 | lo << 16 | hi  # a board has at most 200 x 200 spaces (grid.MAX_SIDE): 16 bits
    found = CROSSINGS.get(key)
    if found is None:
        found = _crossed(board, a, b)
        if len(CROSSINGS) < MAX_CROSSINGS:
            CROSSINGS[key] = found
    return found


def _crossed(board: Board, a: int, b: int) -> Crossing:
    (xa, ya), (xb, yb) = board.xy(a), board.xy(b)
    if (xa, ya) > (xb, yb):
        xa, ya, xb, yb = xb, yb, xa, ya  # one direction only: the answer is symmetric by construction
    w = board.width
    cells: list[int] = []
    corners: list[tuple[int, int]] = []
    if xa == xb or ya == yb:
        if xa == xb:
            lo, hi = sorted((ya, yb))
            cells = [y * w + xa for y in range(lo + 1, hi)]
        else:
            cells = [ya * w + x for x in range(xa + 1, xb)]
        return cells, corners
    X0, Y0, X1, Y1 = 2 * xa + 1, 2 * ya + 1, 2 * xb + 1, 2 * yb + 1
    dx, dy = X1 - X0, Y1 - Y0  # dx > 0 here
    for cx in range(xa, xb + 1):
        xs, xe = max(2 * cx, X0), min(2 * cx + 2, X1)
        if xs >= xe:
            continue
        n1, n2 = Y0 * dx + dy * (xs - X0), Y0 * dx + dy * (xe - X0)  # Y scaled by dx
        lo, hi = min(n1, n2), max(n1, n2)
        for cy in range(min(ya, yb), max(ya, yb) + 1):
            if lo < (2 * cy + 2) * dx and hi > 2 * cy * dx and (cx, cy) not in ((xa, ya), (xb, yb)):
                cells.append(cy * w + cx)
    for gx in range(2 * xa + 2, 2 * xb + 1, 2):
        num = Y0 * dx + dy * (gx - X0)
        if num % dx == 0 and (num // dx) % 2 == 0:
            gy = num // dx
            k, m = gx // 2, gy // 2
            if dy > 0:
                corners.append(((m) * w + (k - 1), (m - 1) * w + k))
            else:
                corners.append(((m - 1) * w + (k - 1), m * w + k))
    return cells, corners


def open_spaces(board: Board) -> list[bool]:
    """The layout's table of whether each space is a space of the board (`on_board`), made once per layout."""
    t = board.tables
    if t.opens is None:
        w = board.width
        t.opens = [board.on_board(s % w, s // w) for s in range(board.spaces)]
    return t.opens


def sight_walls(board: Board) -> list[bool]:
    """The layout's table of whether each space blocks sight whoever stands there (no open space, or a
    terrain that blocks sight), made once per layout."""
    t = board.tables
    if t.walls is None:
        w = board.width
        t.walls = [board.blocks_sight_terrain(s % w, s // w) for s in range(board.spaces)]
    return t.walls


def sight(board: Board, a: int, b: int, exempt: AbstractSet[int]) -> bool:
    """Line of sight between spaces a and b; figures standing on a or b never block."""
    return board.searches.answer(board.version, ("sight", a, b, frozenset(exempt)),
                                 lambda: line_clear(board, a, b, exempt))


def line_clear(board: Board, a: int, b: int, exempt: AbstractSet[int]) -> bool:
    """`sight`, found now."""
    return _clear(board, a, b, exempt, None)


def _clear(board: Board, a: int, b: int, exempt: AbstractSet[int], viewer: int | None) -> bool:
    """Whether nothing blocks the sight line a-b: figures in `exempt`, the `viewer` and those
    standing on a or b never do."""
    opens = open_spaces(board)
    if not (opens[a] and opens[b]):
        return False
    walls, occupant = sight_walls(board), board.occupant
    ends = (occupant.get(a), occupant.get(b), viewer)
    cells, corners = crossed(board, a, b)
    for c in cells:
        if walls[c] or ((fid := occupant.get(c)) is not None and fid not in exempt and fid not in ends):
            return False
    if not corners or board.corner_sight == "none":
        return True
    blocks = [walls[s] or ((fid := occupant.get(s)) is not None and fid not in exempt and fid not in ends)
              for pair in corners for s in pair]
    pairs = zip(blocks[::2], blocks[1::2])
    if board.corner_sight == "both":
        return not any(p and q for p, q in pairs)
    return not any(p or q for p, q in pairs)  # "either"


def sees(board: Board, fid: int, target: int, exempt: AbstractSet[int]) -> bool:
    """A figure sees a space if the centre of any space it covers sees it."""
    return board.searches.answer(board.version, ("sees", fid, target, frozenset(exempt)),
                                 lambda: seen_from(board, fid, target, exempt))


def seen_from(board: Board, fid: int, target: int, exempt: AbstractSet[int]) -> bool:
    """`sees`, found now (its sight lines uncached)."""
    mine = board.spaces_of(fid)
    if target in mine:
        return True
    return any(_clear(board, s, target, exempt, fid) for s in mine)
