"""`rulecraft render`: a token or a board position as SVG (the drawing: rulecraft/views/render.py).

Each handler takes the parsed arguments and gives the exit code; it prints the result, and the
errors it raises become exit codes in rulecraft/cli/__init__.py. A newcomer adds a command of
this family here (`add_NAME` and its handler) and its entry in `COMMANDS`."""

from __future__ import annotations

import json
import sys

from . import command
from .options import FORCE_HELP, add_mod_option
from .output import say, say_json


def add_render(subparsers) -> None:
    from ..views.render import STYLES

    r = command(subparsers, "render",
                description="Draw a token (from its per-side properties) or a board position, hex or "
                            "square grid, as SVG.")
    r.add_argument("game", help="a bundled game id or a ruleset folder (`rulecraft games` lists them)")
    add_mod_option(r)
    r.add_argument("what", choices=["token", "board"], help="token: one definition; board: a position")
    r.add_argument("name", nargs="?", help="token: the definition id")
    r.add_argument("--rotation", type=int, default=0, help="token: which way its front faces (0 east, clockwise)")
    r.add_argument("--picture", help="board: a file with a position in the hex text notation ('-' for stdin)")
    r.add_argument("--radius", type=int, default=2, help="board from a picture: the hexagon's radius (default 2)")
    r.add_argument("--scenario", help="board: play this scenario and draw where it ends")
    r.add_argument("--seed", type=int, default=1)
    r.add_argument("--rounds", type=int, help="board from a scenario: stop after this many rounds")
    r.add_argument("--board", help="which board to draw (default: the first by name)")
    r.add_argument("--edge", action="append", default=[], metavar="PROP=STYLE",
                   help=f"how a per-side property is drawn ({', '.join(STYLES)})")
    r.add_argument("-o", "--out", help="write the SVG to this file (default: stdout); a file there already is "
                                       "replaced only with --force")
    r.add_argument("--force", action="store_true", help=FORCE_HELP)
    r.add_argument("--json", action="store_true", help="print {game, what, svg} (with --out: {game, what, out}), "
                                                       "for tools that take one JSON document")
    r.set_defaults(handler=cmd_render)


def cmd_render(args) -> int:
    """Bad values raise UsageError, a broken ruleset CompileError, a failing game GameError:
    the command line reports each (exit 2, 1, 1)."""
    from ..inputs import outputs

    if args.out:
        outputs.checked(args.out, args.force, args.out, [args.picture] if args.picture else [])
    svg = _render(args)
    if args.out:
        outputs.write(args.out, svg, args.force, args.out, [args.picture] if args.picture else [])
    if args.json:
        say_json(json.dumps({"game": args.game, "what": args.what} | ({"out": args.out} if args.out else {"svg": svg})))
    elif not args.out:
        say(svg, end="")
    return 0


def _render(args) -> str:
    from ..compiler.loader import load
    from ..inputs.given import UsageError, scenario_named
    from ..runtime.errors import GameOver
    from ..runtime.play import run, start
    from ..views.render import game_from_picture, parse_styles, render_board, render_token

    rules = load(args.game, args.mod)
    styles = parse_styles(args.edge)
    if args.what == "token":
        if not args.name:
            raise UsageError("E1004", "render token needs a definition id", "e.g. `rulecraft render GAME token ID`")
        return render_token(rules, args.name, args.rotation, styles)
    if args.picture and args.scenario:
        raise UsageError("E1004", "give either --picture or --scenario, not both")
    if args.picture:
        game = game_from_picture(rules, _picture(args.picture), args.radius, args.board or "board")
    elif args.scenario:
        scenario_named(rules, args.scenario)
        try:
            game = start(rules, args.scenario, seed=args.seed)
        except GameOver:
            raise UsageError("E1004", f"the scenario '{args.scenario}' ends during its setup: no position to draw") from None
        game = run(game, args.scenario, args.rounds)
    else:
        raise UsageError("E1004", "render board needs --picture FILE or --scenario NAME")
    return render_board(game, args.board, styles)


def _picture(name: str) -> str:
    from .. import files
    from ..inputs.documents import MAX_INPUT_BYTES
    from ..inputs.given import UsageError

    if name == "-":
        return sys.stdin.read()
    try:
        return files.read_text(name, MAX_INPUT_BYTES)
    except (OSError, UnicodeDecodeError) as err:
        raise UsageError("E1005", f"cannot read the picture {name}: {err}") from None
