"""Values given on the command line, read against a ruleset: NAME=VALUE assignments, values of
declared types (rulecraft/values.py), assumption overrides, query arguments, rulesets and
scenarios. Every problem is a Diagnostic with a code E10xx and no file position (it is on the
command line), raised as a UsageError: exit code 2."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from .compiler.diagnostics import Diagnostic, InputError
from .compiler.loader import MAIN, bundled_ids, folder_of
from .runtime.ruleset import Ruleset, Scenario
from .values import BadValue, choices, typed

if TYPE_CHECKING:
    import argparse

    from .runtime.agents import Agent

MOD_HELP = "apply a mod: a bundled mod id or a mod folder (repeat, in load order)"
AGENT_HELP = ("one player's agent, in player order (repeat): random, first, greedy[:samples=N,turns=T], "
              "mcts[:playouts=N,turns=T,seconds=S,exploration=C], script:a,b,c (answers split at "
              "commas), script:[\"a, b\", 2] (a JSON list: answers may hold commas) or script:@FILE (one answer "
              "a line); a number is an option's index, a text its value or name")
AGENTS_HELP = "simple agents split at commas, one per player (e.g. random,first; one plays for all)"
MAX_SCRIPT_BYTES = 1024 * 1024  # a script file larger than this is refused before it is read


class UsageError(InputError):
    """Bad usage or an unusable command-line value: exit code 2."""

    def __init__(self, code: str, message: str, help: str | None = None):
        super().__init__([Diagnostic(code, message, None, help)])


def assignments(items: list[str], what: str) -> dict[str, str]:
    """NAME=VALUE items as a mapping; `what` names them in a message (e.g. `--set`)."""
    out = {}
    for item in items:
        if "=" not in item:
            raise UsageError("E1001", f"{what} '{item}' is not NAME=VALUE")
        name, value = item.split("=", 1)
        out[name.strip()] = value.strip()
    return out


def value(text: str, type_: Any, what: str, rules: Ruleset | None = None) -> Any:
    """A command-line text as a value of the declared type."""
    try:
        return typed(text, type_, rules, text=True)
    except BadValue as bad:
        raise UsageError("E1002", bad.of(what), bad.help) from None


def assumption_overrides(rules: Ruleset, items: list[str]) -> dict[str, Any]:
    """`--set NAME=VALUE` items as values of the assumptions' types."""
    out = {}
    for name, text in assignments(items, "--set").items():
        if name not in rules.assumptions:
            raise UsageError("E1003", f"unknown assumption '{name}'", choices(name, sorted(rules.assumptions)))
        out[name] = value(text, rules.assumptions[name].type, f"assumption '{name}'", rules)
    return out


def query_arguments(rules: Ruleset, query: str | None, items: list[str]) -> dict[str, Any]:
    """A named query's parameters from NAME=VALUE items (its defaults for those not given);
    `query` None: a chance source without parameters."""
    given = assignments(items, "parameter")
    params = rules.callables[query].params if query is not None else ()
    out = {}
    for p in params:
        if p.name in given:
            out[p.name] = value(given.pop(p.name), p.type, f"parameter '{p.name}'", rules)
        elif p.has_default:
            out[p.name] = p.default
        else:
            raise UsageError("E1004", f"query '{query}' needs {p.name}=...")
    if given:
        raise UsageError("E1003", f"unknown parameter{'s' if len(given) > 1 else ''}: {', '.join(given)}",
                         f"its parameters: {', '.join(p.name for p in params) or 'none'}")
    return out


def scenario_named(rules: Ruleset, name: str) -> Scenario:
    """The ruleset's scenario of that name."""
    if name not in rules.scenarios:
        raise UsageError("E1003", f"no scenario '{name}' in {rules.id}", choices(name, sorted(rules.scenarios)))
    return rules.scenarios[name]


def ruleset_folder(name: str) -> Path:
    """The folder of a bundled ruleset id, of a folder with a main module, or of a module file."""
    folder = folder_of(name)
    if folder is not None:
        return folder
    path = Path(name)
    if path.is_file() and path.name.endswith(".rules"):
        path = path.parent
    if (path / MAIN).is_file():
        return path
    raise UsageError("E1003", f"no ruleset '{name}': not a bundled id nor a folder with {MAIN}",
                     choices(name, bundled_ids()) or f"bundled: {', '.join(bundled_ids())}")


def add_mod_option(parser: argparse.ArgumentParser, help: str = MOD_HELP, default: list[str] | None = None) -> None:
    """`--mod MOD`, the same on every command that loads a game: repeatable, in load order."""
    parser.add_argument("--mod", action="append", default=[] if default is None else default, metavar="MOD",
                        help=help)


def add_agent_options(parser: argparse.ArgumentParser) -> None:
    """`--agent SPEC` (repeat, one per player) or `--agents A,B` (simple specs), not both."""
    group = parser.add_mutually_exclusive_group()
    group.add_argument("--agent", action="append", default=[], metavar="SPEC", help=AGENT_HELP)
    group.add_argument("--agents", metavar="A,B,...", help=AGENTS_HELP)


def agent_specs(listed: str | None, each: list[str]) -> list[str]:
    """The agents' specs given by `--agents` (split at every comma) or `--agent` items; random if none."""
    from .runtime.specs import AGENTS, SEARCHING

    if listed is None:
        return each or ["random"]
    specs = listed.split(",")
    for before, spec in zip(specs, specs[1:]):
        if before.partition(":")[0] in ("script", *SEARCHING) and ":" not in spec and spec not in AGENTS:
            raise UsageError("E1002", f"--agents: '{spec}' is not an agent: --agents splits at every comma",
                             f"give an agent spec with commas as `--agent {before},{spec}` (one --agent per "
                             "player)")
    return specs


def make_agents(specs: list[str], players: int) -> list[Agent]:
    """The players' agents: one spec plays for every player; `script:@FILE` reads a script's
    answers from a file, one a line (a line is taken whole, commas included)."""
    from .runtime.agents import ScriptedAgent
    from .runtime.specs import make_agent, script_answers

    agents: list[Agent] = []
    for spec in specs if len(specs) > 1 else specs * players:
        if spec.startswith("script:@"):
            agents.append(ScriptedAgent(script_answers(line.strip() for line in _script_file(spec[8:]))))
            continue
        try:
            agents.append(make_agent(spec))
        except ValueError as err:
            raise UsageError("E1002", str(err)) from None
    return agents


def _script_file(name: str) -> list[str]:
    path = Path(name)
    try:
        if path.stat().st_size > MAX_SCRIPT_BYTES:
            raise UsageError("E1005", f"the script {name} is larger than {MAX_SCRIPT_BYTES // 1024} KB")
        return path.read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError) as err:
        raise UsageError("E1005", f"cannot read the script {name}: {err}") from None
