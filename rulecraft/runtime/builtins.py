"""The functions every ruleset can call, with the signatures the type checker uses.

Each entry is (python function taking the game first, parameter types, result type).
`T` is a type variable bound by the first argument that mentions it. This table is
the one place where the language's vocabulary of built-in functions grows; board libraries
(grid.py for square grids, hexgrid.py for hex boards) bring their own tables, merged below.

A value typed `any` (or `none`) can reach a built-in with the wrong shape at run time, so
each function turns a wrong argument into IllegalAction (a GameError with the built-in's
name), never a raw Python exception; and `range` is capped and charged to the step budget.
"""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Any, Callable

from . import data, grid, hexgrid
from .arith import MAX_LENGTH
from .deep import Members, nested_size
from .errors import BudgetExceeded, IllegalAction
from .state import Entity, Zone

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


def _count(rt, items):
    return len(items if items.__class__ is list else _list("count", items))


def _sum(rt, items):
    try:
        return sum(_list("sum", items))
    except TypeError:
        raise _bad("sum", *items) from None


def _min(rt, items):
    try:
        return min(_list("min", items)) if items else 0
    except TypeError:
        raise _bad("min", *items) from None


def _max(rt, items):
    try:
        return max(_list("max", items)) if items else 0
    except TypeError:
        raise _bad("max", *items) from None


def _first(rt, items):
    if not items:
        return None
    return items[0] if items.__class__ is list else _list("first", items)[0]


def _last(rt, items):
    return _list("last", items)[-1] if items else None


def _random(rt, items):
    picked = rt.chance.random_pick(_list("random", items), 1)
    return picked[0] if picked else None


def _sample(rt, items, n):
    if not isinstance(n, int):
        raise _bad("sample", items, n)
    return rt.chance.random_pick(_list("sample", items), n)


def _ceil(rt, x):
    try:
        return math.ceil(Fraction(x))
    except (TypeError, ValueError):
        raise _bad("ceil", x) from None


def _floor(rt, x):
    try:
        return math.floor(Fraction(x))
    except (TypeError, ValueError):
        raise _bad("floor", x) from None


def _abs(rt, x):
    try:
        return abs(x)
    except TypeError:
        raise _bad("abs", x) from None


def _others(rt, player):
    return [p for p in rt.players if p is not player]


def _in_phase(rt, name):
    return rt.events.in_phase(name)


def _knows(rt, player, thing):
    _thing("knows", player, thing)
    return rt.knowledge.knows(player, thing)


def _items(rt, zone):
    if not isinstance(zone, Zone):
        raise _bad("items", zone)
    return list(zone.items)


def _size(rt, zone):
    if not isinstance(zone, Zone):
        raise _bad("size", zone)
    return len(zone.items)


def _link(rt, a, b):
    _thing("link", a, b)
    rt.things.graph.link(a, b)


def _unlink(rt, a, b):
    _thing("unlink", a, b)
    rt.things.graph.unlink(a, b)


def _linked(rt, a, b):
    _thing("linked", a, b)
    return rt.things.graph.linked(a, b)


def _neighbours(rt, thing):
    _thing("neighbours", thing)
    return [rt.things.entities[i] for i in rt.things.graph.neighbour_ids(thing)]


def _text(rt, value):
    if value.__class__ is str:
        return value
    if isinstance(value, int) and value.bit_length() > MAX_TEXT_BITS:
        raise BudgetExceeded(f"a number of more than {MAX_TEXT_BITS} bits is too long to show")
    if isinstance(value, (list, dict)):  # shown item by item: measured first, then charged as made
        rt.budget.spend(nested_size(value), "shows too much?")
        shown = str(value)
        if len(shown) > MAX_LENGTH:
            raise BudgetExceeded(f"a text longer than {MAX_LENGTH} characters")
        rt.budget.grow(len(shown))
        return shown
    return str(value.name if hasattr(value, "name") else value)


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


def _range(rt, lo, stop):
    """`range(lo, stop)`: lo, lo+1, ..., stop-1 (stop excluded, as in Python). Its length is charged to the
    step budget and capped, so a hostile `range(1, 1000000000)` stops with BudgetExceeded instead of allocating."""
    numbers = span_half_open(rt, lo, stop)
    return list(rt.budget.charge(numbers, f"range({lo}, {stop}) of {len(numbers)} numbers"))


def _distinct(rt, items):
    """The items without repeats, in the order they first appear."""
    out, seen = [], Members(rt, [])
    for item in rt.budget.scan(_list("distinct", items)):
        if item not in seen:
            seen.add(item)
            out.append(item)
    return out


def _definitions(rt, things):
    """The definitions of the things, without repeats, in the order they first appear."""
    for thing in _list("definitions", things):
        _thing("definitions", thing)
    return _distinct(rt, [thing.def_id for thing in things])


def _scenario_setting(rt, name):
    """A property of the scenario being played (e.g. `rounds`, or the scenario's own settings)."""
    if name not in rt.scenario_props:
        raise IllegalAction(f"scenario_setting: the scenario has no setting `{name}`"
                            f" (it has: {', '.join(sorted(rt.scenario_props)) or 'none'})")
    return rt.scenario_props[name]


BUILTINS: dict[str, tuple[Callable[..., Any], tuple[str, ...], str]] = {
    "count": (_count, ("list<any>",), "int"),
    "sum": (_sum, ("list<int>",), "int"),
    "min": (_min, ("list<int>",), "int"),
    "max": (_max, ("list<int>",), "int"),
    "first": (_first, ("list<T>",), "T"),
    "last": (_last, ("list<T>",), "T"),
    "random": (_random, ("list<T>",), "T"),
    "sample": (_sample, ("list<T>", "int"), "list<T>"),
    "ceil": (_ceil, ("num",), "int"),
    "floor": (_floor, ("num",), "int"),
    "abs": (_abs, ("int",), "int"),
    "players": (lambda rt: list(rt.players), (), "list<player>"),
    "others": (_others, ("player",), "list<player>"),
    "current_player": (lambda rt: rt.events.current_player, (), "player"),
    "current_round": (lambda rt: rt.history.round, (), "int"),
    "in_phase": (_in_phase, ("text",), "bool"),
    "playable_in": (lambda rt, window, zone, player: rt.choices.playable(window, zone, player), ("text", "text", "player"),
                 "list<any>"),
    "knows": (_knows, ("player", "any"), "bool"),
    "items": (_items, ("zone",), "list<any>"),
    "size": (_size, ("zone",), "int"),
    "link": (_link, ("any", "any"), "none"),
    "unlink": (_unlink, ("any", "any"), "none"),
    "linked": (_linked, ("any", "any"), "bool"),
    "neighbours": (_neighbours, ("T",), "list<T>"),
    "text": (_text, ("any",), "text"),
    "range": (_range, ("int", "int"), "list<int>"),
    "scenario_setting": (_scenario_setting, ("text",), "any"),
    "distinct": (_distinct, ("list<T>",), "list<T>"),
    "definitions": (_definitions, ("list<any>",), "list<def>"),
}


def _library(*tables: dict) -> None:
    """Add the built-ins of a board library; a name may be defined only once."""
    for table in tables:
        clash = sorted(set(table) & set(BUILTINS))
        if clash:
            raise RuntimeError(f"built-in names defined twice: {', '.join(clash)}")
        BUILTINS.update(table)


_library(grid.BUILTINS, hexgrid.BUILTINS, data.BUILTINS)
