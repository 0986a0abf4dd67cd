"""The diagnostic codes: what each means (the tables of compiler.diagnostics), which part of
rulecraft reports it (the ranges its docstring lists) and, for a code the compiler reports, a
wrong ruleset that gets it and the same ruleset fixed (`code_examples.yaml`, beside this module).

An example is the text of one `main.rules`, or a set of files (path -> text) and the folders
`rulecraft check` is given (`check: [game, --mod, mod]`, default the folder itself). A text may
write `«TEXT×N»` for TEXT written N times (the examples of size limits); a file given as
`{latin-1: TEXT}` is saved in that encoding (the example of a file that is not UTF-8).
"""

from __future__ import annotations

import re
import tempfile
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from .compiler import diagnostics
from .compiler.diagnostics import Diagnostic, Diagnostics, render_text
from .compiler.source import Source

EXAMPLES = Path(__file__).with_name("code_examples.yaml")
CODE = re.compile(r"^[EW]\d{4}$")
RANGE = re.compile(r"^\s+([EW]\d\dxx)\s+(.+)$")
REPEAT = re.compile(r"«(.+?)×(\d+)»", re.DOTALL)
ONE_FILE = "main.rules"


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


@dataclass(frozen=True)
class Example:
    """Files (path -> text, or {encoding: text}) and the folders checked (`rulecraft check` arguments);
    `single`: the text of an example that is one module, checked as it is (it imports nothing)."""

    files: dict[str, Any]
    check: tuple[str, ...] = (".",)
    single: str | None = None

    def shown(self) -> str:
        """The files as a person reads them: each under its path (a one-file example: its text)."""
        if self.single is not None:
            return self.single
        parts = []
        for path, text in self.files.items():
            encoding = next(iter(text)) if isinstance(text, dict) else None
            body = text[encoding] if encoding else text
            parts.append(f"# {path}" + (f" (saved as {encoding})" if encoding else "") + "\n" + body.rstrip("\n"))
        return "\n\n".join(parts) + "\n"

    def command(self) -> str:
        return "rulecraft check " + " ".join(self.check)


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
    return {code: CodeExamples(_example(entry["wrong"], entry), _example(entry["fixed"], entry), tuple(entry.get("also", ())))
            for code, entry in data.items()}


def _example(files: Any, entry: dict[str, Any]) -> Example:
    if isinstance(files, str):
        return Example({ONE_FILE: files}, single=files)
    return Example(dict(files), tuple(entry.get("check", (".",))))


def expanded(text: str) -> str:
    """The text with each `«TEXT×N»` written out."""
    return REPEAT.sub(lambda m: m.group(1) * int(m.group(2)), text)


def run(example: Example) -> tuple[list[Diagnostic], dict[str, Source]]:
    """What checking the example reports: its diagnostics (sorted) and sources, named as in the example."""
    from .compiler.loader import check_source

    if example.single is not None:
        diags = check_source(expanded(example.single), ONE_FILE)
        return diags.sorted(), diags.sources
    with tempfile.TemporaryDirectory(prefix="rulecraft-example-") as tmp:
        return _run_in(Path(tmp), example)


def _run_in(root: Path, example: Example) -> tuple[list[Diagnostic], dict[str, Source]]:
    from .compiler.driver import compile_modules
    from .compiler.loader import Reading, read_folder, read_mods

    for path, text in example.files.items():
        target = root / path
        target.parent.mkdir(parents=True, exist_ok=True)
        encoding = next(iter(text)) if isinstance(text, dict) else "utf-8"
        target.write_bytes(expanded(text[encoding] if isinstance(text, dict) else text).encode(encoding))
    folders = [root / f for f in example.check if f != "--mod"]
    diags, reading = Diagnostics(), Reading()
    compile_modules(read_folder(folders[0], diags, reading) + read_mods(folders[1:], diags, reading), diags)
    prefix = f"{root.resolve()}/"
    return [_relative(d, prefix) for d in diags.sorted()], {
        name.removeprefix(prefix): Source(name.removeprefix(prefix), s.text) for name, s in diags.sources.items()}


def _relative(d: Diagnostic, prefix: str) -> Diagnostic:
    """The diagnostic with the example's folder left out of its file names."""
    from dataclasses import replace

    def moved(span):
        return replace(span, file=span.file.removeprefix(prefix)) if span is not None else None

    return replace(d, span=moved(d.span), labels=tuple((moved(s), m) for s, m in d.labels),
                   message=d.message.replace(prefix, ""), help=d.help.replace(prefix, "") if d.help else None)


def reported(example: Example) -> str:
    """What `rulecraft check` prints for the example."""
    found, sources = run(example)
    return render_text(found, sources) if found else "(nothing: it compiles)"
