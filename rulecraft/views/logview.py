"""Game logs: reading one back (checked line by line, for `replay`), and the human reading of
one: one line per happening worth telling.

It takes a log's path (only a regular file is read, at most MAX_LOG_BYTES: rulecraft/files.py)
or an entry; it gives the entries checked, or an entry's line. A newcomer changes how a kind of
entry is told in `describe`."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from .. import files
from ..compiler.diagnostics import Diagnostic, InputError
from ..compiler.source import Span
from ..inputs.documents import schema

MAX_LOG_BYTES = 256 * 1024 * 1024  # a log larger than this is refused before it is read


def read_log(path: Path) -> tuple[list[str], list[dict[str, Any]]]:
    """A JSON-lines log: its lines and their entries, each checked against `rulecraft schema log`;
    every problem is an E1005 at its line, all raised together."""
    import jsonschema  # here: `run`, which only describes logs, need not load it

    def problem(line: int, message: str) -> Diagnostic:
        return Diagnostic("E1005", message, Span.point(str(path), line, 1))

    try:
        lines = files.read_text(path, MAX_LOG_BYTES).split("\n")
    except files.TooLarge:
        raise InputError([problem(1, f"the log is larger than {MAX_LOG_BYTES // 2**20} MB")]) from None
    except (OSError, UnicodeDecodeError) as err:  # a device, a FIFO, a folder: not a log
        raise InputError([problem(1, f"cannot read the log: {err}")]) from None
    checker = jsonschema.Draft202012Validator(schema("log"))
    entries, found = [], []
    for number, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            entry = json.loads(line)
        except (ValueError, RecursionError) as err:
            found.append(problem(number, f"not a JSON object ({type(err).__name__}: {str(err)[:200]})"))
            continue
        errors = sorted(checker.iter_errors(entry), key=lambda e: list(map(str, e.absolute_path)))
        if errors:
            where = "/".join(map(str, errors[0].absolute_path)) or "the line"
            found.append(problem(number, f"{where}: {errors[0].message[:200]}"))
        else:
            entries.append(entry)
    if not found and not any(e["what"] == "scenario" for e in entries):
        found.append(problem(1, "the log has no scenario line"))
    if found:
        raise InputError(found)
    return [line for line in lines if line.strip()], entries


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
