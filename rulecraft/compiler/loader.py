"""Finding and reading rulesets: bundled ones by id, or any folder a user names.

A ruleset is a folder with a `main.rules`; `import NAME` reads `NAME.rules` from the
same folder and nowhere else (a name cannot hold a path), so a ruleset or mod can
never make the compiler read a file outside its own folder.

It takes a ruleset id or a folder (and mods) and gives the compiled Ruleset, through the driver and
the cache. A newcomer may change where bundled rulesets and mods are found here; what may be read stays
the ruleset's own folder.
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

from .. import files
from ..runtime.errors import UnknownName
from . import package, store
from .diagnostics import CompileError, Diagnostics, suggest
from .source import MAX_SOURCE_BYTES, MAX_SOURCE_TOKENS, Source, Span, decoded, tokens_in

if TYPE_CHECKING:
    from ..runtime.ruleset import Ruleset
    from . import nodes as n

# The parser and the rest of the compiler are imported where a source is compiled, not here:
# a ruleset read back from the cache needs none of them.
Files = list[tuple[str, str, str]]  # (path, name shown, SHA-256) of every file read

MAIN = "main.rules"
MAX_MODULES = 200


@dataclass
class Reading:
    """One compile's reading: the files read (for the cache) and the bytes and tokens of source
    still allowed, shared by a ruleset, the rulesets it extends and the mods applied to it.
    `overlay` gives texts read instead of some files (resolved path -> text: an editor's unsaved
    buffers); they pay in tokens like any file."""
    files: Files = field(default_factory=list)
    room: int = field(default_factory=lambda: MAX_SOURCE_BYTES)
    tokens: int = field(default_factory=lambda: MAX_SOURCE_TOKENS)
    overlay: Mapping[Path, str] = field(default_factory=dict)


def bundled_root() -> Path:
    return package.folder("rulecraft.rulesets")


@lru_cache(maxsize=1)
def _bundled_real() -> Path:
    return bundled_root().resolve()


def bundled_ids() -> list[str]:
    """Ids of every bundled ruleset (games, mods and formats), e.g. `mygame`, `mygame/expansion`."""
    root = bundled_root()
    return sorted(str(p.parent.relative_to(root)) for p in root.rglob(MAIN))


def folder_of(ruleset_id: str) -> Path | None:
    if not all(part.replace("-", "").replace("_", "").isalnum() for part in ruleset_id.split("/")):
        return None
    folder = bundled_root() / ruleset_id
    return folder if is_file(folder / MAIN) else None


MAX_EXTENDS = 8


def read_folder(folder: Path, diags: Diagnostics, reading: Reading, depth: int = 0) -> list[n.Module]:
    """The modules of a ruleset: a mod's or format's base ruleset first, then its own."""
    from . import nodes as n

    own = read_own_modules(folder, diags, reading)
    header = next((d for m in own[:1] for d in m.decls if isinstance(d, (n.ModDecl, n.FormatDecl))), None)
    if header is None:
        return own
    base = folder_of(header.extends) or sibling(folder, header.extends)
    if base is None or depth >= MAX_EXTENDS:
        diags.add("E0307", f"no bundled ruleset `{header.extends}` to extend" if base is None else
                  f"rulesets extend each other more than {MAX_EXTENDS} deep", header.name_span,
                  suggest(header.extends, bundled_ids()))
        return own
    return read_folder(base, diags, reading, depth + 1) + own


def sibling(folder: Path, ruleset_id: str) -> Path | None:
    """A user's ruleset next to this one, named by the last part of its id (`mygame`, `x/mygame`)."""
    name = ruleset_id.rsplit("/", 1)[-1]
    if not name.replace("-", "").replace("_", "").isalnum():
        return None
    candidate = folder.resolve().parent / name
    return candidate if is_file(candidate / MAIN) else None


def read_own_modules(folder: Path, diags: Diagnostics, reading: Reading) -> list[n.Module]:
    """Parse `main.rules` and, transitively, every module it imports from the same folder;
    `reading` receives what was read (for the cache) and pays for it."""
    from . import nodes as n
    from .driver import parse_module

    modules: list[n.Module] = []
    seen: set[str] = set()
    home = folder.resolve()
    queue: list[tuple[str, Span | None]] = [("main", None)]
    while queue:
        name, imported_at = queue.pop(0)
        if name in seen:
            continue
        seen.add(name)
        path = folder / f"{name}.rules"
        real = path.resolve() if is_file(path) else None
        if real is None or real.parent != home:  # no links out of the folder
            there = os.path.lexists(path)  # a link out, a device, a FIFO, a folder: no module of the folder
            diags.add("E0109", f"no module `{name}` in this ruleset's folder"
                      + (f" ({name}.rules is there, but is not a regular file of the folder)" if there else ""),
                      imported_at, f"make {name}.rules a file of this folder" if there
                      else f"create {name}.rules next to main.rules")
            continue
        if len(seen) > MAX_MODULES:
            diags.add("E0008", f"more than {MAX_MODULES} modules", imported_at)
            break
        label = display_path(path, real)
        text = reading.overlay[real] if real in reading.overlay else read_module(path, label, imported_at, diags, reading)
        if text is None:
            continue
        reading.tokens -= _tokens(text)
        if reading.tokens < 0:
            diags.add("E0008", f"{label} takes the files of the ruleset, with those it extends, past "
                      f"{MAX_SOURCE_TOKENS:,} words, numbers and symbols", imported_at or Span(label, 1, 1, 1, 2),
                      "a ruleset needs far less: is a module or a long list repeated?")
            break
        reading.files.append(store.file_record(str(real), label, text))
        module = parse_module(Source(label, text), diags)
        if module is None:
            continue
        modules.append(module)
        queue.extend((d.name, d.name_span) for d in module.decls if isinstance(d, n.Import))
    return modules


@lru_cache(maxsize=256)
def _tokens(text: str) -> int:
    """`tokens_in`, counted once per text in a process (a base's files are read for each mod)."""
    return tokens_in(text)


def is_file(path: Path) -> bool:
    """Whether a regular file is there: a name the file system refuses (too long) is no file."""
    try:
        return path.is_file()
    except OSError:
        return False


def read_module(path: Path, label: str, imported_at: Span | None, diags: Diagnostics, reading: Reading) -> str | None:
    """A module's text (a UTF-8 byte-order mark allowed); a file too large (alone, or with the
    files read before it), hard-linked from elsewhere, unreadable or not UTF-8 is a diagnostic,
    found before the parser sees it."""
    at = imported_at or Span(label, 1, 1, 1, 2)
    try:
        info = path.stat()
        if info.st_size > reading.room:
            diags.add("E0008", f"{label} is larger than {MAX_SOURCE_BYTES:,} bytes" if info.st_size > MAX_SOURCE_BYTES
                      else f"{label} takes the files of the ruleset, with those it extends, past {MAX_SOURCE_BYTES:,} bytes",
                      at, "a ruleset needs far less: is a module or a long list repeated?")
            return None
        reading.room -= info.st_size
        if info.st_nlink > 1:  # a hard link may be another folder's file: only the folder's own are read
            diags.add("E0109", f"{label} is a hard link; a ruleset reads only its own files", at,
                      "copy the file into the ruleset's folder")
            return None
        data = files.read_bytes(path, info.st_size)  # a regular file (checked on the open file), as large as paid for
    except OSError as err:
        diags.add("E0109", f"cannot read {label}: {err.strerror or err}", at)
        return None
    try:
        return decoded(data)
    except UnicodeDecodeError as err:
        line = data.count(b"\n", 0, err.start) + 1
        column = len(data[data.rfind(b"\n", 0, err.start) + 1:err.start].decode("utf-8", "replace")) + 1
        utf16 = data[:2] in (b"\xff\xfe", b"\xfe\xff")
        diags.add("E0010", f"{label} is not UTF-8 text (byte 0x{data[err.start]:02x})", Span(label, line, column, line, column + 1),
                  "save it as UTF-8" + (" (it is UTF-16: it starts with a UTF-16 byte-order mark)" if utf16 else ""))
        return None


def display_path(path: Path, real: Path | None = None) -> str:
    """Bundled files are named from the rulesets root (`mygame/main.rules`); `real` is the path
    resolved, if known."""
    real = real or path.resolve()
    try:
        return str(real.relative_to(_bundled_real()))
    except ValueError:
        try:
            return str(real.relative_to(Path.cwd()))
        except ValueError:
            return str(path)


@lru_cache(maxsize=1024)
def _display_from(path: str, cwd: str) -> str:
    """`display_path`, worked out once per file and working folder (the cache checks every name)."""
    return display_path(Path(path))


def compile_folder(folder: Path, diags: Diagnostics) -> Ruleset | None:
    from .driver import compile_modules

    return compile_modules(read_folder(folder, diags, Reading()), diags)


def compiled(folders: list[Path], diags: Diagnostics) -> store.Entry | None:
    """A ruleset folder with mod folders applied in order, compiled (None after an error), from
    the cache when no file it reads has changed; diagnostics are reported either way."""
    hit = store.lookup(folders, diags, lambda path: _display_from(path, os.getcwd()))
    if hit is not None:
        return hit
    from . import nodes as n
    from .driver import compile_modules

    own, reading = Diagnostics(), Reading()
    modules = read_folder(folders[0], own, reading)
    first = [d for m in modules for d in m.decls if isinstance(d, (n.GameDecl, n.ModDecl, n.FormatDecl))][-1:]
    mods = unread(folders[1:], reading)
    modules += read_mods(mods, own, reading)
    codes: list = []
    result = compile_modules(modules, own, codes)
    diags.sources.update(own.sources)
    for d in own.items:
        diags.add(d.code, d.message, d.span, d.help, d.labels, d.severity)
    if result is None:
        return None
    # the first folder's own header: with mods applied, the ruleset is still that game
    info = store.summary(result) | {"named": [(h.name, h.title, isinstance(h, n.GameDecl)) for h in first],
                                    "applied": len(mods)}
    store.save(folders, reading.files, own, result, codes, info)
    return store.Entry(info, built=result)


def unread(folders: list[Path], reading: Reading) -> list[Path]:
    """The mod folders whose files were not read yet: a mod given twice, or one the ruleset
    already is or extends, is applied once (where it first comes), not compiled twice."""
    seen = {Path(path).parent for path, _, _ in reading.files}
    out = []
    for folder in folders:
        if folder.resolve() not in seen:
            seen.add(folder.resolve())
            out.append(folder)
    return out


def read_mods(folders: list[Path], diags: Diagnostics, reading: Reading) -> list[n.Module]:
    """The own modules of mod folders, applied after the ruleset they extend, in load order."""
    return [module for mod in in_load_order([read_own_modules(folder, diags, reading) for folder in folders])
            for module in mod]


def in_load_order(mods: list[list[n.Module]]) -> list[list[n.Module]]:
    """The mods (each its modules) in the order given, except that a mod comes after the mods it
    names as optional dependencies (`optional "id"`) when those are loaded too. Mods that name
    each other keep the order given."""
    from . import nodes as n

    headers = [next((d for m in mod[:1] for d in m.decls if isinstance(d, n.ModDecl)), None) for mod in mods]
    names = [h.name if h is not None else "" for h in headers]
    needs = [set(h.optional) & set(names) if h is not None else set() for h in headers]
    waiting, placed, out = list(range(len(mods))), set[str](), []
    while waiting:
        i = next((i for i in waiting if needs[i] <= placed), waiting[0])
        waiting.remove(i)
        out.append(mods[i])
        placed.add(names[i])
    return out


def locate(ruleset_id: str) -> Path:
    """The folder of a bundled ruleset id, or of a folder path."""
    folder = folder_of(ruleset_id)
    if folder is None:
        candidate = Path(ruleset_id)
        if is_file(candidate / MAIN):
            return candidate
        raise UnknownName("ruleset", ruleset_id, f"no ruleset '{ruleset_id}' (bundled: {', '.join(bundled_ids())})",
                          bundled_ids())
    return folder


def load(ruleset_id: str, mods: Sequence[str] = ()) -> Ruleset:
    """Compile a ruleset (a bundled id or a folder) with mods applied in the order given (a mod
    given twice, or one the ruleset already is or extends, is applied once: the same game);
    raises CompileError with every diagnostic. Compiled rulesets are cached per process."""
    return _load(ruleset_id, tuple(mods))


@lru_cache(maxsize=64)
def _load(ruleset_id: str, mods: tuple[str, ...]) -> Ruleset:
    folders = [locate(ruleset_id)] + [locate(m) for m in mods]
    diags = Diagnostics()
    entry = compiled(folders, diags)
    if entry is None:
        raise CompileError(diags.sorted(), diags.sources)
    result = entry.ruleset()
    if mods and entry.summary["named"]:  # the game with mods applied is still that game
        name, title, is_game = entry.summary["named"][0]
        result.id, result.title, result.kind = name, title, "game" if is_game else result.kind
    applied = entry.summary["applied"]  # the mods not applied already (given twice, or extended)
    result.applied = result.mods[len(result.mods) - applied:] if applied else ()  # as their headers name them
    result.reload = (load, (_portable(ruleset_id), tuple(_portable(m) for m in mods)))
    return result


def _portable(ruleset_id: str) -> str:
    """A bundled id as it is; a folder as an absolute path (another process may work elsewhere)."""
    return ruleset_id if folder_of(ruleset_id) is not None else str(Path(ruleset_id).resolve())


def compile_source(text: str, filename: str = "<source>") -> Ruleset:
    """Compile one module given as text (no imports)."""
    from .driver import compile_modules, parse_module

    diags = Diagnostics()
    module = parse_module(Source(filename, text), diags)
    result = compile_modules([module], diags) if module is not None else None
    if result is None:
        raise CompileError(diags.sorted(), diags.sources)
    return result


def check_source(text: str, filename: str = "<source>") -> Diagnostics:
    from .driver import compile_modules, parse_module

    diags = Diagnostics()
    module = parse_module(Source(filename, text), diags)
    if module is not None:
        compile_modules([module], diags)
    return diags
