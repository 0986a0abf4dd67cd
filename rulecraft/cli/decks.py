"""The deck commands: `deck check` (a deck's legality), `import` (card files of a public layout
into a card pool) and `serve` (the local deck page). The engines: rulecraft/decks/.

Each handler takes the parsed arguments and gives the exit code; it prints the result, and the
errors it raises become exit codes in rulecraft/cli/__init__.py. A newcomer adds a command of
this family here (`add_NAME` and its handler) and its entry in `COMMANDS`."""

from __future__ import annotations

import argparse
import json
import sys

from . import command
from .options import FORCE_HELP, MOD_HELP, add_mod_option
from .output import say, say_json


def add_deck(sub) -> None:
    deck = command(sub, "deck")
    dc = deck.add_subparsers().add_parser("check", help="check a deck (YAML, or a pasted '4x Card Name' list in .txt)")
    dc.add_argument("deck", help="the deck file, or - for standard input")
    dc.add_argument("--format", dest="format_id", metavar="FORMAT",
                    help="the format (a format id, or a folder holding one), if the deck does not name it")
    dc.add_argument("--mod", action="append", default=[], help=MOD_HELP + "; a card a mod defines is a card decks may name")
    dc.add_argument("--param", action="append", default=[], metavar="NAME=VALUE", help="a format parameter")
    dc.add_argument("--pool", action="append", default=[], metavar="POOL", help="a card-pool file (rulecraft import)")
    dc.add_argument("--json", action="store_true", help="the report, or the input's diagnostics, as JSON")
    dc.set_defaults(handler=cmd_deck_check)


def cmd_deck_check(args) -> int:
    from ..compiler.diagnostics import CompileError, InputError, render_json
    from ..decks.legality import check_deck
    from ..inputs.given import assignments

    try:
        params = assignments(args.param, "--param")
        report = check_deck(args.deck, args.format_id, params, pools=args.pool, mods=args.mod)
    except (InputError, CompileError) as err:  # the deck, a pool, a value given, a mod: every problem, with its code
        if not args.json:
            raise
        say_json(render_json(err.diagnostics))
        return 2 if isinstance(err, InputError) else 1
    if args.json:
        say_json(json.dumps(report, indent=2, ensure_ascii=False))
    else:
        for w in report.get("warnings", []):  # the pools disagree with the game's cards
            say(f"{w['file']}:{w['line']}:{w['column']}: warning[{w['code']}]: {w['message']}", err=True)
        verdict = "legal" if report["legal"] else f"ILLEGAL: {len(report['violations'])} rule(s) broken"
        say(f"{args.deck}: {verdict} for {report['format']}" + (f" with {', '.join(args.mod)}" if args.mod else ""))
        for v in report["violations"]:
            cards = f" [{', '.join(v['cards'])}]" if v["cards"] else ""
            say(f"  {v['rule']}: {v['message']}{cards}")
    return 0 if report["legal"] else 1


def add_import(sub) -> argparse.ArgumentParser:
    p = command(sub, "import")
    p.add_argument("source", help="the layout, e.g. the name of an importers/*.yaml mapping")
    p.add_argument("files", nargs="+", metavar="FILE", help="input files")
    p.add_argument("--game", help="the game, if several games import this layout")
    p.add_argument("--out", "-o", metavar="POOL.yaml", help="write the pool here (default: standard output); a file "
                   "there already is replaced only with --force, an input file never")
    p.add_argument("--force", action="store_true", help=FORCE_HELP)
    p.add_argument("--json", action="store_true", help="the pool and the skipped records' diagnostics as JSON: {pool, problems} "
                   "(`--pool` reads the pool part as a pool file)")
    p.set_defaults(handler=cmd_import)
    return p


def cmd_import(args) -> int:
    """Exit 2 if the mapping or a file cannot be used (InputError, reported by the command line),
    or if --out cannot be written (rulecraft/inputs/outputs.py)."""
    import io
    from pathlib import Path

    from ..compiler.diagnostics import render_text
    from ..decks.importer import import_files, write_pool
    from ..inputs import outputs

    if args.out:
        outputs.checked(args.out, args.force, args.out, args.files)
    pool, problems = import_files(args.source, [Path(f) for f in args.files], args.game)
    if args.json:
        document = json.dumps({"pool": pool, "problems": [d.to_json() for d in problems]}, indent=2, ensure_ascii=False)
        if args.out:
            outputs.write(args.out, document + "\n", args.force, args.out, args.files)
        else:
            say_json(document)
        return 1 if problems else 0
    if problems:
        say(render_text(problems, {}), err=True)
    if args.out:
        written = io.StringIO()
        write_pool(pool, written)
        outputs.write(args.out, written.getvalue(), args.force, args.out, args.files)
    else:
        write_pool(pool, sys.stdout)
    say(f"imported {len(pool['cards'])} cards for {pool['game']}" +
        (f"; {len(problems)} records skipped" if problems else ""), err=True)
    return 1 if problems else 0  # the pool holds the readable records; the others are reported


def add_serve(sub) -> None:
    s = command(sub, "serve")
    s.add_argument("--host", default="127.0.0.1", help="the address to listen on (default: loopback only)")
    s.add_argument("--port", type=int, default=8000, help="the port (0: any free one)")
    add_mod_option(s, "a mod the page offers to apply: a bundled mod id or a mod folder (repeat, in load order)")
    s.add_argument("--pool", action="append", default=[], metavar="POOL", help="a card-pool file the page may add (repeat)")
    s.set_defaults(handler=cmd_serve)


def cmd_serve(args) -> int:
    from ..decks.serve import DeckDesk, DeckServer

    desk = DeckDesk(args.mod, args.pool)
    try:
        server = DeckServer(args.host, args.port, desk)
    except (OSError, OverflowError) as err:
        say(f"rulecraft: cannot listen on {args.host}:{args.port}: {err}", err=True)
        return 2
    say(f"rulecraft serve: the deck page is at {server.url} (Ctrl-C stops it)", flush=True)
    if not server.loopback:
        say(f"rulecraft serve: {args.host} is not a loopback address: other machines may reach the page", err=True, flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0
