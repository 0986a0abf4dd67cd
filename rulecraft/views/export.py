"""A compiled ruleset as JSON, for other tools (deck builders, card viewers, web front ends).

The document is described by `schemas/ruleset.schema.json` (`rulecraft schema ruleset`).
`mod_diff` gives what mods change in a ruleset, definition by definition (`rulecraft mod diff`).

It takes compiled rulesets; it gives JSON-ready dicts. A newcomer adds a field of the document
here and in its schema (rulecraft/inputs/schemas/ruleset.schema.json).
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


def mod_diff(base: Ruleset, modded: Ruleset, shown: int) -> dict[str, Any]:
    """What the last `shown` mods of `modded` change in `base` (the same ruleset without them):
    definitions added and removed, each property changed, and their other changes."""
    before, after = base.definitions, modded.definitions
    changed = []
    for def_id in before.keys() & after.keys():
        old, new = before[def_id].props, after[def_id].props
        for prop in sorted(old.keys() | new.keys()):
            if old.get(prop) != new.get(prop):
                changed.append({"id": def_id, "property": prop, "before": value(old.get(prop), base),
                                "after": value(new.get(prop), modded)})
    own = modded.applied[len(modded.applied) - shown:]  # as their headers name them
    other = [{"target": c.target, "change": c.what, "detail": c.detail, "where": str(c.span)}
             for c in modded.changes if c.origin in own and c.what not in ("patch", "remove")]
    return {"base": base.id, "mod": " + ".join(own), "mods": list(own), "with_mods": list(base.applied),
            "added": sorted(after.keys() - before.keys()), "removed": sorted(before.keys() - after.keys()),
            "changed": sorted(changed, key=lambda c: (c["id"], c["property"])), "other": other}
