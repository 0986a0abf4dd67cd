"""Arithmetic whose results could explode: checked so a ruleset cannot exhaust memory or time.

Adding numbers grows them by at most one bit a step, which the step budget bounds; but
multiplying two variables, or joining a list or a text to itself, doubles the size each
step. Those operations go through these helpers (the compiler picks them by type).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from .errors import BudgetExceeded, IllegalAction, RuleFault

MAX_BITS = 4096
INT_LIMIT = 1 << MAX_BITS  # a whole number of at most MAX_BITS bits is below it
MAX_LENGTH = 1_000_000


def exact_div(a: Any, b: Any) -> Fraction:
    if b == 0:
        raise IllegalAction(f"division by zero ({a} / 0)")
    return checked(Fraction(a) / Fraction(b))


def floor_div(a: Any, b: Any) -> Any:
    """`a // b`, naming the numbers when b is 0."""
    if b == 0 and isinstance(b, int):
        raise RuleFault(f"division by zero ({a} // 0)")
    return a // b


def remainder(a: Any, b: Any) -> Any:
    """`a % b`, naming the numbers when b is 0."""
    if b == 0 and isinstance(b, int):
        raise RuleFault(f"division by zero ({a} % 0)")
    return a % b


def checked_mul(rt: Any, a: Any, b: Any) -> Any:
    if a.__class__ is int and b.__class__ is int:  # the usual case, kept fast
        product = a * b
        if -INT_LIMIT < product < INT_LIMIT:
            return product
        raise BudgetExceeded(f"a number larger than {MAX_BITS} bits")
    for items, times in ((a, b), (b, a)):  # a text or list repeated: its size is known before it is made
        if isinstance(items, (list, str)) and isinstance(times, int):
            made(rt, len(items) * times)
    return checked(a * b)


def checked_add(rt: Any, a: Any, b: Any) -> Any:
    if isinstance(a, (list, str)) and isinstance(b, (list, str)):
        made(rt, len(a) + len(b))
    return a + b


def made(rt: Any, length: int) -> None:
    """A list or text of `length` items is about to be made: refused past MAX_LENGTH, else charged
    (a negative count of repeats makes an empty one: nothing to charge, and never a refund)."""
    if length > MAX_LENGTH:
        raise BudgetExceeded(f"a list or text longer than {MAX_LENGTH} items")
    rt.budget.grow(max(length, 0))


def checked(value: Any) -> Any:
    if isinstance(value, Fraction):
        bits = value.numerator.bit_length() + value.denominator.bit_length()
    elif isinstance(value, int):
        bits = value.bit_length()
    else:
        return value
    if bits > MAX_BITS:
        raise BudgetExceeded(f"a number larger than {MAX_BITS} bits")
    return value
