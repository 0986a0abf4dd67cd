"""The diagnostic codes: what each means (the tables of compiler.diagnostics), which part of
rulecraft reports it (the ranges its docstring lists) and, for most, an input that gets it and the
same input fixed (`code_examples.yaml`, beside this module).

An example is the text of one `main.rules`, or a set of files (path -> text) and either the
folders `rulecraft check` is given (`check: [game, --mod, mod]`, default the folder itself) or a
command (`command: deck check ./deck.yaml`: any command, run in the example's folder; `./PATH`
names a file of it). A text may write `«TEXT×N»` for TEXT written N times (the examples of size
limits); a file given as `{latin-1: TEXT}` is saved in that encoding (a file that is not UTF-8).
"""

from __future__ import annotations

import io
import os
import re
import shlex
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager, redirect_stderr, redirect_stdout
from dataclasses import dataclass, replace
from functools import lru_cache
from pathlib import Path
from typing import Any

from ..compiler import diagnostics
from ..compiler.diagnostics import Diagnostic, Diagnostics, render_text
from ..compiler.source import Source, Span

EXAMPLES = Path(__file__).with_name("code_examples.yaml")
CODE = re.compile(r"^[EW]\d{4}$")
RANGE = re.compile(r"^\s+([EW]\d\dxx)\s+(.+)$")
REPEAT = re.compile(r"«(.+?)×(\d+)»", re.DOTALL)
REPORTED = re.compile(r"\b(error|warning)\[([EW]\d{4})\]")  # how every command prints a diagnostic
ONE_FILE = "main.rules"
HERE = "./"  # a command's argument that names a file of the example
NO_CACHE = "RULECRAFT_NO_CACHE"

# What runs an example's command: the command line's `main(argv)` (rulecraft/cli/), given by whoever
# asks for what an example reports, so this layer does not import the one above it.
CommandLine = Callable[[list[str]], int]


def described() -> dict[str, str]:
    """Code -> what it means: every `*_CODES` table of the diagnostics module, so a table added
    there (the compiler's, the inputs', the warnings') is listed with no change here."""
    out: dict[str, str] = {}
    for name, table in sorted(vars(diagnostics).items()):
        if name.endswith("_CODES") and isinstance(table, dict):
            out.update(table)
    return dict(sorted(out.items()))


def ranges() -> dict[str, str]:
    """`E01xx` -> what its codes are about, as the diagnostics module's docstring lists them."""
    return {m.group(1): m.group(2).strip() for line in (diagnostics.__doc__ or "").splitlines() if (m := RANGE.match(line))}


def family(code: str) -> str:
    """What a code's range is about (a warning's: that of its errors, unless warnings have their own
    range); "" if its range is not listed."""
    listed = ranges()
    return listed.get(code[:3] + "xx") or listed.get(f"E{code[1:3]}xx", "")


def severity(code: str) -> str:
    return "warning" if code.startswith("W") else "error"


def kind_of(code: str) -> str:
    """`An error of types.`: what a code is, in a sentence."""
    about = family(code)
    return ("An error" if severity(code) == "error" else "A warning") + (f" of {about}." if about else ".")


@dataclass(frozen=True)
class Example:
    """Files (path -> text, or {encoding: text}) and what is run on them: `rulecraft check` of
    folders, or another command. `single`: the text of an example that is one module, checked as it
    is (it imports nothing)."""

    files: dict[str, Any]
    check: tuple[str, ...] = (".",)
    single: str | None = None
    run: tuple[str, ...] = ()  # a command's arguments, when it is not `check`

    def shown(self, unlike: Example | None = None) -> str:
        """The files as a person reads them: each under its path (a one-file example: its text);
        given `unlike`, only those that are not the same there."""
        if self.single is not None:
            return self.single
        parts = []
        for path, text in self.files.items():
            if unlike is not None and unlike.files.get(path) == text:
                continue
            encoding = next(iter(text)) if isinstance(text, dict) else None
            body = text[encoding] if encoding else text
            parts.append(f"# {path}" + (f" (saved as {encoding})" if encoding else "") + "\n" + body.rstrip("\n"))
        return "\n\n".join(parts) + "\n" if parts else "(the same files)\n" if unlike else "(no files)\n"

    def command(self) -> str:
        return "rulecraft " + " ".join(shlex.quote(a) for a in (self.run or ("check", *self.check)))


@dataclass(frozen=True)
class CodeExamples:
    wrong: Example
    fixed: Example
    also: tuple[str, ...] = ()  # codes the wrong example gets besides its own (syntax errors before a stop)


@lru_cache(maxsize=1)
def examples() -> dict[str, CodeExamples]:
    """Code -> its wrong and fixed examples, for the codes that have them."""
    from ruamel.yaml import YAML

    data = YAML(typ="safe").load(EXAMPLES.read_text(encoding="utf-8")) or {}
    return {code: CodeExamples(_example(entry, "wrong"), _example(entry, "fixed"), tuple(entry.get("also", ())))
            for code, entry in data.items() if CODE.match(code)}


def _example(entry: dict[str, Any], side: str) -> Example:
    """One side of a code's entry: `wrong` or `fixed` (files), run with `command` (or the side's own
    `wrong_command` / `fixed_command`) or checked (`check`)."""
    files = entry[side]
    if isinstance(files, str):
        return Example({ONE_FILE: files}, single=files)
    command = entry.get(f"{side}_command", entry.get("command", ""))
    return Example(dict(files or {}), tuple(entry.get("check", (".",))), run=tuple(shlex.split(command)))


def expanded(text: str) -> str:
    """The text with each `«TEXT×N»` written out."""
    return REPEAT.sub(lambda m: m.group(1) * int(m.group(2)), text)


def found(example: Example, command_line: CommandLine) -> list[tuple[str, str]]:
    """(severity, code) of everything reported when the example is run, in order."""
    if example.run:
        return [(m.group(1), m.group(2)) for m in REPORTED.finditer(reported(example, command_line))]
    return [(d.severity, d.code) for d in run(example)[0]]


def reported(example: Example, command_line: CommandLine) -> str:
    """What rulecraft prints for the example (the example's folder left out of the file names)."""
    if example.run:
        with tempfile.TemporaryDirectory(prefix="rulecraft-example-") as tmp:
            return _command_in(Path(tmp), example, command_line)
    diags, sources = run(example)
    return render_text(diags, sources) if diags else "(nothing: it compiles)"


def run(example: Example) -> tuple[list[Diagnostic], dict[str, Source]]:
    """What checking the example's rulesets reports: its diagnostics (sorted) and sources."""
    from ..compiler.loader import check_source

    if example.single is not None:
        diags = check_source(expanded(example.single), ONE_FILE)
        return diags.sorted(), diags.sources
    with tempfile.TemporaryDirectory(prefix="rulecraft-example-") as tmp:
        return _check_in(Path(tmp), example)


def _write(root: Path, example: Example) -> list[str]:
    """The example's files written under `root`; the prefixes its file names get there."""
    for path, text in example.files.items():
        target = root / path
        target.parent.mkdir(parents=True, exist_ok=True)
        encoding = next(iter(text)) if isinstance(text, dict) else "utf-8"
        target.write_bytes(expanded(text[encoding] if isinstance(text, dict) else text).encode(encoding))
    return sorted({f"{root}/", f"{root.resolve()}/"}, key=len, reverse=True)


def _check_in(root: Path, example: Example) -> tuple[list[Diagnostic], dict[str, Source]]:
    from ..compiler.driver import compile_modules
    from ..compiler.loader import Reading, read_folder, read_mods

    prefixes = _write(root, example)
    folders = [root / f for f in example.check if f != "--mod"]
    diags, reading = Diagnostics(), Reading()
    compile_modules(read_folder(folders[0], diags, reading) + read_mods(folders[1:], diags, reading), diags)
    return [_relative(d, prefixes) for d in diags.sorted()], {
        _strip(name, prefixes): Source(_strip(name, prefixes), s.text) for name, s in diags.sources.items()}


def _command_in(root: Path, example: Example, main: CommandLine) -> str:
    """The command run in-process on the example's files, its output and errors as printed."""
    prefixes = _write(root, example)
    argv = [str(root / a.removeprefix(HERE)) if a.startswith(HERE) else a for a in example.run]
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err), _uncached():
        try:
            main(argv)
        except SystemExit:  # argparse refused the arguments: it printed why
            pass
    return _strip(out.getvalue() + err.getvalue(), prefixes).rstrip("\n") or "(nothing)"


@contextmanager
def _uncached() -> Iterator[None]:
    """Nothing of an example's temporary folder is kept in the user's caches."""
    before = os.environ.get(NO_CACHE)
    os.environ[NO_CACHE] = "1"
    try:
        yield
    finally:
        if before is None:
            del os.environ[NO_CACHE]
        else:
            os.environ[NO_CACHE] = before


def _strip(text: str, prefixes: list[str]) -> str:
    for prefix in prefixes:
        text = text.replace(prefix, "")
    return text


def _relative(d: Diagnostic, prefixes: list[str]) -> Diagnostic:
    """The diagnostic with the example's folder left out of its file names."""

    def moved(span: Span | None) -> Any:
        return replace(span, file=_strip(span.file, prefixes)) if span is not None else None

    return replace(d, span=moved(d.span), labels=tuple((moved(s), m) for s, m in d.labels),
                   message=_strip(d.message, prefixes), help=_strip(d.help, prefixes) if d.help else None)
