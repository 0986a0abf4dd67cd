"""The data model's run-time helpers: records, in-place list growth, item assignment, map reads.

Takes the values compiled handlers pass (lists, maps, keys, a loop's items); gives the value
read or made, or a refusal. Lists and maps are values. A variable that a handler grows in place
(`xs += [x]`) or whose items it sets (`xs[i] = v`, `m[k] = v`) owns its list or map: the compiler
copies the value into it (`own`) and copies it on the way out, so no other variable, property or
event argument ever shares it. Growing an owned list is then amortised O(1) (a loop that grows
one item by item pays for it with its rounds: Budget.rounds). Every helper charges the step
budget for its work. A map whose
keys may be truth values and numbers holds `true` or 1, never both (`set_key`). A newcomer adds
here a run-time helper of the data model that the lowering calls (and names it in
compiler/handler_globals.py).
"""

from __future__ import annotations

from typing import Any

from .arith import MAX_LENGTH
from .deep import holds
from .errors import BudgetExceeded, IllegalAction
from .library import builtin
from .state import to_json


class Record(dict):
    """A record value: its fields in declared order. Immutable by the language (no handler
    can set a field); logged as a JSON object. Each record type is a subclass naming its
    type (`record_type`), so making a record is building a dict."""

    __slots__ = ()
    type_name = "record"

    def __str__(self) -> str:
        return f"{self.type_name}({', '.join(f'{k}: {_shown(v)}' for k, v in self.items())})"

    __repr__ = __str__


def _shown(value: Any) -> str:
    if value.__class__ is int:
        return str(value)
    shown = to_json(value)
    return ("true" if shown else "false") if isinstance(shown, bool) else str(shown)


class RecordTypes(dict):
    """Record type name -> its Record subclass, made on first use. Compiled code makes a record
    with `RECORD_TYPES[name]({fields in declared order})`: a dict lookup and a dict copy."""

    def __missing__(self, type_name: str) -> type[Record]:
        cls = self[type_name] = type("Record", (Record,), {"__slots__": (), "type_name": type_name})
        return cls


RECORD_TYPES = RecordTypes()


def own_list(rt: Any, value: Any) -> list:
    """A fresh copy of a list for a variable that changes it as a list (`xs += [x]`, `xs[i] = v`)."""
    if value.__class__ is not list:
        raise IllegalAction(f"a list was expected here, not {to_json(value)!r}")
    rt.budget.charge(value, "copies too much?")
    return list(value)


def own(rt: Any, value: Any) -> Any:
    """A fresh copy of a list or map for a variable that changes it in place."""
    if isinstance(value, list):
        rt.budget.charge(value, "copies too much?")
        return list(value)
    if isinstance(value, dict) and not isinstance(value, Record):
        rt.budget.charge(value, "copies too much?")
        return dict(value)
    return value


def append(rt: Any, items: Any, more: Any) -> Any:
    """`xs += ys` on a variable that owns its list: extends it in place."""
    if not isinstance(items, list) or not isinstance(more, list):
        raise IllegalAction("`+=` joins a list to a list")
    if len(items) + len(more) > MAX_LENGTH:
        raise BudgetExceeded(f"a list or text longer than {MAX_LENGTH} items")
    rt.budget.charge(more, "grows a list too much?")
    items.extend(more)
    return items


def position(index: Any) -> Any:
    """A list index the checker could not type: a truth value is no position, though Python
    reads `xs[True]` as `xs[1]` (-1: the read is past the end, a fault naming the index)."""
    return -1 if index.__class__ is bool else index


def set_item(rt: Any, holder: Any, key: Any, value: Any) -> None:
    """`xs[i] = v` (0 <= i < the list's length) or `m[k] = v`."""
    rt.budget.tick()
    if isinstance(holder, list):
        if not isinstance(key, int) or isinstance(key, bool) or not 0 <= key < len(holder):
            raise IllegalAction(f"cannot set item {to_json(key)!r} of a list of {len(holder)} items "
                                f"(positions are 0 to {len(holder) - 1})")
        holder[key] = value
    elif isinstance(holder, dict) and not isinstance(holder, Record):
        if key not in holder and len(holder) >= MAX_LENGTH:
            raise BudgetExceeded(f"a map with more than {MAX_LENGTH} keys")
        holder[key] = value
    else:
        raise IllegalAction(f"cannot set an item of {to_json(holder)!r}")


def set_key(rt: Any, holder: Any, key: Any, value: Any) -> None:
    """`m[k] = v` where the map's keys may be truth values and k a number, or the reverse: as
    `set_item`, but a map holding `true` refuses the key 1 (and so on), which Python would take
    for it: the two are different values, and a map holds one of them at most."""
    if isinstance(holder, dict) and key in holder and not holds(holder, key):
        raise IllegalAction(f"a map cannot hold both {_truth_and_number(key)} as keys")
    set_item(rt, holder, key, value)


def truth_keyed(rt: Any, keys: list, values: list) -> dict:
    """`{k: v, ...}` whose keys may be truth values and numbers: each key set as `set_key` sets it."""
    made: dict = {}
    for key, value in zip(keys, values):
        set_key(rt, made, key, value)
    return made


def _truth_and_number(key: Any) -> str:
    truth = "true" if key == 1 else "false"
    return f"`{truth}` and `{int(key)}`"


def get_truth_key(holder: Any, key: Any) -> Any:
    """`m[k]` where the map's keys may be truth values and k a number, or the reverse: a map
    holding `true` has no key 1 (`get_key`)."""
    if isinstance(holder, dict) and key in holder and not holds(holder, key):
        raise IllegalAction(f"the map has no key {to_json(key)!r}")
    return get_key(holder, key)


def set_prop_item(rt: Any, thing: Any, prop: str, key: Any, value: Any) -> None:
    """`x.p[i] = v`: the property gets a changed copy (a property's value is never changed in place,
    so the log and the state hash see the change)."""
    current = rt.properties.get(thing, prop)
    if isinstance(current, (list, dict)):
        rt.budget.grow(len(current))
    changed = dict(current) if isinstance(current, dict) and not isinstance(current, Record) else \
        list(current) if isinstance(current, list) else current
    set_item(rt, changed, key, value)
    rt.things.set(thing, prop, changed)


def get_key(holder: Any, key: Any) -> Any:
    """`m[k]`: the value under key k; a missing key is a clear error."""
    try:
        return holder[key]
    except KeyError:
        raise IllegalAction(f"the map has no key {to_json(key)!r}") from None
    except TypeError:
        raise IllegalAction(f"cannot read item {to_json(key)!r} of {to_json(holder)!r}") from None


def _map(name: str, holder: Any) -> dict:
    if not isinstance(holder, dict) or isinstance(holder, Record):
        raise IllegalAction(f"`{name}` needs a map, not {to_json(holder)!r}")
    return holder


# The map built-ins: the checker types them from the map (`keys(m)` is a list of its key type).
@builtin("keys(any) -> list<any>")
def _keys(rt: Any, holder: Any) -> list:
    return list(rt.budget.charge(_map("keys", holder), "reads too big a map?"))


@builtin("values(any) -> list<any>")
def _values(rt: Any, holder: Any) -> list:
    return list(rt.budget.charge(_map("values", holder), "reads too big a map?").values())

