"""The reference commands: `doc` (the reference site, rulecraft/reference/doc.py) and `explain`
(a code, a catalogue rule or a name, rulecraft/reference/explain.py). Both show what a code's
examples report by running them through this command line (`main`, given to the engine).

Each handler takes the parsed arguments and gives the exit code; it prints the result, and the
errors it raises become exit codes in rulecraft/cli/__init__.py. A newcomer adds a command of
this family here (`add_NAME` and its handler) and its entry in `COMMANDS`."""

from __future__ import annotations

import argparse
import json

from . import command, main
from .options import add_mod_option
from .output import say, say_json


def add_doc(sub) -> None:
    d = command(sub, "doc",
                description="Write the reference of a game (with mods) or, without GAME, of every bundled game, "
                            "mod and format: built-ins, kinds, definitions, events, steps and hooks, assumptions, "
                            "diagnostic codes; a search over every name. Open DIR/index.html.")
    d.add_argument("game", nargs="?", help="a bundled game id or a ruleset folder (default: every bundled ruleset)")
    add_mod_option(d)
    d.add_argument("-o", "--out", default="reference", metavar="DIR",
                   help="the folder written (default: reference; made if it is not there). Files an earlier "
                        "`rulecraft doc` wrote there (it lists them in DIR/.rulecraft-doc) are replaced; any other "
                        "file of the same name only with --force; nothing is written through a link")
    d.add_argument("--force", action="store_true", help="replace files of DIR that `rulecraft doc` did not write")
    d.add_argument("--json", action="store_true", help="say what was written as JSON: {out, pages: [{file, title}]}")
    d.set_defaults(handler=cmd_doc)


def cmd_doc(args: argparse.Namespace) -> int:
    from pathlib import Path

    from ..inputs.given import UsageError
    from ..inputs.outputs import refusal
    from ..reference.doc import site, write

    if args.mod and not args.game:
        raise UsageError("E1004", "--mod needs a GAME to apply the mods to", "e.g. `rulecraft doc GAME --mod MOD`")
    pages = site(args.game, main, tuple(args.mod))
    out = Path(args.out)
    try:
        write(pages, out, args.force)
    except OSError as err:
        raise refusal(err, f"the reference to {out}") from None
    if args.json:
        say_json(json.dumps({"out": str(out), "pages": [{"file": f"{p.slug}.html", "title": p.title} for p in pages]},
                            indent=2, ensure_ascii=False))
    else:
        say(f"wrote {len(pages)} pages to {out}/ (open {out / 'index.html'}; the Markdown is beside it)")
    return 0


def add_explain(sub) -> None:
    e = command(sub, "explain",
                description="Explain a diagnostic code (E0201), a catalogue rule id (XY-041) or a name (a "
                            "definition, kind, event, function, assumption, step or built-in).")
    e.add_argument("what", metavar="CODE|RULE-ID|NAME")
    e.add_argument("game", nargs="?", help="the ruleset searched (default: every bundled one)")
    e.add_argument("--game", dest="game_option", metavar="GAME", help="the same as GAME")
    add_mod_option(e)
    e.add_argument("--json", action="store_true", help="print one JSON document")
    e.set_defaults(handler=cmd_explain)


def cmd_explain(args: argparse.Namespace) -> int:
    from ..inputs.given import UsageError
    from ..reference.explain import explain, render

    if args.game and args.game_option and args.game != args.game_option:
        raise UsageError("E1004", f"two games given: {args.game} and {args.game_option}")
    game = args.game or args.game_option
    if args.mod and not game:
        raise UsageError("E1004", "--mod needs a GAME to apply the mods to", "e.g. `rulecraft explain NAME GAME --mod MOD`")
    answer = explain(args.what, main, game, tuple(args.mod))
    if args.json:
        say_json(json.dumps(answer, indent=2, ensure_ascii=False))
    else:
        say(render(answer))
    return 0
