"""A compiled ruleset as JSON, for other tools (deck builders, card viewers, web front ends).

The document is described by `schemas/ruleset.schema.json` (`rulecraft schema ruleset`).
"""

from __future__ import annotations

from typing import Any

from ..runtime import odds
from ..runtime.ruleset import AssumedValue, Ruleset


def value(v: Any, rules: Ruleset) -> Any:
    """A definition's property as the user sees it: an assumed number shows its current default."""
    return rules.assumptions[v.assumption].value if isinstance(v, AssumedValue) else v


def export(rules: Ruleset) -> dict[str, Any]:
    return {
        "id": rules.id, "title": rules.title, "type": rules.kind, "extends": rules.extends,
        "mods": list(rules.mods), "options": rules.options,
        "kinds": {k.name: {"parent": k.parent,
                           "fields": {f.name: {"type": f.type, "default": f.default} for f in k.fields.values()}}
                  for k in rules.kinds.values()},
        "definitions": [{"id": d.id, "name": d.name, "kind": d.kind, "count": d.count,
                         "props": {k: value(v, rules) for k, v in d.props.items()}, "rules": list(d.rules),
                         "where": d.where} for d in rules.definitions.values()],
        "dice": [{"id": d.id, "name": d.name, "faces": [f if isinstance(f, dict) else {"value": f}
                                                          for f in rules.faces(d.id)]} for d in rules.dice.values()],
        "assumptions": [{"name": a.name, "type": a.type, "value": a.value, "note": a.doc, "where": a.where}
                        for a in rules.assumptions.values()],
        "chance": odds.chance_queries(rules),
        "rules": {rid: sites for rid, sites in sorted(rules.rule_sites.items())},
    }
