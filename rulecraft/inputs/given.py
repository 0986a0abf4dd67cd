"""Values given on the command line, read against a ruleset: NAME=VALUE assignments, values of
declared types (rulecraft/inputs/values.py), assumption overrides, query arguments, rulesets and
scenarios. Every problem is a Diagnostic with a code E10xx and no file position (it is on the
command line), raised as a UsageError: exit code 2.

It takes the texts as given and a compiled ruleset; it gives typed values, a ruleset's folder, a
scenario. Adding the options themselves to a parser is rulecraft/cli/options.py; reading agent
specs is rulecraft/agents/specs.py. A newcomer adds here a kind of value a command line names."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..compiler.diagnostics import Diagnostic, InputError
from ..compiler.loader import MAIN, bundled_ids, folder_of
from ..runtime.ruleset import Ruleset, Scenario
from .values import BadValue, choices, typed

if TYPE_CHECKING:

    pass

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
