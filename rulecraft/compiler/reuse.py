"""Lowerings and compiled files taken again across the compiles of one process.

A mod's ruleset holds its base's declarations again (the very nodes: each file is parsed once
per process, compiler/driver.py) and mostly lowers them to the same Python, so `rulecraft check`
of a game and twenty of its mods would lower the game twenty-one times. The Lowerer sees the
checked program only through the Resolution it is given, besides the nodes, the arguments of a
call and its own attributes. So each lowering is recorded with what it read of the Resolution
(every lookup, noted by the tables of the Resolution it was given), the Lowerer's attributes
before and after, and what it made; a later call with the same node and arguments takes that
result again when every lookup gives the same value now and the attributes are the same, and
leaves the attributes as the recorded call did. The result is the one a new lowering would
make; a file whose functions are all the very ones compiled before takes that code again.
"""

from __future__ import annotations

import dataclasses
import enum
from collections import OrderedDict
from types import CodeType
from typing import Any, Callable

from .resolved import Resolution

# Remembered, the oldest forgotten first: calls (every bundled ruleset makes 661, about 33 MB
# with what they made and read) and compiled files (115).
KEPT = 1_000
VARIANTS_KEPT = 4  # lowerings of one call that differ (what they read differed)
FILES_KEPT = 256
MISSING = object()
WHOLE = object()  # a key standing for the whole table (iterated, counted)
PLAIN = (str, int, float, bool, type(None), enum.Enum)


Reads = dict[str, list[tuple[Any, Any]]]  # a table of the Resolution -> (key, value seen) of each lookup


@dataclasses.dataclass
class Lowered:
    args: tuple[Any, ...]  # kept: the nodes must outlive the record (their ids are in its reads)
    before: tuple[tuple[str, Any], ...]
    reads: Reads
    after: tuple[tuple[str, Any], ...]
    result: Any


_lowered: OrderedDict[tuple[Any, ...], list[Lowered]] = OrderedDict()
_codes: OrderedDict[tuple[Any, ...], tuple[list[Any], CodeType]] = OrderedDict()


def forget() -> None:
    """Lower and compile everything again from now on."""
    _lowered.clear()
    _codes.clear()


class Reusing:
    """Stands for a Lowerer: each of its methods, called through this, gives the recorded
    result of an equal call when it would come out the same."""

    def __init__(self, make: Callable[[Resolution], Any], res: Resolution):
        self.res = res
        self.reads: Reads = {f.name: [] for f in dataclasses.fields(res)}
        self.low = make(_noting(res, self.reads))

    def __getattr__(self, method: str) -> Callable[..., Any]:
        return lambda *args: self.lowered(method, args)

    def lowered(self, method: str, args: tuple[Any, ...]) -> Any:
        key = (method, *(_part(a) for a in args))
        before = _attributes(self.low)
        for done in _lowered.get(key, ()) if before is not None else ():
            if done.before == before and _reads_now(self.res, done.reads):
                _restore(self.low, done.after)
                _lowered.move_to_end(key)
                return done.result
        for seen in self.reads.values():
            seen.clear()
        result = getattr(self.low, method)(*args)
        after = _attributes(self.low)
        if before is not None and after is not None:
            reads = {name: list(seen) for name, seen in self.reads.items() if seen}
            records = _lowered.setdefault(key, [])
            records.append(Lowered(args, before, reads, after, result))
            del records[:-VARIANTS_KEPT]
            _lowered.move_to_end(key)
            if len(_lowered) > KEPT:
                _lowered.popitem(last=False)
        return result


def compiled_again(file: str, funcs: list[Any], ns: dict[str, Any]) -> CodeType | None:
    """The code compiled before from these very functions, run in `ns`; None if there is none."""
    key = (file, *map(id, funcs))
    found = _codes.get(key)
    if found is None or any(a is not b for a, b in zip(found[0], funcs)):
        return None
    _codes.move_to_end(key)
    exec(found[1], ns)  # noqa: S102 - the code compile_functions made of these functions
    return found[1]


def remember_code(file: str, funcs: list[Any], code: CodeType) -> None:
    _codes[(file, *map(id, funcs))] = (list(funcs), code)
    while len(_codes) > FILES_KEPT:
        _codes.popitem(last=False)


# ---- what a lowering read --------------------------------------------------------------


class _NotedTable:
    """A dict of the Resolution that notes each lookup as (key, value seen)."""

    __slots__ = ("table", "reads")

    def __init__(self, table: Any, reads: list):
        self.table, self.reads = table, reads

    def _seen(self, key: Any) -> Any:
        value = self.table.get(key, MISSING)
        self.reads.append((key, value))
        return value

    def __getitem__(self, key: Any) -> Any:
        value = self._seen(key)
        if value is MISSING:
            raise KeyError(key)
        return value

    def get(self, key: Any, default: Any = None) -> Any:
        value = self._seen(key)
        return default if value is MISSING else value

    def __contains__(self, key: Any) -> bool:
        return self._seen(key) is not MISSING

    def _whole(self) -> Any:
        self.reads.append((WHOLE, dict(self.table)))
        return self.table

    def __iter__(self):
        return iter(self._whole())

    def __len__(self) -> int:
        return len(self._whole())

    def items(self):
        return self._whole().items()

    def keys(self):
        return self._whole().keys()

    def values(self):
        return self._whole().values()


class _NotedSet(_NotedTable):
    """A set of the Resolution that notes each membership test."""

    def _seen(self, key: Any) -> Any:
        value = True if key in self.table else MISSING
        self.reads.append((key, value))
        return value

    def _whole(self) -> Any:
        self.reads.append((WHOLE, frozenset(self.table)))
        return self.table


def _noting(res: Resolution, reads: Reads) -> Resolution:
    """A Resolution reading `res`, whose tables note every lookup into `reads`."""
    tables: dict[str, Any] = {}
    for f in dataclasses.fields(res):
        table = getattr(res, f.name)
        if not isinstance(table, (dict, set)):
            raise TypeError(f"Resolution.{f.name} is not a table: lowerings could not be taken again")
        tables[f.name] = (_NotedSet if isinstance(table, set) else _NotedTable)(table, reads[f.name])
    return Resolution(**tables)


def _reads_now(res: Resolution, reads: Reads) -> bool:
    """Whether every lookup recorded gives the same value in `res`."""
    for field, seen in reads.items():
        table = getattr(res, field)
        if isinstance(table, set):
            whole = frozenset(table)
            if not all(_same(whole, value) if key is WHOLE else (True if key in table else MISSING) is value
                       for key, value in seen):
                return False
        else:
            get = table.get
            if not all(_same(table if key is WHOLE else get(key, MISSING), value) for key, value in seen):
                return False
    return True


def _same(a: Any, b: Any) -> bool:
    """Equal, and of the same types throughout (True is not 1 here: it lowers otherwise)."""
    if a is b:
        return True
    t = type(a)
    if t is not type(b):
        return False
    kind = _KINDS.get(t) or _kind(t)
    if kind == "atom":
        return bool(a == b)
    if kind == "sequence":
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b))
    if kind == "mapping":
        return a.keys() == b.keys() and all(_same(v, b[k]) for k, v in a.items())
    return all(_same(getattr(a, f), getattr(b, f)) for f in kind)  # a dataclass: its fields


_KINDS: dict[type, Any] = {}


def _kind(t: type) -> Any:
    """How `_same` compares values of a type (found once per type)."""
    if issubclass(t, (list, tuple)):
        _KINDS[t] = "sequence"
    elif issubclass(t, dict):
        _KINDS[t] = "mapping"
    elif dataclasses.is_dataclass(t):
        _KINDS[t] = tuple(f.name for f in dataclasses.fields(t))
    else:
        _KINDS[t] = "atom"
    return _KINDS[t]


# ---- the Lowerer's own attributes ----------------------------------------------------------


def _part(arg: Any) -> Any:
    """An argument in a record's key: a node by identity (it is kept), names as they are."""
    if isinstance(arg, (str, int)):
        return arg
    if isinstance(arg, list) and all(isinstance(a, str) for a in arg):
        return tuple(arg)
    return id(arg)


def _attributes(low: Any) -> tuple[tuple[str, Any], ...] | None:
    """The Lowerer's attributes (but its Resolution) as comparable values; None if one is of a
    kind this cannot copy (a lowering is then never taken again)."""
    out: list[tuple[str, Any]] = []
    for name, value in sorted(vars(low).items()):
        if name == "res":
            continue
        if isinstance(value, (set, frozenset, list, tuple)) and all(isinstance(v, PLAIN) for v in value):
            out.append((name, (type(value), tuple(sorted(value, key=repr)) if isinstance(value, (set, frozenset))
                               else tuple(value))))
        elif isinstance(value, PLAIN):
            out.append((name, (type(value), value)))
        else:
            return None
    return tuple(out)


def _restore(low: Any, attributes: tuple[tuple[str, Any], ...]) -> None:
    for name, (kind, value) in attributes:
        setattr(low, name, kind(value) if kind in (set, frozenset, list, tuple) else value)
