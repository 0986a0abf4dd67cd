"""Lowering the data model: records, maps, item assignment, in-place growth and `x is KIND`.

A mixin of the Lowerer (compiler.lower): takes what the Lowerer is lowering (its BodyState, and
the facts of the analysis pass: facts.Uses says which variables a body owns) and gives Python
`ast` for the data model. Value semantics without copying on every append: a variable the body
grows in place (`xs += [...]`) or whose items it sets (`xs[i] = v`) *owns* its list or map.
Whatever flows into it is copied (`_own`), and reading it copies too, except where the reader
cannot keep it (an index, a comparison, `+`, `return`, a built-in that only looks).
Also the pieces every lowering builds on: an operation or table of the game (`rt_call`, `rt_data`:
only what runtime/interface.py names) and steps counted without a call (`counted`).
A newcomer may add the lowering of a data expression here; what a body owns is found in facts.py.
"""

from __future__ import annotations

import ast
import dataclasses
from typing import Any

from ..runtime.interface import HANDLER_CALLS, HANDLER_DATA
from ..runtime.types import ANY, Ty
from . import nodes as n
from . import resolved as r
from .facts import Facts, Uses

RT = "rt"
PAST_ANY_LIST = 1 << 62  # an index no list reaches (lists hold at most 1,000,000 items)
# Built-ins that only look at a list: a variable's own list may be passed to them uncopied.
LOOKING_BUILTINS = frozenset({"count", "sum", "min", "max", "first", "last", "random", "sample", "distinct", "text"})


def _name(id: str) -> ast.Name:
    return ast.Name(id=id, ctx=ast.Load())


def _call(func: str, *args: ast.expr) -> ast.Call:
    return ast.Call(func=_name(func), args=list(args), keywords=[])


def _on_rt(path: str, attr: str) -> ast.expr:
    """`rt.attr`, or `rt.part.attr` where the runtime's interface table puts it on a part."""
    owner: ast.expr = _name(RT)
    if path:
        owner = ast.Attribute(value=owner, attr=path, ctx=ast.Load())
    return ast.Attribute(value=owner, attr=attr, ctx=ast.Load())


def rt_call(method: str, *args: ast.expr) -> ast.Call:
    """A call of an operation of the game (`rt.part.method(...)`, runtime/interface.py)."""
    return ast.Call(func=_on_rt(HANDLER_CALLS[method], method), args=list(args), keywords=[])


def rt_data(table: str) -> ast.expr:
    """A plain table of the game a handler reads (`rt.part.table`, runtime/interface.py)."""
    return _on_rt(HANDLER_DATA[table], table)


def counted(k: int, charge: ast.Call) -> ast.stmt:
    """`k` steps counted without a call where they fit within the limit (`rt.budget.steps += k`);
    where they would pass it, `charge` (a budget call that counts the same k steps) counts them
    and stops the game with its own message, at the same place: `tick()` for a `while` round,
    `charge(...)` of k items for the rounds of an unrolled loop (optimise.lowering)."""
    steps = rt_data("steps")
    add = ast.AugAssign(target=ast.Attribute(value=steps.value, attr="steps", ctx=ast.Store()),  # type: ignore[attr-defined]
                        op=ast.Add(), value=ast.Constant(k))
    room = rt_data("limit") if k == 1 else ast.BinOp(left=rt_data("limit"), op=ast.Sub(), right=ast.Constant(k - 1))
    within = ast.Compare(left=steps, ops=[ast.Lt()], comparators=[room])
    return ast.If(test=within, body=[add], orelse=[ast.Expr(value=charge)])


def constant(value: Any) -> ast.expr:
    """A value known when compiling (a number, text, truth value, none or a list of such) as Python."""
    if isinstance(value, list):
        return ast.List(elts=[constant(v) for v in value], ctx=ast.Load())
    return ast.Constant(value=value)


def truth_meets_number(a: Ty, b: Ty) -> bool:
    """Whether a value of type a may be `true` or `false` and one of type b a number, or the
    reverse: Python counts them equal (True == 1), the language never (runtime.deep.holds)."""
    truths, numbers = ("bool", "any"), ("int", "num", "any")
    return (a.name in truths and b.name in numbers) or (a.name in numbers and b.name in truths)


def map_key_type(t: Ty) -> Ty:
    """The type of the keys of a value of type t that may be a map."""
    return t.key if t.name == "map" else ANY


def record_class(name: str) -> str:
    """The global a file's handlers find a record type's class in (`record_classes`)."""
    return f"_rec_{name}"


def record_classes(names: set[str]) -> list[ast.stmt]:
    """`_rec_NAME = _record['NAME']` for each record type a file's handlers make, run with them."""
    return [ast.Assign(targets=[ast.Name(id=record_class(name), ctx=ast.Store())],
                       value=ast.Subscript(value=_name("_record"), slice=ast.Constant(name), ctx=ast.Load()))
            for name in sorted(names)]


@dataclasses.dataclass
class BodyState:
    """What lowering one handler changes as it goes: the Lowerer's only state besides the count
    of list item reads. Made for each lowering call (Lowerer.lowering) and dropped after it."""

    of: n.Body  # what the body belongs to
    used: Uses  # how it uses its variables (the fact of its block): owned, lists, pushed
    loops: int = 0  # how many loops enclose the statement being lowered
    checked: set[str] = dataclasses.field(default_factory=set)  # lists an enclosing loop checks the length of when it ends
    record_types: set[str] = dataclasses.field(default_factory=set)  # record types made by the function being lowered
    arguments: dict[str, ast.expr] | None = None  # a fn's parameters while its result is inlined
    appends: list[list[str]] = dataclasses.field(default_factory=list)  # per enclosing loop: the lists its body
    # (not a loop inside it) appends to item by item, one name an append (`loop_body`)
    results: dict[int, str] = dataclasses.field(default_factory=dict)  # a call written out before its statement
    # (its identity) -> the variable holding its result (Lowerer.hoisted)
    constants: dict[str, Any] = dataclasses.field(default_factory=dict)  # a loop variable of a loop written out
    # item by item -> the item it stands for (Lowerer.unrolled)


class DataLowering:
    res: r.Resolution
    facts: Facts
    items_read: int

    @property
    def state(self) -> BodyState:  # pragma: no cover - the Lowerer's
        raise NotImplementedError

    def expr(self, e: n.Expr) -> ast.expr:  # pragma: no cover - the Lowerer's
        raise NotImplementedError

    def is_owned(self, e: n.Expr) -> bool:
        state = self.state
        if state.arguments is not None:  # a parameter of a fn whose result is inlined: never the caller's variable
            return False
        return isinstance(e, n.Name) and isinstance(self.res.ref(e), r.LocalRef) and e.name in state.used.owned

    def read(self, e: n.Expr) -> ast.expr:
        """An operand whose reader keeps nothing: an owned variable is read without a copy."""
        return _name(f"v_{e.name}") if self.is_owned(e) else self.expr(e)  # type: ignore[attr-defined]

    def owned_read(self, e: n.Name, plain: ast.expr) -> ast.expr:
        return _call("_own", _name(RT), plain) if e.name in self.state.used.owned else plain

    def copy_in(self, name: str, value: ast.expr) -> ast.expr:
        """A copy for a variable that owns its list or map; a variable the body changes as a list
        only ever holds a list (`_own_list` refuses anything else), so growing it is a plain
        append and setting an item a plain item assignment."""
        return _call("_own_list" if name in self.state.used.lists else "_own", _name(RT), value)

    def into_owned(self, name: str, value: n.Expr) -> ast.expr:
        """The value a variable that owns its list or map receives: a copy, unless it is new."""
        lowered = self.expr(value)
        if name not in self.state.used.owned or isinstance(value, (n.ListExpr, n.ListComp, n.MapExpr)):
            return lowered
        return self.copy_in(name, lowered)

    def prologue(self, params: list[str]) -> list[ast.stmt]:
        """Parameters the body changes in place take a copy of their arguments."""
        return [ast.Assign(targets=[ast.Name(id=p, ctx=ast.Store())], value=self.copy_in(p[2:], _name(p)))
                for p in params if p.startswith("v_") and p[2:] in self.state.used.owned]

    def grow(self, target: n.Name, value: n.Expr) -> ast.stmt:
        """`xs += ys` on a variable that owns its list: in place, amortised O(1) a item. `xs += [x]`
        is a plain append: the loop round that runs it pays for it and checks the list's length
        (`appended`), and so do the loop's end and a `return` (`loop_body`)."""
        v = f"v_{target.name}"
        if isinstance(value, n.ListExpr) and len(value.items) == 1:  # `xs += [x]`: no list to build
            if self.state.appends:
                self.state.appends[-1].append(target.name)
            append = ast.Attribute(value=_name(v), attr="append", ctx=ast.Load())
            return ast.Expr(value=ast.Call(func=append, args=[self.expr(value.items[0])], keywords=[]))
        return ast.Assign(targets=[ast.Name(id=v, ctx=ast.Store())],
                          value=_call("_append", _name(RT), _name(v), self.expr(value)))

    def loop_body(self, body: n.Block, used: Uses) -> tuple[list[ast.stmt], list[ast.stmt], list[str]]:
        """A loop's body, the length checks to run when the loop ends (one for each list the body
        grows item by item that lives outside the body, unless an enclosing loop checks it) and
        the lists the body itself appends to item by item, a name an append (`appended`)."""
        state = self.state
        mine = sorted(used.pushed - used.declared - state.checked)
        state.loops += 1
        state.checked.update(mine)
        state.appends.append([])
        try:
            stmts = self.body(body)  # type: ignore[attr-defined]
        finally:
            state.loops -= 1
            state.checked.difference_update(mine)
            appended = state.appends.pop()
        return stmts, [ast.Expr(value=_call("_fits", _name(f"v_{name}"))) for name in mine], appended

    def appended(self, appended: list[str], used: Uses) -> list[ast.expr]:
        """The arguments of the budget's `rounds` (after a `for`'s items) and `round` (a `while`'s
        step) for a loop body that appends item by item: how many items a round appends, then the
        lists it appends to that live outside the body, which the budget watches (Budget.rounds)."""
        outside = sorted(set(appended) - used.declared)
        return [ast.Constant(len(appended)), *(_name(f"v_{name}") for name in outside)]

    def set_item(self, target: n.Index, value: ast.expr) -> ast.stmt:
        holder = target.target
        if isinstance(holder, n.Attr):  # a thing's property (the checker allows no other)
            return ast.Expr(value=_call("_set_prop_item", _name(RT), self.expr(holder.target),
                                        ast.Constant(holder.name), self.expr(target.index), value))
        if isinstance(holder, n.Name) and holder.name in self.state.used.lists and self.is_owned(holder):
            # `xs[i] = v` on the variable's own list: a plain item assignment (no step of its own, as
            # an append); an index past either end is a fault naming it (`item`)
            slot = self.item(target)
            assert isinstance(slot, ast.Subscript)  # a list's item, not a map's
            slot.ctx = ast.Store()
            return ast.Assign(targets=[slot], value=value)
        helper = "_set_key" if self.key_meets(holder, target.index) else "_set_item"  # m[true] and m[1]: one refused
        return ast.Expr(value=_call(helper, _name(RT), self.read(holder), self.expr(target.index), value))

    def member_meets(self, e: n.Binary) -> bool:
        """`x in xs` where x may be `true` and an item 1 (or the reverse): Python would find it."""
        held = self.res.type_of(e.right)
        held = held.element if held.name == "list" else held.key if held.name == "map" else held
        return truth_meets_number(self.res.type_of(e.left), held)

    def key_meets(self, holder: n.Expr, key: n.Expr) -> bool:
        """`m[k]` where m may be a map whose keys may be truth values and k a number, or the reverse."""
        t = self.res.type_of(holder)
        return t.name in ("map", "any") and truth_meets_number(map_key_type(t), self.res.type_of(key))

    def item(self, e: n.Index) -> ast.Subscript | ast.Call:
        holder = self.read(e.target)
        if self.res.type_of(e.target).name == "map":
            return _call("_get_truth_key" if self.key_meets(e.target, e.index) else "_get_key", holder, self.expr(e.index))
        # `(_hN := xs)[_iN if (_iN := i) >= 0 else PAST]`: a plain subscript that keeps the list and
        # the index for a fault to name (runtime/errors.item_fault finds read N by the end column
        # _locate gives it); a negative index reads past the end too, never from the end. An index
        # that cannot be negative is not tested: `(_hN := xs)[(_iN := i)]`.
        n_ = self.items_read
        self.items_read += 1
        index: ast.expr = ast.NamedExpr(target=ast.Name(id=f"_i{n_}", ctx=ast.Store()), value=self.expr(e.index))
        if e not in self.facts.unguarded_indexes:
            if self.res.type_of(e.index) == ANY:  # `xs[true]` is no read of xs[1]
                index = _call("_position", index)
            index = ast.IfExp(test=ast.Compare(left=index, ops=[ast.GtE()], comparators=[ast.Constant(0)]),
                              body=ast.Name(id=f"_i{n_}", ctx=ast.Load()), orelse=ast.Constant(PAST_ANY_LIST))
        read = ast.Subscript(value=ast.NamedExpr(target=ast.Name(id=f"_h{n_}", ctx=ast.Store()), value=holder),
                             slice=index, ctx=ast.Load())
        read.item_read = n_  # type: ignore[attr-defined]
        return read

    def record_new(self, e: n.RecordNew) -> ast.expr:
        ref = self.res.record(e)
        written = {name: self.expr(value) for name, _, value in e.fields}
        given = [(name, written[name] if isinstance(how, int) else constant(self.res.value(how)))
                 for name, how in ref.fields]
        fields = ast.Dict(keys=[ast.Constant(k) for k, _ in given], values=[v for _, v in given])  # declared order
        self.state.record_types.add(ref.name)
        return ast.Call(func=_name(record_class(ref.name)), args=[fields], keywords=[])

    def map_expr(self, e: n.MapExpr) -> ast.expr:
        keys, values = [self.expr(k) for k, _ in e.items], [self.expr(v) for _, v in e.items]
        types = [self.res.type_of(k) for k, _ in e.items]
        if any(truth_meets_number(a, b) for i, a in enumerate(types) for b in types[i + 1:]):  # `{true: 1, 1: 2}`
            return _call("_truth_keyed", _name(RT), ast.List(elts=keys, ctx=ast.Load()), ast.List(elts=values, ctx=ast.Load()))
        return ast.Dict(keys=list[ast.expr | None](keys), values=values)
