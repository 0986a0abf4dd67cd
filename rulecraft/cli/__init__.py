"""The `rulecraft` command line: the only user of argparse. Exit codes: 0 ok, 1 input understood
and found wrong, 2 bad usage or unreadable input, 70 an internal error of rulecraft. Bad input gets
a message naming file:line:col, never a traceback.

It takes the command line; it gives the exit code, and what the command prints. `main` and
`run_command` map every error to its exit code (here, in one place); `console` is the program
itself (the console script, `python -m rulecraft`): `main`, then the output flushed and the process
ended without the interpreter's shut-down work. `COMMANDS` is the one registry: each command name,
the module of this package that adds its parser (`add_NAME(subparsers)`, which gets it from
`command` and sets the handler, `cmd_...(args)`) and its line of help. A command's module turns
the parsed arguments into plain values and calls the engine of its package (decks, play, views,
reference, authoring); shared options are in options.py; whatever a command prints goes through output.py (`say`, `say_json`),
which escapes every control character a ruleset, deck or log may hold. A newcomer adds a command
by writing `add_NAME` and its handler in the module of its family and one entry in `COMMANDS` (in
the order help lists them); the parser of a command is built only when it runs (`--help` lists the
commands from `COMMANDS` alone, importing no family), and a command's module imports the engine
inside its handler, so a command loads only what it uses (tests/cli/test_lazy_loading.py,
tests/cli/test_start_up.py).

May import every package of rulecraft; nothing but `__main__` (and the console script) imports it.
"""

from __future__ import annotations

import argparse
import atexit
import gc
import importlib
import os
import sys
from collections.abc import Callable
from typing import NoReturn

from ..version import __version__
from .output import say

# A command builds large trees of objects (parse trees, ASTs, rulesets) that hold few reference
# cycles: Python's default, a collection every 700 new objects, walked them all again and again
# (a fifth of a cold `rulecraft check`). Collections stay, rarer.
GC_THRESHOLD = (200_000, 30, 30)
EXIT_UNFLUSHED = 120  # as Python's own shut-down exits when it cannot write the rest of standard output


def console() -> NoReturn:
    """The `rulecraft` program: `main` on the process's arguments; then, once standard output
    and standard error are flushed and the exit handlers have run, the process ends at once
    (`os._exit`): freeing every object a large compile made is the interpreter's shut-down work,
    and it costs more than many commands (a third of a cold `check`). Only while nothing else
    runs in the process (no other thread); never from the API (`main` returns)."""
    code = main()
    try:
        sys.stdout.flush()
    except BrokenPipeError:  # the reader stopped reading (`| head`): the command's code stands
        pass
    except (OSError, ValueError) as err:  # a full disk: the output is not all written
        code, said = EXIT_UNFLUSHED, f"rulecraft: cannot write the output: {err}"
        _quietly(lambda: say(said, err=True))
    _quietly(sys.stderr.flush)
    if "threading" in sys.modules and sys.modules["threading"].active_count() > 1:
        sys.exit(code)  # another thread may still work: the interpreter waits for it
    atexit._run_exitfuncs()
    os._exit(code)


def _quietly(write: Callable[[], object]) -> None:
    """Write to standard error, if it is still there (a closed pipe's command closes it)."""
    try:
        write()
    except (OSError, ValueError):
        pass


def main(argv: list[str] | None = None) -> int:
    before = gc.get_threshold()
    gc.set_threshold(*GC_THRESHOLD)
    try:
        return run_command(argv)
    finally:
        gc.set_threshold(*before)  # as it was, for a program that called main


def run_command(argv: list[str] | None) -> int:
    given = sys.argv[1:] if argv is None else argv
    parser = build_parser(given) if named_command(given) else listing_parser()
    args = parser.parse_args(argv)
    if not getattr(args, "handler", None):  # no command, or one of its words missing (`deck`)
        listing_parser().print_help()
        return 2
    return handled(args)


def handled(args: argparse.Namespace) -> int:
    """The command's exit code, every error it raises mapped to its code and its message."""
    from ..compiler.diagnostics import CompileError, Diagnostic, InputError, render_text
    from ..runtime.errors import GameError, UnknownName
    from ..runtime.printable import printable

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
    from ..runtime.printable import printable

    say(f"rulecraft: internal error: {type(err).__name__}: {printable(str(err))}\n"
        "This is a fault in rulecraft, not in your input. Please report it with the command you ran "
        "(set RULECRAFT_TRACEBACK=1 to print the traceback to include).", err=True)
    if os.environ.get("RULECRAFT_TRACEBACK"):
        import traceback

        traceback.print_exception(err, file=sys.stderr)
    return INTERNAL_ERROR


def named_command(argv: list[str]) -> str | None:
    """The command a command line names: its first word that is no option, if that is a command."""
    named = next((a for a in argv if not a.startswith("-")), None)
    return named if named in COMMANDS else None


def _top_parser() -> tuple[argparse.ArgumentParser, argparse._SubParsersAction]:
    p = argparse.ArgumentParser(prog="rulecraft", description="A rules compiler and scripting language for tabletop games.")
    p.add_argument("--version", action="version", version=f"rulecraft {__version__}")
    return p, p.add_subparsers(title="commands")


def build_parser(argv: list[str] | None = None) -> argparse.ArgumentParser:
    """The parser of the command line `argv`: of the command it names only, if it names one
    (each command's parser is built when it runs, not on every start), else of every command."""
    p, sub = _top_parser()
    named = None if argv is None else named_command(argv)
    for name in [named] if named else COMMANDS:
        family = importlib.import_module(f".{COMMANDS[name][0]}", __package__)
        getattr(family, f"add_{name}")(sub)
    return p


def listing_parser() -> argparse.ArgumentParser:
    """The parser of a command line that names no command (`--help`, `--version`, nothing, a
    word that is no command): every command listed with its line of help, from `COMMANDS` alone,
    so that it imports none of the commands' modules. Its help is `build_parser()`'s."""
    p, sub = _top_parser()
    for name, (_, line) in COMMANDS.items():
        sub.add_parser(name, help=line)
    return p


def command(sub: argparse._SubParsersAction, name: str, **kwargs) -> argparse.ArgumentParser:
    """The parser of the command `name`, listed with its line of help from `COMMANDS` (`add_NAME` calls it)."""
    return sub.add_parser(name, help=COMMANDS[name][1], **kwargs)


# Every command, the module of this package that adds its parser (`add_COMMAND`) and its line of
# help, in the order help lists them.
COMMANDS = {
    "check": ("rulesets", "compile rulesets and print diagnostics"),
    "games": ("listing", "list the bundled games and mods, with their scenarios and options"),
    "cards": ("listing", "definitions of a game: cards, units, tokens, counters"),
    "dice": ("listing", "the dice of a game"),
    "assumptions": ("listing", "a game's settable assumptions: type, current value, note, where "
                               "(what `--set NAME=VALUE` changes)"),
    "odds": ("chance", "exact probabilities by enumeration"),
    "run": ("playing", "play a scenario with agents"),
    "replay": ("playing", "play a JSON-lines log again and check it gives the same log"),
    "test": ("playing", "run the tests written in rulesets, and check each scenario replays per seed"),
    "coverage": ("authoring", "which catalogue rules are encoded and executed by tests"),
    "deck": ("decks", "deck legality"),
    "import": ("decks", "turn card files of a public layout into a card pool (see importers/ in a game)"),
    "schema": ("rulesets", "the JSON Schema of a file format"),
    "mod": ("rulesets", "modding tools"),
    "export": ("rulesets", "a compiled ruleset as JSON (`rulecraft schema ruleset` describes it)"),
    "render": ("views", "draw a token on a hex board, or a board position (hex or square grid), as SVG"),
    "mutate": ("authoring", "rule-mutation score: break each rule's code, see whether its tests notice"),
    "fmt": ("authoring", "lay out .rules files one way (only whitespace changes)"),
    "lsp": ("authoring", "the language server, over standard input and output (needs the extra `lsp`)"),
    "serve": ("decks", "a local web page that checks a deck as it is typed"),
    "doc": ("reference", "the reference generated from the compiler: Markdown and a static HTML site"),
    "explain": ("reference", "what a diagnostic code means, where a catalogue rule is carried and tested, "
                             "or a declaration and where it is used"),
    "simulate": ("playing", "play many seeded games of a scenario and sum up who wins and how long"),
    "balance": ("playing", "play a scenario without and with mods and tell whether wins or length change"),
}
