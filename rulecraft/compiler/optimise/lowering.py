"""The optimiser's lowering: a mixin of the Lowerer (compiler.lower) for the rewrites the facts ask for.

Takes what the analysis pass found for the optimiser (facts.Facts: `hoists`, `inlined`,
`unrolled`, all empty when it is off) and the Lowerer it is mixed into; gives Python `ast`:
a fn written out before the statement that calls it (`hoisted`, `written_out`: optimise.inline)
and a loop over a constant list written out item by item (`unrolled`: optimise.unroll). What
each does and why it changes nothing but speed is in its transformation's module; a newcomer
adds the lowering of a new transformation here, and its finding in facts.py.
"""

from __future__ import annotations

import ast
from typing import Any

from .. import nodes as n
from .. import resolved as r
from ..facts import Facts
from ..lower_data import BodyState, constant, counted, rt_call
from .inline import renamed

_UNSET = object()  # a loop variable that stood for no item before (`unrolled`)


class OptimisedLowering:
    res: r.Resolution
    facts: Facts
    inlines: int
    _state: BodyState | None

    @property
    def state(self) -> BodyState:  # pragma: no cover - the Lowerer's
        raise NotImplementedError

    def expr(self, e: n.Expr) -> ast.expr:  # pragma: no cover - the Lowerer's
        raise NotImplementedError

    def block(self, b: n.Block | tuple[n.Stmt, ...]) -> list[ast.stmt]:  # pragma: no cover - the Lowerer's
        raise NotImplementedError

    def prologue(self, params: list[str]) -> list[ast.stmt]:  # pragma: no cover - DataLowering's
        raise NotImplementedError

    def loop_items(self, iterable: n.Expr) -> ast.expr:  # pragma: no cover - the Lowerer's
        raise NotImplementedError

    def hoisted(self, s: n.Stmt) -> list[ast.stmt]:
        """The fns a statement calls that are written out before it (optimise.inline), in the
        order they run: each sets a variable the statement then reads for its call."""
        out: list[ast.stmt] = []
        for call in self.facts.hoists.get(s, ()):
            out += self.written_out(call)
        return out

    def written_out(self, call: n.Call) -> list[ast.stmt]:
        """A call's fn written out in the caller: its arguments into its parameters, its body,
        and its result into `rK`, its variables renamed apart (`vK_NAME`, optimise.inline.renamed).
        Its statements keep their own places, so a fault in them names the same `file:line:col`."""
        decl, ref = self.facts.inlined[call], self.res.call(call)
        assert isinstance(ref, r.FnCall)
        args = [self.expr(a) for a in call.args] + [constant(self.res.value(default)) for default in ref.missing]
        k = self.inlines
        self.inlines += 1
        outer = self.state
        self._state = inner = BodyState(n.Body(decl.role), self.facts.uses[decl.body])
        try:
            body = self.prologue([f"v_{p.name}" for p in decl.params]) + self.block(decl.body.stmts)
        finally:
            self._state = outer
        returned = body.pop()  # the fn's one exit, its last statement (optimise.inline.fits), located there
        assert isinstance(returned, ast.Return)
        assert returned.value is not None
        result = ast.copy_location(ast.Assign(targets=[ast.Name(id=f"r{k}", ctx=ast.Store())], value=returned.value),
                                   returned)
        outer.record_types |= inner.record_types
        outer.results[id(call)] = f"r{k}"
        bound = [ast.Assign(targets=[ast.Name(id=f"v{k}_{p.name}", ctx=ast.Store())], value=a)
                 for p, a in zip(decl.params, args)]
        return bound + renamed([*body, result], k)

    def unrolled(self, s: n.For, items: tuple[Any, ...]) -> list[ast.stmt]:
        """A `for` over a constant list written out item by item (optimise.unroll): its rounds
        counted first, as the loop charges them (the list is never made: `counted`, a charge of
        as many items where they would pass the limit), then its body once per item, the loop's
        variable standing for the item (the Lowerer reads `state.constants`)."""
        rounds = ast.Constant(tuple(range(len(items))))  # type: ignore[arg-type]  # a tuple of ints is a valid constant
        out = [counted(len(items), rt_call("charge", rounds))]
        constants = self.state.constants
        before = constants.get(s.var, _UNSET)
        try:
            for item in items:
                constants[s.var] = item
                out += self.block(s.body)
        finally:
            if before is _UNSET:
                del constants[s.var]
            else:
                constants[s.var] = before
        return out
