"""What compiled handlers may reach on the game: the one table the lowerer reads.

A handler receives the game as `rt`. `HANDLER_CALLS` maps each operation the lowerer emits to
the attribute path on `rt` that performs it ("" for the game itself, or the name of one of its
parts: `rt.properties.get(...)`), and `HANDLER_DATA` names the plain tables a handler reads (and
the one it adds to: the budget's `steps`, counted as `tick` counts them, lower_data.counted). Nothing
else is reachable: a ruleset's names never become attributes, so this table is the whole surface.
"""

from __future__ import annotations

_PARTS: dict[str, tuple[str, ...]] = {
    "budget": ("charge", "tick", "scan", "rounds", "round"),
    "things": ("create", "destroy", "remove", "move", "fill", "draw", "set", "zone"),
    "properties": ("get", "prop", "defprop", "cast", "is_a", "ability_param", "has_ability"),
    "selection": ("select", "first_of"),
    "knowledge": ("reveal", "hide"),
    "events": ("emit", "phase", "step", "turn", "end_game"),
    "mods": ("modify",),
    "chance": ("roll", "table", "shuffle"),
    "choices": ("choose", "window"),
    "history": ("log_text", "skip", "touch"),
    "checks": ("fail", "expectation_failed", "violation"),
}

HANDLER_CALLS: dict[str, str] = {op: part for part, ops in _PARTS.items() for op in ops}

HANDLER_DATA: dict[str, str] = {"assume": "", "params": "", "options": "", "full": "history", "steps": "budget",
                                "limit": "budget"}
