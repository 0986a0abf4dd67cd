"""Diagnostics as data (code, message, span, labels, help) and their one renderer.

Every stage of the compiler appends Diagnostic values to a Diagnostics collector;
nothing raises on the first error, so one run reports every error of a file. The files a
user gives the command line (decks, card pools, importer mappings and inputs) and its
values report their problems as the same Diagnostic, rendered by the same functions.

Codes, by range:

    E00xx  reading a module: syntax, imports, limits
    E01xx  names: unknown, duplicate, misplaced declarations
    E02xx  types
    E03xx  declarations: headers, kinds, zones, checks, formats
    E04xx  counts, dice and tables
    E06xx  recursion and nesting
    E07xx  mods: conflicts and patches
    E08xx  deck files (rulecraft/decks/legality.py)
    E09xx  card pools and importer mappings and inputs (rulecraft/decks/pools.py, rulecraft/decks/importer.py)
    E10xx  values given on the command line (rulecraft/inputs/given.py)
    W00xx  warnings: what compiles but is never used (compiler.usage; W09xx: card pools)

COMPILER_CODES, INPUT_CODES and WARNING_CODES describe each code (SARIF output carries the description;
`rulecraft explain CODE` shows it, with examples).
A warning never stops a compile; `as_errors` turns warnings into errors (`check --warnings-as-errors`).
"""

from __future__ import annotations

import dataclasses
import difflib
import json
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field

from ..runtime.printable import printable
from .source import Source, Span


@dataclass(frozen=True, slots=True)
class Diagnostic:
    code: str
    message: str
    span: Span | None
    help: str | None = None
    labels: tuple[tuple[Span, str], ...] = ()
    severity: str = "error"

    @property
    def file(self) -> str | None:
        return self.span.file if self.span else None

    @property
    def line(self) -> int | None:
        return self.span.line if self.span else None

    @property
    def column(self) -> int | None:
        return self.span.column if self.span else None

    def to_json(self) -> dict:
        out: dict = {"code": self.code, "severity": self.severity, "message": self.message,
                     "file": self.file, "line": self.line, "column": self.column}
        if self.span:
            out["end_line"], out["end_column"] = self.span.end_line, self.span.end_column
        if self.help:
            out["help"] = self.help
        if self.labels:
            out["labels"] = [{"file": s.file, "line": s.line, "column": s.column, "message": m}
                             for s, m in self.labels]
        return out


@dataclass
class Diagnostics:
    """Collects diagnostics; keeps sources so they can be rendered with carets."""

    items: list[Diagnostic] = field(default_factory=list)
    sources: dict[str, Source] = field(default_factory=dict)
    reported: set[tuple[str, Span]] = field(default_factory=set, repr=False)

    def add(self, code: str, message: str, span: Span | None, help: str | None = None,
            labels: Iterable[tuple[Span, str]] = (), severity: str = "error") -> None:
        if span is not None:
            if (code, span) in self.reported:
                return  # one problem, one report: two stages may meet the same one at the same place
            self.reported.add((code, span))
        self.items.append(Diagnostic(code, message, span, help, tuple(labels), severity))

    @property
    def errors(self) -> list[Diagnostic]:
        return [d for d in self.items if d.severity == "error"]

    @property
    def warnings(self) -> list[Diagnostic]:
        return [d for d in self.items if d.severity == "warning"]

    def sorted(self) -> list[Diagnostic]:
        return sorted(self.items, key=lambda d: (d.file or "", d.line or 0, d.column or 0, d.code))


SUGGEST_WORK = 100_000  # names compared in "did you mean" searches per compile or per input file
_suggest_room: ContextVar[list[int] | None] = ContextVar("suggest_room", default=None)


@contextmanager
def bounded_suggestions() -> Iterator[None]:
    """Within this block, `suggest` compares at most SUGGEST_WORK names in all; past that it
    suggests nothing, so an input with thousands of unknown names costs linear time, not quadratic."""
    token = _suggest_room.set([SUGGEST_WORK])
    try:
        yield
    finally:
        _suggest_room.reset(token)


def suggest(name: str, *candidates: Iterable[str]) -> str | None:
    """A "did you mean" help line for a misspelt name, if a close candidate exists among the
    names of `candidates` (one or more groups; a name read from a YAML file may be a number or
    none: it has no near miss). Within `bounded_suggestions`, only while its work lasts."""
    room = _suggest_room.get()
    if not isinstance(name, str) or (room is not None and room[0] <= 0):
        return None
    pool = sorted({c for group in candidates for c in group} - {name})
    if room is not None:
        room[0] -= len(pool)
    match = difflib.get_close_matches(name, pool, n=1, cutoff=0.6)
    if not match:  # short names: one letter changed, added, dropped or swapped, or another case
        match = [c for c in pool if c.lower() == name.lower() or _one_edit(name, c)][:1]
    return f"did you mean `{match[0]}`?" if match else None


def _one_edit(a: str, b: str) -> bool:
    """Whether `a` becomes `b` by one substitution, insertion, deletion or swap of neighbours."""
    if abs(len(a) - len(b)) > 1 or min(len(a), len(b)) < 2:
        return False
    if len(a) == len(b):
        diff = [i for i in range(len(a)) if a[i] != b[i]]
        return len(diff) == 1 or (len(diff) == 2 and diff[1] == diff[0] + 1
                                  and a[diff[0]] == b[diff[1]] and a[diff[1]] == b[diff[0]])
    short, long_ = (a, b) if len(a) < len(b) else (b, a)
    return any(long_[:i] + long_[i + 1:] == short for i in range(len(long_)))


COMPILER_CODES = {
    "E0001": "unexpected text: the parser expected something else here (often a `}` is missing)",
    "E0002": "a character the language does not use",
    "E0003": "a string is not closed before the end of its line",
    "E0004": "the file ends in the middle of a declaration, or before a `}` closes a `{`",
    "E0005": "an assignment, `modify` or named fields where they do not fit",
    "E0006": "a text's placeholder `{...}` does not hold an expression",
    "E0007": "a number has too many digits",
    "E0008": "a ruleset is too large: a file, its files together, their words or their modules",
    "E0009": "too many syntax errors: the parser stopped",
    "E0010": "a file is not UTF-8 text",
    "E0101": "an unknown name",
    "E0102": "an unknown kind or type",
    "E0103": "an unknown property or field",
    "E0104": "an unknown event",
    "E0105": "an unknown function, or a call of something that is not a named function",
    "E0106": "`this` outside a definition",
    "E0107": "an unknown die, pool or zone",
    "E0108": "an unknown definition, constant, scenario or test: created, patched, replaced or removed",
    "E0109": "an imported module cannot be read",
    "E0110": "a test names an unknown scenario",
    "E0111": "a mod's replacement names an unknown option",
    "E0112": "`in_phase` names a phase no `phase` block ever enters",
    "E0120": "an unknown ability",
    "E0122": "`does` names an unknown definition, or one that shares another's effects itself",
    "E0123": "a definition's effect is played in a window of another kind",
    "E0124": "an ability's arguments given where they cannot be: only a definition's list of abilities gives them",
    "E0125": "an ability has no such parameter",
    "E0126": "a legend names an unknown terrain, or extends an unknown legend",
    "E0130": "a trigger located by place (`on EVENT at PLACE`) whose event names no place, or a place that is no parameter",
    "E0201": "a value of the wrong type",
    "E0202": "a call with the wrong number of arguments",
    "E0203": "a type with the wrong type arguments",
    "E0204": "a value that must be known when compiling is not a constant",
    "E0205": "something that cannot be set or modified: not a variable, or a property the game keeps",
    "E0206": "`return` with a value outside a `fn`, `action` or `query`",
    "E0207": "`expect` outside a `test`",
    "E0208": "`violation` outside a format's `check`",
    "E0209": "`break` or `continue` outside a loop",
    "E0210": "a record has no such field",
    "E0211": "a record is built without a field it needs",
    "E0212": "a record's field is given twice",
    "E0213": "an item set in something that holds no items of its own (only a variable's or a property's)",
    "E0214": "a record's field is set: records are values",
    "E0301": "a name, property, parameter, test title or effect is declared twice",
    "E0302": "a second `game`, `mod` or `format` header, or a mod in two groups",
    "E0303": "a built-in name, type or property is redefined",
    "E0304": "the ruleset has no `game`, `mod` or `format` header",
    "E0305": "a kind is its own ancestor",
    "E0306": "an assumption without a note saying why it is assumed",
    "E0307": "a mod or format extends a ruleset that is not loaded before it",
    "E0308": "an inline assumption (`assumed`) on a property that is not a definition's own",
    "E0309": "a `defaults` property that no definition after it takes",
    "E0401": "a count below x1",
    "E0402": "a die without faces, with too many, or numbered backwards; or a table's rows overlap",
    "E0403": "a die's faces of different shapes, or a table that does not fit its die",
    "E0404": "a terrain or a legend entry that does not hold: no symbol or a symbol twice, a character twice, "
             "an unknown option or an option's value of the wrong kind",
    "E0405": "a dice table rolled on again while its own row runs, directly or through other tables and fns",
    "E0601": "a function calls itself (recursion is not allowed)",
    "E0602": "blocks or expressions nest too deep",
    "E0603": "constant values hold too many items (a list held twice counts twice)",
    "E0604": "a constant is made of itself",
    "E0701": "two mods change the same thing",
    "E0702": "a list patched with something that is not a list, or without the item to remove",
    "E0703": "mods that cannot be combined: declared conflicts, or two of one group",
    "E0704": "a change of what other rulesets define outside a `mod`",
    "E0705": "a step patch names a step the procedure does not have",
}


INPUT_CODES = {
    "E0801": "a deck file cannot be read",
    "E0802": "a deck file is not valid YAML",
    "E0803": "a deck file does not follow its schema (`rulecraft schema deck`)",
    "E0804": "a number of copies is not a whole number of at least 1",
    "E0805": "a line of a pasted deck list cannot be read",
    "E0806": "the deck names no format, or an unknown one",
    "E0807": "the format has no such parameter",
    "E0808": "a format parameter's value is not of its type",
    "E0809": "a parameter the format needs is missing",
    "E0810": "the format has no such deck section",
    "E0811": "an unknown card",
    "E0901": "a card pool, importer mapping or input file cannot be read",
    "E0902": "a card pool, importer mapping or input file is not valid YAML or JSON",
    "E0903": "a card pool does not follow its schema (`rulecraft schema pool`)",
    "E0904": "an importer mapping does not follow its schema (`rulecraft schema importer`)",
    "E0905": "a card pool is for another game",
    "E0906": "a card id that is not usable or is taken",
    "E0907": "a card of an unknown kind",
    "E0908": "a property the card's kind does not have",
    "E0909": "a value that is not of its declared type",
    "E0910": "the format has no such assumption",
    "E0911": "no importer for the source, or several",
    "E0912": "an input file that is not a list of records",
    "E0913": "a record that cannot be converted (it is skipped)",
    "E0914": "too many cards or records",
    "E1001": "a command-line value is not NAME=VALUE (or PROP=STYLE)",
    "E1002": "a command-line value is not of its declared type",
    "E1003": "an unknown name: ruleset, scenario, query, parameter, assumption, option, definition",
    "E1004": "a value the command needs is missing, two exclude each other, or the scenario leaves nothing to draw",
    "E1005": "a file named on the command line cannot be read, understood or written (a log, a picture, an output)",
    "E1010": "an output file is there already: a command replaces it only with --force",
    "E1011": "an output names a symbolic link, a block device, a socket or one of the command's own input files",
    "E1020": "a Dask cluster not trusted (a scheduler not on this machine without --trust-cluster), or one that "
             "sent back what is not a game's result",
}


WARNING_CODES = {  # what compiles, or is read, but is likely a mistake
    "W0001": "an action no turn offers: no scenario, trigger, card effect or table row reaches it",
    "W0002": "a fn never called, a const never read, or an event never emitted nor listened to",
    "W0003": "an assumption never read: setting it changes nothing",
    "W0915": "a card of a pool is one of the game's cards, but disagrees with it",
}


def as_errors(diags: list[Diagnostic]) -> list[Diagnostic]:
    """The diagnostics with every warning made an error (its code kept)."""
    return [dataclasses.replace(d, severity="error") if d.severity == "warning" else d for d in diags]


def counted(diags: list[Diagnostic]) -> str:
    """`2 errors, 1 warning`: what the diagnostics hold ("" if nothing)."""
    errors, warnings = (sum(d.severity == s for d in diags) for s in ("error", "warning"))
    return ", ".join(f"{n} {word}{'s' if n != 1 else ''}" for n, word in ((errors, "error"), (warnings, "warning")) if n)


class DiagnosticError(Exception):
    """Errors found in an input; carries every one (and the sources, to render them with carets)."""

    def __init__(self, diagnostics: list[Diagnostic], sources: dict[str, Source] | None = None):
        self.diagnostics = diagnostics
        self.sources = sources or {}
        super().__init__(self.summary())

    fallback = "failed"

    def summary(self) -> str:
        """The first error (a warning only if there is none), else the fallback."""
        ordered = [d for d in self.diagnostics if d.severity == "error"] or self.diagnostics
        if not ordered or not ordered[0].span:
            return self.fallback
        first = ordered[0]
        return f"{first.span}: {first.code}: {first.message}"


class CompileError(DiagnosticError):
    """Raised by the API when compilation produced errors; carries them all."""

    fallback = "compilation failed"


class InputError(DiagnosticError):
    """A user's input (a deck, a card pool, an importer mapping or input file, a command-line
    value) cannot be used: exit code 2. Carries every problem found, not only the first."""

    def __str__(self) -> str:
        return render_text(self.diagnostics, {})


SHOWN_WIDTH, SHOWN_BEFORE = 160, 60  # the characters of a source line shown, and how many before the place


def render_text(diags: list[Diagnostic], sources: dict[str, Source]) -> str:
    """rustc-like text: `file:line:col: error[CODE]: message`, the line, a caret, help."""
    out = []
    for d in diags:
        where = f"{d.span}: " if d.span else ""
        out.append(printable(f"{where}{d.severity}[{d.code}]: {d.message}"))
        if d.span and d.span.file in sources:
            text = sources[d.span.file].line(d.span.line)
            width = (d.span.end_column - d.span.column) if d.span.end_line == d.span.line else 1
            start = max(0, d.span.column - 1 - SHOWN_BEFORE)  # a long line is shown around the place only
            before, marked = text[start:d.span.column - 1], text[d.span.column - 1:d.span.column - 1 + max(1, width)]
            shown = ("…" if start else "") + text[start:start + SHOWN_WIDTH] + ("…" if len(text) > start + SHOWN_WIDTH else "")
            out.append(f"  {d.span.line:>4} | {printable(shown)}")
            caret = min(max(1, len(printable(marked))), SHOWN_WIDTH)
            out.append("       | " + " " * (len(printable(before)) + (1 if start else 0)) + "^" * caret)
        for span, message in d.labels:
            out.append(printable(f"  note: {span}: {message}"))
        if d.help:
            out.append(printable(f"  help: {d.help}"))
    if counted(diags):
        out.append(counted(diags))
    return "\n".join(out)


def render_json(diags: list[Diagnostic]) -> str:
    return json.dumps({"diagnostics": [d.to_json() for d in diags],
                       "errors": sum(d.severity == "error" for d in diags),
                       "warnings": sum(d.severity == "warning" for d in diags)}, indent=2)


def render_sarif(diags: list[Diagnostic], tool_version: str) -> str:
    """SARIF 2.1.0, the format code-scanning tools read."""
    results = []
    for d in diags:
        result: dict = {"ruleId": d.code, "level": d.severity,
                        "message": {"text": d.message + (f" ({d.help})" if d.help else "")}}
        if d.span:
            result["locations"] = [{"physicalLocation": {
                "artifactLocation": {"uri": d.span.file},
                "region": {"startLine": d.span.line, "startColumn": d.span.column,
                           "endLine": d.span.end_line, "endColumn": d.span.end_column}}}]
        results.append(result)
    described = COMPILER_CODES | INPUT_CODES | WARNING_CODES
    rules = [{"id": code, **({"shortDescription": {"text": described[code]}} if code in described else {})}
             for code in sorted({d.code for d in diags})]
    return json.dumps({
        "$schema": "https://json.schemastore.org/sarif-2.1.0.json", "version": "2.1.0",
        "runs": [{"tool": {"driver": {"name": "rulecraft", "version": tool_version, "rules": rules}},
                  "results": results}]}, indent=2)
