"""Source text -> Lark parse tree, with syntax errors in the language's own words.

The LALR parser is built once per process and kept in the user's cache (compiler/cache.py:
signed, in a private folder; not Lark's own cache, a file in the shared temporary folder that
anyone could have written), so a warm start does not rebuild the tables. A text is parsed by
compiler/lalr.py's loop over those tables (the same tokens and reductions, at a fraction of
Lark's cost); where the loop meets a syntax error, Lark parses the text again and raises the
error the messages below are made from. After a syntax error
the failing top-level item is blanked out (keeping every position) and parsing resumes, so
one run reports the syntax errors of every item in the file.

It takes a file's text and gives the parse tree, or every syntax error of the file. A newcomer may
change the wording of syntax errors here (`expected` tokens in the language's own words).
"""

from __future__ import annotations

import marshal
import re
from collections.abc import Callable
from functools import lru_cache
from typing import Any

import lark
from lark import Lark, UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken
from lark.grammar import Rule
from lark.lexer import TerminalDef

from . import cache, lalr, package, reductions
from .diagnostics import Diagnostics
from .source import MAX_SOURCE_BYTES, Span

MAX_SYNTAX_ERRORS = 50
MAX_TREE_DEPTH = 150  # deeper trees would exhaust Python's stack in the later stages
TOP_LEVEL = re.compile(r"^[A-Za-z_]", re.M)
TOP_WORD = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")

# What each named terminal is called in an error message.
TERMINAL_WORDS = {
    "NAME": "a name", "INT": "a number", "STRING": "a quoted string", "RULE_ID": "a rule id such as TI-012",
    "COUNT": "a count such as x4", "ONCE": "`once`", "$END": "the end of the file",
}


LARK_OPTIONS = {"parser": "lalr", "propagate_positions": True, "maybe_placeholders": True, "start": ["start", "expr"]}
PARSER_ENTRY = ("parsers", "lark")  # one entry, replaced when the grammar, Lark or Python changes
# The tables built from the grammar, shipped beside it (as a parser generator's output is): a
# first run does not spend a third of a second building them. Written by `python -m
# rulecraft.compiler.parser`; a test checks they are the grammar's. Tables made by another Lark
# than the one installed are not used: they are built once and kept in the user's cache instead.
SHIPPED_TABLES = "rulecraft.tables"


def _key(grammar: str) -> str:
    return cache.digest(grammar, repr(sorted(LARK_OPTIONS.items())), lark.__version__, str(marshal.version))


def _grammar() -> str:
    return (package.folder("rulecraft.grammar") / "rulecraft.lark").read_text(encoding="utf-8")


def tables(grammar: str) -> tuple[str, dict, dict]:
    """The grammar's parser tables, built: (key, data, memo), all marshal data."""
    data, memo = Lark(grammar, **LARK_OPTIONS).memo_serialize([TerminalDef, Rule])
    return _key(grammar), data, memo


def _saved(saved: object, key: str) -> Lark | None:
    """A parser from saved tables, if they are tables of this grammar and this Lark can read them."""
    if not (isinstance(saved, tuple) and len(saved) == 3 and saved[0] == key):
        return None
    try:
        return Lark._load_from_dict(saved[1], saved[2])
    except Exception:  # unreadable by this Lark after all: built again
        return None


def _shipped(key: str) -> Lark | None:
    try:
        raw = (package.folder("rulecraft.grammar") / SHIPPED_TABLES).read_bytes()
        return _saved(marshal.loads(raw), key)  # the package's own file, as trusted as its code
    except (OSError, EOFError, ValueError, TypeError):
        return None


@lru_cache(maxsize=1)
def _lark() -> Lark:
    grammar = _grammar()
    key = _key(grammar)
    parser = _shipped(key) or _saved(cache.read(*PARSER_ENTRY), key)
    if parser is None:
        built = tables(grammar)
        cache.write(*PARSER_ENTRY, built)
        # Read back from its tables, as a later process gets it: its rules name their symbols
        # with plain strings where the one just built has Lark's tokens, each compared in
        # Python at every reduction (parsing reads about a tenth faster).
        parser = Lark._load_from_dict(built[1], built[2])
    if not reductions.install(parser):
        raise RuntimeError(f"rulecraft cannot build with Lark {lark.__version__}: its parser is not laid out as expected")
    return parser


_drivers: dict[int, tuple[Lark, lalr.Driver | None]] = {}  # id of the parser -> it and its driver (one)


def _driver() -> lalr.Driver | None:
    """Lark's tables of the current parser (`_lark`) driven by compiler/lalr.py's loop; None if
    this Lark's parser has callbacks the loop leaves to Lark (then Lark parses every text)."""
    parser = _lark()
    made = _drivers.get(id(parser))
    if made is None or made[0] is not parser:
        try:
            driver: lalr.Driver | None = lalr.Driver(parser)
        except lalr.Slow:
            driver = None
        _drivers.clear()
        made = _drivers[id(parser)] = (parser, driver)
    return made[1]


def _run(text: str, start: str, state_of: Callable[[], reductions.Parse]) -> tuple[reductions.Parse, Any]:
    """What a fresh `state_of()` builds of `text`, and that state: by compiler/lalr.py's loop, or
    again from the start by Lark itself where the loop leaves the text to it (Lark then raises its
    own UnexpectedInput for a syntax error)."""
    driver = _driver()
    if driver is not None:
        state = state_of()
        try:
            return state, reductions.run(driver, text, start, state)  # type: ignore[arg-type]  # parses as Lark's does
        except lalr.Slow:
            pass
    state = state_of()
    return state, reductions.run(_lark(), text, start, state)


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


# Terminals that can start an expression, and keywords that start a statement: long
# lists of them are summarised as "an expression" / "a statement".
EXPRESSION_START = {"NAME", "INT", "STRING", "LPAR", "LSQB", "MINUS", "ALL", "CHOOSE", "CREATE", "DRAW", "FALSE",
                    "TRUE", "NONE", "NOT", "ROLL", "THIS", "IF", "LBRACE"}
STATEMENT_START = {"LET", "IF", "FOR", "WHILE", "EMIT", "DESTROY", "REMOVE", "MOVE", "REVEAL", "HIDE", "MODIFY",
                   "REQUIRE", "LOG", "RETURN", "SHUFFLE", "FILL", "PHASE", "TURN", "STEP", "END", "RULE"}

DECLARATION_START = {"GAME", "MOD", "IMPORT", "KIND", "ENUM", "CONST", "ASSUME", "EVENT", "FN", "ACTION", "QUERY", "EXPORT",
                     "DIE", "TABLE", "POOL", "ZONE", "ON", "ONCE", "SCENARIO", "RECORD"}


def _expected(names) -> str:
    names = set(names)
    groups = []
    if len(names & DECLARATION_START) >= 3:
        names -= DECLARATION_START | {"NAME"}
        groups.append("a declaration (`kind`, `fn`, `on`, …)")
    if len(names & STATEMENT_START) >= 3 and {"NAME", "INT", "STRING"} <= names:
        names -= STATEMENT_START | EXPRESSION_START
        groups.append("a statement")
    elif {"NAME", "INT", "STRING", "LPAR"} <= names:
        names -= EXPRESSION_START
        groups.append("an expression")
    words = groups + sorted({_describe(n) for n in names})
    if len(words) > 8:
        return ", ".join(words[:8]) + ", …"
    if len(words) > 1:
        return ", ".join(words[:-1]) + " or " + words[-1]
    return words[0] if words else "something else"


def _found(token) -> str:
    if token.type == "$END":
        return "the end of the file"
    return f"`{token.value}`" if token.type not in ("STRING",) else "a string"


def parse(text: str, file: str, diags: Diagnostics, builder: Callable[[str, Diagnostics], reductions.Builder]) -> Any:
    """What `builder(file, ...)` builds of `text` as it is parsed; reports every syntax error to
    `diags`, and returns None if any was found (then nothing the builder reported is kept)."""
    if len(text.encode("utf-8")) > MAX_SOURCE_BYTES:
        diags.add("E0008", f"the file is larger than {MAX_SOURCE_BYTES} bytes", Span(file, 1, 1, 1, 2),
                  "split it into modules and `import` them")
        return None
    failed = False
    for _ in range(MAX_SYNTAX_ERRORS):
        try:
            found, state, built = _file_run(text, file, builder)
        except UnexpectedInput as err:
            failed = True
            line, column = err.line if err.line > 0 else 1, err.column if err.column > 0 else 1
            blanked = _blank_item(text, _report(err, text, file, line, column, diags))
            if blanked is None:
                return None
            text = blanked
            continue
        if failed:
            return None
        if state.too_deep is not None:
            _too_deep(Span(file, state.too_deep.line, state.too_deep.column, state.too_deep.line,
                           state.too_deep.column + 1), diags)
            return None
        for d in found.items:
            diags.add(d.code, d.message, d.span, d.help, d.labels, d.severity)
        return built
    diags.add("E0009", f"stopped after {MAX_SYNTAX_ERRORS} syntax errors", Span(file, line, column, line, column + 1),
              "fix these first: more may follow")
    return None


def _file_run(text: str, file: str, builder: Callable[[str, Diagnostics], reductions.Builder]) \
        -> tuple[Diagnostics, reductions.Parse, Any]:
    """`_run` of a file: what its builder reported (of the attempt that built it), its state, what it built."""
    found: list[Diagnostics] = []

    def fresh() -> reductions.Parse:
        found.append(Diagnostics())  # an attempt left to Lark keeps nothing it had reported
        return reductions.Parse(builder(file, found[-1]), MAX_TREE_DEPTH)
    state, built = _run(text, "start", fresh)
    return found[-1], state, built


def _too_deep(span: Span, diags: Diagnostics) -> None:
    """A parse whose tree nests deeper than MAX_TREE_DEPTH (the later stages recurse)."""
    diags.add("E0602", f"this nests deeper than {MAX_TREE_DEPTH} levels", span, "split it into smaller functions or use `let`")


def parse_placeholder(text: str, span: Span, diags: Diagnostics, builder: reductions.Builder) -> Any:
    """What `builder` builds of one expression (a `{...}` placeholder in a log string) at `span`;
    None if it is not one."""
    try:
        state, built = _run(text, "expr", lambda: reductions.Parse(builder, MAX_TREE_DEPTH))
    except UnexpectedInput:
        diags.add("E0006", f"`{{{text}}}` is not an expression", span, "placeholders hold an expression, e.g. `{player}`")
        return None
    if state.too_deep is not None:
        _too_deep(span, diags)
        return None
    return built


def _end_of(text: str, file: str) -> Span:
    """Just after the last character that is neither blank nor in a comment."""
    code = re.sub(r"#[^\n]*", lambda m: " " * len(m.group()), text).rstrip()
    line = code.count("\n") + 1
    column = len(code) - (code.rfind("\n") + 1) + 1
    return Span(file, line, column, line, column + 1)


def _unclosed_brace(text: str, file: str) -> Span | None:
    """The innermost `{` that is never closed (strings and comments skipped), if any."""
    opened: list[Span] = []
    for number, line in enumerate(text.split("\n"), 1):
        for m in re.finditer(r'"([^"\\\n]|\\.)*"?|#.*|[{}]', line):
            if m.group() == "{":
                opened.append(Span(file, number, m.start() + 1, number, m.start() + 2))
            elif m.group() == "}" and opened:
                opened.pop()
    return opened[-1] if opened else None


def _ends_early(text: str, file: str, expected, diags: Diagnostics) -> None:
    span = _end_of(text, file)
    brace = _unclosed_brace(text, file)
    if brace is not None:
        diags.add("E0004", "the file ends before a `}` closes this `{`", span, "add the missing `}`",
                  [(brace, "this `{` is never closed")])
    else:
        diags.add("E0004", "the file ends in the middle of a declaration", span, f"expected {_expected(expected)}")


def _report(err: UnexpectedInput, text: str, file: str, line: int, column: int, diags: Diagnostics) -> int:
    """Report one syntax error; returns the line whose top-level item is to be blanked."""
    if isinstance(err, UnexpectedCharacters):
        char = err.char
        span = Span(file, line, column, line, column + 1)
        if char == '"':
            diags.add("E0003", "this string is not closed before the end of the line", span,
                      "close it with `\"`")
        else:
            diags.add("E0002", f"unexpected character `{char}`", span,
                      "names use letters, digits and `_`; comments start with `#`")
        return line
    if isinstance(err, UnexpectedEOF):
        _ends_early(text, file, err.expected, diags)
        return line
    assert isinstance(err, UnexpectedToken)
    token = err.token
    end = token.end_column if token.end_column and token.end_line == line else column + 1
    span = Span(file, line, column, line, end)
    if token.type == "$END":
        _ends_early(text, file, err.expected, diags)
        return line
    lines = text.split("\n")
    if TOP_LEVEL.match(lines[line - 1]):
        # An error on a line that starts a new top-level item, inside an open `{`: the
        # previous item lacks its `}`. Report that once and skip the unclosed item.
        brace = _unclosed_brace("\n".join(lines[:line - 1]), file)
        if brace is not None:
            word = TOP_WORD.match(lines[line - 1])
            end = word.end() + 1 if word is not None else 2
            diags.add("E0001", "a `}` is missing before this line", Span(file, line, 1, line, end),
                      "close the `{` of the declaration above", [(brace, "this `{` is never closed")])
            return brace.line
    diags.add("E0001", f"unexpected {_found(token)}", span, f"expected {_expected(_accepted(err))}")
    return line


def _accepted(err: UnexpectedToken) -> set[str]:
    """What the parser would have accepted here (more precise than `err.expected`)."""
    try:
        return set(err.interactive_parser.accepts()) or set(err.expected)
    except Exception:  # the interactive parser is a refinement only
        return set(err.expected)


def _blank_item(text: str, error_line: int) -> str | None:
    """Blank out the top-level item around `error_line` and everything before it (it parsed, and
    after an error no tree is kept: the next parse only looks for more errors, from there on),
    keeping line and column numbers. Each error thus costs a parse of the rest, not of the file."""
    lines = text.split("\n")
    after = [i for i in range(error_line, len(lines)) if TOP_LEVEL.match(lines[i])]
    last = after[0] if after else len(lines)
    if not any(line.strip() for line in lines[:last]):
        return None
    for i in range(last):
        lines[i] = " " * len(lines[i])
    blanked = "\n".join(lines)
    return blanked if blanked != text else None


if __name__ == "__main__":  # writes the shipped tables: run after changing the grammar
    (package.folder("rulecraft.grammar") / SHIPPED_TABLES).write_bytes(marshal.dumps(tables(_grammar())))
