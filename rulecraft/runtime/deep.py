"""Comparing and showing nested values at a cost the budget sees.

Lists, maps and records can hold one another, and one list can be held many times: forty rounds
of `x = [x, x]` make a value of 2**40 items in forty steps. Python's `==`, `in` and `str` walk
every one of them. These helpers measure a value's nested items first (a list held twice
counts twice), refuse more than MAX_LENGTH of them and charge the rest like a search, so no
single comparison can run for hours. The compiler uses them only where a type may nest.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from .arith import MAX_LENGTH
from .budget import ITEMS_PER_STEP
from .errors import BudgetExceeded, RuleFault
from .state import PLAIN


def nested_size(*values: Any) -> int:
    """How many items `values` hold, nested ones included; more than MAX_LENGTH is refused."""
    room = MAX_LENGTH
    pending = list(values)
    while pending:
        value = pending.pop()
        items = value if isinstance(value, list) else value.values() if isinstance(value, dict) else None
        if items is None:
            continue
        room -= len(items)
        if room < 0:
            raise BudgetExceeded(f"a value of more than {MAX_LENGTH} items, counting the items of the lists it holds")
        if not PLAIN.issuperset(map(type, items)):  # a pass in C finds the usual list holds no others
            pending.extend(item for item in items if item.__class__ not in PLAIN)
    return MAX_LENGTH - room


def shown_length(value: Any) -> int:
    """At least how many characters `str(value)` of a list or map has: each item one (its
    separator), each text its characters, each number a digit per four bits. Past MAX_LENGTH it
    is refused before the text is made: a list held a million times, or holding a long text a
    million times, is short in items but would be long to show."""
    total, pending = 0, [value]
    while pending:
        item = pending.pop()
        cls = item.__class__
        if cls is str:
            total += len(item)
        elif cls is int:
            total += item.bit_length() >> 2
        elif isinstance(item, list):
            total += len(item)
            pending.extend(item)
        elif isinstance(item, dict):
            total += 2 * len(item)
            pending.extend(item.keys())
            pending.extend(item.values())
        if total > MAX_LENGTH:
            raise BudgetExceeded(f"a text longer than {MAX_LENGTH} characters")
    return total


def equal(rt: Any, a: Any, b: Any) -> bool:
    """`a == b` where either side may nest."""
    if a is b:
        return True
    if a.__class__ in PLAIN or b.__class__ in PLAIN:
        return bool(a == b)
    if a.__class__ is list and b.__class__ is list:
        size = len(a)
        if size != len(b):
            return False  # Python's == looks at no item of lists of different lengths
        if not size:
            return True
        if PLAIN.issuperset(map(type, a)) and PLAIN.issuperset(map(type, b)):  # flat: nested_size is 2 * size
            if size >= ITEMS_PER_STEP // 2:
                rt.budget.spend(2 * size, "compares too much?")
            return a == b
    _spend(rt, nested_size(a, b))
    return bool(a == b)


def _spend(rt: Any, items: int) -> None:
    """Charge the comparison of `items` items (fewer than a step's worth cost nothing: see Budget.spend)."""
    if items >= ITEMS_PER_STEP:
        rt.budget.spend(items, "compares too much?")


def contains(rt: Any, item: Any, items: Any) -> bool:
    """`item in items` where the item may nest: each comparison costs the item's size."""
    rt.budget.scan(items)
    if item.__class__ not in PLAIN and isinstance(items, list):
        _spend(rt, nested_size(item) * len(items))
    return item in items


def number(value: Any) -> Any:
    """An operand of `<`, `<=`, `>` or `>=` whose type the checker could not know: a number, or a fault."""
    if value.__class__ is int or isinstance(value, (int, Fraction)):
        return value
    shown = "none" if value is None else "a text" if isinstance(value, str) else "a list" if isinstance(value, list) \
        else "a map or record" if isinstance(value, dict) else f"a {type(value).__name__}"
    raise RuleFault(f"`<`, `<=`, `>` and `>=` compare numbers, not {shown}")


def without(rt: Any, a: Any, b: Any) -> Any:
    """`a -= b`: the items of list `a` that are not in `b` (in order), or a number minus a number."""
    if isinstance(a, list):
        gone = Members(rt, rt.budget.scan(b) if isinstance(b, list) else [b])
        return [x for x in rt.budget.scan(a) if x not in gone]
    return a - b


class Members:
    """The items of a list, for asking `x in` each in constant time (hashable items) or by
    comparison (lists, maps, records: compared with the few of them there are, at their size)."""

    def __init__(self, rt: Any, items: list) -> None:
        self.rt = rt
        self.hashed: set = set()
        self.compared: list = []
        for item in items:
            self.add(item)

    def add(self, item: Any) -> None:
        try:
            self.hashed.add(item)
        except TypeError:
            self.compared.append(item)

    def __contains__(self, item: Any) -> bool:
        try:
            return item in self.hashed
        except TypeError:
            if self.compared:
                self.rt.budget.spend(nested_size(item) * len(self.compared), "compares too much?")
            return item in self.compared
