"""A fast reader for the plainest YAML: nested block mappings of names to whole numbers and
words, as a deck file is written (`format: ...`, then `main:` and `Card Name: 4` lines).

It takes a document's text; it gives the data with positions as inputs/documents.py's ruamel
reader gives them (a `dict` whose `lc` answers `line`, `col`, `key(k)` and `value(k)`, 0-based),
or None as soon as a line is anything else: a list, an anchor, an escape, a single quote, a
tab, a flow collection, a repeated key, a word YAML reads as no string (`true`, `null`, `.5`),
a number that is not plainly decimal, a character outside printable text, mappings nested more
than FAST_DEPTH deep. Then the full reader
reads it (and reports whatever is wrong, where it is): this reader never reports a problem.
tests/inputs/test_block_yaml.py checks it against ruamel on every YAML file of the project.

A newcomer may widen what it accepts only with that test showing ruamel agrees.
"""

from __future__ import annotations

import re
from typing import Any

KEY = r'(?P<key>[^\W\d][\w\-]*(?: [\w\-]+)*|"[^"\\]*")'
# A line: indentation, a key, a colon, then nothing (a mapping follows), a whole number (not 0,
# which ruamel keeps as its own ScalarInt), a word or words, or a double-quoted text without
# escapes; then an optional comment.
LINE = re.compile(KEY + r':(?: +(?P<value>[1-9]\d{0,17}|[^\W\d][\w\-/.]*(?: [\w\-/.]+)*|"[^"\\]*"))?'
                  r' *(?: #.*)?')
COMMENT = re.compile(r" *(?:#.*)?")
FAST_DEPTH = 8  # mappings nested deeper go to the full reader (which bounds the depth and says where): no limit
NOT_WORDS = frozenset({"true", "false", "null", "yes", "no", "on", "off", "y", "n"})  # read as no string somewhere


class Lines:
    """Where a mapping and its keys and values are, as ruamel keeps it (`lc`)."""

    __slots__ = ("col", "keys", "line", "values")

    def __init__(self, line: int, col: int):
        self.line, self.col = line, col
        self.keys: dict[str, tuple[int, int]] = {}
        self.values: dict[str, tuple[int, int]] = {}

    def key(self, name: str) -> tuple[int, int]:
        return self.keys[name]

    def value(self, name: str) -> tuple[int, int]:
        return self.values[name]


class Mapping(dict):
    """A mapping read by this reader: a dict, with its positions in `lc`."""

    __slots__ = ("lc",)
    lc: Lines


def read(text: str) -> Mapping | None:
    """The document, if it is a block mapping this reader reads; else None."""
    if "\t" in text or "\r" in text or not text.replace("\n", "").isprintable():
        return None  # a character YAML reads otherwise, or refuses
    lines = []
    for number, line in enumerate(text.split("\n")):
        stripped = line.lstrip(" ")
        if COMMENT.fullmatch(stripped):
            continue
        found = LINE.fullmatch(stripped)
        if found is None:
            return None
        lines.append((number, len(line) - len(stripped), found))
    if not lines or lines[0][1] != 0:
        return None
    data, rest = _mapping(lines, 0, 0, 1)
    return data if rest == len(lines) else None


def _mapping(lines: list[tuple[int, int, re.Match[str]]], start: int, indent: int, depth: int) -> tuple[Any, int]:
    """The mapping whose keys are at `indent` from line `start`, and the first line after it;
    None as the mapping if any of its lines is not one this reader reads."""
    number, _, _ = lines[start]
    out = Mapping()
    out.lc = where = Lines(number, indent)
    at = start
    while at < len(lines) and lines[at][1] == indent:
        number, _, found = lines[at]
        key, written = _text(found["key"]), found["value"]
        if key in out or (key == found["key"] and key.casefold() in NOT_WORDS):
            return None, at
        where.keys[key] = (number, indent)
        at += 1
        if written is None:  # the value is the mapping on the lines below, further in
            if at == len(lines) or lines[at][1] <= indent or depth == FAST_DEPTH:
                return None, at
            where.values[key] = (lines[at][0], lines[at][1])
            value, at = _mapping(lines, at, lines[at][1], depth + 1)
            if value is None:
                return None, at
        else:
            value = _scalar(written)
            if value is None:
                return None, at
            where.values[key] = (number, found.start("value") + indent)
        out[key] = value
    if at < len(lines) and lines[at][1] > indent:  # further in, after a line with a value
        return None, at
    return out, at


def _text(written: str) -> str:
    return written[1:-1] if written.startswith('"') else written


def _scalar(written: str) -> int | str | None:
    if written.startswith('"'):
        return written[1:-1]
    if written[0].isdigit():
        return int(written)
    return None if written.casefold() in NOT_WORDS else written
