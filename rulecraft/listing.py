"""The listing commands: `games`, `cards list`, `cards show`, `dice list` and `assumptions`.
Each prints one JSON document with `--json`, else a text for people. It loads only what it
shows: `games` reads the compiled-ruleset cache's summaries, not the rulesets."""

from __future__ import annotations

import json
import textwrap
from typing import Any

from .arguments import UsageError, assumption_overrides
from .compiler.diagnostics import Diagnostics
from .compiler.loader import bundled_ids, compiled, folder_of, load


def text(v: Any) -> str:
    """A value as a listing shows it, compact: `key=value` items stay one word each."""
    if isinstance(v, bool):
        return "true" if v else "false"
    if v is None:
        return "none"
    if isinstance(v, str):
        return v if v and not any(c.isspace() or c in "[]{},=\"" for c in v) else json.dumps(v, ensure_ascii=False)
    if isinstance(v, (list, tuple)):
        return "[" + ",".join(text(x) for x in v) + "]"
    if isinstance(v, dict):
        return "{" + ",".join(f"{k}={text(x)}" for k, x in v.items()) + "}"
    return str(v)


def _print_json(document: dict[str, Any]) -> None:
    print(json.dumps(document, indent=2, ensure_ascii=False))


# ---- games ----------------------------------------------------------------


def cmd_games(args) -> int:
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
            print(f"{r['id']:<32} {r['title'] or ''}{extra}")
            if r["scenarios"]:
                print(f"    scenarios: {', '.join(r['scenarios'])}")
            for option, does in r.get("options", {}).items():
                print(f"    option {option}: {does}")
    return 1 if any("errors" in r for r in rows) else 0


# ---- cards ----------------------------------------------------------------


def _card(rules, d) -> dict[str, Any]:
    """A definition as listings give it: id, name, kind, count, every property (its kind's
    defaults for those it does not set; assumed numbers as they stand), rule ids, other names."""
    from . import names
    from .export import value

    props = rules.kind_defaults(d.kind) | {k: value(v, rules) for k, v in d.props.items()}
    aka = [{"language": lang, "name": name} for lang, name in names.other_names(rules, d.id)]
    return {"id": d.id, "name": d.name, "kind": d.kind, "count": d.count, **props, "rules": list(d.rules),
            **({"aka": aka} if aka else {})}


def cmd_cards(args) -> int:
    from . import names
    from .export import value

    rules = load(args.game, args.mod)
    chosen = _named_cards(rules, args.cards) if args.cards else list(rules.definitions.values())
    cards = [_card(rules, d) for d in chosen]
    values = [] if args.cards else _named_values(rules)
    if args.json:
        _print_json({"game": rules.id, "cards": cards, **({"values": values} if values else {})})
        return 0
    for d, c in zip(chosen, cards):
        other = names.shown(rules, c["id"], c["name"])
        print(f"{c['id']:<24} {c['name']:<28} {c['kind']:<16} x{c['count']}" + (f"  ({other})" if other else ""))
        if d.props:  # what the definition sets itself; `cards show` gives every property
            print("    " + " ".join(f"{k}={text(value(v, rules))}" for k, v in d.props.items()))
    if values:
        print("\nvalues with other names:")
        for v in values:
            print(f"{v['enum'] + ' ' + v['value']:<53} ({names.shown(rules, v['value'], v['value'])})")
    return 0


def cmd_card_show(args) -> int:
    """One definition: every property, its rule ids and other names, where it is declared, the
    triggers it carries, the effects it has in timing windows and its abilities' arguments."""
    rules = load(args.game, args.mod)
    [d] = _named_cards(rules, [args.card])
    triggers = [{"event": event, "once": t.once, "rules": list(t.rules), "where": t.where}
                for event, specs in rules.triggers.items() for t in specs if t.definition == d.id]
    effects = [{"window": window, "rules": list(p.rules), "where": p.where}
               for window, specs in rules.plays.items() for p in specs if p.definition == d.id]
    arguments: dict[str, dict[str, Any]] = rules.ability_args.get(d.id, {})
    if args.json:
        _print_json({"game": rules.id, "card": _card(rules, d), "where": d.where, "assumed": _assumed(d),
                     "triggers": triggers, "effects": effects, "ability_arguments": arguments})
        return 0
    _print_card(rules, d)
    for ability, given in arguments.items():
        print(f"  ability {ability}: " + " ".join(f"{k}={text(v)}" for k, v in given.items()))
    for t in triggers:
        print(f"  on {t['event']}{' (once)' if t['once'] else ''}  {t['where']}" + _rule_ids(t["rules"]))
    for e in effects:
        print(f"  in window {e['window']}  {e['where']}" + _rule_ids(e["rules"]))
    return 0


def _print_card(rules, d) -> None:
    """A definition's header, other names, properties (those it sets, one a line; then its kind's
    defaults, wrapped) and rule ids."""
    from . import names
    from .export import value

    print(f"{d.id}: {d.name} ({d.kind}, x{d.count}), declared at {d.where}")
    aka = names.other_names(rules, d.id)
    if aka:
        print("  other names: " + ", ".join(f"{language} {name}" for language, name in aka))
    assumed = _assumed(d)
    for prop, v in d.props.items():
        print(f"  {prop} = {text(value(v, rules))}" + (f"  (assumption {assumed[prop]})" if prop in assumed else ""))
    defaults = [f"{k}={text(v)}" for k, v in rules.kind_defaults(d.kind).items() if k not in d.props]
    if defaults:
        print(textwrap.fill(" ".join(defaults), 100, initial_indent="  defaults of its kind: ",
                            subsequent_indent="    ", break_on_hyphens=False))
    if d.rules:
        print(f"  rules: {', '.join(d.rules)}")


def _assumed(d) -> dict[str, str]:
    """The definition's properties that take an assumption's value (`--set` changes them): property -> assumption."""
    from .runtime.ruleset import AssumedValue

    return {k: v.assumption for k, v in d.props.items() if isinstance(v, AssumedValue)}


def _rule_ids(ids: Any) -> str:
    return f"  [{', '.join(ids)}]" if ids else ""


def _named_values(rules) -> list[dict[str, Any]]:
    """The values of enums (a tribe, a faction) that have names in other languages."""
    from . import names

    out = []
    for enum, members in rules.enums.items():
        for m in members:
            if names.other_names(rules, m):
                out.append({"enum": enum, "value": m,
                            "aka": [{"language": lang, "name": name} for lang, name in names.other_names(rules, m)]})
    return out


def _named_cards(rules, wanted: list[str]) -> list:
    from . import names
    from .values import choices

    index, out = names.definitions(rules), []
    for name in wanted:
        found = index.find(name)
        if len(found) != 1:
            raise UsageError("E1003", f"`{name}` names several definitions: {', '.join(found)}" if found else
                             f"no definition `{name}` in {rules.id}", choices(name, rules.definitions))
        out.append(rules.definitions[found[0]])
    return out


# ---- dice and assumptions -------------------------------------------------


def cmd_dice(args) -> int:
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
            print(f"{d.id}: {d.name} ({len(shown)} faces): {' '.join(text(f['value']) for f in shown)}")
            continue
        print(f"{d.id}: {d.name} ({len(shown)} faces)")
        for number, face in enumerate(shown, 1):
            print(f"  {number}: " + " ".join(f"{k}={text(v)}" for k, v in face.items()))
    return 0


def cmd_assumptions(args) -> int:
    """Every assumption of the game (after its mods): what `--set NAME=VALUE` may change."""
    rules = load(args.game, args.mod)
    overrides = assumption_overrides(rules, args.set)
    rows = [{"name": a.name, "type": str(a.type), "value": overrides.get(a.name, a.value), "default": a.value,
             "note": a.doc, "where": a.where} for a in rules.assumptions.values()]
    if args.json:
        _print_json({"game": rules.id, "assumptions": rows})
        return 0
    for r in rows:
        given = f"  (set; default {text(r['default'])})" if r["name"] in overrides else ""
        print(f"{r['name']}: {r['type']} = {text(r['value'])}{given}")
        if r["note"]:
            print(f"    {r['note']}")
        print(f"    {r['where']}")
    return 0
