"""Compiled rulesets in the cache (compiler/cache.py), and back.

An entry is marshal data: the files the compiler read (path, name shown, SHA-256 of the text read),
the diagnostics it reported (warnings: a ruleset with errors is not stored), a summary for
listings, and the ruleset itself: its plain data encoded below plus the code object of each
file's handlers, run again in a fresh handler namespace. An entry is used only if every file
it names still has the same bytes and name, so an edit of any file (base, module or mod)
invalidates exactly; so does another rulecraft or Python version, or any change to the
compiler, runtime or grammar sources (their hash is in the entry). The key is the list of
folders asked for: one entry each, overwritten when rebuilt, so the cache does not grow.

Decoding the ruleset imports nothing of the compiler but what its data holds (a mod's changes).

Takes a compiled Ruleset with the code of its files (`save`), or the folders asked for
(`lookup`); gives the entry back, or None on any miss. A newcomer adding a field to the Ruleset
needs nothing here if it holds plain data or dataclasses of CLASSES_FROM; anything else must be
encoded here.
"""

from __future__ import annotations

import dataclasses
import enum
import functools
import hashlib
import importlib
import marshal
import os
import sys
from collections.abc import Callable
from fractions import Fraction
from functools import lru_cache
from pathlib import Path
from types import CodeType, FunctionType
from typing import TYPE_CHECKING, Any

from ..files import read_bytes
from ..runtime.errors import HANDLERS
from ..runtime.types import Ty
from ..version import __version__
from . import cache, package
from .diagnostics import Diagnostics
from .source import MAX_SOURCE_BYTES, Source, decoded

if TYPE_CHECKING:
    from ..runtime import ruleset as rs

AREA = "rulesets"
# Modules whose dataclasses and enums an entry may name (checked again when decoding).
CLASSES_FROM = ("rulecraft.runtime.ruleset", "rulecraft.compiler.source", "rulecraft.compiler.diagnostics",
                "rulecraft.compiler.symbols", "rulecraft.runtime.data")


class Uncacheable(Exception):
    """The ruleset holds a value the cache cannot store: it is simply not cached."""


@lru_cache(maxsize=1)
def compiler_hash() -> str:
    """A hash of every source the compiled form depends on: compiler, runtime, grammar. Worked
    out from their bytes, and kept in the cache under their paths, sizes and modification times
    (as Python keeps bytecode), so that a later process reads no source while none has changed."""
    root = Path(__file__).resolve().parent.parent
    grammar = package.folder("rulecraft.grammar")  # installed apart from the code in a checkout
    files = _files(root / "compiler", ".py") + _files(root / "runtime", ".py") + _files(grammar, ".lark")
    assert any(p.endswith(".lark") for p in files), "the grammar is part of the compiler's hash"
    stamp = cache.digest(__version__, sys.version, *(f"{p}|{s.st_size}|{s.st_mtime_ns}" for p in files
                                                     for s in [os.stat(p)]))
    known = cache.read(*HASH_ENTRY)
    if isinstance(known, tuple) and len(known) == 2 and known[0] == stamp:
        return known[1]
    value = cache.digest(__version__, sys.version, *(Path(p).read_bytes() for p in files))
    cache.write(*HASH_ENTRY, (stamp, value))
    return value


HASH_ENTRY = ("compiler", "hash")  # one entry: the compiler's sources as they were last hashed, and their hash


def _files(folder: Path, suffix: str) -> list[str]:
    """The files of a folder with this suffix, in order of name (os.scandir: a glob costs more
    than reading them)."""
    with os.scandir(folder) as entries:
        return sorted(e.path for e in entries if e.name.endswith(suffix) and e.is_file())


def key(folders: list[Path]) -> str:
    """One entry per list of folders: a newer compiler's entry replaces the older one."""
    return cache.digest(*(str(f.resolve()) for f in folders))


def file_record(real_path: str, label: str, text: str) -> tuple[str, str, str]:
    """A file the compiler read (its resolved path): its text as the compiler saw it is what must not change."""
    return real_path, label, hashlib.sha256(text.encode("utf-8")).hexdigest()


@dataclasses.dataclass
class Entry:
    """A compiled ruleset from the cache or just built: its summary now, the ruleset on demand."""

    summary: dict[str, Any]
    body: bytes = b""  # the encoded ruleset and codes (marshal), decoded by `ruleset()`
    built: rs.Ruleset | None = None

    def ruleset(self) -> rs.Ruleset:
        if self.built is None:
            from .handler_globals import namespace  # the runtime's built-ins: only to run the handlers

            data, codes = marshal.loads(self.body)  # a part of a signed entry
            ns = namespace()
            for code in codes:
                exec(code, ns)
            self.built = decode(data, ns)
        return self.built


def summary(rules: rs.Ruleset) -> dict[str, Any]:
    """What listings show, readable without decoding the ruleset."""
    return {"id": rules.id, "title": rules.title, "kind": rules.kind, "extends": rules.extends,
            "version": rules.version, "options": dict(rules.options), "scenarios": sorted(rules.scenarios)}


def save(folders: list[Path], files: list[tuple[str, str, str]], found: Diagnostics, rules: rs.Ruleset,
         codes: list[CodeType], info: dict[str, Any]) -> None:
    if not cache.enabled():
        return
    try:
        data = encode(rules)
        items = [encode(d) for d in found.items]
    except Uncacheable:
        return
    # the ruleset is marshalled apart, so a listing or a check reads the rest without building it
    cache.write(AREA, key(folders), (compiler_hash(), files, items, info, marshal.dumps((data, codes))))


def lookup(folders: list[Path], diags: Diagnostics, label_of: Callable[[str], str]) -> Entry | None:
    """The cached entry for these folders if every file it was built from is unchanged and
    still has the name `label_of` gives it; its diagnostics and sources are reported into
    `diags` as a compile would."""
    stored = cache.read(AREA, key(folders))
    if not isinstance(stored, tuple) or len(stored) != 5 or stored[0] != compiler_hash():
        return None
    _, files, items, info, body = stored
    sources = []
    for path, label, sha in files:
        try:
            text = decoded(read_bytes(path, MAX_SOURCE_BYTES))  # as the loader reads it
        except (OSError, UnicodeError):
            return None
        if hashlib.sha256(text.encode("utf-8")).hexdigest() != sha or label != label_of(path):
            return None
        sources.append(Source(label, text))
    for s in sources:
        diags.sources[s.file] = s
    for item in items:
        d = decode(item, {})
        diags.add(d.code, d.message, d.span, d.help, d.labels, d.severity)
    return Entry(info, body)


# ---- values <-> marshal data ---------------------------------------------------------
# Plain values (str, int, float, bool, None) stay as they are, and so do lists and dicts, inside
# ("p", ...) when they hold plain values only (decoding then takes them as they are), and tuples
# of plain values, inside ("P", ...); every other value becomes a tuple whose first item says
# what it is.


PLAIN = frozenset({str, int, float, bool, type(None)})


def encode(value: Any) -> Any:
    t = type(value)
    if t in PLAIN:
        return value
    if t is list or t is dict:
        copied = _plain_copy(value)
        if copied is not None:
            return ("p", copied)
        if t is list:
            return [encode(v) for v in value]
        return {encode(k): encode(v) for k, v in value.items()}
    if t is tuple:  # a tuple (it may be a key): of plain values only, as it is
        if all(type(v) in PLAIN for v in value):
            return ("P", value)
        return ("t", tuple([encode(v) for v in value]))
    fields = _compared_fields(t)
    if fields is not None:
        values = tuple([encode(getattr(value, f)) for f in fields])
        if fields in _POSITIONAL:  # the first arguments of the class, in order: decoded as cls(*values)
            return ("a", t.__module__, t.__qualname__, values)
        return ("c", t.__module__, t.__qualname__, dict(zip(fields, values)))
    return _encode_other(value, t)


def _encode_other(value: Any, t: type) -> Any:
    if t is frozenset:
        return ("s", tuple([encode(v) for v in value]))
    if t is Ty:
        return ("y", value.name, encode(value.arg), encode(value.val))
    if t is Fraction:
        return ("q", value.numerator, value.denominator)
    if t is FunctionType and value.__globals__.get(HANDLERS) and value.__globals__.get(value.__name__) is value:
        return ("f", value.__name__)  # a handler, defined again by its file's code
    if t.__module__ in CLASSES_FROM and isinstance(value, enum.Enum):
        return ("e", t.__module__, t.__qualname__, value.value)
    raise Uncacheable(f"{t.__qualname__} values are not cached")


def _plain_copy(value: list | dict) -> list | dict | None:
    """A copy of a list or dict holding plain values only (in lists and dicts), or None if it
    holds any other (a copy: the entry shares no list between two places, as decoding did not)."""
    if isinstance(value, list):
        out: list = []
        for v in value:
            item = v if type(v) in PLAIN else _plain_copy(v) if type(v) in (list, dict) else None
            if item is None and v is not None:
                return None
            out.append(item)
        return out
    copied: dict = {}
    for k, v in value.items():
        item = v if type(v) in PLAIN else _plain_copy(v) if type(v) in (list, dict) else None
        if type(k) not in PLAIN or (item is None and v is not None):
            return None
        copied[k] = item
    return copied


_FIELDS: dict[type, tuple[str, ...] | None] = {}
_POSITIONAL: set[tuple[str, ...]] = set()  # field lists that are the first arguments of their class


def _compared_fields(t: type) -> tuple[str, ...] | None:
    """The fields an entry keeps of a dataclass of CLASSES_FROM (those it compares; the others
    take their defaults again); None for any other class. Found once per class."""
    if t not in _FIELDS:
        is_ours = t.__module__ in CLASSES_FROM and dataclasses.is_dataclass(t) and not issubclass(t, enum.Enum)
        fields = tuple(f.name for f in dataclasses.fields(t) if f.compare) if is_ours else None
        arguments = [f.name for f in dataclasses.fields(t) if f.init and not f.kw_only] if is_ours else []
        if fields is not None and list(fields) == arguments[:len(fields)]:
            _POSITIONAL.add(fields)
        _FIELDS[t] = fields
    return _FIELDS[t]


def decode(data: Any, ns: dict[str, Any]) -> Any:
    t = type(data)
    if t is list:
        return [decode(v, ns) for v in data]
    if t is dict:
        return {decode(k, ns): decode(v, ns) for k, v in data.items()}
    if t is not tuple:
        return data
    tag = data[0]
    if tag == "p" or tag == "P":
        return data[1]
    if tag == "a":  # the class's arguments: most are plain values, taken as they are without a call
        return _class(data[1], data[2])(*[v if type(v) in PLAIN else decode(v, ns) for v in data[3]])
    if tag == "c":
        return _class(data[1], data[2])(**{k: decode(v, ns) for k, v in data[3].items()})
    if tag == "t":
        return tuple([decode(v, ns) for v in data[1]])
    if tag == "f":
        return ns[data[1]]
    if tag == "s":
        return frozenset([decode(v, ns) for v in data[1]])
    if tag == "y":
        return Ty(data[1], decode(data[2], ns), decode(data[3], ns))
    if tag == "q":
        return Fraction(data[1], data[2])
    return _class(data[1], data[2])(data[3])  # "e": an enum member


@functools.cache
def _class(module: str, name: str) -> Any:
    if module not in CLASSES_FROM:
        raise ValueError(f"a cache entry names {module}")
    return getattr(importlib.import_module(module), name)
