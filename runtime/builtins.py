"""The functions every ruleset can call, with the signatures the type checker uses.

Each entry is (python function taking the game first, parameter types, result type).
`T` is a type variable bound by the first argument that mentions it. This table is
the one place where the language's vocabulary of built-in functions grows.
"""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Any, Callable


def _first(rt, items):
    return items[0] if items else None


def _last(rt, items):
    return items[-1] if items else None


def _random(rt, items):
    picked = rt.random_pick(items, 1)
    return picked[0] if picked else None


def _neighbours(rt, thing):
    return [rt.entities[i] for i in rt.graph.neighbour_ids(thing)]


def _others(rt, player):
    return [p for p in rt.players if p is not player]


def _text(rt, value):
    return str(value.name if hasattr(value, "name") else value)


BUILTINS: dict[str, tuple[Callable[..., Any], tuple[str, ...], str]] = {
    "count": (lambda rt, items: len(items), ("list<any>",), "int"),
    "sum": (lambda rt, items: sum(items), ("list<int>",), "int"),
    "min": (lambda rt, items: min(items) if items else 0, ("list<int>",), "int"),
    "max": (lambda rt, items: max(items) if items else 0, ("list<int>",), "int"),
    "first": (_first, ("list<T>",), "T"),
    "last": (_last, ("list<T>",), "T"),
    "random": (_random, ("list<T>",), "T"),
    "sample": (lambda rt, items, n: rt.random_pick(items, n), ("list<T>", "int"), "list<T>"),
    "ceil": (lambda rt, x: math.ceil(Fraction(x)), ("num",), "int"),
    "floor": (lambda rt, x: math.floor(Fraction(x)), ("num",), "int"),
    "abs": (lambda rt, x: abs(x), ("int",), "int"),
    "players": (lambda rt: list(rt.players), (), "list<player>"),
    "others": (_others, ("player",), "list<player>"),
    "current_player": (lambda rt: rt.current_player, (), "player"),
    "current_round": (lambda rt: rt.round, (), "int"),
    "in_phase": (lambda rt, name: rt.in_phase(name), ("text",), "bool"),
    "knows": (lambda rt, player, thing: rt.knows(player, thing), ("player", "any"), "bool"),
    "items": (lambda rt, zone: list(zone.items), ("zone",), "list<any>"),
    "size": (lambda rt, zone: len(zone.items), ("zone",), "int"),
    "link": (lambda rt, a, b: rt.graph.link(a, b), ("any", "any"), "none"),
    "unlink": (lambda rt, a, b: rt.graph.unlink(a, b), ("any", "any"), "none"),
    "linked": (lambda rt, a, b: rt.graph.linked(a, b), ("any", "any"), "bool"),
    "neighbours": (_neighbours, ("T",), "list<T>"),
    "text": (_text, ("any",), "text"),
    "range": (lambda rt, lo, hi: list(range(lo, hi + 1)), ("int", "int"), "list<int>"),
}
