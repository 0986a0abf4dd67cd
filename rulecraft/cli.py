"""The `rulecraft` command line. Exit codes: 0 ok, 1 input understood and found wrong, 2 bad usage
or unreadable input, 70 an internal error of rulecraft. Bad input gets a message naming
file:line:col, never a traceback."""

from __future__ import annotations

import argparse
import gc
import importlib
import json
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from . import __version__, plots
from .arguments import (
    MOD_HELP,
    UsageError,
    add_agent_options,
    add_mod_option,
    agent_specs,
    assignments,
    assumption_overrides,
    make_agents,
    query_arguments,
    ruleset_folder,
    scenario_named,
)
from .compiler.diagnostics import CompileError, Diagnostic, Diagnostics, InputError, printable, render_json, render_sarif, render_text
from .compiler.loader import bundled_ids, compiled, folder_of, load
from .inputs import schema, schema_names
from .runtime.errors import GameError, UnknownName

if TYPE_CHECKING:
    from fractions import Fraction

# The commands import the rest where they run (decks, odds, play, coverage, export): each loads
# only what it uses.


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
        print(render_text(err.diagnostics, err.sources), file=sys.stderr)
        return 1
    except InputError as err:  # a deck, a pool, an importer file, a command-line value
        print(render_text(err.diagnostics, err.sources), file=sys.stderr)
        return 2
    except UnknownName as err:  # the game refuses a name (an option, an assumption, ...)
        print(render_text([Diagnostic("E1003", err.message, None)], {}), file=sys.stderr)
        return 2
    except GameError as err:
        print(f"rulecraft: the game stopped: {printable(str(err))}", file=sys.stderr)
        return 1
    except BrokenPipeError:  # e.g. piped into `head`
        sys.stderr.close()
        return 0
    except Exception as err:  # the one place where anything unexpected ends: never a bare traceback
        return internal_error(err)


INTERNAL_ERROR = 70  # sysexits' EX_SOFTWARE: a fault of rulecraft itself, never of the input


def internal_error(err: Exception) -> int:
    print(f"rulecraft: internal error: {type(err).__name__}: {printable(str(err))}\n"
          "This is a fault in rulecraft, not in your input. Please report it with the command you ran "
          "(set RULECRAFT_TRACEBACK=1 to print the traceback to include).", file=sys.stderr)
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
    for add in [COMMANDS[named]] if named in COMMANDS else COMMANDS.values():
        add(sub)
    return p


def _elsewhere(module: str):
    """What adds the parser of a command whose parser and code live in a module of their own."""
    return lambda sub: importlib.import_module(f".{module}", __package__).add_parser(sub)


def _handler(module: str, name: str):
    """A command's code that lives in another module, imported when the command runs."""
    return lambda args: getattr(importlib.import_module(f".{module}", __package__), name)(args)


JSON_HELP = "print one JSON document"
OUTPUTS = ("text", "json", "sarif")


def _add_check(sub) -> None:
    c = sub.add_parser("check", help="compile rulesets and print diagnostics")
    c.add_argument("paths", nargs="*", help="ruleset ids or folders (default: every bundled ruleset)")
    output = c.add_mutually_exclusive_group()
    output.add_argument("--output", choices=OUTPUTS, help="how the diagnostics are printed (default: text)")
    output.add_argument("--json", dest="output", action="store_const", const="json", help="the same as --output json")
    output.add_argument("--format", dest="old_output", choices=OUTPUTS, help="deprecated: the old name of --output")
    add_mod_option(c)
    c.add_argument("--warnings-as-errors", action="store_true", help="report warnings as errors (exit 1 if any)")
    c.set_defaults(handler=cmd_check)


def _add_games(sub) -> None:
    g = sub.add_parser("games", help="list the bundled games and mods, with their scenarios and options")
    g.add_argument("--json", action="store_true", help=JSON_HELP)
    g.set_defaults(handler=_handler("listing", "cmd_games"))


def _add_cards(sub) -> None:
    cards = sub.add_parser("cards", help="definitions of a game: cards, units, tokens, counters")
    commands = cards.add_subparsers()
    cl = commands.add_parser("list", help="every definition with its properties (text: under each, those it sets)")
    cl.add_argument("game")
    cl.add_argument("cards", nargs="*", metavar="CARD", help="only these: ids, or names in any language the game gives")
    add_mod_option(cl)
    cl.add_argument("--json", action="store_true", help=JSON_HELP)
    cl.set_defaults(handler=_handler("listing", "cmd_cards"))
    cs = commands.add_parser("show", help="one definition: every property, its rules, names, triggers and effects")
    cs.add_argument("game")
    cs.add_argument("card", metavar="CARD", help="an id, or a name in any language the game gives")
    add_mod_option(cs)
    cs.add_argument("--json", action="store_true", help=JSON_HELP)
    cs.set_defaults(handler=_handler("listing", "cmd_card_show"))


def _add_dice(sub) -> None:
    dice = sub.add_parser("dice", help="the dice of a game")
    dl = dice.add_subparsers().add_parser("list", help="every die with its faces")
    dl.add_argument("game")
    add_mod_option(dl)
    dl.add_argument("--set", action="append", default=[], metavar="ASSUMPTION=VALUE",
                    help="override an assumption the faces are read from")
    dl.add_argument("--json", action="store_true", help=JSON_HELP)
    dl.set_defaults(handler=_handler("listing", "cmd_dice"))


def _add_assumptions(sub) -> None:
    a = sub.add_parser("assumptions", help="a game's settable assumptions: type, current value, note, where "
                                           "(what `--set NAME=VALUE` changes)")
    a.add_argument("game")
    add_mod_option(a)
    a.add_argument("--set", action="append", default=[], metavar="ASSUMPTION=VALUE", help="show it as set to this")
    a.add_argument("--json", action="store_true", help=JSON_HELP)
    a.set_defaults(handler=_handler("listing", "cmd_assumptions"))


def _add_odds(sub) -> None:
    o = sub.add_parser("odds", help="exact probabilities by enumeration")
    o.add_argument("game")
    o.add_argument("query", nargs="?")
    o.add_argument("params", nargs="*", metavar="NAME=VALUE")
    o.add_argument("--list", action="store_true", help="list the chance queries")
    add_mod_option(o)
    o.add_argument("--set", action="append", default=[], metavar="ASSUMPTION=VALUE")
    o.add_argument("--json", action="store_true", help=JSON_HELP)
    plots.add_option(o)
    o.set_defaults(handler=cmd_odds)


def _add_run(sub) -> None:
    r = sub.add_parser("run", help="play a scenario with agents")
    r.add_argument("scenario", help="SCENARIO or GAME/SCENARIO (`rulecraft games` lists them)")
    r.add_argument("--seed", type=int, default=1)
    add_agent_options(r)
    r.add_argument("--rounds", type=int, help="stop after this many rounds")
    r.add_argument("--set", action="append", default=[], metavar="ASSUMPTION=VALUE")
    add_mod_option(r)
    r.add_argument("--option", action="append", default=[], help="choose an option a mod offers at setup")
    r.add_argument("--json", action="store_true", help="the log as JSON lines")
    r.add_argument("--verbose", action="store_true", help="every happening, not only the story")
    r.set_defaults(handler=cmd_run)


def _add_replay(sub) -> None:
    rp = sub.add_parser("replay", help="play a JSON-lines log again and check it gives the same log")
    rp.add_argument("log")
    rp.add_argument("--ruleset", help="the ruleset to replay with, instead of the one the log names (needed when "
                                      "that is not a bundled one: a log never chooses the folders it loads)")
    add_mod_option(rp, MOD_HELP + "; instead of the log's mods", default=None)
    rp.add_argument("--json", action="store_true", help="the verdict as JSON: {log, identical, lines, replayed, "
                                                        "difference}")
    rp.set_defaults(handler=cmd_replay)


def _add_test(sub) -> None:
    t = sub.add_parser("test", help="run the tests written in rulesets, and check each scenario replays per seed")
    t.add_argument("paths", nargs="*")
    t.add_argument("--seeds", type=int, default=3)
    add_mod_option(t, MOD_HELP + ": applied to each ruleset tested")
    t.add_argument("--json", action="store_true", help="print the results as JSON: {passed, failed, results}")
    t.set_defaults(handler=cmd_test)


def _add_coverage(sub) -> None:
    cv = sub.add_parser("coverage", help="which catalogue rules are encoded and executed by tests")
    cv.add_argument("--catalogue", help="folder of rule catalogues (default: ../shared/rules)")
    cv.add_argument("--report", default=".rulecraft/coverage.json", help="what the test run recorded")
    cv.add_argument("--json", action="store_true")
    cv.add_argument("--summary", action="store_true", help="only the table")
    cv.set_defaults(handler=cmd_coverage)


def _add_deck(sub) -> None:
    deck = sub.add_parser("deck", help="deck legality")
    dc = deck.add_subparsers().add_parser("check", help="check a deck (YAML, or a pasted '4x Card Name' list in .txt)")
    dc.add_argument("deck", help="the deck file, or - for standard input")
    dc.add_argument("--format", dest="format_id", metavar="FORMAT",
                    help="the format (a format id, or a folder holding one), if the deck does not name it")
    dc.add_argument("--mod", action="append", default=[], help=MOD_HELP + "; a card a mod defines is a card decks may name")
    dc.add_argument("--param", action="append", default=[], metavar="NAME=VALUE", help="a format parameter")
    dc.add_argument("--pool", action="append", default=[], metavar="POOL", help="a card-pool file (rulecraft import)")
    dc.add_argument("--json", action="store_true", help="the report, or the input's diagnostics, as JSON")
    dc.set_defaults(handler=cmd_deck_check)


def _add_schema(sub) -> None:
    sc = sub.add_parser("schema", help="the JSON Schema of a file format")
    sc.add_argument("what", choices=schema_names(),
                    help="deck: deck files; pool: card pools; importer: importer mappings; ruleset: `export`'s output")
    sc.add_argument("--json", action="store_true", help="accepted for uniformity: the schema is JSON anyway")
    sc.set_defaults(handler=cmd_schema)


def _add_mod(sub) -> None:
    mod = sub.add_parser("mod", help="modding tools")
    md = mod.add_subparsers().add_parser("diff", help="what mods change in a ruleset, definition by definition")
    md.add_argument("base")
    md.add_argument("mods", nargs="+", metavar="MOD", help="the mods whose changes are shown, in load order")
    add_mod_option(md, MOD_HELP + ": applied on both sides, before the mods shown")
    md.add_argument("--json", action="store_true", help=JSON_HELP)
    md.set_defaults(handler=cmd_mod_diff)


def _add_export(sub) -> None:
    e = sub.add_parser("export", help="a compiled ruleset as JSON (`rulecraft schema ruleset` describes it)")
    e.add_argument("game")
    add_mod_option(e)
    e.add_argument("--json", action="store_true", help="accepted for uniformity: the output is JSON anyway")
    e.set_defaults(handler=cmd_export)


# Every command and what adds its parser, in the order help lists them.
COMMANDS = {"check": _add_check, "games": _add_games, "cards": _add_cards, "dice": _add_dice,
            "assumptions": _add_assumptions, "odds": _add_odds,
            "run": _add_run, "replay": _add_replay, "test": _add_test, "coverage": _add_coverage, "deck": _add_deck,
            "import": _elsewhere("importer"), "schema": _add_schema, "mod": _add_mod, "export": _add_export,
            "render": _elsewhere("render"), "mutate": _elsewhere("mutation"), "fmt": _elsewhere("formatter"),
            "lsp": _elsewhere("lsp"), "serve": _elsewhere("serve"),
            "doc": _elsewhere("reference"),
            "explain": _elsewhere("explain"), "simulate": _elsewhere("simulate"), "balance": _elsewhere("balance")}


# ---- check ----------------------------------------------------------------


def cmd_check(args) -> int:
    from .compiler.diagnostics import as_errors

    if args.old_output:
        print("rulecraft: warning: `check --format` is deprecated; use `--output` (or `--json`)", file=sys.stderr)
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
        print(render_json(items))
    elif output == "sarif":
        print(render_sarif(items, __version__))
    else:
        if items:
            print(render_text(items, diags.sources))
        print(f"checked {len(names)} ruleset{'s' if len(names) != 1 else ''}: "
              f"{done} compiled, {len(names) - done} with errors, {warned} warning{'s' if warned != 1 else ''}"
              + (" (as errors)" if warned and args.warnings_as_errors else ""))
    return 1 if diags.errors or (warned and args.warnings_as_errors) else 0


# ---- export ---------------------------------------------------------------


def cmd_export(args) -> int:
    from .export import export

    print(json.dumps(export(load(args.game, args.mod)), indent=2, ensure_ascii=False))
    return 0


# ---- decks ----------------------------------------------------------------


def cmd_deck_check(args) -> int:
    from .decks import check_deck

    try:
        params = assignments(args.param, "--param")
        report = check_deck(args.deck, args.format_id, params, pools=args.pool, mods=args.mod)
    except (InputError, CompileError) as err:  # the deck, a pool, a value given, a mod: every problem, with its code
        if not args.json:
            raise
        print(render_json(err.diagnostics))
        return 2 if isinstance(err, InputError) else 1
    if args.json:
        print(json.dumps(report, indent=2, ensure_ascii=False))
    else:
        for w in report.get("warnings", []):  # the pools disagree with the game's cards
            print(f"{w['file']}:{w['line']}:{w['column']}: warning[{w['code']}]: {w['message']}", file=sys.stderr)
        verdict = "legal" if report["legal"] else f"ILLEGAL: {len(report['violations'])} rule(s) broken"
        print(f"{args.deck}: {verdict} for {report['format']}" + (f" with {', '.join(args.mod)}" if args.mod else ""))
        for v in report["violations"]:
            cards = f" [{', '.join(v['cards'])}]" if v["cards"] else ""
            print(f"  {v['rule']}: {v['message']}{cards}")
    return 0 if report["legal"] else 1


def cmd_schema(args) -> int:
    print(json.dumps(schema(args.what), indent=2))
    return 0


# ---- mods -----------------------------------------------------------------


def cmd_mod_diff(args) -> int:
    """What the mods given change, definition by definition, in the base with the `--mod` mods applied."""
    from .export import value as shown_value

    base, modded = load(args.base, args.mod), load(args.base, args.mod + args.mods)
    before, after = base.definitions, modded.definitions
    changed = []
    for def_id in before.keys() & after.keys():
        old, new = before[def_id].props, after[def_id].props
        for prop in sorted(old.keys() | new.keys()):
            if old.get(prop) != new.get(prop):
                changed.append({"id": def_id, "property": prop, "before": shown_value(old.get(prop), base),
                                "after": shown_value(new.get(prop), modded)})
    own = modded.applied[len(modded.applied) - len(args.mods):]  # as their headers name them
    other = [{"target": c.target, "change": c.what, "detail": c.detail, "where": str(c.span)}
             for c in modded.changes if c.origin in own and c.what not in ("patch", "remove")]
    report: dict[str, Any] = {"base": base.id, "mod": " + ".join(own), "mods": list(own), "with_mods": list(base.applied),
              "added": sorted(after.keys() - before.keys()), "removed": sorted(before.keys() - after.keys()),
              "changed": sorted(changed, key=lambda c: (c["id"], c["property"])), "other": other}
    if args.json:
        print(json.dumps(report, indent=2, ensure_ascii=False))
        return 0
    print(f"{report['mod']} changes {base.id}" + (f" with {', '.join(base.applied)}" if base.applied else "") + ":")
    for key in ("added", "removed"):
        if report[key]:
            print(f"  {key}: {', '.join(report[key])}")
    for c in report["changed"]:
        print(f"  {c['id']}.{c['property']}: {c['before']!r} -> {c['after']!r}")
    for c in other:
        print(f"  {c['change']}: {c['target']}{' ' + c['detail'] if c['detail'] else ''}  ({c['where']})")
    return 0


# ---- odds -----------------------------------------------------------------


def cmd_odds(args) -> int:
    from .runtime import odds as chance

    plots.check(args.plot)
    rules = load(args.game, args.mod)
    queries = {q["id"]: q for q in chance.chance_queries(rules)}
    if args.list or not args.query:
        if args.plot:
            raise UsageError("E1004", "--plot draws the odds of one query", "name the query to draw")
        return _list_queries(rules, list(queries.values()), args.json)
    if args.query not in queries:
        raise UsageError("E1003", f"no chance query '{args.query}' in {rules.id}", f"its queries: {', '.join(queries)}")
    kind = queries[args.query]["kind"]
    shown = query_arguments(rules, args.query if kind == "query" else None, args.params)
    result = chance.odds(rules, args.query, list(shown.values()), assumption_overrides(rules, args.set))
    outcomes = [{"value": _json_value(v), "probability": f"{p.numerator}/{p.denominator}", "decimal": float(p)}
                for v, p in _ordered(result)]
    if kind == "pool":  # the source's own form: copies of the whole pool
        total = sum(d.count for d in rules.defs_of(rules.pools[args.query].of))
        for o in outcomes:
            o["ratio"] = f"{rules.definitions[o['value']].count}/{total}"
    if args.json:
        print(json.dumps({"query": args.query, "params": shown, "outcomes": outcomes}, indent=2, ensure_ascii=False))
    else:
        for o in outcomes:
            print(f"{str(o['value']):<60} {o['probability']:>9}  {o['decimal']:.4f}")
    if args.plot:
        plots.odds(f"{rules.id}: {' '.join([args.query, *args.params])}", outcomes, args.plot)
    return 0


def _list_queries(rules, queries: list[dict[str, Any]], as_json: bool) -> int:
    if as_json:
        print(json.dumps({"game": rules.id, "queries": queries}, indent=2))
        return 0
    for q in queries:
        params = ", ".join(p["name"] for p in q["params"])
        print(f"{q['id']:<24} {q['kind']:<6} {params}")
    return 0


def _ordered(result: dict[Any, Fraction]):
    items = list(result.items())
    if all(isinstance(v, (int, bool)) for v, _ in items):
        return sorted(items, key=lambda kv: kv[0])
    return items


def _json_value(v: Any) -> Any:
    return dict(v) if isinstance(v, tuple) and v and isinstance(v[0], tuple) else v


# ---- play -----------------------------------------------------------------


def find_scenario(name: str) -> tuple[str, str]:
    if "/" in name:
        game, _, scenario = name.rpartition("/")
        return game, scenario
    for rid in bundled_ids():
        try:
            if name in load(rid).scenarios:
                return rid, name
        except CompileError:  # a broken ruleset cannot hide the scenario of another
            continue
    raise UsageError("E1003", f"no bundled scenario '{name}'")


def play(rules, name: str, seed: int, specs: list[str], rounds: int | None,
         assumptions: dict[str, Any] | None = None, options: list[str] | None = None, log: str = "full"):
    """Play a scenario with the agents `specs` give (one spec: every player's); `log` as in
    runtime.play.start."""
    from .runtime.play import run, start

    players = scenario_named(rules, name).props.get("players", ["p1", "p2"])
    agents = make_agents(specs, len(players))
    game = start(rules, name, seed=seed, players=players, agents=agents, assumptions=assumptions,
                 options=options or (), log=log)
    return run(game, name, rounds)


def cmd_run(args) -> int:
    from .logview import describe

    game_id, scenario = find_scenario(args.scenario)
    rules = load(game_id, args.mod)  # an unknown --option: the game refuses it (UnknownName)
    game = play(rules, scenario, args.seed, agent_specs(args.agents, args.agent), args.rounds,
                assumption_overrides(rules, args.set), args.option)
    if args.json:
        print("\n".join(game.log_lines()))
    else:
        for entry in game.log:
            line = describe(entry, args.verbose)
            if line:
                print(line)
    return 0


def cmd_replay(args) -> int:
    from .logview import read_log
    from .runtime.play import replay

    path = Path(args.log)
    lines, log = read_log(path)
    header = next(e for e in log if e["what"] == "scenario")
    game = args.ruleset or header["game"]
    mods = args.mod if args.mod is not None else header.get("mods", [])
    named = ([] if args.ruleset else [game]) + ([] if args.mod is not None else mods)
    strangers = [name for name in named if folder_of(name) is None]
    if strangers:
        raise UsageError("E1005", f"{path}: the log names `{strangers[0]}`, which is not a bundled ruleset",
                         "give the ruleset you trust with `--ruleset FOLDER` (and `--mod`): a log never chooses "
                         "the folders it loads")
    again = replay(load(game, mods), log).log_lines()
    number = next((n for n, (old, new) in enumerate(zip(lines, again), 1) if old != new), None)
    difference = {"line": number, "log": lines[number - 1], "replay": again[number - 1]} if number else None
    identical = difference is None and len(lines) == len(again)
    if args.json:
        print(json.dumps({"log": str(path), "identical": identical, "lines": len(lines), "replayed": len(again),
                          "difference": difference}, indent=2, ensure_ascii=False))
    elif difference:
        print(f"{path}:{number}: the replay differs\n  log:    {difference['log']}\n  replay: {difference['replay']}")
    elif not identical:
        print(f"{path}: the replay has {len(again)} lines, the log {len(lines)}")
    else:
        print(f"{path}: replayed {len(lines)} lines identically")
    return 0 if identical else 1


def cmd_test(args) -> int:
    """Run every test and replay check, whatever fails or faults on the way; always end with the summary."""
    results: list[dict[str, Any]] = []
    try:
        for name in args.paths or bundled_ids():
            _test_ruleset(name, args, results)
    finally:
        passed = sum(r["passed"] for r in results)
        failed = len(results) - passed
        if args.json:
            print(json.dumps({"passed": passed, "failed": failed, "results": results}, indent=2))
        else:
            print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


def _test_ruleset(name: str, args, results: list[dict[str, Any]]) -> None:
    """One ruleset's own tests, then each scenario played twice per seed; every result is reported."""
    from .runtime.ruletests import run_tests

    try:
        rules = load(name if folder_of(name) else str(ruleset_folder(name)), args.mod)
    except CompileError as err:
        first = err.diagnostics[0] if err.diagnostics else None
        where = f"{first.file}:{first.line}:{first.column}" if first and first.file else name
        _report(args, results, name, "compiles", False, where,
                f"{where}: {first.message if first else 'does not compile'} ({len(err.diagnostics)} compile error(s))")
        return
    for outcome in run_tests(rules):
        title = outcome.test.title + (f" (checks {', '.join(outcome.test.checks)})" if outcome.test.checks else "")
        _report(args, results, rules.id, title, outcome.passed, outcome.where or outcome.test.where, outcome.message)
    for scenario_name in sorted(rules.scenarios):
        for seed in range(1, args.seeds + 1):
            title = f"{scenario_name} seed {seed} replays identically"
            try:
                same = _replays(rules, scenario_name, seed)
            except GameError as err:
                _report(args, results, rules.id, title, False, err.where or "", str(err))
                continue
            _report(args, results, rules.id, title, same, "", "" if same else "two runs with one seed differ")


def _replays(rules, scenario_name: str, seed: int) -> bool:
    a = play(rules, scenario_name, seed, ["random"], None).log_lines()
    return a == play(rules, scenario_name, seed, ["random"], None).log_lines()


def _report(args, results: list[dict[str, Any]], ruleset: str, test: str, passed: bool, where: str,
            message: str) -> None:
    results.append({"ruleset": ruleset, "test": test, "passed": passed, "where": where, "message": message})
    if not args.json:
        print(f"ok   {ruleset}: {test}" if passed else f"FAIL {ruleset}: {test}\n     {message}")


# ---- coverage -----------------------------------------------------


def cmd_coverage(args) -> int:
    from .coverage import coverage_report, render_coverage

    report = coverage_report(args.catalogue, Path(args.report))
    if args.json:
        print(json.dumps(report, indent=2))
    else:
        print(render_coverage(report, summary=args.summary))
    return 0
