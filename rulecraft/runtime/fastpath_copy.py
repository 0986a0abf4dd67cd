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
"""

from __future__ import annotations

import copy
from collections import Counter
from types import MethodType
from typing import Any

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
