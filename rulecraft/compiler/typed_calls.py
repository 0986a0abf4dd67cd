"""Calls of built-ins: the typed entry point where what the checker found proves what it assumes.

Takes a call of a built-in the lowerer lowers: its name, its arguments and what the checker
resolved (the Resolution). Gives the name of the global the call lowers to: `t_NAME`, the
built-in's typed entry point (runtime/library.py `TYPED`), when every argument of a type in
library.PROVEN is proven; otherwise `b_NAME`, the checked entry point, which checks every
argument at run time. Both give the same answers and the same refusals (runtime/library.py).
`t_` + a built-in's name never meets a trigger's handler (`t_` + a number, driver.py).

A `board` argument is proven when it is the name of a board the ruleset declares, written there:
that is a text, whatever is laid on the board when the call runs (which the typed entry point
checks). A variable or a parameter of type `board` proves nothing: a value of type `any` may
stand where a board is expected. Whole numbers are not proven here: a variable typed `int` may
hold none or a fraction (from `first([])`, from a value of type `any`), and the typed entry points
test an argument's class where they test its range, which costs next to nothing beside the call;
what the typed entry point saves is the checked one's test of the board's name and its second
call.

A newcomer may add a proven parameter type (library.PROVEN), with the proof of its arguments in
`proven`.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..runtime.builtins import BUILTINS
from ..runtime.library import PROVEN, TYPED
from ..runtime.types import BOARD
from . import nodes as n
from . import resolved as r


def entry_point(name: str, args: Sequence[n.Expr], res: r.Resolution) -> str:
    """The global a call of the built-in `name` on `args` calls: its typed entry point where every
    argument it assumes something of is proven, else its checked one."""
    if name in TYPED and all(proven(want, a, res) for want, a in zip(BUILTINS[name].params, args)):
        return f"t_{name}"
    return f"b_{name}"


def proven(want: str, e: n.Expr, res: r.Resolution) -> bool:
    """Whether `e` is proven to be what a typed entry point assumes of a parameter of type `want`."""
    if want not in PROVEN:
        return True  # the typed entry point checks it as the checked one does
    return isinstance(e, n.Name) and isinstance(res.ref(e), r.ConstRef) and res.type_of(e) == BOARD
