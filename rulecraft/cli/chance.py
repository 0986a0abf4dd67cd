"""`rulecraft odds`: exact probabilities by enumeration (rulecraft/runtime/odds.py), as a table,
JSON or a picture (`--plot`).

Each handler takes the parsed arguments and gives the exit code; it prints the result, and the
errors it raises become exit codes in rulecraft/cli/__init__.py. A newcomer adds a command of
this family here (`add_NAME` and its handler) and its entry in `COMMANDS`."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from . import command
from .options import JSON_HELP, add_mod_option, add_plot_option
from .output import say, say_json

if TYPE_CHECKING:
    from fractions import Fraction


def add_odds(sub) -> None:
    o = command(sub, "odds")
    o.add_argument("game")
    o.add_argument("query", nargs="?")
    o.add_argument("params", nargs="*", metavar="NAME=VALUE")
    o.add_argument("--list", action="store_true", help="list the chance queries")
    add_mod_option(o)
    o.add_argument("--set", action="append", default=[], metavar="ASSUMPTION=VALUE")
    o.add_argument("--json", action="store_true", help=JSON_HELP)
    add_plot_option(o)
    o.set_defaults(handler=cmd_odds)


def cmd_odds(args) -> int:
    from ..compiler.loader import load
    from ..inputs.given import UsageError, assumption_overrides, query_arguments
    from ..runtime import odds as chance
    from ..views import plots

    plots.check(args.plot, args.force)
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
    outcomes = [{"value": chance.thawed(v), "probability": f"{p.numerator}/{p.denominator}", "decimal": float(p)}
                for v, p in _ordered(result)]
    if kind == "pool":  # the source's own form: copies of the whole pool
        total = sum(d.count for d in rules.defs_of(rules.pools[args.query].of))
        for o in outcomes:
            o["ratio"] = f"{rules.definitions[o['value']].count}/{total}"
    if args.json:
        say_json(json.dumps({"query": args.query, "params": shown, "outcomes": outcomes}, indent=2, ensure_ascii=False))
    else:
        for o in outcomes:
            say(f"{o['value']!s:<60} {o['probability']:>9}  {o['decimal']:.4f}")
    if args.plot:
        plots.odds(f"{rules.id}: {' '.join([args.query, *args.params])}", outcomes, args.plot, args.force)
    return 0


def _list_queries(rules, queries: list[dict[str, Any]], as_json: bool) -> int:
    if as_json:
        say_json(json.dumps({"game": rules.id, "queries": queries}, indent=2))
        return 0
    for q in queries:
        params = ", ".join(p["name"] for p in q["params"])
        say(f"{q['id']:<24} {q['kind']:<6} {params}")
    return 0


def _ordered(result: dict[Any, Fraction]):
    items = list(result.items())
    if all(isinstance(v, (int, bool)) for v, _ in items):
        return sorted(items, key=lambda kv: kv[0])
    return items

