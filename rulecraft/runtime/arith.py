"""Arithmetic whose results could explode: checked so a ruleset cannot exhaust memory or time.

Takes the operands of `*`, `+`, `/`, `//`, `%` and the pieces of a text template (`"{a}{b}"`);
gives their value, or BudgetExceeded / a fault. Adding numbers grows them by at most one bit a
step, which the step budget bounds; but multiplying two variables, or joining a list or a text
to itself (`s + s`, `"{s}{s}"`), doubles the size each step. Those operations go through these
helpers (the compiler picks them by type), and every list or text they make is measured first
and charged to the budget (`made`) before it is made. A newcomer adds here a helper for a new
operation whose result may grow, and makes it call `made` before making anything.
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
    """`a % b`, naming the numbers when b is 0. `%` is the remainder of numbers: a text on its
    left (typed `any`) is a fault, never Python's text formatting (whose width would make a text
    of any length: `"%2000000000d" % 1`)."""
    if a.__class__ is str:
        raise RuleFault("`%` takes numbers, not a text (a text is made with a template: \"{x}\")")
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


def joined(rt: Any, pieces: list[str]) -> str:
    """A text template's text (`"{a} and {b}"`): its pieces are texts already; the text they make
    together is measured, refused past MAX_LENGTH and charged before it is made (as `made`)."""
    rt.budget.grow(sum(map(len, pieces)))
    return "".join(pieces)


def fits(items: list) -> list:
    """A list grown item by item, checked against the length limit (after each loop round that
    may grow it past the limit, and once its loop is done)."""
    if len(items) > MAX_LENGTH:
        raise BudgetExceeded(f"a list or text longer than {MAX_LENGTH} items")
    return items


def made(rt: Any, length: int) -> None:
    """A list or text of `length` items is about to be made: refused past MAX_LENGTH, else charged
    (Budget.grow; a negative count of repeats makes an empty one: nothing to charge, and never a refund)."""
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
