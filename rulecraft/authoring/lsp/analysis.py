"""The compiler's view of the files an editor has open: each file's diagnostics, and the
checked table (Symbols, Resolution) that navigation reads. No protocol types here.

A document is compiled with its ruleset folder (a mod's or a format's with the ruleset it
extends), the editor's unsaved texts read in place of the files on disk (the loader's overlay).
While a document does not parse, its last text that did stands in for it in the compile, so the
other files are not flooded with errors about the declarations it holds; the document itself
shows its syntax errors. Unchanged files are not parsed again (the driver keeps their ASTs).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ... import files
from ...compiler import nodes as n
from ...compiler.diagnostics import Diagnostic, Diagnostics
from ...compiler.driver import check_modules, parse_module
from ...compiler.loader import MAIN, Reading, display_path, is_file, read_folder
from ...compiler.resolved import Resolution
from ...compiler.source import MAX_SOURCE_BYTES, Source, decoded
from ...compiler.symbols import Symbols


@dataclass
class Analysis:
    """One compile of a ruleset (or of a lone file), as it was checked."""

    folder: Path | None  # the ruleset folder; None for a file with no `main.rules` beside it
    modules: list[n.Module]  # every module read, the ones extended first; a file main.rules does not reach last
    sym: Symbols
    res: Resolution
    diagnostics: list[Diagnostic]
    sources: dict[str, Source]  # a file's name as spans give it -> its text
    paths: dict[str, Path]  # a file's name as spans give it -> the file

    def label_of(self, path: Path) -> str | None:
        """The name spans give the file `path`, if it was read."""
        return next((label for label, p in self.paths.items() if p == path), None)

    def module(self, label: str) -> n.Module | None:
        return next((m for m in self.modules if m.file == label), None)


def ruleset_folder(path: Path) -> Path | None:
    """The ruleset a file belongs to: the folder holding it, if it has a `main.rules`."""
    return path.parent if is_file(path.parent / MAIN) else None


def analyse(path: Path, overlay: dict[Path, str]) -> Analysis:
    """Compile the ruleset of the file `path` (a resolved path), reading `overlay`'s texts
    instead of those files; a file no `import` reaches is parsed, not checked."""
    diags = Diagnostics()
    folder = ruleset_folder(path)
    paths: dict[str, Path] = {}
    modules: list[n.Module] = []
    if folder is not None:
        reading = Reading(overlay=overlay)
        modules = read_folder(folder, diags, reading)
        paths = {label: Path(real) for real, label, _ in reading.files}
    label = next((name for name, p in paths.items() if p == path), None)
    alone = None
    if label is None:  # a file of no ruleset, or one its ruleset does not import
        label = display_path(path)
        paths[label] = path
        alone = parse_module(Source(label, text_of(path, overlay)), diags)
    if folder is None and alone is not None:
        modules, alone = [alone], None
    sym, res = check_modules(modules, diags)
    return Analysis(folder, modules + ([alone] if alone is not None else []), sym, res, diags.sorted(),
                    dict(diags.sources), paths)


def text_of(path: Path, overlay: dict[Path, str]) -> str:
    """A file's text: the editor's, else the one on disk ("" if it cannot be read)."""
    if path in overlay:
        return overlay[path]
    try:
        return decoded(files.read_bytes(path, MAX_SOURCE_BYTES))  # a regular file only: a FIFO never blocks
    except (OSError, UnicodeDecodeError):
        return ""


class Documents:
    """The documents open in an editor (by resolved path): each one's text, the last text of
    each that parsed, and the latest analysis of each ruleset."""

    def __init__(self) -> None:
        self.texts: dict[Path, str] = {}
        self.parsed: dict[Path, str] = {}
        self.latest: dict[Path, Analysis] = {}
        self.read: dict[Path, dict[Path, str]] = {}  # the texts each latest analysis read instead of files

    def update(self, path: Path, text: str) -> Analysis:
        """The document's new text (opened or edited), and its ruleset compiled with it."""
        self.texts[path] = text
        if parse_module(Source(display_path(path), text), Diagnostics()) is not None:
            self.parsed[path] = text
        return self.analysis(path, fresh=True)

    def close(self, path: Path) -> None:
        self.texts.pop(path, None)
        self.parsed.pop(path, None)

    def analysis(self, path: Path, fresh: bool = False) -> Analysis:
        """The latest analysis of the document's ruleset: compiled again if `fresh` and a text it
        reads has changed (an edit that breaks the syntax changes none), or if none is known."""
        key = ruleset_folder(path) or path
        known = self.latest.get(key)
        overlay = {p: self.parsed.get(p, text) for p, text in self.texts.items()}
        if known is None or known.label_of(path) is None or (fresh and overlay != self.read[key]):
            known = self.latest[key] = analyse(path, overlay)
            self.read[key] = overlay
        return known

    def diagnostics(self, path: Path) -> dict[Path, list[Diagnostic]]:
        """Each file of the document's own folder (or the document alone) -> its diagnostics,
        from the latest analysis; a document that does not parse has its syntax errors."""
        found = self.analysis(path)
        home = found.folder or path.parent
        out: dict[Path, list[Diagnostic]] = {}
        for label, file in found.paths.items():
            if file.parent != home and file != path:
                continue
            text = self.texts.get(file)
            if text is not None and self.parsed.get(file) != text:
                syntax = Diagnostics()
                parse_module(Source(label, text), syntax)
                out[file] = syntax.sorted()
            else:
                out[file] = [d for d in found.diagnostics if d.file == label]
        return out
