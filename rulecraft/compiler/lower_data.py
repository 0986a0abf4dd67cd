"""Lowering the data model: records, maps, item assignment, in-place growth and `x is KIND`.

A mixin of the Lowerer (compiler.lower). Value semantics without copying on every append: a
variable the body grows in place (`xs += [...]`) or whose items it sets (`xs[i] = v`) *owns* its
list or map. Whatever flows into it is copied (`_own`), and reading it copies too, except where
the reader cannot keep it (an index, a comparison, `+`, `return`, a built-in that only looks).
"""

from __future__ import annotations

import ast
import dataclasses
from typing import Any

from . import nodes as n
from . import resolved as r

RT = "rt"
PAST_ANY_LIST = 1 << 62  # an index no list reaches (lists hold at most 1,000,000 items)
# Built-ins that only look at a list: a variable's own list may be passed to them uncopied.
LOOKING_BUILTINS = frozenset({"count", "sum", "min", "max", "first", "last", "random", "sample", "distinct", "text"})


def _name(id: str) -> ast.Name:
    return ast.Name(id=id, ctx=ast.Load())


def _call(func: str, *args: ast.expr) -> ast.Call:
    return ast.Call(func=_name(func), args=list(args), keywords=[])


def _constant(value: Any) -> ast.expr:
    if isinstance(value, list):
        return ast.List(elts=[_constant(v) for v in value], ctx=ast.Load())
    return ast.Constant(value=value)


def owned_names(block: n.Block, res: r.Resolution) -> set[str]:
    """The variables a body changes in place: grown with `+=` (as lists) or with items set."""
    out: set[str] = set()
    stack: list[Any] = [block]
    while stack:
        node = stack.pop()
        if isinstance(node, n.Block):
            stack.extend(node.stmts)
        elif isinstance(node, tuple):
            stack.extend(node)
        elif isinstance(node, n.Assign):
            target = node.target
            if isinstance(target, n.Index) and isinstance(target.target, n.Name):
                out.add(target.target.name)
            elif isinstance(target, n.Name) and node.op == n.AssignOp.ADD and res.type_of(target).name == "list":
                out.add(target.name)
        elif isinstance(node, n.Stmt):
            stack.extend(getattr(node, f.name) for f in dataclasses.fields(node))
    return out


class DataLowering:
    res: r.Resolution
    owned: set[str]
    items_read: int

    def expr(self, e: n.Expr) -> ast.expr:  # pragma: no cover - the Lowerer's
        raise NotImplementedError

    def is_owned(self, e: n.Expr) -> bool:
        return isinstance(e, n.Name) and isinstance(self.res.refs.get(id(e)), r.LocalRef) and e.name in self.owned

    def read(self, e: n.Expr) -> ast.expr:
        """An operand whose reader keeps nothing: an owned variable is read without a copy."""
        return _name(f"v_{e.name}") if self.is_owned(e) else self.expr(e)  # type: ignore[attr-defined]

    def owned_read(self, e: n.Name, plain: ast.expr) -> ast.expr:
        return _call("_own", _name(RT), plain) if e.name in self.owned else plain

    def into_owned(self, name: str, value: n.Expr) -> ast.expr:
        """The value a variable that owns its list or map receives: a copy, unless it is new."""
        lowered = self.expr(value)
        if name not in self.owned or isinstance(value, (n.ListExpr, n.MapExpr)):
            return lowered
        return _call("_own", _name(RT), lowered)

    def prologue(self, params: list[str]) -> list[ast.stmt]:
        """Parameters the body changes in place take a copy of their arguments."""
        return [ast.Assign(targets=[ast.Name(id=p, ctx=ast.Store())], value=_call("_own", _name(RT), _name(p)))
                for p in params if p.startswith("v_") and p[2:] in self.owned]

    def grow(self, target: n.Name, value: n.Expr) -> ast.stmt:
        """`xs += ys` on a variable that owns its list: in place, amortised O(1) a item."""
        v = f"v_{target.name}"
        if isinstance(value, n.ListExpr) and len(value.items) == 1:  # `xs += [x]`: no list to build
            return ast.Expr(value=_call("_push", _name(RT), _name(v), self.expr(value.items[0])))
        return ast.Assign(targets=[ast.Name(id=v, ctx=ast.Store())],
                          value=_call("_append", _name(RT), _name(v), self.expr(value)))

    def set_item(self, target: n.Index, value: ast.expr) -> ast.stmt:
        holder = target.target
        if isinstance(holder, n.Attr):  # a thing's property (the checker allows no other)
            return ast.Expr(value=_call("_set_prop_item", _name(RT), self.expr(holder.target),
                                        ast.Constant(holder.name), self.expr(target.index), value))
        return ast.Expr(value=_call("_set_item", _name(RT), self.read(holder), self.expr(target.index), value))

    def item(self, e: n.Index) -> ast.expr:
        holder = self.read(e.target)
        if self.res.type_of(e.target).name == "map":
            return _call("_get_key", holder, self.expr(e.index))
        # `(_hN := xs)[_iN if (_iN := i) >= 0 else PAST]`: a plain subscript that keeps the list and
        # the index for a fault to name (runtime/errors.item_fault finds read N by the end column
        # _locate gives it); a negative index reads past the end too, never from the end.
        n_ = self.items_read
        self.items_read += 1
        index = ast.IfExp(test=ast.Compare(left=ast.NamedExpr(target=ast.Name(id=f"_i{n_}", ctx=ast.Store()),
                                                              value=self.expr(e.index)),
                                           ops=[ast.GtE()], comparators=[ast.Constant(0)]),
                          body=ast.Name(id=f"_i{n_}", ctx=ast.Load()), orelse=ast.Constant(PAST_ANY_LIST))
        read = ast.Subscript(value=ast.NamedExpr(target=ast.Name(id=f"_h{n_}", ctx=ast.Store()), value=holder),
                             slice=index, ctx=ast.Load())
        read.item_read = n_  # type: ignore[attr-defined]
        return read

    def record_new(self, e: n.RecordNew) -> ast.expr:
        ref = self.res.record(e)
        written = {name: self.expr(value) for name, _, value in e.fields}
        given = [(name, written[name] if isinstance(how, int) else _constant(self.res.value(how)))
                 for name, how in ref.fields]
        fields = ast.Dict(keys=[ast.Constant(k) for k, _ in given], values=[v for _, v in given])  # declared order
        record_type = ast.Subscript(value=_name("_record"), slice=ast.Constant(ref.name), ctx=ast.Load())
        return ast.Call(func=record_type, args=[fields], keywords=[])

    def map_expr(self, e: n.MapExpr) -> ast.expr:
        return ast.Dict(keys=[self.expr(k) for k, _ in e.items], values=[self.expr(v) for _, v in e.items])
