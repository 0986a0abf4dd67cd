"""What the listing commands show of a definition (`cards list`, `cards show`): its properties
(its kind's defaults for those it does not set), rule ids and other names; the properties that
take an assumption's value; the enum values with other names; definitions found by a name in
any language; and a value written compactly (`text`, also used by the reference).

It takes a compiled ruleset; it gives JSON-ready dicts and texts. The commands that print them:
rulecraft/cli/listing.py. A newcomer adds a field of a listing here."""

from __future__ import annotations

import json
from typing import Any

from ..inputs.given import UsageError


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


def card(rules, d) -> dict[str, Any]:
    """A definition as listings give it: id, name, kind, count, every property (its kind's
    defaults for those it does not set; assumed numbers as they stand), rule ids, other names."""
    from ..inputs import names
    from .export import value

    props = rules.kind_defaults(d.kind) | {k: value(v, rules) for k, v in d.props.items()}
    aka = [{"language": lang, "name": name} for lang, name in names.other_names(rules, d.id)]
    return {"id": d.id, "name": d.name, "kind": d.kind, "count": d.count, **props, "rules": list(d.rules),
            **({"aka": aka} if aka else {})}


def assumed_props(d) -> dict[str, str]:
    """The definition's properties that take an assumption's value (`--set` changes them): property -> assumption."""
    from ..runtime.ruleset import AssumedValue

    return {k: v.assumption for k, v in d.props.items() if isinstance(v, AssumedValue)}


def named_values(rules) -> list[dict[str, Any]]:
    """The values of enums (a tribe, a faction) that have names in other languages."""
    from ..inputs import names

    out = []
    for enum, members in rules.enums.items():
        for m in members:
            if names.other_names(rules, m):
                out.append({"enum": enum, "value": m,
                            "aka": [{"language": lang, "name": name} for lang, name in names.other_names(rules, m)]})
    return out


def named_cards(rules, wanted: list[str]) -> list:
    from ..inputs import names
    from ..inputs.values import choices

    index, out = names.definitions(rules), []
    for name in wanted:
        found = index.find(name)
        if len(found) != 1:
            raise UsageError("E1003", f"`{name}` names several definitions: {', '.join(found)}" if found else
                             f"no definition `{name}` in {rules.id}", choices(name, rules.definitions))
        out.append(rules.definitions[found[0]])
    return out
