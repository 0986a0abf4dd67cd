"""What compiled handlers may reach on the game: the one table the lowerer reads.

A handler receives the game as `rt`. `HANDLER_CALLS` maps each operation the lowerer emits to
the attribute path on `rt` that performs it ("" for the game itself, or the name of one of its
parts), and `HANDLER_DATA` names the plain tables a handler reads. Nothing else is reachable:
a ruleset's names never become attributes, so this table is the whole surface.
"""

from __future__ import annotations

HANDLER_CALLS: dict[str, str] = {op: "" for op in (
    "charge", "tick", "emit", "destroy", "remove", "move", "reveal", "hide", "modify", "fail", "log_text",
    "shuffle", "fill", "phase", "step", "turn", "end_game", "touch", "violation", "window",
    "expectation_failed", "get", "set", "zone", "defprop", "prop", "table", "cast", "select", "create",
    "roll", "draw", "choose",
)}

HANDLER_DATA: dict[str, str] = {"assume": "", "params": "", "options": ""}
