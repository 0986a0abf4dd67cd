"""The general built-in functions every ruleset can call, each declared next to its function.

Takes the game (`rt`) first and the call's arguments; gives the value. Each function is marked
`@builtin("name(types) -> type")` (see library.py, which holds the registry `BUILTINS` the
checker, the code generator and the reference read); importing this module also brings in the
board libraries (grid.py for square grids, hexgrid.py for hex boards) and the map built-ins of
data.py, so `BUILTINS` here is the whole vocabulary. A newcomer adds a general built-in here.

A value typed `any` (or `none`) can reach a built-in with the wrong shape at run time, so
each function turns a wrong argument into IllegalAction (a GameError with the built-in's
name), never a raw Python exception; and `range` is capped and charged to the step budget, as
is every list or text a built-in makes (`text`, `items`, `neighbours`) or copies (`random`, `sample`).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from fractions import Fraction
from typing import Any

from . import data, grid, hexgrid  # noqa: F401  (their built-ins join the registry)
from .arith import MAX_LENGTH
from .budget import ITEMS_PER_GROW_STEP
from .deep import Members, nested_size, shown_length
from .errors import BudgetExceeded, IllegalAction
from .library import BUILTINS, builtin
from .state import Entity, Zone

__all__ = ["BUILTINS", "interval", "span", "span_half_open"]

MAX_RANGE = 1_000_000  # the most numbers one `range` may hold
MAX_TEXT_BITS = 13_000  # about 3,900 digits; Python refuses to print integers over 4,300 digits


def _bad(name: str, *args: Any) -> IllegalAction:
    shown = ", ".join(type(a).__name__ if not isinstance(a, (Entity, Zone)) else repr(a) for a in args)
    return IllegalAction(f"`{name}` cannot take ({shown})")


def _list(name: str, items: Any) -> list:
    if not isinstance(items, list):
        raise _bad(name, items)
    return items


def _thing(name: str, *things: Any) -> None:
    for t in things:
        if not isinstance(t, Entity):
            raise _bad(name, *things)


@builtin("count(list<any>) -> int")
def _count(rt, items):
    return len(items if items.__class__ is list else _list("count", items))


@builtin("sum(list<int>) -> int")
def _sum(rt, items):
    try:
        return sum(_list("sum", items))
    except TypeError:
        raise _bad("sum", *items) from None


@builtin("min(list<int>) -> int")
def _min(rt, items):
    try:
        return min(_list("min", items)) if items else 0
    except TypeError:
        raise _bad("min", *items) from None


@builtin("max(list<int>) -> int")
def _max(rt, items):
    try:
        return max(_list("max", items)) if items else 0
    except TypeError:
        raise _bad("max", *items) from None


@builtin("first(list<T>) -> T")
def _first(rt, items):
    if not items:
        return None
    return items[0] if items.__class__ is list else _list("first", items)[0]


@builtin("last(list<T>) -> T")
def _last(rt, items):
    return _list("last", items)[-1] if items else None


@builtin("random(list<T>) -> T")
def _random(rt, items):
    picked = rt.chance.random_pick(rt.budget.scan(_list("random", items)), 1)  # the pick copies the list
    return picked[0] if picked else None


@builtin("sample(list<T>, int) -> list<T>")
def _sample(rt, items, n):
    if not isinstance(n, int):
        raise _bad("sample", items, n)
    return rt.chance.random_pick(rt.budget.scan(_list("sample", items)), n)


@builtin("ceil(num) -> int")
def _ceil(rt, x):
    try:
        return math.ceil(Fraction(x))
    except (TypeError, ValueError):
        raise _bad("ceil", x) from None


@builtin("floor(num) -> int")
def _floor(rt, x):
    try:
        return math.floor(Fraction(x))
    except (TypeError, ValueError):
        raise _bad("floor", x) from None


@builtin("abs(int) -> int")
def _abs(rt, x):
    try:
        return abs(x)
    except TypeError:
        raise _bad("abs", x) from None


@builtin("players() -> list<player>")
def _players(rt):
    return list(rt.players)


@builtin("current_player() -> player")
def _current_player(rt):
    return rt.events.current_player


@builtin("current_round() -> int")
def _current_round(rt):
    return rt.history.round


@builtin("playable_in(text, text, player) -> list<any>")
def _playable_in(rt, window, zone, player):
    return rt.choices.playable(window, zone, player)


@builtin("others(player) -> list<player>")
def _others(rt, player):
    return [p for p in rt.players if p is not player]


@builtin("in_phase(text) -> bool")
def _in_phase(rt, name):
    return rt.events.in_phase(name)


@builtin("knows(player, any) -> bool")
def _knows(rt, player, thing):
    _thing("knows", player, thing)
    return rt.knowledge.knows(player, thing)


@builtin("items(zone) -> list<any>")
def _items(rt, zone):
    if not isinstance(zone, Zone):
        raise _bad("items", zone)
    rt.budget.grow(len(zone.items))  # a new list: charged as any list made
    return list(zone.items)


@builtin("size(zone) -> int")
def _size(rt, zone):
    if not isinstance(zone, Zone):
        raise _bad("size", zone)
    return len(zone.items)


@builtin("link(any, any) -> none")
def _link(rt, a, b):
    _thing("link", a, b)
    rt.things.graph.link(a, b)


@builtin("unlink(any, any) -> none")
def _unlink(rt, a, b):
    _thing("unlink", a, b)
    rt.things.graph.unlink(a, b)


@builtin("linked(any, any) -> bool")
def _linked(rt, a, b):
    _thing("linked", a, b)
    return rt.things.graph.linked(a, b)


@builtin("neighbours(T) -> list<T>")
def _neighbours(rt, thing):
    _thing("neighbours", thing)
    ids = rt.things.graph.neighbour_ids(thing)
    rt.budget.grow(len(ids))  # a new list: charged as any list made
    return [rt.things.entities[i] for i in ids]


@builtin("text(any) -> text")
def _text(rt, value):
    if value.__class__ is str:
        return value
    if isinstance(value, int) and value.bit_length() > MAX_TEXT_BITS:
        raise BudgetExceeded(f"a number of more than {MAX_TEXT_BITS} bits is too long to show")
    if isinstance(value, (list, dict)):  # shown item by item: measured first, then charged as made
        rt.budget.spend(nested_size(value), "shows too much?")
        shown_length(value)  # a text sure to pass MAX_LENGTH is refused before it is made
        shown = str(value)
        if len(shown) > MAX_LENGTH:
            raise BudgetExceeded(f"a text longer than {MAX_LENGTH} characters")
        rt.budget.grow(len(shown))
        return shown
    if hasattr(value, "name"):  # a thing or a zone: its name, a text it has already
        return str(value.name)
    shown = str(value)  # a number (of thousands of digits, at most) is a text made here: charged
    if len(shown) >= ITEMS_PER_GROW_STEP:
        rt.budget.grow(len(shown))
    return shown


def _numbers(what: Callable[[], str], lo: Any, stop: Any) -> range:
    """The whole numbers lo, lo+1, ... before stop, capped at MAX_RANGE; `what()` names the form written."""
    if lo.__class__ is not int or stop.__class__ is not int:
        raise IllegalAction(f"`{what()}` needs whole numbers, not ({', '.join(_show(v) for v in (lo, stop))})")
    numbers = range(lo, stop)
    if len(numbers) > MAX_RANGE:
        raise BudgetExceeded(f"{what()} would hold {len(numbers)} numbers; at most {MAX_RANGE} are allowed")
    return numbers


def _show(value: Any) -> str:
    return "none" if value is None else repr(value)


def span(rt, lo, hi):
    """`lo..hi` (both included) as a lazy sequence, for `for i in lo..hi`: the loop charges the budget."""
    return _numbers(lambda: f"{_show(lo)}..{_show(hi)}", lo, hi + 1 if hi.__class__ is int else hi)


def span_half_open(rt, lo, stop):
    """`range(lo, stop)` as a lazy sequence, for `for i in range(lo, stop)`: the loop charges the budget."""
    return _numbers(lambda: f"range({_show(lo)}, {_show(stop)})", lo, stop)


def interval(rt, lo, hi):
    """`lo..hi` as a list value: lo to hi, both included; charged to the step budget and capped."""
    numbers = span(rt, lo, hi)
    return list(rt.budget.charge(numbers, f"{_show(lo)}..{_show(hi)} of {len(numbers)} numbers"))


@builtin("range(int, int) -> list<int>")
def _range(rt, lo, stop):
    """`range(lo, stop)`: lo, lo+1, ..., stop-1 (stop excluded, as in Python). Its length is charged to the
    step budget and capped, so a hostile `range(1, 1000000000)` stops with BudgetExceeded instead of allocating."""
    numbers = span_half_open(rt, lo, stop)
    return list(rt.budget.charge(numbers, f"range({lo}, {stop}) of {len(numbers)} numbers"))


@builtin("distinct(list<T>) -> list<T>")
def _distinct(rt, items):
    """The items without repeats, in the order they first appear."""
    out, seen = [], Members(rt, [])
    for item in rt.budget.scan(_list("distinct", items)):
        if item not in seen:
            seen.add(item)
            out.append(item)
    return out


@builtin("definitions(list<any>) -> list<def>")
def _definitions(rt, things):
    """The definitions of the things, without repeats, in the order they first appear."""
    for thing in _list("definitions", things):
        _thing("definitions", thing)
    return _distinct(rt, [thing.def_id for thing in things])


@builtin("scenario_setting(text) -> any")
def _scenario_setting(rt, name):
    """A property of the scenario being played (e.g. `rounds`, or the scenario's own settings)."""
    if name not in rt.scenario_props:
        raise IllegalAction(f"scenario_setting: the scenario has no setting `{name}`"
                            f" (it has: {', '.join(sorted(rt.scenario_props)) or 'none'})")
    return rt.scenario_props[name]
