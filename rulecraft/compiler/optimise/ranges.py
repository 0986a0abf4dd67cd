"""Range facts: the bounds of whole-number variables that a condition proves where it holds.

Takes a condition (`col >= 0 and col <= 6 and b[row * 7 + col] == 1`) and what the checker
resolved; gives, for each variable it compares with a whole number written out, the lowest and
highest value it can have where the condition has held (`bounds`), and a merge of such bounds.
The analysis pass (facts.py) keeps them while it walks what only runs when the condition held:
the rest of an `and`, the body of an `if` or `while` whose condition it is (for the variables the
body never sets) and everything after a `require` at the top of a handler (for variables nothing
in the handler sets). There a list index the bounds keep at 0 or more needs no sign test, and a
product of numbers the bounds keep small no size check. A newcomer may read more comparisons
here (`x > y` of two bounded variables, say); a bound must hold wherever it is kept.
"""

from __future__ import annotations

from .. import nodes as n
from .. import resolved as r

Bounds = dict[str, tuple[int | None, int | None]]  # a variable -> (lowest, highest); None: unknown
FLIPPED = {n.BinOp.LT: n.BinOp.GT, n.BinOp.LE: n.BinOp.GE, n.BinOp.GT: n.BinOp.LT, n.BinOp.GE: n.BinOp.LE,
           n.BinOp.EQ: n.BinOp.EQ}


def is_int_literal(e: n.Expr) -> bool:
    return isinstance(e, n.Literal) and isinstance(e.value, int) and not isinstance(e.value, bool)


def is_positive_literal(e: n.Expr) -> bool:
    """A whole number above 0 written out (a divisor that keeps `//` and `%` in bounds)."""
    return is_int_literal(e) and e.value > 0  # type: ignore[attr-defined]  # an int literal


def bounds(cond: n.Expr, res: r.Resolution) -> Bounds:
    """What a condition proves of its whole-number variables where it is true."""
    found: Bounds = {}
    for part in conjuncts(cond):
        if not isinstance(part, n.Binary) or part.op not in FLIPPED:
            continue
        name, op, number = part.left, part.op, part.right
        if is_int_literal(name):
            name, op, number = number, FLIPPED[op], name
        if isinstance(name, n.Name) and is_int_literal(number) and isinstance(res.name(name), r.LocalRef) \
                and res.type_of(name).name == "int":
            found = merged(found, {name.name: _bound(op, number.value)})  # type: ignore[attr-defined]  # int literal
    return found


def conjuncts(cond: n.Expr) -> list[n.Expr]:
    """The parts of `a and b and c` (the condition itself if it is no `and`)."""
    if isinstance(cond, n.Binary) and cond.op == n.BinOp.AND:
        return conjuncts(cond.left) + conjuncts(cond.right)
    return [cond]


def _bound(op: n.BinOp, k: int) -> tuple[int | None, int | None]:
    return {n.BinOp.LT: (None, k - 1), n.BinOp.LE: (None, k), n.BinOp.GT: (k + 1, None),
            n.BinOp.GE: (k, None), n.BinOp.EQ: (k, k)}[op]


def merged(a: Bounds, b: Bounds) -> Bounds:
    """Both sets of bounds at once (each variable's tightest)."""
    out = dict(a)
    for name, (low, high) in b.items():
        old_low, old_high = out.get(name, (None, None))
        out[name] = (low if old_low is None else old_low if low is None else max(low, old_low),
                     high if old_high is None else old_high if high is None else min(high, old_high))
    return out


def kept(found: Bounds, changed: set[str] | dict[str, int]) -> Bounds:
    """The bounds of the variables not in `changed` (a body that sets a variable loses its bound)."""
    return {name: bound for name, bound in found.items() if name not in changed}


def bounded_bits(found: Bounds, name: str) -> int | None:
    """The size in bits of a variable bounded on both sides (None if a side is unknown)."""
    low, high = found.get(name, (None, None))
    return None if low is None or high is None else max(abs(low), abs(high)).bit_length()
