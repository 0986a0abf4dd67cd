"""A copy of a game to play on (a searching agent's playout, the checkpoints it starts from).

It takes a game and a memo (`copy.deepcopy`'s: id of an object -> what stands for it in the copy,
pre-seeded by the caller with what the copy shares, such as the ruleset and the agents) and gives
the copy. The copy walks the state directly instead of through `copy.deepcopy`'s generic protocol:
the runtime's own parts (plain objects of `rulecraft.runtime` without a copy method of their own)
are rebuilt attribute by attribute, lists, dicts and sets item by item, values that hold no thing
(numbers, text, tuples of them) and frozen sets are shared, an object whose class has its own
`__deepcopy__` (Entity's, a board's, the budget's) is copied by it with the same memo, and every
other object goes to `copy.deepcopy` with the same memo. Values that never change once made are
shared: `SHARED_FIELDS` names them by the part that holds them. A newcomer adds a field there only if nothing ever changes
it (or what it holds) after the game is made, or it is a cache only ever filled with what the
original and every copy would fill it with (Chance.faces).

Many copies of one game (a searching agent's playouts of one checkpoint) come faster from a
`Template`: it takes two untouched copies apart, pairing their objects place by place, into what
every copy makes anew (each list, map, set, part and thing with the values the copies share and the
places that hold another made object), and then makes each further copy with one dict or list copy
per object. It makes exactly what `copy_state` makes, and refuses (`Template.of` gives None) two
copies that differ in shape or hold an object it cannot rebuild (a set of things, an object of a
class with its own `__new__`): a newcomer who adds such a thing to a game's state gets the walk back,
never a wrong copy; one who adds a kind of object here adds its taking apart and its filling.
"""

from __future__ import annotations

import copy
from collections import Counter
from collections.abc import Callable
from functools import partial
from types import MethodType
from typing import Any

from .data import Record
from .state import ATOMS, Entity

# (class name, attribute) whose value is made once and never changed: a copy shares it
SHARED_FIELDS = frozenset({
    ("Game", "assume"), ("Game", "options"),
    ("Things", "assume"), ("Things", "replaced"), ("CopyOnWriteThings", "assume"), ("CopyOnWriteThings", "replaced"),
    ("Properties", "assume"), ("Chance", "assume"), ("Chance", "faces"),
})
_MISSING = object()
_plain_parts: dict[type, frozenset[str] | None] = {}  # class -> its shared fields if copied attribute by attribute


def copy_state(value: Any, memo: dict[int, Any]) -> Any:
    """`value` in the copy (see the module's docstring)."""
    cls = value.__class__
    if cls in ATOMS:
        return value
    found = memo.get(id(value), _MISSING)
    if found is not _MISSING:
        return found
    if cls is Entity:
        return value.__deepcopy__(memo)
    if cls is list:
        twin: Any = []
        memo[id(value)] = twin
        get = memo.get
        twin.extend([v if v.__class__ in ATOMS else get(id(v)) or copy_state(v, memo) for v in value])
        return twin
    if cls is dict or cls is Counter:
        twin = cls()
        memo[id(value)] = twin
        get = memo.get
        for k, v in value.items():
            if k.__class__ not in ATOMS:  # a tuple of numbers stays itself; one of things is copied
                k = copy_state(k, memo)
            twin[k] = v if v.__class__ in ATOMS else get(id(v)) or copy_state(v, memo)
        return twin
    if cls is tuple:
        items = tuple(v if v.__class__ in ATOMS else copy_state(v, memo) for v in value)
        return value if all(a is b for a, b in zip(items, value)) else items
    if cls is set:
        twin = {v if v.__class__ in ATOMS else copy_state(v, memo) for v in value}
        memo[id(value)] = twin
        return twin
    if cls is frozenset:
        return value if all(v.__class__ in ATOMS for v in value) else copy.deepcopy(value, memo)
    if cls is MethodType:  # a part's bound method held by another part (Things.emit)
        return MethodType(value.__func__, copy_state(value.__self__, memo))
    shared = _plain_parts[cls] if cls in _plain_parts else _shared_fields(cls)
    if shared is not None:
        return _copy_part(value, memo, shared)
    own = getattr(value, "__deepcopy__", None) if not isinstance(value, type) else None
    if own is not None:  # the class's own copy (Budget's, a board's), without deepcopy's dispatch
        twin = memo[id(value)] = own(memo)
        return twin
    return copy.deepcopy(value, memo)


def _shared_fields(cls: type) -> frozenset[str] | None:
    """The fields of `cls` a copy shares (SHARED_FIELDS) if it is one of the runtime's own parts,
    copied attribute by attribute; else None (found once per class)."""
    plain = (cls.__module__.startswith("rulecraft.runtime.") and "__dict__" in dir(cls)
             and not hasattr(cls, "__deepcopy__") and not hasattr(cls, "__slots__"))
    shared = _plain_parts[cls] = frozenset(k for name, k in SHARED_FIELDS if name == cls.__name__) if plain else None
    return shared


def _copy_part(value: Any, memo: dict[int, Any], shared: frozenset[str]) -> Any:
    cls = value.__class__
    twin = cls.__new__(cls)
    memo[id(value)] = twin
    fields = twin.__dict__
    for k, v in value.__dict__.items():
        fields[k] = v if v.__class__ in ATOMS or k in shared else copy_state(v, memo)
    return twin


# ---- templates: many copies of one game, made fast ------------------------------------------

_LIST, _DICT, _PAIRS, _SET, _OBJECT, _SLOTS, _TUPLE, _METHOD = range(8)
_FRESH_DICTS = (dict, Counter)  # dict classes whose empty instance `cls.__new__(cls)` makes
Refs = list[tuple[Any, int]]  # (the place in an object: an index, key or field name; the made object there)
Fill = tuple[int, Any, Refs]  # (the object's number, the values it shares, its refs)


class Unlike(Exception):
    """Two copies of a game differ in shape, or hold an object a template cannot rebuild."""


class Template:
    """Two copies of one game (copy_state's, untouched yet), taken apart once into what every copy
    makes anew (its lists, maps, sets, parts and things, each with the values it shares and the
    places that hold another made object) so that `copy()` gives a third, a fourth... copy,
    exactly as copy_state would make it, with a dict or list copy per object instead of a walk
    value by value. `Template.of` gives None where the two copies differ in shape or hold an object
    of a kind it cannot rebuild: such a game is copied by copy_state."""

    def __init__(self) -> None:
        self.made: list[Callable[[], Any] | None] = []  # per object: what makes it empty first, or None (built)
        self.fills: dict[int, list[Fill]] = {kind: [] for kind in (_LIST, _DICT, _PAIRS, _SET, _OBJECT, _SLOTS)}
        self.built: list[tuple[int, int, Any, Refs]] = []  # (kind, number, shared, refs): tuples and methods, in build order

    @classmethod
    def of(cls, first: Any, second: Any) -> Template | None:
        template = cls()
        try:
            _Walk(template).take_apart(first, second)
        except Unlike:
            return None
        return template

    def copy(self) -> Any:
        """Another copy of the game (see the class's docstring)."""
        made: list[Any] = [None if make is None else make() for make in self.made]
        for kind, i, shared, refs in self.built:
            if kind == _TUPLE:
                values = list(shared)
                for at, j in refs:
                    values[at] = made[j]
                made[i] = tuple(values)
            else:
                made[i] = MethodType(shared, made[refs[0][1]])
        fills = self.fills
        for i, shared, refs in fills[_OBJECT]:
            fields = made[i].__dict__
            fields.update(shared)
            for name, j in refs:
                fields[name] = made[j]
        for i, shared, refs in fills[_LIST]:
            twin = made[i]
            twin.extend(shared)
            for at, j in refs:
                twin[at] = made[j]
        for i, shared, refs in fills[_DICT]:
            twin = made[i]
            dict.update(twin, shared)
            for key, j in refs:
                twin[key] = made[j]
        for i, (fill, shared), refs in fills[_SLOTS]:
            values = list(shared)
            for at, j in refs:
                values[at] = made[j]
            fill(made[i], values)
        for i, shared, _ in fills[_PAIRS]:
            twin = made[i]
            for k, kj, v, vj in shared:
                twin[k if kj < 0 else made[kj]] = v if vj < 0 else made[vj]
        for i, shared, _ in fills[_SET]:
            made[i].update(shared)
        return made[0]


class _Walk:
    """Takes two copies apart into a Template: pairs the objects of the one with those of the other
    (the same place in both), numbers each pair that is not one shared object, and notes each
    numbered object's kind, what it shares and which of its places hold which numbered object."""

    def __init__(self, template: Template):
        self.template = template
        self.numbers: tuple[dict[int, int], dict[int, int]] = ({}, {})
        self.pairs: list[tuple[Any, Any]] = []

    def take_apart(self, first: Any, second: Any) -> None:
        if self.ref(first, second) != 0:
            raise Unlike("the two copies are one object")
        at = 0
        while at < len(self.pairs):
            self.note(at, *self.pairs[at])
            at += 1
        built = {i: (kind, i, shared, refs) for kind, i, shared, refs in self.template.built}
        order: list[tuple[int, int, Any, list[tuple[Any, int]]]] = []
        for i in list(built):
            self._build_after(i, built, order)
        self.template.built = order

    def _build_after(self, i: int, built: dict[int, tuple[int, int, Any, list[tuple[Any, int]]]],
                     order: list[tuple[int, int, Any, list[tuple[Any, int]]]]) -> None:
        """Put tuple or method `i` in `order` after the tuples and methods it holds."""
        entry = built.pop(i, None)
        if entry is not None:
            for _, j in entry[3]:
                self._build_after(j, built, order)
            order.append(entry)

    def ref(self, u: Any, v: Any) -> int:
        """-1 if the copies share the value here, else the number of the object each copy made."""
        cls = u.__class__
        if u is v or (cls in ATOMS and v.__class__ is cls and u == v):
            return -1
        first, second = self.numbers
        n, m = first.get(id(u)), second.get(id(v))
        if n is None and m is None:
            if v.__class__ is not cls:
                raise Unlike(f"{cls.__name__} against {v.__class__.__name__}")
            n = first[id(u)] = second[id(v)] = len(self.pairs)
            self.pairs.append((u, v))
            self.template.made.append(_maker(cls))
        elif n != m:
            raise Unlike("the copies share their objects differently")
        return n  # type: ignore[return-value]

    def values(self, us: Any, vs: Any) -> tuple[list[Any], list[tuple[Any, int]]]:
        """The values of two sequences: each shared one, or None where a made object goes (refs)."""
        if len(us) != len(vs):
            raise Unlike("sequences of different lengths")
        shared: list[Any] = []
        refs: list[tuple[Any, int]] = []
        for at, (u, v) in enumerate(zip(us, vs)):
            j = -1 if u is v else self.ref(u, v)
            shared.append(u if j < 0 else None)
            if j >= 0:
                refs.append((at, j))
        return shared, refs

    def note(self, i: int, u: Any, v: Any) -> None:
        cls, template = u.__class__, self.template
        if cls is list or cls is tuple:
            shared, refs = self.values(u, v)
            if cls is list:
                template.fills[_LIST].append((i, shared, refs))
            else:
                template.built.append((_TUPLE, i, shared, refs))
        elif cls is set:
            if any(x.__class__ not in ATOMS for x in u) or u != v:
                raise Unlike("a set of objects")
            template.fills[_SET].append((i, list(u), []))
        elif cls is MethodType:
            if u.__func__ is not v.__func__:
                raise Unlike("methods of different functions")
            template.built.append((_METHOD, i, u.__func__, [(0, self.ref(u.__self__, v.__self__))]))
        elif isinstance(u, dict):
            self.note_dict(i, u, v)
        else:
            self.note_part(i, u, v)

    def note_dict(self, i: int, u: dict, v: dict) -> None:
        cls = u.__class__
        if not (cls in _FRESH_DICTS or issubclass(cls, Record)) or getattr(u, "__dict__", None) or getattr(v, "__dict__", None):
            raise Unlike(f"a map of class {cls.__name__}")
        keys, key_refs = self.values(list(u), list(v))
        values, refs = self.values(list(u.values()), list(v.values()))
        if key_refs:  # a key that each copy made: the pairs, in order
            made_keys, made_values = dict(key_refs), dict(refs)
            pairs = [(k, made_keys.get(at, -1), values[at], made_values.get(at, -1)) for at, k in enumerate(keys)]
            self.template.fills[_PAIRS].append((i, pairs, []))
        else:
            self.template.fills[_DICT].append((i, dict(zip(keys, values)), [(keys[at], j) for at, j in refs]))

    def note_part(self, i: int, u: Any, v: Any) -> None:
        slots = _layout(u.__class__, u)
        if slots is None:
            if list(u.__dict__) != list(v.__dict__):
                raise Unlike(f"two {u.__class__.__name__} with different fields")
            names = list(u.__dict__)
            values, refs = self.values(list(u.__dict__.values()), list(v.__dict__.values()))
            self.template.fills[_OBJECT].append((i, dict(zip(names, values)), [(names[at], j) for at, j in refs]))
            return
        names = [name for name in slots if hasattr(u, name)]
        if names != [name for name in slots if hasattr(v, name)]:
            raise Unlike(f"two {u.__class__.__name__} with different slots set")
        values, refs = self.values([getattr(u, n) for n in names], [getattr(v, n) for n in names])
        self.template.fills[_SLOTS].append((i, (_filler(tuple(names)), tuple(values)), refs))


_layouts: dict[type, tuple[str, ...] | None] = {}  # class -> its slots, or None: its fields are in its __dict__


def _layout(cls: type, value: Any) -> tuple[str, ...] | None:
    """How a template rebuilds an object of `cls`: by its slots (their names) or its __dict__ (None);
    Unlike if it cannot (a class with a `__new__`, `__setattr__` or `__setstate__` of its own, or
    both slots and a __dict__)."""
    if cls in _layouts:
        return _layouts[cls]
    if cls.__new__ is not object.__new__ or cls.__setattr__ is not object.__setattr__ or hasattr(cls, "__setstate__"):
        raise Unlike(f"an object of class {cls.__name__}")
    declared = [k.__dict__.get("__slots__", ()) for k in cls.__mro__]
    slots = tuple(name for names in declared for name in ((names,) if isinstance(names, str) else names)
                  if name not in ("__dict__", "__weakref__"))
    has_fields = hasattr(value, "__dict__")
    if has_fields and slots:
        raise Unlike(f"an object of class {cls.__name__} with both slots and fields")
    layout = _layouts[cls] = None if has_fields else slots
    return layout


def _maker(cls: type) -> Callable[[], Any] | None:
    """What makes an empty object of `cls` (which the walk then checks it can fill), or None for a
    tuple or a method, built from what they hold."""
    if cls is tuple or cls is MethodType:
        return None
    if cls in (list, dict, set, Counter):
        return cls
    return partial(dict.__new__ if issubclass(cls, dict) else object.__new__, cls)


_fillers: dict[tuple[str, ...], Callable[[Any, list[Any]], None]] = {}  # slot names -> what sets them


def _filler(names: tuple[str, ...]) -> Callable[[Any, list[Any]], None]:
    """A function setting the slots `names` of an object to a list of values, in one assignment."""
    fill = _fillers.get(names)
    if fill is None:
        if not all(name.isidentifier() for name in names):
            raise Unlike(f"slots named {names}")
        body = "".join(f"o.{name}, " for name in names) + "= v" if names else "pass"
        space: dict[str, Any] = {}
        exec(f"def fill(o, v):\n    {body}\n", space)
        fill = _fillers[names] = space["fill"]
    return fill
