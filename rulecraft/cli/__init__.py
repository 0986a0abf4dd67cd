"""The `rulecraft` command line: the only user of argparse. Exit codes: 0 ok, 1 input understood
and found wrong, 2 bad usage or unreadable input, 70 an internal error of rulecraft. Bad input gets
a message naming file:line:col, never a traceback.

It takes the command line; it gives the exit code, and what the command prints. `main` and
`run_command` map every error to its exit code (here, in one place); `COMMANDS` is the one registry:
each command name and the module of this package that adds its parser (`add_NAME(subparsers)`,
which sets the handler, `cmd_...(args)`). A command's module turns the parsed arguments into plain
values and calls the engine of its package (decks, play, views, reference, authoring); shared
options are in options.py; whatever a command prints goes through output.py (`say`, `say_json`),
which escapes every control character a ruleset, deck or log may hold. A newcomer adds a command
by writing `add_NAME` and its handler in the module of its family and one entry in `COMMANDS` (in
the order help lists them); the parser of a command is built only when it runs, and a command's
module imports the engine inside its handler, so a command loads only what it uses
(tests/cli/test_lazy_loading.py).

May import every package of rulecraft; nothing but `__main__` imports it.
"""

from __future__ import annotations

import argparse
import gc
import importlib
import os
import sys

from ..compiler.diagnostics import CompileError, Diagnostic, InputError, render_text
from ..runtime.errors import GameError, UnknownName
from ..runtime.printable import printable
from ..version import __version__
from .output import say

# A command builds large trees of objects (parse trees, ASTs, rulesets) that hold few reference
# cycles: Python's default, a collection every 700 new objects, walked them all again and again
# (a fifth of a cold `rulecraft check`). Collections stay, rarer.
GC_THRESHOLD = (200_000, 30, 30)


def main(argv: list[str] | None = None) -> int:
    before = gc.get_threshold()
    gc.set_threshold(*GC_THRESHOLD)
    try:
        return run_command(argv)
    finally:
        gc.set_threshold(*before)  # as it was, for a program that called main


def run_command(argv: list[str] | None) -> int:
    parser = build_parser(sys.argv[1:] if argv is None else argv)
    args = parser.parse_args(argv)
    if not getattr(args, "handler", None):
        build_parser().print_help()
        return 2
    try:
        return args.handler(args)
    except CompileError as err:
        say(render_text(err.diagnostics, err.sources), err=True)
        return 1
    except InputError as err:  # a deck, a pool, an importer file, a command-line value
        say(render_text(err.diagnostics, err.sources), err=True)
        return 2
    except UnknownName as err:  # the game refuses a name (an option, an assumption, ...)
        say(render_text([Diagnostic("E1003", err.message, None)], {}), err=True)
        return 2
    except GameError as err:
        say(f"rulecraft: the game stopped: {printable(str(err))}", err=True)
        return 1
    except BrokenPipeError:  # e.g. piped into `head`
        sys.stderr.close()
        return 0
    except Exception as err:  # the one place where anything unexpected ends: never a bare traceback
        return internal_error(err)


INTERNAL_ERROR = 70  # sysexits' EX_SOFTWARE: a fault of rulecraft itself, never of the input


def internal_error(err: Exception) -> int:
    say(f"rulecraft: internal error: {type(err).__name__}: {printable(str(err))}\n"
        "This is a fault in rulecraft, not in your input. Please report it with the command you ran "
        "(set RULECRAFT_TRACEBACK=1 to print the traceback to include).", err=True)
    if os.environ.get("RULECRAFT_TRACEBACK"):
        import traceback

        traceback.print_exception(err, file=sys.stderr)
    return INTERNAL_ERROR


def build_parser(argv: list[str] | None = None) -> argparse.ArgumentParser:
    """The parser of the command line `argv`: of the command it names only, if it names one
    (each command's parser is built when it runs, not on every start), else of every command."""
    p = argparse.ArgumentParser(prog="rulecraft", description="A rules compiler and scripting language for tabletop games.")
    p.add_argument("--version", action="version", version=f"rulecraft {__version__}")
    sub = p.add_subparsers(title="commands")
    named = None if argv is None else next((a for a in argv if not a.startswith("-")), None)
    for name in [named] if named in COMMANDS else COMMANDS:
        family = importlib.import_module(f".{COMMANDS[name]}", __package__)
        getattr(family, f"add_{name}")(sub)
    return p


# Every command and the module of this package that adds its parser (`add_COMMAND`), in the order
# help lists them.
COMMANDS = {"check": "rulesets", "games": "listing", "cards": "listing", "dice": "listing", "assumptions": "listing",
            "odds": "chance", "run": "playing", "replay": "playing", "test": "playing", "coverage": "authoring",
            "deck": "decks", "import": "decks", "schema": "rulesets", "mod": "rulesets", "export": "rulesets",
            "render": "views", "mutate": "authoring", "fmt": "authoring", "lsp": "authoring", "serve": "decks",
            "doc": "reference", "explain": "reference", "simulate": "playing", "balance": "playing"}
