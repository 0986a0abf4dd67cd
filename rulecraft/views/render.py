"""`rulecraft render`: SVG pictures of tokens on a hex board, one token or a board position, and
of square-grid board positions.

It knows no game. A token is drawn from its definition's per-side properties (lists of six
numbers, side 0 first, clockwise); what each such property looks like is a *style*, given on
the command line (`--edge PROP=STYLE`) or declared by the ruleset in a function
`render_styles() -> list<text>` returning "PROP=STYLE" items. A style `count` shows a number
property (e.g. damage taken) as a badge. Without a style, every per-side property with a
non-zero side is drawn as a plain tick labelled with the property's name.

Edge styles: bar (a thick bar inside the edge), arrow (a wedge pointing out), shield (a band
along the edge), net (a zigzag), inlet (a wedge pointing in), outlet (a hollow wedge pointing
out), mark (a dot on the edge), link (a small ring inside the edge), tick (a short stroke).
Every drawn feature carries `class="feature STYLE"` and `data-prop` / `data-side` /
`data-value` attributes, so tools and tests can read the picture back. The picture is built
as an XML tree (xml.etree.ElementTree), which escapes every text and attribute.

A square grid (runtime/grid.py) is drawn space by space, coloured by its terrain's declared
`colour` (a space of a closed area shaded), with each figure a rectangle over its footprint,
labelled with its symbol (or its name's initials). Spaces are `class="cell"` groups with `data-cell="x,y"`,
`data-terrain` and, where set, `data-mark` / `data-area`; figures are `class="figure"` groups
with `data-name`, `data-side`, `data-owner`, `data-cell` (the top-left space) and `data-size`.
"""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET
from typing import Any

from ..inputs.given import UsageError
from ..inputs.values import choices
from ..runtime.errors import GameError
from ..runtime.game import Game
from ..runtime.gridboard import NO_SPACE
from ..runtime.gridboard import Board as GridBoard
from ..runtime.hexgrid import HexBoard, parse_text
from ..runtime.state import Entity

EDGE_STYLES = ("bar", "arrow", "shield", "net", "inlet", "outlet", "mark", "link", "tick")
STYLES = (*EDGE_STYLES, "count")
COLOURS = ("#c9dcf2", "#f4cdc4", "#d3ecc8", "#efe3b5", "#e0d0ef", "#cfe9e6")
INK = {"bar": "#222", "arrow": "#b3261e", "shield": "#6b6b6b", "net": "#1d6b3a", "inlet": "#1e4fb3",
       "outlet": "#1e4fb3", "mark": "#d4380d", "link": "#7a4fb3", "tick": "#444"}
R = 48.0  # hex radius (centre to corner) in SVG units
SVG = "http://www.w3.org/2000/svg"
Point = tuple[float, float]


def _add(parent: ET.Element | None, tag: str, attrs: dict[str, Any], text: str | None = None) -> ET.Element:
    """An SVG element (a child of `parent`, if given) with its attributes in the given order. Names
    are SVG's own: the document element declares the SVG namespace as the default (`xmlns`)."""
    attrib = {k: str(v) for k, v in attrs.items()}
    el = ET.Element(tag, attrib) if parent is None else ET.SubElement(parent, tag, attrib)
    el.text = text
    return el


def _f(v: float) -> str:
    return f"{v:.1f}"


def _points(points: list[Point]) -> str:
    return " ".join(f"{x:.1f},{y:.1f}" for x, y in points)


# ---- geometry -----------------------------------------------------------------------------


def _corner(cx: float, cy: float, angle_deg: float, r: float = R) -> Point:
    a = math.radians(angle_deg)
    return cx + r * math.cos(a), cy + r * math.sin(a)


def _hex_points(cx: float, cy: float, r: float = R) -> str:
    return _points([_corner(cx, cy, 30 + 60 * k, r) for k in range(6)])


def _edge(cx: float, cy: float, direction: int, inset: float = 1.0) -> tuple[Point, Point]:
    """The two corners of the edge facing `direction` (0 east, clockwise), pulled in by `inset`."""
    r = R * inset
    return _corner(cx, cy, 60 * direction - 30, r), _corner(cx, cy, 60 * direction + 30, r)


def _towards(cx: float, cy: float, direction: int, dist: float) -> Point:
    return _corner(cx, cy, 60 * direction, dist)


APOTHEM = R * math.sqrt(3) / 2


# ---- one feature: its shape (tag and geometry) per style ------------------------------------------


def _line(a: Point, b: Point, ink: str, width: float) -> tuple[str, dict[str, Any]]:
    return "line", {"x1": _f(a[0]), "y1": _f(a[1]), "x2": _f(b[0]), "y2": _f(b[1]), "stroke": ink, "stroke-width": width}


def _bar(style: str, cx: float, cy: float, d: int) -> tuple[str, dict[str, Any]]:
    return _line(*_edge(cx, cy, d, 0.86), INK[style], 6)


def _shield(style: str, cx: float, cy: float, d: int) -> tuple[str, dict[str, Any]]:
    return _line(*_edge(cx, cy, d, 0.97), INK[style], 5)


def _wedge(style: str, cx: float, cy: float, d: int) -> tuple[str, dict[str, Any]]:
    """arrow and outlet point out (an outlet is hollow); inlet points in."""
    tip = _towards(cx, cy, d, APOTHEM * (1.05 if style != "inlet" else 0.6))
    base = _towards(cx, cy, d, APOTHEM * (0.7 if style != "inlet" else 0.95))
    corners = [tip, _corner(*base, 60 * d + 90, 8), _corner(*base, 60 * d - 90, 8)]
    return "polygon", {"points": _points(corners), "fill": "none" if style == "outlet" else INK[style],
                       "stroke": INK[style], "stroke-width": 2}


def _net(style: str, cx: float, cy: float, d: int) -> tuple[str, dict[str, Any]]:
    (x1, y1), (x2, y2) = _edge(cx, cy, d, 0.86)
    zigzag = []
    for k in range(7):
        ox, oy = _towards(0, 0, d, -5 if k % 2 else 3)
        zigzag.append((x1 + (x2 - x1) * k / 6 + ox, y1 + (y2 - y1) * k / 6 + oy))
    return "polyline", {"points": _points(zigzag), "fill": "none", "stroke": INK[style], "stroke-width": 2.5}


def _mark(style: str, cx: float, cy: float, d: int) -> tuple[str, dict[str, Any]]:
    ex, ey = _towards(cx, cy, d, APOTHEM)
    return "circle", {"cx": _f(ex), "cy": _f(ey), "r": 6, "fill": INK[style]}


def _link(style: str, cx: float, cy: float, d: int) -> tuple[str, dict[str, Any]]:
    mx, my = _towards(cx, cy, d, APOTHEM * 0.86)
    return "circle", {"cx": _f(mx), "cy": _f(my), "r": 5, "fill": "none", "stroke": INK[style], "stroke-width": 2}


def _tick(style: str, cx: float, cy: float, d: int) -> tuple[str, dict[str, Any]]:
    return _line(_towards(cx, cy, d, APOTHEM * 0.62), _towards(cx, cy, d, APOTHEM * 0.86), INK[style], 3)


SHAPES = {"bar": _bar, "shield": _shield, "arrow": _wedge, "outlet": _wedge, "inlet": _wedge, "net": _net,
          "mark": _mark, "link": _link, "tick": _tick}


def _feature(parent: ET.Element, style: str, prop: str, side: int, direction: int, value: int, cx: float, cy: float) -> None:
    """One per-side feature, and its label: the value if over 1; a tick's property name."""
    tag, geometry = SHAPES[style](style, cx, cy, direction)
    _add(parent, tag, {"class": f"feature {style}", "data-prop": prop, "data-side": side, "data-value": value} | geometry)
    label = prop[:3] if style == "tick" else str(value) if value > 1 else None
    if label is not None:
        lx, ly = _towards(cx, cy, direction, APOTHEM * 0.55)
        _add(parent, "text", {"x": _f(lx), "y": _f(ly + 4), "font-size": 11, "text-anchor": "middle", "fill": INK[style]},
             label)


# ---- one token ----------------------------------------------------------------------------


def _per_side(value: Any) -> bool:
    return isinstance(value, list) and len(value) == 6 and all(isinstance(v, int) and not isinstance(v, bool) for v in value)


def token_element(parent: ET.Element, look: dict[str, Any], cx: float, cy: float, rotation: int,
                  styles: dict[str, str], fill: str, extra: dict[str, str] | None = None) -> ET.Element:
    """One token: its hex, its per-side features turned by `rotation`, its symbol and badges.
    `look`: its properties, name, symbol and counts (see _look)."""
    g = _add(parent, "g", {"class": "token"} | (extra or {}) | {"data-name": look["name"], "data-rotation": rotation % 6})
    _add(g, "polygon", {"class": "hex", "points": _hex_points(cx, cy), "fill": fill, "stroke": "#333", "stroke-width": 2})
    for prop, value in look["props"].items():
        style = styles.get(prop, "tick")
        if _per_side(value) and style in EDGE_STYLES:
            for side, v in enumerate(value):
                if v:
                    _feature(g, style, prop, side, (side + rotation) % 6, v, cx, cy)
    _add(g, "text", {"class": "symbol", "x": _f(cx), "y": _f(cy + 6), "font-size": 18, "font-family": "sans-serif",
                     "text-anchor": "middle", "fill": "#111"}, look["symbol"])
    for k, (prop, value) in enumerate(sorted(look["counts"].items())):
        if value:
            bx, by = cx + R * 0.45, cy - R * 0.45 + 16 * k
            badge = _add(g, "g", {"class": "badge", "data-prop": prop, "data-value": value})
            _add(badge, "circle", {"cx": _f(bx), "cy": _f(by), "r": 8, "fill": "#b3261e"})
            _add(badge, "text", {"x": _f(bx), "y": _f(by + 4), "font-size": 11, "text-anchor": "middle", "fill": "#fff"},
                 str(value))
    return g


def _look(game: Game, thing: Entity, styles: dict[str, str]) -> dict[str, Any]:
    """What a drawn token shows: its properties, its name, its symbol (or name) and its counts."""
    props = {k: game.get(thing, k) for k in thing.props}
    symbol = props.get("symbol")
    counts = {k: props[k] for k, s in styles.items() if s == "count" and isinstance(props.get(k), int)}
    return {"props": props, "name": thing.name, "symbol": symbol if isinstance(symbol, str) and symbol else thing.name,
            "counts": counts}


def _document(width: float, height: float, title: str) -> ET.Element:
    root = _add(None, "svg", {"xmlns": SVG, "width": f"{width:.0f}", "height": f"{height:.0f}", "viewBox": f"0 0 {width:.0f} {height:.0f}"})
    _add(root, "title", {}, title)
    _add(root, "rect", {"width": "100%", "height": "100%", "fill": "#fbfaf7"})
    return root


def _text(root: ET.Element) -> str:
    return ET.tostring(root, encoding="unicode") + "\n"


def _one(made: Entity | list[Entity]) -> Entity:
    return made[0] if isinstance(made, list) else made


def render_token(rules, definition: str, rotation: int = 0, styles: dict[str, str] | None = None) -> str:
    if definition not in rules.definitions:
        raise UsageError("E1003", f"{rules.id} has no definition '{definition}'", choices(definition, list(rules.definitions)))
    game = Game(rules, seed=0)
    thing = _one(game.create(definition))
    styles = _styles(game, styles)
    size = R * 2 + 40
    root = _document(size, size, thing.name)
    token_element(root, _look(game, thing, styles), size / 2, size / 2, rotation, styles, COLOURS[0])
    return _text(root)


# ---- a board --------------------------------------------------------------------------------


def render_board(game: Game, board_name: str | None = None, styles: dict[str, str] | None = None) -> str:
    """The position on a board of the game (default: the first by name), hex or square grid."""
    boards = {n: b for n, b in sorted(game.boards.items()) if isinstance(b, (HexBoard, GridBoard))}
    if not boards:
        raise UsageError("E1003", "the game has no board to draw")
    if board_name is None:
        board_name = next(iter(boards))
    if board_name not in boards:
        raise UsageError("E1003", f"no board '{board_name}'", choices(board_name, list(boards)))
    board = boards[board_name]
    if isinstance(board, GridBoard):
        return _text(grid_element(game, board, f"{game.rules.title}: {board_name}"))
    styles = _styles(game, styles)
    w = R * math.sqrt(3) / 2  # half a hex's width: one doubled-width column
    xs = [x for x, _ in board.coords]
    ys = [y for _, y in board.coords]
    margin = R + 10
    pos = {c: (margin + (x - min(xs)) * w, margin + (y - min(ys)) * 1.5 * R) for c, (x, y) in enumerate(board.coords)}
    root = _document(2 * margin + (max(xs) - min(xs)) * w, 2 * margin + (max(ys) - min(ys)) * 1.5 * R,
                     f"{game.rules.title}: {board_name}")
    for c, (cx, cy) in pos.items():
        cell = _add(root, "g", {"class": "cell", "data-cell": board.labels[c]})
        _add(cell, "polygon", {"points": _hex_points(cx, cy), "fill": "#eeeae0", "stroke": "#999", "stroke-width": 1.5})
        _add(cell, "text", {"x": _f(cx), "y": _f(cy + R * 0.7), "font-size": 10, "text-anchor": "middle", "fill": "#888"},
             board.labels[c])
    players = list(game.players)
    for c, (cx, cy) in pos.items():
        thing = board.at(c)
        if thing is None:
            continue
        owner = next((i for i, p in enumerate(players) if p is thing.owner), None)
        fill = COLOURS[(owner + 1) % len(COLOURS)] if owner is not None else COLOURS[0]
        extra = {"data-cell": board.labels[c], "data-owner": thing.owner.name if thing.owner else ""}
        token_element(root, _look(game, thing, styles), cx, cy, board.tokens[c][1], styles, fill, extra)
    return _text(root)


# ---- a square grid ----------------------------------------------------------------------------

CELL = 32.0  # a space's side in SVG units
OTHER = "#d8d0c0"  # a terrain the ruleset gives no colour
CLOSED_FILL = "#b9b4a8"  # a space of an area not opened yet


def grid_element(game: Game, board: GridBoard, title: str) -> ET.Element:
    """A square-grid board's spaces (void ones left out) and the figures standing on it."""
    margin = 10.0
    root = _document(2 * margin + board.width * CELL, 2 * margin + board.height * CELL, title)
    for s, terrain in enumerate(board.terrain):
        if terrain == NO_SPACE:
            continue
        x, y = board.xy(s)
        closed = board.area[s] not in board.open_areas
        attrs = {"class": "cell closed" if closed else "cell", "data-cell": f"{x},{y}", "data-terrain": terrain}
        attrs |= {k: v for k, v in (("data-mark", board.mark[s]), ("data-area", board.area[s])) if v}
        cell = _add(root, "g", attrs)
        fill = CLOSED_FILL if closed else board.terrains[terrain].colour or OTHER
        _add(cell, "rect", {"x": _f(margin + x * CELL), "y": _f(margin + y * CELL), "width": _f(CELL), "height": _f(CELL),
                            "fill": fill, "stroke": "#999", "stroke-width": 0.5})
    sides = sorted(set(board.side.values()))
    players = list(game.players)
    for fid in sorted(board.anchor):
        thing, (w, h) = board.figures[fid], board.size[fid]
        x, y = board.xy(board.anchor[fid])
        owner = next((i for i, p in enumerate(players) if p is thing.owner), None)
        shade = owner if owner is not None else len(players) + sides.index(board.side[fid])  # a player's, else its side's
        colour = COLOURS[(shade + 1) % len(COLOURS)]
        figure = _add(root, "g", {"class": "figure", "data-name": thing.name, "data-side": board.side[fid],
                                  "data-owner": thing.owner.name if thing.owner else "", "data-cell": f"{x},{y}",
                                  "data-size": f"{w}x{h}"})
        _add(figure, "title", {}, thing.name)
        left, top = margin + x * CELL, margin + y * CELL
        _add(figure, "rect", {"x": _f(left + 3), "y": _f(top + 3), "width": _f(w * CELL - 6), "height": _f(h * CELL - 6),
                              "rx": 5, "fill": colour, "stroke": "#333", "stroke-width": 1.5})
        _add(figure, "text", {"class": "symbol", "x": _f(left + w * CELL / 2), "y": _f(top + h * CELL / 2 + 4),
                              "font-size": 11, "font-family": "sans-serif", "text-anchor": "middle", "fill": "#111"},
             _label(game, thing))
    return root


def _label(game: Game, thing: Entity) -> str:
    """A figure's symbol property if it has one, else its name's initials."""
    symbol = game.get(thing, "symbol") if "symbol" in thing.props else None
    if isinstance(symbol, str) and symbol:
        return symbol
    return "".join(word[0] for word in thing.name.split())[:3]


def _styles(game: Game, given: dict[str, str] | None) -> dict[str, str]:
    """The ruleset's declared styles (`render_styles()`), overridden by the given ones."""
    styles: dict[str, str] = {}
    if "render_styles" in game.rules.callables:
        declared = game.call("render_styles")  # a failure is the ruleset's: a GameError, exit 1
        styles.update(parse_styles([str(d) for d in declared or []], "render_styles()"))
    styles.update(given or {})
    return styles


def parse_styles(items: list[str], where: str = "--edge") -> dict[str, str]:
    out = {}
    for item in items:
        prop, sep, style = item.partition("=")
        if not sep or not prop.strip() or style.strip() not in STYLES:
            raise UsageError("E1001", f"{where}: '{item}' is not PROP=STYLE", f"styles: {', '.join(STYLES)}")
        out[prop.strip()] = style.strip()
    return out


def game_from_picture(rules, picture: str, radius: int, board_name: str) -> Game:
    """A game with one hexagonal board and the tokens of a picture in the hex text notation."""
    game = Game(rules, seed=0)
    if radius < 0 or radius > 20:
        raise UsageError("E1002", f"--radius must be 0..20, not {radius}")
    board = HexBoard.hexagon(board_name, radius)
    game.boards[board_name] = board
    symbols = {d.props["symbol"]: d.id for d in rules.definitions.values() if isinstance(d.props.get("symbol"), str)}
    try:
        placed = parse_text(board, picture)
    except GameError as err:
        raise UsageError("E1005", f"the picture: {err}") from None
    for label, (symbol, rotation, owner) in placed.items():
        definition = symbols.get(symbol) or (symbol if symbol in rules.definitions else None)
        if definition is None:
            raise UsageError("E1005", f"the picture: '{symbol}' at {label} is neither a symbol nor a definition of {rules.id}")
        if owner is not None and not 1 <= owner <= len(game.players):
            raise UsageError("E1005", f"the picture: '{symbol}' at {label}: there is no player {owner}")
        thing = _one(game.create(definition, 1, None, game.players[owner - 1] if owner else None))
        board.place(thing, board.by_label[label], rotation)
    return game
