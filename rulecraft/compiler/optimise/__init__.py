"""The optimising middle of the compiler: rewrites chosen after checking, before lowering (issue 29).

Takes the checked program as the analysis pass sees it (compiler/facts.py calls these modules
while it walks each handler); gives more facts, which the lowerer (lower.py) reads to emit
faster Python that does the very same thing: the same results, the same step counts, every
`require` and every fault at the same `file:line:col`, the same log. One module per
transformation:

- inline:  small fns with loops called from a statement, lowered into their caller
  (the call graph is a DAG: recursion is refused, so inlining ends);
- unroll:  `for` loops over a constant list of a few items, written out item by item with the
  item a constant (and a constant item of it read at compile time);
- ranges:  bounds of whole-number variables that conditions and `require`s prove (`x >= 0 and
  ...`), which drop the sign test of a list index and the size check of a product.

`RULECRAFT_OPT=0` turns every transformation off (`enabled`, the one place the switch is read):
the lowerer then emits the one-for-one form, to compare against. The compiled cache keeps the
two forms apart (cache.py). A newcomer adds a transformation as a module here, its finding as a
field of facts.Facts (empty when the switch is off), and its lowering in the lowerer.
"""

from __future__ import annotations

import os

SWITCH = "RULECRAFT_OPT"


def enabled() -> bool:
    """Whether the optimiser runs: on unless `RULECRAFT_OPT` is `0` (read at each compile)."""
    return os.environ.get(SWITCH, "1").strip() != "0"
