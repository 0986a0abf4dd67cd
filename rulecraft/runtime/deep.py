"""Comparing and showing values as the language means them, at a cost the budget sees.

Takes two values (or an item and a list or map) from compiled code and built-ins; gives whether
they are equal, whether the item is there, how big a value is to compare or show, or a refusal.
Lists, maps and records can hold one another, and one list can be held many times: forty rounds
of `x = [x, x]` make a value of 2**40 items in forty steps. Python's `==`, `in` and `str` walk
every one of them. These helpers measure a value's nested items first (a list held twice
counts twice), refuse more than MAX_LENGTH of them and charge the rest like a search, so no
single comparison can run for hours; `shown_length` refuses a text too long to show before it is
made. Python also counts `true` as 1 and `false` as 0: here they are different values (`same`,
`holds`, `key_of`), at no cost to comparing numbers with numbers. The compiler uses these only
where a type may nest or a truth value may meet a number. A newcomer changes here what the
language counts as one value, and nowhere else.
"""
from __future__ import annotations

from fractions import Fraction
from itertools import repeat
from operator import is_ as _is
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
    """`a == b` where either side may nest (or be `true` and `1`: never equal, see `same`)."""
    if a is b:
        return True
    if a.__class__ in PLAIN or b.__class__ in PLAIN:
        return a == b and (a.__class__ is bool) is (b.__class__ is bool)
    if a.__class__ is list and b.__class__ is list:
        size = len(a)
        if size != len(b):
            return False  # Python's == looks at no item of lists of different lengths
        if not size:
            return True
        kinds_a, kinds_b = set(map(type, a)), set(map(type, b))
        if kinds_a <= PLAIN and kinds_b <= PLAIN:  # flat: nested_size is 2 * size
            if size >= ITEMS_PER_STEP // 2:
                rt.budget.spend(2 * size, "compares too much?")
            return a == b and ((bool not in kinds_a and bool not in kinds_b) or _truths(a) == _truths(b))
    _spend(rt, nested_size(a, b))
    return a == b and same(a, b)


def _truths(items: list) -> list[bool]:
    """Which of a flat list's items are `true` or `false` (a pass in C)."""
    return list(map(_IS_BOOL, items))


_IS_BOOL = bool.__instancecheck__


def same(a: Any, b: Any) -> bool:
    """Given `a == b` in Python, whether they are the same value in the language too. Python
    counts `true` as 1 and `false` as 0 (a bool is an int there): the language does not, in any
    item or key however nested. The walk is charged by the caller (nested_size)."""
    pending = [(a, b)]
    while pending:
        x, y = pending.pop()
        cls = x.__class__
        if cls is not y.__class__ and (cls is bool or y.__class__ is bool):
            return False
        if cls is list:
            pending.extend(zip(x, y))
        elif isinstance(x, dict):
            kept = {key_of(k): v for k, v in y.items()}
            for k, v in x.items():
                if key_of(k) not in kept:
                    return False
                pending.append((v, kept[key_of(k)]))
    return True


def key_of(value: Any) -> Any:
    """What a value is hashed as when the language looks it up (`distinct`, `-=`): itself, but
    `true` and `false` apart from 1 and 0 (a tuple, which no value of the language is)."""
    return (value,) if value.__class__ is bool else value


def _spend(rt: Any, items: int) -> None:
    """Charge the comparison of `items` items (fewer than a step's worth cost nothing: see Budget.spend)."""
    if items >= ITEMS_PER_STEP:
        rt.budget.spend(items, "compares too much?")


def contains(rt: Any, item: Any, items: Any) -> bool:
    """`item in items` where the item may nest, or where `true` may meet 1 (`false` 0): each
    comparison costs the item's size, and only the same value is found (`holds`)."""
    rt.budget.scan(items)
    if item.__class__ not in PLAIN and isinstance(items, list):
        _spend(rt, nested_size(item) * len(items))
    return item in items and (not isinstance(items, (list, dict)) or holds(items, item))


def holds(items: list | dict, item: Any) -> bool:
    """Given `item in items` (a list, or a map's keys) in Python, whether the language finds it
    there too: what Python found equal may be `true` for 1, or hold it (`same`)."""
    if item.__class__ is bool:  # `true` and `false` are one object each
        return any(map(_is, items, repeat(item)))
    if item.__class__ in PLAIN or not isinstance(item, (list, dict)):
        if item != 0 and item != 1:  # a text, none, a thing, or a number no truth value equals
            return True
        if isinstance(items, dict):  # a map keeps one key of those equal: is it the truth value?
            return not any(map(_is, items, repeat(item == 1)))
        return any(x == item and x.__class__ is not bool for x in items)
    return any(x == item and same(x, item) for x in items)


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
    """The items of a list, for asking `x in` each in constant time (hashable items, `true` and
    `false` hashed apart from 1 and 0 as `key_of` does) or by comparison (lists, maps, records:
    compared with the few of them there are, at their size, as `contains` compares them)."""

    def __init__(self, rt: Any, items: list) -> None:
        self.rt = rt
        self.hashed: set = set()
        self.compared: list = []
        for item in items:
            self.add(item)

    def add(self, item: Any) -> None:
        try:
            self.hashed.add((item,) if item.__class__ is bool else item)  # key_of, inline: a call an item is dear
        except TypeError:
            self.compared.append(item)

    def __contains__(self, item: Any) -> bool:
        try:
            return ((item,) if item.__class__ is bool else item) in self.hashed
        except TypeError:
            if self.compared:
                self.rt.budget.spend(nested_size(item) * len(self.compared), "compares too much?")
            return item in self.compared and holds(self.compared, item)
