"""The globals of compiled handlers, apart from the lowering that refers to them, so a ruleset
read back from the cache gets its namespace without importing the compiler.

Takes nothing; gives the namespace every file's handlers run in (no Python builtins at all):
the lowering's helpers, each built-in's checked entry point as `b_NAME` and, where it has one,
its typed entry point as `t_NAME` (runtime/library.py, called where compiler/typed_calls.py
proves what it assumes). A newcomer adding a helper the lowering calls (`_NAME`) names it here,
and nowhere else.
"""

from __future__ import annotations

from typing import Any

from ..runtime.arith import MAX_BITS, checked_add, checked_mul, exact_div, fits, floor_div, joined, remainder
from ..runtime.builtins import BUILTINS, interval, span, span_half_open
from ..runtime.data import (
    RECORD_TYPES,
    append,
    get_key,
    get_truth_key,
    own,
    own_list,
    position,
    set_item,
    set_key,
    set_prop_item,
    truth_keyed,
)
from ..runtime.deep import contains, equal, number, without
from ..runtime.errors import HANDLERS, IllegalAction, item_fault
from ..runtime.lazy import either
from ..runtime.library import TYPED
from ..runtime.odds_draws import count_where


def namespace() -> dict[str, Any]:
    """The only globals compiled handlers see: no Python builtins at all."""
    ns: dict[str, Any] = {"__builtins__": {}, "_div": exact_div, "_add": checked_add, "_mul": checked_mul,
                          "_without": without, "_span": span, "_IndexError": IndexError, "_item_fault": item_fault,
                          "_floordiv": floor_div, "_mod": remainder, "_join": joined,
                          "_span_half_open": span_half_open, "_interval": interval,
                          "_Refused": IllegalAction, HANDLERS: True, "_own": own, "_append": append,
                          "_set_item": set_item, "_set_prop_item": set_prop_item, "_get_key": get_key,
                          "_record": RECORD_TYPES, "_own_list": own_list, "_fits": fits,
                          "_equal": equal, "_contains": contains, "_set_key": set_key, "_get_truth_key": get_truth_key,
                          "_truth_keyed": truth_keyed, "_position": position,
                          "_number": number, "_either": either, "_count_where": count_where, "_HALF": 1 << (MAX_BITS // 2)}
    for name, (func, _, _) in BUILTINS.items():
        ns[f"b_{name}"] = func
    for name, typed in TYPED.items():
        ns[f"t_{name}"] = typed
    return ns
