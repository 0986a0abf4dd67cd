"""`rulecraft render`: SVG pictures of hex tokens and hex board positions.

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
`data-value` attributes, so tools and tests can read the picture back.
"""

from __future__ import annotations

import argparse
import math
import sys
from pathlib import Path
from typing import Any
from xml.sax.saxutils import escape

from .compiler.diagnostics import CompileError
from .compiler.loader import load
from .runtime.errors import GameError, GameOver
from .runtime.game import Game
from .runtime.hexgrid import HexBoard, parse_text
from .runtime.play import run, start

EDGE_STYLES = ("bar", "arrow", "shield", "net", "inlet", "outlet", "mark", "link", "tick")
STYLES = EDGE_STYLES + ("count",)
COLOURS = ("#c9dcf2", "#f4cdc4", "#d3ecc8", "#efe3b5", "#e0d0ef", "#cfe9e6")
INK = {"bar": "#222", "arrow": "#b3261e", "shield": "#6b6b6b", "net": "#1d6b3a", "inlet": "#1e4fb3",
       "outlet": "#1e4fb3", "mark": "#d4380d", "link": "#7a4fb3", "tick": "#444"}
R = 48.0  # hex radius (centre to corner) in SVG units


class RenderError(Exception):
    """Bad input for a picture: exit code 2."""


# ---- geometry -----------------------------------------------------------------------------


def _corner(cx: float, cy: float, angle_deg: float, r: float = R) -> tuple[float, float]:
    a = math.radians(angle_deg)
    return cx + r * math.cos(a), cy + r * math.sin(a)


def _hex_points(cx: float, cy: float, r: float = R) -> str:
    return " ".join(f"{x:.1f},{y:.1f}" for x, y in (_corner(cx, cy, 30 + 60 * k, r) for k in range(6)))


def _edge(cx: float, cy: float, direction: int, inset: float = 1.0) -> tuple[tuple[float, float], tuple[float, float]]:
    """The two corners of the edge facing `direction` (0 east, clockwise), pulled in by `inset`."""
    r = R * inset
    return _corner(cx, cy, 60 * direction - 30, r), _corner(cx, cy, 60 * direction + 30, r)


def _towards(cx: float, cy: float, direction: int, dist: float) -> tuple[float, float]:
    return _corner(cx, cy, 60 * direction, dist)


# ---- one token ----------------------------------------------------------------------------


def _per_side(value: Any) -> bool:
    return isinstance(value, list) and len(value) == 6 and all(isinstance(v, int) and not isinstance(v, bool) for v in value)


def _feature(style: str, prop: str, side: int, direction: int, value: int, cx: float, cy: float) -> str:
    ink = INK[style]
    attrs = f'class="feature {style}" data-prop="{escape(prop)}" data-side="{side}" data-value="{value}"'
    apothem = R * math.sqrt(3) / 2
    (x1, y1), (x2, y2) = _edge(cx, cy, direction, 0.86)
    mx, my = _towards(cx, cy, direction, apothem * 0.86)
    label = ""
    if style == "bar":
        shape = f'<line {attrs} x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}" stroke="{ink}" stroke-width="6"/>'
    elif style == "shield":
        (x1, y1), (x2, y2) = _edge(cx, cy, direction, 0.97)
        shape = f'<line {attrs} x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}" stroke="{ink}" stroke-width="5"/>'
    elif style in ("arrow", "outlet", "inlet"):
        tip = _towards(cx, cy, direction, apothem * (1.05 if style != "inlet" else 0.6))
        base = apothem * (0.7 if style != "inlet" else 0.95)
        b1 = _corner(*_towards(cx, cy, direction, base), 60 * direction + 90, 8)
        b2 = _corner(*_towards(cx, cy, direction, base), 60 * direction - 90, 8)
        fill = "none" if style == "outlet" else ink
        pts = " ".join(f"{x:.1f},{y:.1f}" for x, y in (tip, b1, b2))
        shape = f'<polygon {attrs} points="{pts}" fill="{fill}" stroke="{ink}" stroke-width="2"/>'
    elif style == "net":
        pts = []
        for k in range(7):
            t = k / 6
            px, py = x1 + (x2 - x1) * t, y1 + (y2 - y1) * t
            ox, oy = _towards(0, 0, direction, -5 if k % 2 else 3)
            pts.append(f"{px + ox:.1f},{py + oy:.1f}")
        shape = f'<polyline {attrs} points="{" ".join(pts)}" fill="none" stroke="{ink}" stroke-width="2.5"/>'
    elif style == "mark":
        ex, ey = _towards(cx, cy, direction, apothem)
        shape = f'<circle {attrs} cx="{ex:.1f}" cy="{ey:.1f}" r="6" fill="{ink}"/>'
    elif style == "link":
        shape = f'<circle {attrs} cx="{mx:.1f}" cy="{my:.1f}" r="5" fill="none" stroke="{ink}" stroke-width="2"/>'
    else:  # tick
        ix, iy = _towards(cx, cy, direction, apothem * 0.62)
        shape = f'<line {attrs} x1="{ix:.1f}" y1="{iy:.1f}" x2="{mx:.1f}" y2="{my:.1f}" stroke="{ink}" stroke-width="3"/>'
        label = escape(prop[:3])
    if value > 1 or label:
        lx, ly = _towards(cx, cy, direction, apothem * 0.55)
        text = label or str(value)
        label = (f'<text x="{lx:.1f}" y="{ly + 4:.1f}" font-size="11" text-anchor="middle" fill="{ink}">'
                 f'{text if label else value}</text>')
    return shape + label


def token_svg(props: dict[str, Any], name: str, symbol: str, cx: float, cy: float, rotation: int,
              styles: dict[str, str], fill: str, counts: dict[str, int] | None = None) -> str:
    """One token: its hex, its per-side features turned by `rotation`, its symbol and badges."""
    parts = [f'<g class="token" data-name="{escape(name)}" data-rotation="{rotation % 6}">',
             f'<polygon class="hex" points="{_hex_points(cx, cy)}" fill="{fill}" stroke="#333" stroke-width="2"/>']
    for prop, value in props.items():
        if not _per_side(value):
            continue
        style = styles.get(prop, "tick")
        if style not in EDGE_STYLES:
            continue
        for side, v in enumerate(value):
            if v:
                parts.append(_feature(style, prop, side, (side + rotation) % 6, v, cx, cy))
    parts.append(f'<text class="symbol" x="{cx:.1f}" y="{cy + 6:.1f}" font-size="18" font-family="sans-serif" '
                 f'text-anchor="middle" fill="#111">{escape(symbol)}</text>')
    for k, (prop, value) in enumerate(sorted((counts or {}).items())):
        if value:
            bx, by = cx + R * 0.45, cy - R * 0.45 + 16 * k
            parts.append(f'<g class="badge" data-prop="{escape(prop)}" data-value="{value}">'
                         f'<circle cx="{bx:.1f}" cy="{by:.1f}" r="8" fill="#b3261e"/>'
                         f'<text x="{bx:.1f}" y="{by + 4:.1f}" font-size="11" text-anchor="middle" fill="#fff">{value}</text></g>')
    parts.append("</g>")
    return "".join(parts)


def _document(width: float, height: float, body: list[str], title: str) -> str:
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0f}" height="{height:.0f}" '
            f'viewBox="0 0 {width:.0f} {height:.0f}"><title>{escape(title)}</title>'
            f'<rect width="100%" height="100%" fill="#fbfaf7"/>' + "".join(body) + "</svg>\n")


def render_token(rules, definition: str, rotation: int = 0, styles: dict[str, str] | None = None) -> str:
    if definition not in rules.definitions:
        raise RenderError(f"{rules.id} has no definition '{definition}'")
    game = Game(rules, seed=0)
    thing = game.create(definition)
    props = {k: game.get(thing, k) for k in thing.props}
    styles = _styles(game, styles)
    counts = {k: props[k] for k, s in styles.items() if s == "count" and isinstance(props.get(k), int)}
    symbol = props.get("symbol") if isinstance(props.get("symbol"), str) and props.get("symbol") else thing.name
    size = R * 2 + 40
    body = [token_svg(props, thing.name, symbol, size / 2, size / 2, rotation, styles, COLOURS[0], counts)]
    return _document(size, size, body, thing.name)


# ---- a board --------------------------------------------------------------------------------


def render_board(game: Game, board_name: str | None = None, styles: dict[str, str] | None = None) -> str:
    boards = {n: b for n, b in sorted(game.boards.items()) if isinstance(b, HexBoard)}
    if not boards:
        raise RenderError("the game has no hex board to draw")
    if board_name is None:
        board_name = next(iter(boards))
    if board_name not in boards:
        raise RenderError(f"no hex board '{board_name}' (has: {', '.join(boards)})")
    board = boards[board_name]
    styles = _styles(game, styles)
    w = R * math.sqrt(3) / 2  # half a hex's width: one doubled-width column
    xs = [x for x, _ in board.coords]
    ys = [y for _, y in board.coords]
    margin = R + 10
    pos = {c: (margin + (x - min(xs)) * w, margin + (y - min(ys)) * 1.5 * R) for c, (x, y) in enumerate(board.coords)}
    body = []
    for c, (cx, cy) in pos.items():
        body.append(f'<g class="cell" data-cell="{board.labels[c]}"><polygon points="{_hex_points(cx, cy)}" '
                    f'fill="#eeeae0" stroke="#999" stroke-width="1.5"/><text x="{cx:.1f}" y="{cy + R * 0.7:.1f}" '
                    f'font-size="10" text-anchor="middle" fill="#888">{board.labels[c]}</text></g>')
    players = list(game.players)
    for c, (cx, cy) in pos.items():
        thing = board.at(c)
        if thing is None:
            continue
        props = {k: game.get(thing, k) for k in thing.props}
        owner = next((i for i, p in enumerate(players) if p is thing.owner), None)
        fill = COLOURS[(owner + 1) % len(COLOURS)] if owner is not None else COLOURS[0]
        counts = {k: props[k] for k, s in styles.items() if s == "count" and isinstance(props.get(k), int)}
        symbol = props.get("symbol") if isinstance(props.get("symbol"), str) and props.get("symbol") else thing.name
        svg = token_svg(props, thing.name, symbol, cx, cy, board.tokens[c][1], styles, fill, counts)
        body.append(svg.replace('<g class="token"', f'<g class="token" data-cell="{board.labels[c]}" '
                                f'data-owner="{escape(thing.owner.name) if thing.owner else ""}"', 1))
    width = 2 * margin + (max(xs) - min(xs)) * w
    height = 2 * margin + (max(ys) - min(ys)) * 1.5 * R
    return _document(width, height, body, f"{game.rules.title}: {board_name}")


def _styles(game: Game, given: dict[str, str] | None) -> dict[str, str]:
    """The ruleset's declared styles (`render_styles()`), overridden by the given ones."""
    styles: dict[str, str] = {}
    if "render_styles" in game.rules.callables:
        try:
            declared = game.call("render_styles")
        except GameError as err:
            raise RenderError(f"render_styles() failed: {err}") from None
        styles.update(parse_styles([str(d) for d in declared or []], "render_styles()"))
    styles.update(given or {})
    return styles


def parse_styles(items: list[str], where: str = "--edge") -> dict[str, str]:
    out = {}
    for item in items:
        prop, sep, style = item.partition("=")
        if not sep or not prop.strip() or style.strip() not in STYLES:
            raise RenderError(f"{where}: '{item}' is not PROP=STYLE (styles: {', '.join(STYLES)})")
        out[prop.strip()] = style.strip()
    return out


def game_from_picture(rules, picture: str, radius: int, board_name: str) -> Game:
    """A game with one hexagonal board and the tokens of a picture in the hex text notation."""
    game = Game(rules, seed=0)
    if radius < 0 or radius > 20:
        raise RenderError(f"--radius must be 0..20, not {radius}")
    board = HexBoard.hexagon(board_name, radius)
    game.boards[board_name] = board
    symbols = {d.props["symbol"]: d.id for d in rules.definitions.values() if isinstance(d.props.get("symbol"), str)}
    try:
        placed = parse_text(board, picture)
    except GameError as err:
        raise RenderError(f"the picture: {err}") from None
    for label, (symbol, rotation, owner) in placed.items():
        definition = symbols.get(symbol) or (symbol if symbol in rules.definitions else None)
        if definition is None:
            raise RenderError(f"'{symbol}' at {label} is neither a symbol nor a definition of {rules.id}")
        if owner is not None and not 1 <= owner <= len(game.players):
            raise RenderError(f"'{symbol}' at {label}: there is no player {owner}")
        thing = game.create(definition, 1, None, game.players[owner - 1] if owner else None)
        board.place(thing, board.by_label[label], rotation)
    return game


# ---- the command ---------------------------------------------------------------------------------


def add_parser(subparsers) -> None:
    r = subparsers.add_parser("render", help="draw a hex token or a hex board position as SVG",
                              description="Draw a token (from its per-side properties) or a board position as SVG.")
    r.add_argument("game", help="a bundled game id (`rulecraft games` lists them)")
    r.add_argument("what", choices=["token", "board"], help="token: one definition; board: a position")
    r.add_argument("name", nargs="?", help="token: the definition id")
    r.add_argument("--rotation", type=int, default=0, help="token: which way its front faces (0 east, clockwise)")
    r.add_argument("--picture", help="board: a file with a position in the hex text notation ('-' for stdin)")
    r.add_argument("--radius", type=int, default=2, help="board from a picture: the hexagon's radius (default 2)")
    r.add_argument("--scenario", help="board: play this scenario and draw where it ends")
    r.add_argument("--seed", type=int, default=1)
    r.add_argument("--rounds", type=int, help="board from a scenario: stop after this many rounds")
    r.add_argument("--board", help="which hex board to draw (default: the first)")
    r.add_argument("--edge", action="append", default=[], metavar="PROP=STYLE",
                   help=f"how a per-side property is drawn ({', '.join(STYLES)})")
    r.add_argument("-o", "--out", help="write the SVG to this file (default: stdout)")
    r.set_defaults(handler=cmd_render)


def cmd_render(args) -> int:
    try:
        svg = _render(args)
    except RenderError as err:
        print(f"rulecraft: {err}", file=sys.stderr)
        return 2
    except CompileError:
        raise
    except (KeyError, OSError) as err:
        print(f"rulecraft: {err.args[0] if isinstance(err, KeyError) and err.args else err}", file=sys.stderr)
        return 2
    except GameError as err:
        print(f"rulecraft: {err}", file=sys.stderr)
        return 1
    if args.out:
        try:
            Path(args.out).write_text(svg, encoding="utf-8")
        except OSError as err:
            print(f"rulecraft: cannot write {args.out}: {err.strerror or err}", file=sys.stderr)
            return 2
    else:
        sys.stdout.write(svg)
    return 0


def _render(args) -> str:
    rules = load(args.game)
    styles = parse_styles(args.edge)
    if args.what == "token":
        if not args.name:
            raise RenderError("render token needs a definition id, e.g. `rulecraft render GAME token ID`")
        return render_token(rules, args.name, args.rotation, styles)
    if args.picture and args.scenario:
        raise RenderError("give either --picture or --scenario, not both")
    if args.picture:
        text = sys.stdin.read() if args.picture == "-" else Path(args.picture).read_text(encoding="utf-8")
        game = game_from_picture(rules, text, args.radius, args.board or "board")
    elif args.scenario:
        if args.scenario not in rules.scenarios:
            raise RenderError(f"no scenario '{args.scenario}' in {rules.id} (has: {', '.join(sorted(rules.scenarios))})")
        try:
            game = start(rules, args.scenario, seed=args.seed)
        except GameOver:
            raise RenderError("the scenario ended during its setup") from None
        game = run(game, args.scenario, args.rounds)
    else:
        raise RenderError("render board needs --picture FILE or --scenario NAME")
    return render_board(game, args.board, styles)


def main(argv: list[str] | None = None) -> int:  # for `python -m rulecraft.render`
    p = argparse.ArgumentParser(prog="rulecraft")
    add_parser(p.add_subparsers())
    args = p.parse_args(argv)
    return args.handler(args)
