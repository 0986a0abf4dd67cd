"""The commands for people writing rulesets: `fmt` (lay out .rules files), `lsp` (the language
server), `mutate` (the rule-mutation score) and `coverage` (which catalogue rules are encoded and
tested). The engines: rulecraft/authoring/.

Each handler takes the parsed arguments and gives the exit code; it prints the result, and the
errors it raises become exit codes in rulecraft/cli/__init__.py. A newcomer adds a command of
this family here (`add_NAME` and its handler) and its entry in `COMMANDS`."""

from __future__ import annotations

import argparse
import json
import os
from pathlib import Path
from typing import TYPE_CHECKING

from . import command
from .output import say, say_json

if TYPE_CHECKING:
    from ..authoring.fmt import Found


def add_coverage(sub) -> None:
    cv = command(sub, "coverage")
    cv.add_argument("--catalogue", help="folder of rule catalogues (default: ../shared/rules)")
    cv.add_argument("--report", default=".rulecraft/coverage.json", help="what the test run recorded")
    cv.add_argument("--json", action="store_true")
    cv.add_argument("--summary", action="store_true", help="only the table")
    cv.set_defaults(handler=cmd_coverage)


def cmd_coverage(args) -> int:
    from ..authoring.coverage import coverage_report, render_coverage

    report = coverage_report(args.catalogue, Path(args.report))
    if args.json:
        say_json(json.dumps(report, indent=2))
    else:
        say(render_coverage(report, summary=args.summary))
    return 0


def add_fmt(sub) -> argparse.ArgumentParser:
    p = command(sub, "fmt",
                description="Lay out .rules files one way, rewriting each in place (safely: a new file is "
                            "written beside it and renamed over it, with its permissions). Only regular files "
                            "whose real path is inside the folder (or is the file) given are rewritten; a link "
                            "that leads out, a hard-linked file, a FIFO, a device or a socket is skipped with a "
                            "note.")
    p.add_argument("paths", nargs="*", default=["."], help="files or folders (default: the current folder)")
    p.add_argument("--check", action="store_true", help="change nothing; exit 1 if a file would change")
    p.add_argument("--diff", action="store_true", help="change nothing; print what would change")
    p.add_argument("--json", action="store_true", help="print {changed, not_formatted, skipped}: the files (to be) "
                   "changed, those left alone with their diagnostics, and those skipped with the reason")
    p.set_defaults(handler=cmd_fmt)
    return p


def cmd_fmt(args) -> int:
    from ..authoring.fmt import rules_files

    changed: list[str] = []
    broken: list[dict] = []
    found = rules_files(args.paths)
    skipped = [{"file": str(f.path), "reason": f.skipped} for f in found if f.skipped]
    for one in found:
        if not one.skipped:
            _fmt_one(one, args, changed, broken)
    if args.json:
        say_json(json.dumps({"changed": changed, "not_formatted": broken, "skipped": skipped}, indent=2,
                            ensure_ascii=False))
    else:
        for s in skipped:
            say(f"{s['file']}: note: skipped: {s['reason']}", err=True)
        for b in broken:
            if not b["diagnostics"]:
                say(f"{b['file']}: {b['error']}", err=True)
        verb = "would change" if args.check or args.diff else "changed"
        say(f"{len(changed)} file{'s' if len(changed) != 1 else ''} {verb}" +
            (f", {len(broken)} not formatted (errors above)" if broken else ""), err=True)
        if args.check:
            for name in changed:
                say(name)
    return 2 if broken else 1 if (args.check or args.diff) and changed else 0


def _fmt_one(one: Found, args, changed: list[str], broken: list[dict]) -> None:
    """One file laid out: `changed` or `broken` gets it if it changes or cannot be laid out."""
    import difflib
    import stat

    from .. import files
    from ..authoring.fmt import format_text
    from ..compiler.build import build_module
    from ..compiler.diagnostics import Diagnostics, render_text
    from ..compiler.source import MAX_SOURCE_BYTES, decoded

    name = str(one.path)
    try:
        data = files.read_bytes(one.real, MAX_SOURCE_BYTES, follow=False)
        mode = stat.S_IMODE(os.stat(one.real).st_mode)
        text = decoded(data)
    except (OSError, UnicodeDecodeError) as err:
        broken.append({"file": name, "error": f"cannot be read: {err}", "diagnostics": []})
        return
    diags = Diagnostics()
    if build_module(text, name, diags) is None:  # only a file that parses is laid out
        broken.append({"file": name, "error": "does not parse", "diagnostics": [d.to_json() for d in diags.sorted()]})
        if not args.json:
            say(render_text(diags.sorted(), {}), err=True)
        return
    laid = format_text(text)
    if laid == text:
        return
    changed.append(name)
    if args.diff:
        say("".join(difflib.unified_diff(text.splitlines(True), laid.splitlines(True), name, name)), end="")
    elif not args.check:
        try:
            files.replace(one.real, laid.encode("utf-8"), mode)
        except OSError as err:  # a full disk: the file keeps its old text
            changed.remove(name)
            broken.append({"file": name, "error": f"cannot be written (it is as it was): {err.strerror or err}",
                           "diagnostics": []})


NEEDS = ("pygls", "lsprotocol")


def add_lsp(sub) -> argparse.ArgumentParser:
    p = command(sub, "lsp",
                description="A language server for .rules files, over standard input and output: diagnostics "
                            "as you type, hover, go to definition, references, completion, outline and "
                            "formatting. Editors start it.")
    p.set_defaults(handler=cmd_lsp)
    return p


def cmd_lsp(args) -> int:
    try:
        from ..authoring.lsp.server import serve
    except ImportError as err:
        if (err.name or "").split(".")[0] not in NEEDS:
            raise
        say("rulecraft: the language server needs pygls: pip install 'rulecraft[lsp]'", err=True)
        return 2
    serve()
    return 0


def add_mutate(sub) -> None:
    m = command(sub, "mutate",
                description="For each catalogue id, mutate the code it tags (drop a statement, negate a "
                "condition, shift an integer by one, swap a comparison), one mutant at a time, and run "
                "the tests that name the id. Run it from the project's folder.")
    m.add_argument("game", nargs="?", help="one catalogue (e.g. a file name of ../shared/rules without .yaml)")
    m.add_argument("--ids", nargs="+", metavar="ID", help="only these rule ids")
    m.add_argument("--sample", type=int, metavar="N", help="at most N mutants per id, drawn with --seed")
    m.add_argument("--seed", type=int, default=0)
    m.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="worker processes (default: the CPU count)")
    m.add_argument("--timeout", type=float, default=120.0, help="seconds a mutant's tests may take (longer: caught)")
    m.add_argument("--catalogue", help="folder of rule catalogues (default: ../shared/rules)")
    m.add_argument("--rulesets", help="the rulesets to mutate (default: ./rulesets if there, else the bundled ones)")
    m.add_argument("--tests", nargs="+", default=["tests"], help="where the tests are (default: tests)")
    m.add_argument("--explained", metavar="FILE", help="mutants (and ids with nothing to mutate) explained as equivalent, "
                   "with reasons (default: tests/equivalent_mutants.yaml if there)")
    m.add_argument("--json", action="store_true")
    m.set_defaults(handler=cmd_mutate)


def cmd_mutate(args) -> int:
    from ..authoring.mutation.explained import DEFAULT, ExplainedError, read
    from ..authoring.mutation.run import CollectError
    from ..authoring.mutation.score import Plan, render, score
    from ..compiler.loader import bundled_root
    from ..inputs.catalogue import find_catalogue, read_catalogue

    folder = find_catalogue(args.catalogue)
    if folder is None:
        say("error: no rule catalogue found (give --catalogue DIR)", err=True)
        return 1
    games = read_catalogue(folder)
    if args.game is not None and args.game not in games:
        say(f"error: no catalogue `{args.game}` (known: {', '.join(games)})", err=True)
        return 1
    wanted = set(args.ids or ())
    games = {g: [i for i in ids if not wanted or i in wanted] for g, ids in games.items() if args.game in (None, g)}
    games = {g: ids for g, ids in games.items() if ids}
    if (args.sample is not None and args.sample < 1) or args.jobs < 1:
        say("error: --sample and --jobs take a positive number", err=True)
        return 1
    # the project's own folder first: its tests are the ones run, and the rulesets they were written for
    root = Path(args.rulesets) if args.rulesets else Path("rulesets") if any(Path("rulesets").glob("*/main.rules")) else bundled_root()
    try:
        explained = read(Path(args.explained) if args.explained else DEFAULT)
    except ExplainedError as e:
        say(f"error: {e}", err=True)
        return 1
    if args.explained and not Path(args.explained).is_file():
        say(f"error: no file {args.explained}", err=True)
        return 1
    plan = Plan(root, args.tests, games, args.sample, args.seed, args.jobs, args.timeout, explained)
    try:
        report = score(plan)
    except CollectError as e:
        say(f"error: {e}; run `rulecraft mutate` from the project's folder, or give --tests", err=True)
        return 1
    if args.json:
        say_json(json.dumps(report, indent=1))
    else:
        say(render(report))
    return 0
