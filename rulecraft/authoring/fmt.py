"""`rulecraft fmt`: lay out `.rules` files one way.

The formatter changes only the whitespace at the start and end of lines and the blank lines
between them, so the words, numbers, strings and comments of a file, and the order they come
in, stay exactly as written: what compiles before compiles the same after. A file that does
not parse is reported and left alone.

The layout:
- a block, list or call opened at the end of a line indents the lines inside it by 2 spaces;
- one opened with more on its line aligns the lines inside it just after the bracket (as a
  parameter list broken over lines is written);
- a line that continues a statement (it starts with `and`, `or`, `then`, `when`, `at`, `target`,
  `assumed` (a property's inline assumption), an operator, `else` after a `require`, or a
  header's `conflicts`, `overrides`, `group`, `optional`, `version`; or it follows a top-level
  line that ends in a comma) keeps the
  alignment it was written with, at least 2 spaces past the statement's first line;
- a comment on its own line under a comment that ends the line above stays under it;
- no trailing spaces, tabs or blank lines at the start or end; at most one blank line in a row.

It takes a text (`format_text`) and the paths `fmt` is given (`rules_files`: which files it may
rewrite in place, and which it leaves alone and why). A newcomer changes the layout here; the
rewriting itself is rulecraft/files.py (`replace`).
"""

from __future__ import annotations

import os
import re
import stat
from dataclasses import dataclass
from pathlib import Path

from .. import files

INDENT = "  "
# Strings (which never span lines), comments, and brackets: what decides the layout.
_SCAN = re.compile(r'"(?:[^"\\\n]|\\.)*"?|#.*|[{}\[\]()]')
_CONTINUES = re.compile(r"(and|or|then|else|when|at|target|assumed|conflicts|overrides|group|optional|version|extends)\b|"
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


@dataclass(frozen=True)
class Found:
    """A .rules file `fmt` was pointed at: the name shown, the regular file that is rewritten in
    its place (`real`), or why it is left alone (`skipped`)."""

    path: Path
    real: Path
    skipped: str = ""


def rules_files(paths: list[str]) -> list[Found]:
    """The .rules files `paths` name: files as given, folders searched (sorted; a link to a folder
    is not entered). The rule for rewriting in place: only a regular file whose real path is
    inside the folder (or is the file) given; a link that leads out, a hard-linked file, a FIFO,
    a device or a socket is skipped, with the reason."""
    found: list[Found] = []
    seen: set[Path] = set()
    for given in map(Path, paths):
        named = [given]
        if given.is_dir():
            named = sorted(Path(top, name) for top, _, names in os.walk(given) for name in names if name.endswith(".rules"))
        root = given.resolve()
        for path in named:
            one = _found(path, root)
            if one.real not in seen or one.skipped:
                seen.add(one.real)
                found.append(one)
    return found


def _found(path: Path, root: Path) -> Found:
    """Where `path` is rewritten, or why it is not (a file that cannot be looked at is left to
    the reading, which says why)."""
    try:
        real = path.resolve()
        info = os.stat(real)
    except (OSError, RuntimeError):  # a loop of links: RuntimeError
        return Found(path, path)
    if real != root and not real.is_relative_to(root):
        return Found(path, real, f"a link that leads out of {root}")
    if not stat.S_ISREG(info.st_mode):
        return Found(path, real, f"{files.kind(info.st_mode)}, not a regular file")
    if info.st_nlink > 1:
        return Found(path, real, "a file with another name (a hard link): rewriting it would part the two")
    return Found(path, real)
