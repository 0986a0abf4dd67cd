"""The commands about rulesets as a whole: `check` (compile and print diagnostics), `export` (a
compiled ruleset as JSON), `schema` (the JSON Schema of a file format) and `mod diff`.

Each handler takes the parsed arguments and gives the exit code; it prints the result, and the
errors it raises become exit codes in rulecraft/cli/__init__.py. A newcomer adds a command of
this family here (`add_NAME` and its handler) and its entry in `COMMANDS`."""

from __future__ import annotations

import json

from ..version import __version__
from . import command
from .options import JSON_HELP, MOD_HELP, OUTPUTS, add_mod_option
from .output import say, say_json


def add_check(sub) -> None:
    c = command(sub, "check")
    c.add_argument("paths", nargs="*", help="ruleset ids or folders (default: every bundled ruleset)")
    output = c.add_mutually_exclusive_group()
    output.add_argument("--output", choices=OUTPUTS, help="how the diagnostics are printed (default: text)")
    output.add_argument("--json", dest="output", action="store_const", const="json", help="the same as --output json")
    output.add_argument("--format", dest="old_output", choices=OUTPUTS, help="deprecated: the old name of --output")
    add_mod_option(c)
    c.add_argument("--warnings-as-errors", action="store_true", help="report warnings as errors (exit 1 if any)")
    c.set_defaults(handler=cmd_check)


def add_schema(sub) -> None:
    from ..inputs.documents import schema_names

    sc = command(sub, "schema")
    sc.add_argument("what", choices=schema_names(),
                    help="deck: deck files; pool: card pools; importer: importer mappings; ruleset: `export`'s output")
    sc.add_argument("--json", action="store_true", help="accepted for uniformity: the schema is JSON anyway")
    sc.set_defaults(handler=cmd_schema)


def add_mod(sub) -> None:
    mod = command(sub, "mod")
    md = mod.add_subparsers().add_parser("diff", help="what mods change in a ruleset, definition by definition")
    md.add_argument("base")
    md.add_argument("mods", nargs="+", metavar="MOD", help="the mods whose changes are shown, in load order")
    add_mod_option(md, MOD_HELP + ": applied on both sides, before the mods shown")
    md.add_argument("--json", action="store_true", help=JSON_HELP)
    md.set_defaults(handler=cmd_mod_diff)


def add_export(sub) -> None:
    e = command(sub, "export")
    e.add_argument("game")
    add_mod_option(e)
    e.add_argument("--json", action="store_true", help="accepted for uniformity: the output is JSON anyway")
    e.set_defaults(handler=cmd_export)


def cmd_check(args) -> int:
    from ..compiler.diagnostics import Diagnostics, as_errors, render_json, render_sarif, render_text
    from ..compiler.loader import bundled_ids, compiled
    from ..inputs.given import ruleset_folder

    if args.old_output:
        say("rulecraft: warning: `check --format` is deprecated; use `--output` (or `--json`)", err=True)
    output = args.output or args.old_output or "text"
    names = args.paths or bundled_ids()
    diags = Diagnostics()
    done = 0
    for name in names:
        if compiled([ruleset_folder(name)] + [ruleset_folder(mod) for mod in args.mod], diags) is not None:
            done += 1
    items = as_errors(diags.sorted()) if args.warnings_as_errors else diags.sorted()
    warned = len(diags.warnings)
    if output == "json":
        say_json(render_json(items))
    elif output == "sarif":
        say_json(render_sarif(items, __version__))
    else:
        if items:
            say(render_text(items, diags.sources))
        say(f"checked {len(names)} ruleset{'s' if len(names) != 1 else ''}: "
              f"{done} compiled, {len(names) - done} with errors, {warned} warning{'s' if warned != 1 else ''}"
              + (" (as errors)" if warned and args.warnings_as_errors else ""))
    return 1 if diags.errors or (warned and args.warnings_as_errors) else 0


def cmd_export(args) -> int:
    from ..compiler.loader import load
    from ..views.export import export

    say_json(json.dumps(export(load(args.game, args.mod)), indent=2, ensure_ascii=False))
    return 0


def cmd_schema(args) -> int:
    from ..inputs.documents import schema

    say_json(json.dumps(schema(args.what), indent=2))
    return 0


def cmd_mod_diff(args) -> int:
    """What the mods given change, definition by definition, in the base with the `--mod` mods applied."""
    from ..compiler.loader import load
    from ..views.export import mod_diff

    base = load(args.base, args.mod)
    report = mod_diff(base, load(args.base, args.mod + args.mods), len(args.mods))
    if args.json:
        say_json(json.dumps(report, indent=2, ensure_ascii=False))
        return 0
    say(f"{report['mod']} changes {base.id}" + (f" with {', '.join(base.applied)}" if base.applied else "") + ":")
    for key in ("added", "removed"):
        if report[key]:
            say(f"  {key}: {', '.join(report[key])}")
    for c in report["changed"]:
        say(f"  {c['id']}.{c['property']}: {c['before']!r} -> {c['after']!r}")
    for c in report["other"]:
        say(f"  {c['change']}: {c['target']}{' ' + c['detail'] if c['detail'] else ''}  ({c['where']})")
    return 0
