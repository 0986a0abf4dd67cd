"""The human reading of a game log: one line per happening worth telling."""

from __future__ import annotations

from typing import Any


def describe(entry: dict[str, Any], verbose: bool = False) -> str | None:
    what = entry["what"]
    if what == "round":
        return f"--- round {entry['number']} ---"
    if what == "log":
        return f"  {entry['text']}"
    if what == "table":
        return f"  rolls {entry['roll']} on {entry['table']}: {entry['result']}"
    if what == "reveal":
        return f"  revealed: {entry['thing']} is {entry['shows']}"
    if what == "peek":
        return f"  {entry['player']} secretly looks at a face-down thing (#{entry['thing'].rsplit('#', 1)[-1]})"
    if what == "phase" and verbose:
        return f" phase {entry['name']}"
    if what == "turn":
        return f" {entry['player']}'s turn"
    if what == "end":
        return f"game over; winner: {entry['winner'] or 'none'}"
    if what == "final":
        return f"--- after {entry['rounds']} rounds; state digest {entry['digest'][:16]} ---"
    if verbose:
        fields = ", ".join(f"{k}={v}" for k, v in entry.items() if k not in ("seq", "round", "what"))
        return f"    {what}: {fields}"
    return None
