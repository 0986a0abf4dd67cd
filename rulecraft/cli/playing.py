"""The commands that play: `run` (one game, its log), `replay` (a log played again), `test` (a
ruleset's own tests and per-seed replays), `simulate` (many seeded games, summed up) and `balance`
(without and with mods, compared). The games are played by rulecraft/play/.

Each handler takes the parsed arguments and gives the exit code; it prints the result, and the
errors it raises become exit codes in rulecraft/cli/__init__.py. A newcomer adds a command of
this family here (`add_NAME` and its handler) and its entry in `COMMANDS`."""

from __future__ import annotations

import json
import os
from typing import TYPE_CHECKING, Any

from . import command
from .options import MOD_HELP, add_agent_options, add_games_options, add_mod_option, add_plot_option
from .output import say, say_json

if TYPE_CHECKING:
    from ..play.simulate import How


def add_run(sub) -> None:
    r = command(sub, "run")
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


def add_replay(sub) -> None:
    rp = command(sub, "replay")
    rp.add_argument("log")
    rp.add_argument("--ruleset", help="the ruleset to replay with, instead of the one the log names (needed when "
                                      "that is not a bundled one: a log never chooses the folders it loads)")
    add_mod_option(rp, MOD_HELP + "; instead of the log's mods (bundled ones only, when the log names them)")
    rp.add_argument("--json", action="store_true", help="the verdict as JSON: {log, identical, lines, replayed, "
                                                        "difference}")
    rp.set_defaults(handler=cmd_replay)


def add_test(sub) -> None:
    t = command(sub, "test")
    t.add_argument("paths", nargs="*")
    t.add_argument("--seeds", type=int, default=3)
    add_mod_option(t, MOD_HELP + ": applied to each ruleset tested")
    t.add_argument("--json", action="store_true", help="print the results as JSON: {passed, failed, results}")
    t.set_defaults(handler=cmd_test)


def cmd_run(args) -> int:
    from ..agents.specs import agent_specs
    from ..compiler.loader import load
    from ..inputs.given import assumption_overrides
    from ..play.scenarios import find_scenario, play
    from ..views.logview import describe

    game_id, scenario = find_scenario(args.scenario)
    rules = load(game_id, args.mod)  # an unknown --option: the game refuses it (UnknownName)
    game = play(rules, scenario, args.seed, agent_specs(args.agents, args.agent), args.rounds,
                assumption_overrides(rules, args.set), args.option)
    if args.json:
        say_json("\n".join(game.log_lines()))  # JSON lines
    else:
        for entry in game.log:
            line = describe(entry, args.verbose)
            if line:
                say(line)
    return 0


def cmd_replay(args) -> int:
    """The log's game (or `--ruleset`) with the log's mods (or `--mod`: bundled ones only, from a
    log) and its assumptions, checked as `--set` checks them; its scenario played again."""
    from pathlib import Path

    from ..compiler.loader import folder_of, load
    from ..inputs.given import UsageError
    from ..runtime.play import replay
    from ..views.logview import assumptions_of, read_log

    path = Path(args.log)
    log = read_log(path)
    game = args.ruleset or log.header["game"]
    mods = args.mod or log.header.get("mods", [])  # `--mod` given: those, instead of the log's
    named = ([] if args.ruleset else [game]) + ([] if args.mod else mods)
    strangers = [name for name in named if folder_of(name) is None]
    if strangers:
        raise UsageError("E1005", f"{path}: the log names `{strangers[0]}`, which is not a bundled ruleset",
                         "give the ruleset you trust with `--ruleset FOLDER` (and `--mod`): a log never chooses "
                         "the folders it loads")
    rules = load(game, mods)
    header = log.header | {"assumptions": assumptions_of(log, rules)}
    again = replay(rules, [header if entry is log.header else entry for entry in log.entries]).log_lines()
    lines = log.lines
    number = next((n for n, (old, new) in enumerate(zip(lines, again), 1) if old != new), None)
    difference = {"line": number, "log": lines[number - 1], "replay": again[number - 1]} if number else None
    identical = difference is None and len(lines) == len(again)
    if args.json:
        say_json(json.dumps({"log": str(path), "identical": identical, "lines": len(lines), "replayed": len(again),
                             "difference": difference}, indent=2, ensure_ascii=False))
    elif difference:
        say(f"{path}:{number}: the replay differs\n  log:    {difference['log']}\n  replay: {difference['replay']}")
    elif not identical:
        say(f"{path}: the replay has {len(again)} lines, the log {len(lines)}")
    else:
        say(f"{path}: replayed {len(lines)} lines identically")
    return 0 if identical else 1


def cmd_test(args) -> int:
    """Run every test and replay check, whatever fails or faults on the way; always end with the summary."""
    from ..compiler.loader import bundled_ids

    results: list[dict[str, Any]] = []
    try:
        for name in args.paths or bundled_ids():
            _test_ruleset(name, args, results)
    finally:
        passed = sum(r["passed"] for r in results)
        failed = len(results) - passed
        if args.json:
            say_json(json.dumps({"passed": passed, "failed": failed, "results": results}, indent=2))
        else:
            say(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


def _test_ruleset(name: str, args, results: list[dict[str, Any]]) -> None:
    """One ruleset's own tests, then each scenario played twice per seed; every result is reported."""
    from ..compiler.diagnostics import CompileError
    from ..compiler.loader import folder_of, load
    from ..inputs.given import ruleset_folder
    from ..runtime.errors import GameError
    from ..runtime.ruletests import run_tests

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
    from ..play.scenarios import play

    a = play(rules, scenario_name, seed, ["random"], None).log_lines()
    return a == play(rules, scenario_name, seed, ["random"], None).log_lines()


def _report(args, results: list[dict[str, Any]], ruleset: str, test: str, passed: bool, where: str,
            message: str) -> None:
    results.append({"ruleset": ruleset, "test": test, "passed": passed, "where": where, "message": message})
    if not args.json:
        say(f"ok   {ruleset}: {test}" if passed else f"FAIL {ruleset}: {test}\n     {message}")


def add_simulate(sub) -> None:
    s = command(sub, "simulate")
    add_games_options(s)
    add_mod_option(s)
    s.add_argument("--json", action="store_true", help="print one JSON document")
    add_plot_option(s)
    s.set_defaults(handler=cmd_simulate)


def cmd_simulate(args) -> int:
    from ..compiler.loader import load
    from ..inputs.given import assumption_overrides
    from ..play.scenarios import find_scenario
    from ..play.simulate import render, setting_of, simulate, summarise
    from ..views import plots

    check_counts(args)
    plots.check(args.plot, args.force)
    game_id, scenario = find_scenario(args.scenario)
    rules = load(game_id, args.mod)
    setting, players = setting_of(rules, scenario, (args.agents, args.agent), args.rounds,
                                  assumption_overrides(rules, args.set))
    played = simulate(rules, setting, seeds_of(args), how_of(args))
    summary = summarise(rules, setting, players, args.seed, played)
    if args.json:
        say_json(json.dumps(summary, indent=2, ensure_ascii=False))
    else:
        say(render(summary))
    if args.plot:
        plots.simulation(summary, args.plot, args.force)
    return 0


def check_counts(args) -> None:
    """Refuses `--games` or `--workers` below one, a backend without what it needs, and a cluster
    not on this machine that the user does not say is trusted."""
    from ..inputs.given import UsageError

    if args.games < 1:
        raise UsageError("E1002", f"--games {args.games}: give at least one game")
    if args.workers is not None and args.workers < 1:
        raise UsageError("E1002", f"--workers {args.workers}: give at least one worker")
    if args.backend == "ray":
        raise UsageError("E1004", "--backend ray is not supported: the cluster backend is Dask distributed",
                         "use --backend dask --scheduler ADDRESS (pip install rulecraft[cluster])")
    if (args.backend == "dask") != (args.scheduler is not None):
        raise UsageError("E1004", "--backend dask and --scheduler ADDRESS go together",
                         "e.g. --backend dask --scheduler tcp://127.0.0.1:8786")
    if args.scheduler is not None:
        from ..play.cluster import check_scheduler

        check_scheduler(args.scheduler, args.trust_cluster)


def seeds_of(args) -> range:
    return range(args.seed, args.seed + args.games)


def how_of(args) -> How:
    from ..play.simulate import How

    return How(args.workers or os.cpu_count() or 1, args.backend, args.scheduler, args.quiet)


def add_balance(sub) -> None:
    from ..play.balance import GAMES

    s = command(sub, "balance")
    add_games_options(s, games=GAMES)
    s.add_argument("--vs", action="append", required=True, metavar="MOD",
                   help="a mod to compare against the game without it: a bundled mod id or a mod folder "
                        "(repeat, in load order)")
    s.add_argument("--json", action="store_true", help="print one JSON document")
    add_plot_option(s)
    s.set_defaults(handler=cmd_balance)


def cmd_balance(args) -> int:
    from ..compiler.loader import load
    from ..inputs.given import assumption_overrides
    from ..play.balance import compare, render
    from ..play.scenarios import find_scenario
    from ..play.simulate import setting_of, simulate, summarise
    from ..views import plots

    check_counts(args)
    plots.check(args.plot, args.force)
    game_id, scenario = find_scenario(args.scenario)
    sides = [load(game_id), load(game_id, args.vs)]
    settings = [setting_of(rules, scenario, (args.agents, args.agent), args.rounds,  # a mod may drop the scenario
                           assumption_overrides(rules, args.set)) for rules in sides]  # or an assumption
    played = [simulate(rules, setting, seeds_of(args), how_of(args))
              for rules, (setting, _) in zip(sides, settings)]
    summaries = [summarise(rules, setting, players, args.seed, games)
                 for rules, (setting, players), games in zip(sides, settings, played)]
    report = compare(summaries[0], summaries[1], played[0], played[1])
    if args.json:
        say_json(json.dumps(report, indent=2, ensure_ascii=False))
    else:
        say(render(report))
    if args.plot:
        plots.balance(report, args.plot, args.force)
    return 0
