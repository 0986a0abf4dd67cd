"""`rulecraft fmt`: lay out `.rules` files one way.

The formatter changes only the whitespace at the start and end of lines and the blank lines
between them, so the words, numbers, strings and comments of a file, and the order they come
in, stay exactly as written: what compiles before compiles the same after. A file that does
not parse is reported and left alone.

The layout:
- a block, list or call opened at the end of a line indents the lines inside it by 2 spaces;
- one opened with more on its line aligns the lines inside it just after the bracket (as a
  parameter list broken over lines is written);
- a line that continues a statement (it starts with `and`, `or`, `then`, `when`, `target`,
  `assumed` (a property's inline assumption), an operator, `else` after a `require`, or a
  header's `conflicts`, `overrides`, `group`, `optional`, `version`; or it follows a top-level
  line that ends in a comma) keeps the
  alignment it was written with, at least 2 spaces past the statement's first line;
- a comment on its own line under a comment that ends the line above stays under it;
- no trailing spaces, tabs or blank lines at the start or end; at most one blank line in a row.
"""

from __future__ import annotations

import argparse
import difflib
import json
import re
import sys
from dataclasses import dataclass
from pathlib import Path

from .compiler.diagnostics import Diagnostics, render_text
from .compiler.source import decoded

INDENT = "  "
# Strings (which never span lines), comments, and brackets: what decides the layout.
_SCAN = re.compile(r'"(?:[^"\\\n]|\\.)*"?|#.*|[{}\[\]()]')
_CONTINUES = re.compile(r"(and|or|then|else|when|target|assumed|conflicts|overrides|group|optional|version|extends)\b|"
                        r"(==|!=|<=|>=|//|[-+*/%<>.])")
OPENERS, CLOSERS = "{[(", "}])"
HEADER_CLAUSES = {"conflicts", "overrides", "group", "optional", "version", "extends"}


@dataclass
class _Open:
    """A bracket left open: the indentation of lines inside it and of its opening line, and
    whether lines inside align just after it (it had more on its line) or hang 2 spaces in."""

    inside: int
    line_indent: int
    aligned: bool


def format_text(text: str) -> str:
    """`text` laid out; format_text(format_text(x)) == format_text(x)."""
    out: list[str] = []
    open_: list[_Open] = []
    statement = (0, 0)  # where the statement being continued started: (column written, column laid out)
    blank = False
    ending_comment: tuple[int, int] | None = None  # the line above's own comment: (column written, laid out)
    for raw in text.split("\n"):
        line = raw.strip()
        if not line:
            blank, ending_comment = bool(out), None
            continue
        written_at = len(raw) - len(raw.lstrip())
        marks = [(m.group(), m.start()) for m in _SCAN.finditer(line)]
        closers = sum(c in CLOSERS for c in line[:len(line) - len(line.lstrip(CLOSERS + " "))])
        base = None
        if line.startswith("#") and ending_comment is not None and ending_comment[0] == written_at:
            indent = ending_comment[1]  # a comment carried on under the comment that ends the line above
        elif closers and open_:
            indent = open_[max(len(open_) - closers, 0)].line_indent
        elif (not open_ or not open_[-1].aligned) and _continues(line, out, top_level=not open_):
            indent = statement[1] + max(len(INDENT), written_at - statement[0])  # as written, past the statement
            base = statement[1]  # a block it opens belongs to the statement
        else:
            indent = open_[-1].inside if open_ else 0
            if open_ and open_[-1].aligned:
                base = open_[-1].line_indent  # inside brackets aligned after their opening: the statement's
            elif not line.startswith("#"):
                statement = (written_at, indent)
        if blank:
            out.append("")
        blank, ending_comment = False, None
        out.append(" " * indent + line)
        for i, (mark, column) in enumerate(marks):
            if mark in OPENERS:
                comment = next((c for m, c in marks[i + 1:] if m.startswith("#")), len(line))
                after = line[column + 1:comment]
                aligned = bool(after.strip())  # more than a comment after it: lines inside align with that
                home = indent if base is None else base
                inside = indent + column + 1 + len(after) - len(after.lstrip()) if aligned else home + len(INDENT)
                open_.append(_Open(inside, home, aligned))
            elif mark in CLOSERS:
                if open_:
                    open_.pop()
            elif mark.startswith("#") and column > 0:
                ending_comment = (written_at + column, indent + column)
    return "\n".join(out) + "\n" if out else ""


def _continues(line: str, out: list[str], top_level: bool) -> bool:
    """Whether `line` continues the statement above it rather than starting one."""
    if top_level and out and _code(out[-1]).endswith(","):
        return True  # a declaration's list of names, broken after a comma
    match = _CONTINUES.match(line)
    if not out or match is None:
        return False
    word = match.group(1)
    if word in HEADER_CLAUSES and not top_level:
        return False
    return not (word == "else" and _code(out[-1]).endswith("}"))  # `} else {` over two lines: a new branch


def _code(line: str) -> str:
    """The line without its comment, stripped."""
    comment = next((m.start() for m in _SCAN.finditer(line) if m.group().startswith("#")), len(line))
    return line[:comment].strip()


# ---- the command --------------------------------------------------------------


def add_parser(sub) -> argparse.ArgumentParser:
    p = sub.add_parser("fmt", help="lay out .rules files one way (only whitespace changes)")
    p.add_argument("paths", nargs="*", default=["."], help="files or folders (default: the current folder)")
    p.add_argument("--check", action="store_true", help="change nothing; exit 1 if a file would change")
    p.add_argument("--diff", action="store_true", help="change nothing; print what would change")
    p.add_argument("--json", action="store_true", help="print {changed, not_formatted}: the files (to be) changed, "
                   "and those left alone with their diagnostics")
    p.set_defaults(handler=cmd_fmt)
    return p


def rules_files(paths: list[str]) -> list[Path]:
    found: list[Path] = []
    for p in map(Path, paths):
        found += sorted(p.rglob("*.rules")) if p.is_dir() else [p]
    return found


def cmd_fmt(args) -> int:
    from .compiler.build import build_module

    changed: list[str] = []
    broken: list[dict] = []
    for path in rules_files(args.paths):
        diags = Diagnostics()
        try:
            text = decoded(path.read_bytes())
        except (OSError, UnicodeDecodeError) as err:
            broken.append({"file": str(path), "error": f"cannot be read: {err}", "diagnostics": []})
            continue
        if build_module(text, str(path), diags) is None:  # only a file that parses is laid out
            broken.append({"file": str(path), "error": "does not parse",
                           "diagnostics": [d.to_json() for d in diags.sorted()]})
            if not args.json:
                print(render_text(diags.sorted(), {}), file=sys.stderr)
            continue
        laid = format_text(text)
        if laid == text:
            continue
        changed.append(str(path))
        if args.diff:
            sys.stdout.writelines(difflib.unified_diff(text.splitlines(True), laid.splitlines(True), str(path),
                                                       str(path)))
        elif not args.check:
            path.write_text(laid, encoding="utf-8")
    if args.json:
        print(json.dumps({"changed": changed, "not_formatted": broken}, indent=2, ensure_ascii=False))
    else:
        for b in broken:
            if not b["diagnostics"]:
                print(f"{b['file']}: {b['error']}", file=sys.stderr)
        verb = "would change" if args.check or args.diff else "changed"
        print(f"{len(changed)} file{'s' if len(changed) != 1 else ''} {verb}" +
              (f", {len(broken)} not formatted (errors above)" if broken else ""), file=sys.stderr)
        if args.check:
            for name in changed:
                print(name)
    return 2 if broken else 1 if (args.check or args.diff) and changed else 0
