"""Unrolling: a `for` over a constant list of a few items, written out once per item.

Takes a `for` loop, what the checker resolved and how its body uses its variables (facts.Uses);
gives the items to write it out for (`items`), or None: the list must be known when compiling
(a `const`, a list of literals, `a..b` of numbers written out) and have at most UNROLLED_ITEMS items,
and the body at most UNROLLED_STATEMENTS statements, none a `break` or `continue`, with no list grown
item by item (whose rounds the budget watches: Budget.rounds) and the loop's variable never set.
The lowerer charges the same rounds before the first item, as the loop did, then lowers the
body once per item with the variable standing for that item, a constant, so that reading an
item of it (`d[0]`) is read when compiling (`constant_item`). A newcomer may unroll more loops
(a body that grows a list, with its length checks kept); the steps charged must stay the same.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

from .. import nodes as n
from .. import resolved as r
from .ranges import is_int_literal

UNROLLED_ITEMS = 8  # items of a constant list a loop over it is written out for
UNROLLED_STATEMENTS = 24  # statements of the body (nested ones counted), times the items


def items(s: n.For, res: r.Resolution, pushed: Collection[str], changed: Collection[str]) -> tuple[Any, ...] | None:
    """The items to write the loop out for, or None if it stays a loop; `pushed`: the lists its
    body grows item by item, `changed`: the variables it sets or changes (facts.Uses)."""
    values = constant_list(s.iterable, res)
    if values is None or not values or len(values) > UNROLLED_ITEMS or not all(map(_plain, values)):
        return None
    if pushed or s.var in changed:
        return None
    count = 0
    for node in n.walk(s.body, skip=(n.Expr,)):
        if isinstance(node, (n.Break, n.Continue)):
            return None
        count += isinstance(node, n.Stmt)
    return tuple(values) if count * len(values) <= UNROLLED_STATEMENTS else None


def constant_list(e: n.Expr, res: r.Resolution) -> list[Any] | None:
    """The items of a list known when compiling: a `const`, literals in brackets, `a..b` of numbers
    (an interval only up to UNROLLED_ITEMS long: `1..10**12` is never made)."""
    if isinstance(e, n.Name):
        ref = res.name(e)
        value = ref.value if isinstance(ref, r.ConstRef) else None
        return list(value) if isinstance(value, list) else None
    if isinstance(e, n.ListExpr) and all(isinstance(i, n.Literal) for i in e.items):
        return [i.value for i in e.items]  # type: ignore[attr-defined]  # literals, just checked
    if (isinstance(e, n.Interval) and is_int_literal(e.low) and is_int_literal(e.high)
            and e.high.value - e.low.value < UNROLLED_ITEMS):  # type: ignore[attr-defined]  # int literals
        return list(range(e.low.value, e.high.value + 1))  # type: ignore[attr-defined]  # int literals
    return None


def _plain(value: Any) -> bool:
    """A value the lowerer writes as a constant: a number, a text, a truth value, or a list of such."""
    if isinstance(value, list):
        return all(map(_plain, value))
    return value is None or isinstance(value, (int, str))


def constant_item(holder: Any, index: n.Expr) -> tuple[bool, Any]:
    """`holder[index]` read when compiling: (True, the item) for a list known then and a whole
    number written out within it; (False, None) if the read stays for run time (it may fail)."""
    if isinstance(holder, list) and is_int_literal(index) and 0 <= index.value < len(holder):  # type: ignore[attr-defined]
        return True, holder[index.value]  # type: ignore[attr-defined]  # an int literal, just checked
    return False, None
