"""The listing commands: `games`, `cards list`, `cards show`, `dice list` and `assumptions`.
Each prints one JSON document with `--json`, else a text for people (what a listing holds:
rulecraft/views/listing.py). `games` reads the compiled-ruleset cache's summaries, not the rulesets.

Each handler takes the parsed arguments and gives the exit code; it prints the result, and the
errors it raises become exit codes in rulecraft/cli/__init__.py. A newcomer adds a command of
this family here (`add_NAME` and its handler) and its entry in `COMMANDS`."""

from __future__ import annotations

import json
from typing import Any

from . import command
from .options import JSON_HELP, add_mod_option
from .output import say, say_json


def add_games(sub) -> None:
    g = command(sub, "games")
    g.add_argument("--json", action="store_true", help=JSON_HELP)
    g.set_defaults(handler=cmd_games)


def add_cards(sub) -> None:
    cards = command(sub, "cards")
    commands = cards.add_subparsers()
    cl = commands.add_parser("list", help="every definition with its properties (text: under each, those it sets)")
    cl.add_argument("game")
    cl.add_argument("cards", nargs="*", metavar="CARD", help="only these: ids, or names in any language the game gives")
    add_mod_option(cl)
    cl.add_argument("--json", action="store_true", help=JSON_HELP)
    cl.set_defaults(handler=cmd_cards)
    cs = commands.add_parser("show", help="one definition: every property, its rules, names, triggers and effects")
    cs.add_argument("game")
    cs.add_argument("card", metavar="CARD", help="an id, or a name in any language the game gives")
    add_mod_option(cs)
    cs.add_argument("--json", action="store_true", help=JSON_HELP)
    cs.set_defaults(handler=cmd_card_show)


def add_dice(sub) -> None:
    dice = command(sub, "dice")
    dl = dice.add_subparsers().add_parser("list", help="every die with its faces")
    dl.add_argument("game")
    add_mod_option(dl)
    dl.add_argument("--set", action="append", default=[], metavar="ASSUMPTION=VALUE",
                    help="override an assumption the faces are read from")
    dl.add_argument("--json", action="store_true", help=JSON_HELP)
    dl.set_defaults(handler=cmd_dice)


def add_assumptions(sub) -> None:
    a = command(sub, "assumptions")
    a.add_argument("game")
    add_mod_option(a)
    a.add_argument("--set", action="append", default=[], metavar="ASSUMPTION=VALUE", help="show it as set to this")
    a.add_argument("--json", action="store_true", help=JSON_HELP)
    a.set_defaults(handler=cmd_assumptions)


def _print_json(document: dict[str, Any]) -> None:
    say_json(json.dumps(document, indent=2, ensure_ascii=False))


def cmd_games(args) -> int:
    from ..compiler.diagnostics import Diagnostics
    from ..compiler.loader import bundled_ids, compiled, folder_of

    rows: list[dict[str, Any]] = []
    for rid in bundled_ids():
        diags = Diagnostics()
        entry = compiled([folder_of(rid)], diags)  # type: ignore[list-item]  # a bundled id has a folder
        if entry is None:
            rows.append({"id": rid, "title": None, "type": None, "extends": None, "scenarios": [],
                         "errors": len(diags.sorted())})
            continue
        info = entry.summary
        rows.append({"id": rid, "title": info["title"], "type": info["kind"], "extends": info["extends"],
                     "version": info["version"], "options": info["options"], "scenarios": info["scenarios"]})
    if args.json:
        _print_json({"games": rows})
    else:
        for r in rows:
            extra = f" ({r['type']} of {r['extends']})" if r["extends"] else ""
            if "errors" in r:
                extra = f" does not compile ({r['errors']} errors; see `rulecraft check {r['id']}`)"
            say(f"{r['id']:<32} {r['title'] or ''}{extra}")
            if r["scenarios"]:
                say(f"    scenarios: {', '.join(r['scenarios'])}")
            for option, does in r.get("options", {}).items():
                say(f"    option {option}: {does}")
    return 1 if any("errors" in r for r in rows) else 0


def cmd_cards(args) -> int:
    from ..compiler.loader import load
    from ..inputs import names
    from ..views.export import value
    from ..views.listing import card, named_cards, named_values, text

    rules = load(args.game, args.mod)
    chosen = named_cards(rules, args.cards) if args.cards else list(rules.definitions.values())
    cards = [card(rules, d) for d in chosen]
    values = [] if args.cards else named_values(rules)
    if args.json:
        _print_json({"game": rules.id, "cards": cards, **({"values": values} if values else {})})
        return 0
    for d, c in zip(chosen, cards):
        other = names.shown(rules, c["id"], c["name"])
        say(f"{c['id']:<24} {c['name']:<28} {c['kind']:<16} x{c['count']}" + (f"  ({other})" if other else ""))
        if d.props:  # what the definition sets itself; `cards show` gives every property
            say("    " + " ".join(f"{k}={text(value(v, rules))}" for k, v in d.props.items()))
    if values:
        say("\nvalues with other names:")
        for v in values:
            say(f"{v['enum'] + ' ' + v['value']:<53} ({names.shown(rules, v['value'], v['value'])})")
    return 0


def cmd_card_show(args) -> int:
    """One definition: every property, its rule ids and other names, where it is declared, the
    triggers it carries, the effects it has in timing windows and its abilities' arguments."""
    from ..compiler.loader import load
    from ..views.listing import assumed_props, card, named_cards, text

    rules = load(args.game, args.mod)
    [d] = named_cards(rules, [args.card])
    triggers = [{"event": event, "once": t.once, "rules": list(t.rules), "where": t.where}
                for event, specs in rules.triggers.items() for t in specs if t.definition == d.id]
    effects = [{"window": window, "rules": list(p.rules), "where": p.where}
               for window, specs in rules.plays.items() for p in specs if p.definition == d.id]
    arguments: dict[str, dict[str, Any]] = rules.ability_args.get(d.id, {})
    if args.json:
        _print_json({"game": rules.id, "card": card(rules, d), "where": d.where, "assumed": assumed_props(d),
                     "triggers": triggers, "effects": effects, "ability_arguments": arguments})
        return 0
    _print_card(rules, d)
    for ability, given in arguments.items():
        say(f"  ability {ability}: " + " ".join(f"{k}={text(v)}" for k, v in given.items()))
    for t in triggers:
        say(f"  on {t['event']}{' (once)' if t['once'] else ''}  {t['where']}" + _rule_ids(t["rules"]))
    for e in effects:
        say(f"  in window {e['window']}  {e['where']}" + _rule_ids(e["rules"]))
    return 0


def _print_card(rules, d) -> None:
    """A definition's header, other names, properties (those it sets, one a line; then its kind's
    defaults, wrapped) and rule ids."""
    import textwrap

    from ..inputs import names
    from ..views.export import value
    from ..views.listing import assumed_props, text

    say(f"{d.id}: {d.name} ({d.kind}, x{d.count}), declared at {d.where}")
    aka = names.other_names(rules, d.id)
    if aka:
        say("  other names: " + ", ".join(f"{language} {name}" for language, name in aka))
    assumed = assumed_props(d)
    for prop, v in d.props.items():
        say(f"  {prop} = {text(value(v, rules))}" + (f"  (assumption {assumed[prop]})" if prop in assumed else ""))
    defaults = [f"{k}={text(v)}" for k, v in rules.kind_defaults(d.kind).items() if k not in d.props]
    if defaults:
        say(textwrap.fill(" ".join(defaults), 100, initial_indent="  defaults of its kind: ",
                          subsequent_indent="    ", break_on_hyphens=False))
    if d.rules:
        say(f"  rules: {', '.join(d.rules)}")


def _rule_ids(ids: Any) -> str:
    return f"  [{', '.join(ids)}]" if ids else ""


def cmd_dice(args) -> int:
    from ..compiler.loader import load
    from ..inputs.given import assumption_overrides
    from ..views.listing import text

    rules = load(args.game, args.mod)
    overrides = assumption_overrides(rules, args.set)
    faces: dict[str, list[dict[str, Any]]] = {
        d.id: [f if isinstance(f, dict) else {"value": f} for f in rules.faces(d.id, overrides)] for d in rules.dice.values()}
    if args.json:
        _print_json({"game": rules.id, "dice": [{"id": d.id, "name": d.name, "faces": faces[d.id]}
                                                for d in rules.dice.values()]})
        return 0
    for d in rules.dice.values():
        shown = faces[d.id]
        if all(list(f) == ["value"] for f in shown):  # plain faces: on one line
            say(f"{d.id}: {d.name} ({len(shown)} faces): {' '.join(text(f['value']) for f in shown)}")
            continue
        say(f"{d.id}: {d.name} ({len(shown)} faces)")
        for number, face in enumerate(shown, 1):
            say(f"  {number}: " + " ".join(f"{k}={text(v)}" for k, v in face.items()))
    return 0


def cmd_assumptions(args) -> int:
    """Every assumption of the game (after its mods): what `--set NAME=VALUE` may change."""
    from ..compiler.loader import load
    from ..inputs.given import assumption_overrides
    from ..views.listing import text

    rules = load(args.game, args.mod)
    overrides = assumption_overrides(rules, args.set)
    rows = [{"name": a.name, "type": str(a.type), "value": overrides.get(a.name, a.value), "default": a.value,
             "note": a.doc, "where": a.where} for a in rules.assumptions.values()]
    if args.json:
        _print_json({"game": rules.id, "assumptions": rows})
        return 0
    for r in rows:
        given = f"  (set; default {text(r['default'])})" if r["name"] in overrides else ""
        say(f"{r['name']}: {r['type']} = {text(r['value'])}{given}")
        if r["note"]:
            say(f"    {r['note']}")
        say(f"    {r['where']}")
    return 0
