"""Game logs: reading one back (checked line by line, for `replay`), and the human reading of
one: one line per happening worth telling.

`read_log` takes a log file from anyone (only a regular file is read, at most MAX_LOG_BYTES:
rulecraft/files.py) and gives its lines and entries (a `Log`), or every problem as an E1005 at
its line: the file's size, its number of lines and each line's length and nesting are bounded
before any line is parsed as JSON, each line is checked against `rulecraft schema log`, and at
most MAX_LOG_PROBLEMS problems are kept. `assumptions_of` checks the header's assumptions
against the ruleset as `--set` values are checked (each of its type). A newcomer may change what
a line says (`describe`) here; the bounds are what a stranger's log may cost.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from itertools import accumulate
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .. import files
from ..compiler.diagnostics import Diagnostic, InputError
from ..compiler.source import Span
from ..inputs.documents import schema
from ..inputs.values import MAX_NESTING, BadValue, typed
from ..runtime.history import MAX_LOG

if TYPE_CHECKING:
    from ..runtime.ruleset import Ruleset

MAX_LOG_BYTES = 256 * 1024 * 1024  # a log larger than this is refused before it is read
MAX_LOG_LINES = MAX_LOG  # as many lines as a game may log entries
MAX_LOG_LINE = 16 * 1024 * 1024  # characters of one line
MAX_LOG_NESTING = 2 * MAX_NESTING  # lists and objects in one another, in one line
MAX_LOG_PROBLEMS = 100  # bad lines reported; reading stops after them
STRINGS = re.compile(r'"(?:[^"\\]|\\.)*"')  # a JSON string: its brackets do not nest
BRACKETS = re.compile(r"[\[\]{}]")


@dataclass
class Log:
    """A log read back: its lines (blank ones left out), their entries, and the scenario line."""

    lines: list[str]
    entries: list[dict[str, Any]]
    header: dict[str, Any]
    header_at: Span


def read_log(path: Path) -> Log:
    """A JSON-lines log: its lines and their entries, each checked against `rulecraft schema log`;
    every problem is an E1005 at its line, all raised together."""
    import jsonschema  # here: `run`, which only describes logs, need not load it

    def problem(line: int, message: str) -> Diagnostic:
        return Diagnostic("E1005", message, Span.point(str(path), line, 1))

    try:
        text = files.read_text(path, MAX_LOG_BYTES)
    except files.TooLarge:
        raise InputError([problem(1, f"the log is larger than {MAX_LOG_BYTES // 2**20} MB")]) from None
    except (OSError, UnicodeDecodeError) as err:  # a device, a FIFO, a folder: not a log
        raise InputError([problem(1, f"cannot read the log: {err}")]) from None
    if text.count("\n") >= MAX_LOG_LINES:
        raise InputError([problem(MAX_LOG_LINES + 1, f"the log has more than {MAX_LOG_LINES:,} lines")])
    checker = jsonschema.Draft202012Validator(schema("log"))
    lines, entries, found = [], [], list[Diagnostic]()
    header: tuple[dict[str, Any], Span] | None = None
    for number, line in enumerate(text.split("\n"), 1):
        if not line.strip():
            continue
        if len(found) == MAX_LOG_PROBLEMS:
            found.append(problem(number, f"more than {MAX_LOG_PROBLEMS} bad lines: the rest is not read"))
            break
        entry, why = _entry(line, checker)
        if entry is None:
            found.append(problem(number, why))
            continue
        lines.append(line)
        entries.append(entry)
        if header is None and entry["what"] == "scenario":
            header = entry, Span.point(str(path), number, 1)
    if not found and header is None:
        found.append(problem(1, "the log has no scenario line"))
    if found or header is None:
        raise InputError(found)
    return Log(lines, entries, header[0], header[1])


def _entry(line: str, checker: Any) -> tuple[dict[str, Any] | None, str]:
    """A line's entry, or None and why it is not one."""
    if len(line) > MAX_LOG_LINE:
        return None, f"the line is longer than {MAX_LOG_LINE // 2**20} M characters"
    if _nesting(line) > MAX_LOG_NESTING:
        return None, f"the line nests lists or objects more than {MAX_LOG_NESTING} deep"
    try:
        entry = json.loads(line)
    except (ValueError, RecursionError) as err:
        return None, f"not a JSON object ({type(err).__name__}: {str(err)[:200]})"
    errors = sorted(checker.iter_errors(entry), key=lambda e: list(map(str, e.absolute_path)))
    if errors:
        where = "/".join(map(str, errors[0].absolute_path)) or "the line"
        return None, f"{where}: {errors[0].message[:200]}"
    return entry, ""


def _nesting(line: str) -> int:
    """How deep a line's brackets nest, outside its strings (read before the line is parsed)."""
    brackets = BRACKETS.findall(STRINGS.sub("", line))
    return max(accumulate(1 if b in "[{" else -1 for b in brackets), default=0)


def assumptions_of(log: Log, rules: Ruleset) -> dict[str, Any]:
    """The header's assumptions, each known one's value checked as a `--set` value is (of its
    type: an E1005 at the header's line otherwise); an unknown one is left for the game to refuse
    (UnknownName, E1003), as a game refuses it from any caller."""
    out, found = {}, []
    for name, given in log.header.get("assumptions", {}).items():
        try:
            out[name] = typed(given, rules.assumptions[name].type, rules) if name in rules.assumptions else given
        except BadValue as bad:
            found.append(Diagnostic("E1005", bad.of(f"the log's assumption '{name}'"), log.header_at, bad.help))
    if found:
        raise InputError(found)
    return out


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
