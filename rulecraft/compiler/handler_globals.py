"""The globals of compiled handlers, apart from the lowering that refers to them, so a ruleset
read back from the cache gets its namespace without importing the compiler."""

from __future__ import annotations

from typing import Any

from ..runtime.arith import checked_add, checked_mul, exact_div, floor_div, item, remainder, without
from ..runtime.builtins import BUILTINS, interval, span, span_half_open
from ..runtime.data import append, get_key, make_record, own, set_item
from ..runtime.errors import HANDLERS, IllegalAction


def namespace() -> dict[str, Any]:
    """The only globals compiled handlers see: no Python builtins at all."""
    ns: dict[str, Any] = {"__builtins__": {}, "_div": exact_div, "_add": checked_add, "_mul": checked_mul,
                          "_without": without, "_span": span, "_item": item,
                          "_floordiv": floor_div, "_mod": remainder,
                          "_span_half_open": span_half_open, "_interval": interval,
                          "_Refused": IllegalAction, HANDLERS: True, "_own": own, "_append": append,
                          "_set_item": set_item, "_get_key": get_key, "_record": make_record}
    for name, (func, _, _) in BUILTINS.items():
        ns[f"b_{name}"] = func
    return ns
