"""Source text -> Lark parse tree, with syntax errors in the language's own words.

The LALR parser is built once per process and cached on disk by Lark, so a warm
start does not rebuild the tables. After a syntax error the failing top-level item
is blanked out (keeping every position) and parsing resumes, so one run reports the
syntax errors of every item in the file.
"""

from __future__ import annotations

import re
from functools import lru_cache
from importlib import resources

from lark import Lark, Tree, UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken

from .diagnostics import Diagnostics
from .source import Span

MAX_SOURCE_BYTES = 1_000_000
MAX_SYNTAX_ERRORS = 50
TOP_LEVEL = re.compile(r"^[A-Za-z_]", re.M)

# What each named terminal is called in an error message.
TERMINAL_WORDS = {
    "NAME": "a name", "INT": "a number", "STRING": "a quoted string", "RULE_ID": "a rule id such as TI-012",
    "COUNT": "a count such as x4", "ONCE": "`once`", "$END": "the end of the file",
}


@lru_cache(maxsize=1)
def _lark() -> Lark:
    grammar = resources.files("rulecraft.grammar").joinpath("rulecraft.lark").read_text(encoding="utf-8")
    return Lark(grammar, parser="lalr", propagate_positions=True, maybe_placeholders=True, cache=True,
                start=["start", "expr"])


def _describe(terminal: str) -> str:
    if terminal in TERMINAL_WORDS:
        return TERMINAL_WORDS[terminal]
    for t in _lark().terminals:
        if t.name == terminal:
            pattern = t.pattern
            if pattern.type == "str":
                return f"`{pattern.value}`"
            break
    return terminal.lower()


def _expected(names: set[str]) -> str:
    words = sorted({_describe(n) for n in names})
    if len(words) > 8:
        words = words[:8] + ["…"]
    return ", ".join(words)


def _found(token) -> str:
    if token.type == "$END":
        return "the end of the file"
    return f"`{token.value}`" if token.type not in ("STRING",) else "a string"


def parse(text: str, file: str, diags: Diagnostics) -> Tree | None:
    """Parse `text`; report every syntax error to `diags`. Returns None if any was found."""
    if len(text.encode("utf-8")) > MAX_SOURCE_BYTES:
        diags.add("E0008", f"the file is larger than {MAX_SOURCE_BYTES} bytes", Span(file, 1, 1, 1, 2),
                  "split it into modules and `import` them")
        return None
    failed = False
    for _ in range(MAX_SYNTAX_ERRORS):
        try:
            tree = _lark().parse(text, start="start")
            return None if failed else tree
        except UnexpectedInput as err:
            failed = True
            line, column = err.line if err.line > 0 else 1, err.column if err.column > 0 else 1
            _report(err, file, line, column, diags)
            text = _blank_item(text, line)
            if text is None:
                return None
    return None


def parse_expression(text: str, span: Span, diags: Diagnostics):
    """Parse one expression (a `{...}` placeholder in a log string) at `span`."""
    from .build import Builder

    try:
        tree = _lark().parse(text, start="expr")
    except UnexpectedInput:
        diags.add("E0006", f"`{{{text}}}` is not an expression", span, "placeholders hold an expression, e.g. `{player}`")
        from .nodes import Literal
        return Literal(span, "")
    return _relocate(Builder(span.file, diags).transform(tree), span)


def _relocate(node, span: Span):
    """Give every node of a placeholder expression the placeholder's span."""
    import dataclasses

    from .nodes import Node

    changes = {}
    for f in dataclasses.fields(node):
        value = getattr(node, f.name)
        if isinstance(value, Span):
            changes[f.name] = span
        elif isinstance(value, Node):
            changes[f.name] = _relocate(value, span)
        elif isinstance(value, tuple):
            changes[f.name] = tuple(_relocate(v, span) if isinstance(v, Node) else v for v in value)
    return dataclasses.replace(node, **changes)


def _report(err: UnexpectedInput, file: str, line: int, column: int, diags: Diagnostics) -> None:
    if isinstance(err, UnexpectedCharacters):
        char = err.char
        span = Span(file, line, column, line, column + 1)
        if char == '"':
            diags.add("E0003", "this string is not closed before the end of the line", span,
                      "close it with `\"`")
        else:
            diags.add("E0002", f"unexpected character `{char}`", span,
                      "names use letters, digits and `_`; comments start with `#`")
        return
    if isinstance(err, UnexpectedEOF):
        diags.add("E0004", "the file ends in the middle of a declaration", Span(file, line, column, line, column + 1),
                  f"expected {_expected(set(err.expected))}")
        return
    assert isinstance(err, UnexpectedToken)
    token = err.token
    end = token.end_column if token.end_column and token.end_line == line else column + 1
    span = Span(file, line, column, line, end)
    if token.type == "$END":
        diags.add("E0004", "the file ends in the middle of a declaration", span,
                  f"expected {_expected(err.expected)}; is a `}}` missing?")
        return
    diags.add("E0001", f"unexpected {_found(token)}", span, f"expected {_expected(err.expected)}")


def _blank_item(text: str, error_line: int) -> str | None:
    """Blank out the top-level item around `error_line`, keeping line and column numbers."""
    lines = text.split("\n")
    starts = [i for i, l in enumerate(lines) if TOP_LEVEL.match(l)]
    before = [i for i in starts if i <= error_line - 1]
    after = [i for i in starts if i > error_line - 1]
    first = before[-1] if before else 0
    last = after[0] if after else len(lines)
    if first >= last:
        return None
    for i in range(first, last):
        lines[i] = " " * len(lines[i])
    blanked = "\n".join(lines)
    return blanked if blanked != text else None
