"""A cache: lowerings and compiled files taken again across the compiles of one process.

A mod's ruleset holds its base's declarations again (the very nodes: each file is parsed once
per process, compiler/driver.py) and mostly lowers them to the same Python, so `rulecraft check`
of a game and twenty of its mods would lower the game twenty-one times. The Lowerer sees the
checked program only through what it is made with (the Resolution, and the Facts of the
analysis pass), besides the nodes, the arguments of a call and its own attributes.
So each lowering is recorded with what it read of those tables (every lookup, noted by the
tables it was given), the Lowerer's attributes before and after, and what it made; a later call
with the same node and arguments takes that result again when every lookup gives the same
value now and the attributes are the same, and leaves the attributes as the recorded call did.
The result is the one a new lowering would make; a file whose functions are all the very ones
compiled before takes that code again.
Takes the Lowerer's class and its inputs (`Reusing`); gives its methods' results. A newcomer
giving the Lowerer a new input gives it here too, as a dataclass of tables (dicts, sets, or
resolved.NodeMap / NodeSet) or a dict, or reads it through one of these tables: anything else
would be read unnoted, and a lowering taken again could be wrong.
"""

from __future__ import annotations

import dataclasses
import enum
from collections import OrderedDict
from collections.abc import Callable
from types import CodeType
from typing import Any

from .resolved import Identity, NodeMap, NodeSet, identities

# Remembered, the oldest forgotten first: calls (every bundled ruleset makes 661, about 33 MB
# with what they made and read) and compiled files (115).
KEPT = 1_000
VARIANTS_KEPT = 4  # lowerings of one call that differ (what they read differed)
FILES_KEPT = 256
MISSING = object()
WHOLE = object()  # a key standing for the whole table (iterated, counted)
PLAIN = (str, int, float, bool, type(None), enum.Enum)


Reads = dict[str, list[tuple[Any, Any]]]  # a table read -> (key, value seen) of each lookup


@dataclasses.dataclass
class Record:
    """One lowering call: the Lowerer's attributes before it, what it read, after it, what it made
    (its key holds its arguments, so the nodes whose identities its reads name stay alive)."""

    before: tuple[tuple[str, Any], ...]
    reads: Reads
    after: tuple[tuple[str, Any], ...]
    result: Any


_lowered: OrderedDict[tuple[Any, ...], list[Record]] = OrderedDict()
_codes: OrderedDict[tuple[Any, ...], CodeType] = OrderedDict()  # the key keeps the functions


def forget() -> None:
    """Lower and compile everything again from now on."""
    _lowered.clear()
    _codes.clear()


class Reusing:
    """Stands for `make(*inputs)` (a Lowerer): each of its methods, called through this, gives
    the recorded result of an equal call when it would come out the same. Each input is a
    dataclass whose fields are tables, or a table."""

    def __init__(self, make: Callable[..., Any], *inputs: Any):
        self.tables: dict[str, Any] = {}
        self.reads: Reads = {}
        noted = [self._noted_input(i, given) for i, given in enumerate(inputs)]
        self.given = noted  # not the Lowerer's own attributes
        self.low = make(*noted)

    def _noted_input(self, i: int, given: Any) -> Any:
        """The input, every table of it noting its lookups into `reads`."""
        if not dataclasses.is_dataclass(given):
            return self._noted_table(f"argument {i}", given)
        fields = {f.name: self._noted_table(f"{i}.{f.name}", getattr(given, f.name)) for f in dataclasses.fields(given)}
        return given.__class__(**fields)

    def _noted_table(self, name: str, table: Any) -> Any:
        self.reads[name] = []
        if isinstance(table, (NodeMap, NodeSet)):
            self.tables[name] = table.table
            return type(table)(_noted(table.table, self.reads[name]))
        self.tables[name] = table
        return _noted(table, self.reads[name])

    def __getattr__(self, method: str) -> Callable[..., Any]:
        return lambda *args: self.lowered(method, args)

    def lowered(self, method: str, args: tuple[Any, ...]) -> Any:
        key = (method, *(_part(a) for a in args))
        before = _attributes(self.low, self.given)
        for done in _lowered.get(key, ()) if before is not None else ():
            if done.before == before and _reads_now(self.tables, done.reads):
                _restore(self.low, done.after)
                _lowered.move_to_end(key)
                return done.result
        for seen in self.reads.values():
            seen.clear()
        result = getattr(self.low, method)(*args)
        after = _attributes(self.low, self.given)
        if before is not None and after is not None:
            reads = {name: list(seen) for name, seen in self.reads.items() if seen}
            records = _lowered.setdefault(key, [])
            records.append(Record(before, reads, after, result))
            del records[:-VARIANTS_KEPT]
            _lowered.move_to_end(key)
            if len(_lowered) > KEPT:
                _lowered.popitem(last=False)
        return result


def compiled_again(file: str, funcs: list[Any], ns: dict[str, Any]) -> CodeType | None:
    """The code compiled before from these very functions, run in `ns`; None if there is none."""
    key = (file, *identities(funcs))
    found = _codes.get(key)
    if found is None:
        return None
    _codes.move_to_end(key)
    exec(found, ns)
    return found


def remember_code(file: str, funcs: list[Any], code: CodeType) -> None:
    _codes[(file, *identities(funcs))] = code
    while len(_codes) > FILES_KEPT:
        _codes.popitem(last=False)


# ---- what a lowering read --------------------------------------------------------------


class _NotedTable:
    """A dict of the Resolution that notes each lookup as (key, value seen)."""

    __slots__ = ("reads", "table")

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


def _noted(table: Any, reads: list) -> _NotedTable:
    """The table, noting every lookup into `reads`."""
    if not isinstance(table, (dict, set)):
        raise TypeError(f"a Lowerer input of type {type(table).__name__} is not a table: it cannot be noted")
    return (_NotedSet if isinstance(table, set) else _NotedTable)(table, reads)


def _reads_now(tables: dict[str, Any], reads: Reads) -> bool:
    """Whether every lookup recorded gives the same value in `tables` now."""
    for name, seen in reads.items():
        table = tables[name]
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
    return Identity(arg)


def _attributes(low: Any, given: list[Any]) -> tuple[tuple[str, Any], ...] | None:
    """The Lowerer's attributes (but the inputs it was given) as comparable values; None if one
    is of a kind this cannot copy (a lowering is then never taken again)."""
    out: list[tuple[str, Any]] = []
    for name, value in sorted(vars(low).items()):
        if any(value is table for table in given):
            continue
        if isinstance(value, dict) and all(isinstance(v, PLAIN) for item in value.items() for v in item):
            out.append((name, (dict, tuple(sorted(value.items(), key=repr)))))
        elif isinstance(value, (set, frozenset, list, tuple)) and all(isinstance(v, PLAIN) for v in value):
            out.append((name, (type(value), tuple(sorted(value, key=repr)) if isinstance(value, (set, frozenset))
                               else tuple(value))))
        elif isinstance(value, PLAIN):
            out.append((name, (type(value), value)))
        else:
            return None
    return tuple(out)


def _restore(low: Any, attributes: tuple[tuple[str, Any], ...]) -> None:
    for name, (kind, value) in attributes:
        setattr(low, name, kind(value) if kind in (set, frozenset, list, tuple, dict) else value)
