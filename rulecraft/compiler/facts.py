"""The analysis pass: what the checked bodies let the lowerer leave out, found before lowering.

Takes the checked program (the Resolution, the table of the fns a call may be inlined from) and
the handlers the driver lowers, each as its block and the expressions lowered outside it (a
trigger's `when`, a play's targets: driver.Handlers). Runs after checking, before lowering.
Gives Facts: typed findings keyed by node (resolved.NodeMap / NodeSet) that the lowerer
(lower.py, lower_data.py) only reads, and that compiler/reuse.py notes like the Resolution.
A fact absent for a node always means the general lowering (checked, guarded, called), so a
fact can only make a handler faster, never change what it does.

The analyses: how each body uses its variables (`uses`: owned lists, one-item appends, `let`s
that set a variable once); the size in bits of a whole number (`bits`: numbers written out, a
loop's counter, a variable set once to such, a call of an inlinable fn) and whether it is never
negative (`never_negative`), which drop the size check of `*` (`small`) and the sign test of a
list index; which calls can be inlined (`inlinable`, `simple`); which `+` join no lists nor
texts (`may_grow`); which selections every copy of a definition answers alike
(selections.per_definition); which log lines can neither fail nor change anything (`quiet`).

The optimiser's facts (compiler/optimise, off with `RULECRAFT_OPT=0`, when they stay empty): the
calls run before their statement by writing their fn out in the caller (`hoists`, `inlined`),
the loops written out item by item (`unrolled`), and the bounds conditions prove of variables
(`bounds`, optimise.ranges), which `never_negative` and `bits` read.
A newcomer may add a fact here: a field of Facts, found in Analysis (a `visit_CLASS`, or a
helper it calls), read in the lowerer; an optimisation's rule goes in its module of optimise/. A fact that
depends on where a node is (a loop's counter, a variable's size) is proven only if it holds at
every place the node is lowered from (`prove`): a node may be lowered twice (a mod's step patch
puts one body in several places).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..runtime.ruleset import Role
from . import nodes as n
from . import resolved as r
from .optimise import enabled, inline, unroll
from .optimise.ranges import Bounds, bounded_bits, bounds, is_int_literal, is_positive_literal, kept, merged
from .resolved import NodeMap, NodeSet
from .selections import per_definition
from .symbols import BUILTIN_FIELDS

SMALL_BITS = 64  # a product of two whole numbers this small is far below MAX_BITS: it is not checked
COUNTER_BITS = 51  # a loop's counter from a number of at most 15 digits, over at most a million numbers
PLAIN_COMPARISONS = n.ORDER | n.EQUALITY  # comparisons that are no search of a list


@dataclass
class Uses:
    """How the statements of a block use its variables, those of the blocks inside it included."""

    owned: set[str] = field(default_factory=set)  # changed in place: grown as lists, or items set
    lists: set[str] = field(default_factory=set)  # of them, those changed as lists
    pushed: set[str] = field(default_factory=set)  # lists grown one item at a time (`xs += [x]`)
    declared: set[str] = field(default_factory=set)  # declared inside (`let`, a `for`'s variable)
    bindings: dict[str, int] = field(default_factory=dict)  # name -> 1 a `let`, 2 any other binding

    def set_once(self) -> set[str]:
        """The variables set by one `let` and never changed (no `=`, `+=`, other `let` or `for`)."""
        return {name for name, count in self.bindings.items() if count == 1}

    def merge(self, inner: Uses) -> None:
        """Add what a block inside uses (its bindings counted again here)."""
        self.owned |= inner.owned
        self.lists |= inner.lists
        self.pushed |= inner.pushed
        self.declared |= inner.declared
        for name, count in inner.bindings.items():
            self.bindings[name] = self.bindings.get(name, 0) + count


def uses(block: n.Block, res: r.Resolution, known: dict[int, Uses] | None = None) -> Uses:
    """How a block's statements use its variables, those of the blocks inside it included. With
    `known` (by block identity, for one analysis: the blocks stay alive), each block inside is
    walked once however many blocks around it are asked about."""
    known = {} if known is None else known
    found = known.get(id(block))
    if found is not None:
        return found
    out = known[id(block)] = Uses()
    for stmt in block.stmts:
        for s in n.walk(stmt, skip=(n.Expr, n.Block)):
            if isinstance(s, n.Block):
                out.merge(uses(s, res, known))
            else:
                _use(s, res, out)
    return out


def _use(s: n.Node, res: r.Resolution, out: Uses) -> None:
    """What one statement binds or changes in place."""
    if isinstance(s, n.Let):
        out.declared.add(s.name)
        out.bindings[s.name] = out.bindings.get(s.name, 0) + 1
    elif isinstance(s, n.For):
        out.declared.add(s.var)
        out.bindings[s.var] = out.bindings.get(s.var, 0) + 2
    elif isinstance(s, n.Assign):
        target = s.target
        if isinstance(target, n.Name):
            out.bindings[target.name] = out.bindings.get(target.name, 0) + 2
            if s.op == n.AssignOp.ADD and res.type_of(target).name == "list":
                out.owned.add(target.name)
                out.lists.add(target.name)
                if isinstance(s.value, n.ListExpr) and len(s.value.items) == 1:
                    out.pushed.add(target.name)
        elif isinstance(target, n.Index) and isinstance(target.target, n.Name):
            out.owned.add(target.target.name)
            if res.type_of(target.target).name == "list":
                out.lists.add(target.target.name)


NO_USES = Uses()  # a handler without a block (an ability's modifier)


@dataclass(frozen=True)
class Facts:
    """What the analysis found, by node; the lowerer reads it and never writes it."""

    uses: NodeMap[Uses] = field(default_factory=NodeMap)  # a handler's block, or a loop's body
    unchecked_products: NodeSet = field(default_factory=NodeSet)  # `a * b` of two numbers of at most SMALL_BITS bits
    unguarded_indexes: NodeSet = field(default_factory=NodeSet)  # `xs[i]` whose index is never negative
    inlinable: NodeMap[n.FnDecl] = field(default_factory=NodeMap)  # a call -> the fn whose result stands for it
    plain_sums: NodeSet = field(default_factory=NodeSet)  # `+` and `+=` that join no lists nor texts
    shared_wheres: NodeSet = field(default_factory=NodeSet)  # `all K where C` asked once per run of copies
    quiet_logs: NodeSet = field(default_factory=NodeSet)  # `log` lines left out of a simulation's log
    # the optimiser's (compiler/optimise; all empty when it is off):
    hoists: NodeMap[tuple[n.Call, ...]] = field(default_factory=NodeMap)  # a statement -> the calls run before it
    inlined: NodeMap[n.FnDecl] = field(default_factory=NodeMap)  # such a call -> the fn written out for it
    unrolled: NodeMap[tuple] = field(default_factory=NodeMap)  # a `for` -> the constant items it is written out for


@dataclass(frozen=True)
class HandlerBody:
    """A body the driver lowers to one handler: its block, and the expressions lowered outside
    it, before (a `when`) and after it (a play's targets)."""

    block: n.Block | None
    before: tuple[n.Expr | None, ...] = ()
    after: tuple[n.Expr, ...] = ()


def analyse(res: r.Resolution, callables: dict[str, n.FnDecl], handlers: list[HandlerBody]) -> Facts:
    """The facts of every handler, analysed in the order given."""
    analysis = Analysis(res, callables)
    for h in handlers:
        analysis.handler(h)
    return analysis.facts


class Analysis(n.Visitor):
    """Walks each handler in the order the lowerer lowers it, keeping what a place in a body
    knows: the loop counters around it and the sizes of the variables set once before it."""

    def __init__(self, res: r.Resolution, callables: dict[str, n.FnDecl]):
        self.res = res
        self.callables = callables
        self.facts = Facts()
        self.doubted = NodeSet()  # nodes a place did not prove their fact at (`prove`)
        self.known_uses: dict[int, Uses] = {}  # block identity -> its Uses (`uses`; the blocks outlive the analysis)
        self.counters: set[str] = set()  # loop variables counting from 0 or more that their loop never changes
        self.set_once: set[str] = set()  # the handler's variables that one `let` sets and nothing changes
        self.sized: dict[str, int] = {}  # of them, those holding a whole number of at most so many bits
        self.optimising = enabled()  # the optimiser's facts are found (compiler/optimise)
        self.bounds: Bounds = {}  # the bounds of whole-number variables proven where the walk is (optimise.ranges)
        self.top: n.Block | None = None  # the handler's block
        self.bindings: dict[str, int] = {}  # the variables the handler sets anywhere
        self.fitting: dict[tuple[str, str], bool] = {}  # (fn, caller's file) -> whether it is written out there
        self.hoisting = inline.Hoisting(res, self.written_out, lambda e: e in self.facts.plain_sums)

    def handler(self, h: HandlerBody) -> None:
        used = uses(h.block, self.res, self.known_uses) if h.block is not None else NO_USES
        self.counters, self.set_once, self.sized = set(), used.set_once(), {}
        self.bounds, self.top, self.bindings = {}, h.block, used.bindings
        for e in h.before:
            if e is not None:
                self.visit(e)
        if h.block is not None:
            self.facts.uses[h.block] = used
            self.visit(h.block)
        for e in h.after:
            self.visit(e)

    def prove(self, fact: NodeSet, node: n.Node, proven: bool) -> None:
        """Note a fact of a node that depends on its place: kept only if every place proves it."""
        if proven and node not in self.doubted:
            fact.add(node)
        else:
            fact.discard(node)
            self.doubted.add(node)

    # ---- statements: in the order the lowerer takes them ---------------------------

    def visit_Block(self, b: n.Block) -> None:
        for s in b.stmts:
            self.visit(s)
            if self.optimising:
                self.hoist(s)  # after its visit: which of its sums are plain is known then
                if b is self.top and isinstance(s, n.Require):  # what it proves holds from here on
                    self.bounds = merged(self.bounds, kept(bounds(s.cond, self.res), self.bindings))

    def hoist(self, s: n.Stmt) -> None:
        """The calls of fns written out before the statement (optimise.inline)."""
        calls = self.hoisting.hoisted(s)
        if calls:
            self.facts.hoists[s] = calls
            for call in calls:
                self.facts.inlined[call] = self.callables[self.res.call(call).name]  # type: ignore[union-attr]  # a FnCall

    def written_out(self, call: n.Call) -> bool:
        """Whether a call's fn can be written out in its caller (and is not inlined as an expression)."""
        ref = self.res.call(call)
        decl = self.callables.get(ref.name) if isinstance(ref, r.FnCall) else None
        if decl is None or self.inlinable(call) is not None:
            return False
        key = (decl.name, call.span.file)
        if key not in self.fitting:
            self.fitting[key] = inline.fits(decl, call.span.file)
        return self.fitting[key]

    def where(self, cond: n.Expr, body: n.Block, changed: dict[str, int] | None = None) -> None:
        """Visit what runs where `cond` holds, with what it proves of the variables the body
        leaves alone (`changed`: those it sets, found here if not given)."""
        before = self.bounds
        found = bounds(cond, self.res) if self.optimising else {}
        if found:
            self.bounds = merged(before, kept(found, uses(body, self.res, self.known_uses).bindings
                                              if changed is None else changed))
        self.visit(body)
        self.bounds = before

    def visit_Let(self, s: n.Let) -> None:
        if s.name in self.set_once:
            size = self.bits(s.value)
            if size is not None:
                self.sized[s.name] = size
        self.visit(s.value)

    def visit_If(self, s: n.If) -> None:
        """The `else` first, then the other branches from the last (as lower.if_ builds them)."""
        if s.otherwise is not None:
            self.visit(s.otherwise)
        for cond, body in (*reversed(s.branches[1:]), s.branches[0]):
            self.visit(cond)
            self.where(cond, body)

    def visit_For(self, s: n.For) -> None:
        self.visit(s.iterable)
        used = self.facts.uses[s.body] = uses(s.body, self.res, self.known_uses)
        items = unroll.items(s, self.res, used.pushed, used.bindings.keys() | used.owned) if self.optimising else None
        if items is not None:
            self.facts.unrolled[s] = items
        counter = counts_from_whole(s.iterable, self.res) and s.var not in self.counters \
            and s.var not in used.bindings
        if counter:
            self.counters.add(s.var)
        self.visit(s.body)
        if counter:
            self.counters.discard(s.var)

    def visit_While(self, s: n.While) -> None:
        self.visit(s.cond)
        used = self.facts.uses[s.body] = uses(s.body, self.res, self.known_uses)
        self.where(s.cond, s.body, used.bindings)

    def visit_Assign(self, s: n.Assign) -> None:
        if s.op == n.AssignOp.ADD and not self.may_grow(s.target, s.value):
            self.facts.plain_sums.add(s)
        self.generic_visit(s)

    def visit_Log(self, s: n.Log) -> None:
        if all(isinstance(p, str) or self.quiet(p) for p in s.parts):
            self.facts.quiet_logs.add(s)
        self.generic_visit(s)

    # ---- expressions ----------------------------------------------------------------

    def visit_Binary(self, e: n.Binary) -> None:
        if e.op == n.BinOp.AND and self.optimising:  # the right side runs where the left held
            self.visit(e.left)
            before = self.bounds
            self.bounds = merged(before, bounds(e.left, self.res))
            self.visit(e.right)
            self.bounds = before
            return
        if e.op == n.BinOp.MUL:
            self.prove(self.facts.unchecked_products, e, self.small(e.left) and self.small(e.right))
        elif e.op == n.BinOp.ADD and not self.may_grow(e.left, e.right):
            self.facts.plain_sums.add(e)
        self.generic_visit(e)

    def visit_Index(self, e: n.Index) -> None:
        self.prove(self.facts.unguarded_indexes, e, self.never_negative(e.index))
        self.generic_visit(e)

    def visit_Call(self, e: n.Call) -> None:
        decl = self.inlinable(e)
        if decl is not None:
            self.facts.inlinable[e] = decl
        self.generic_visit(e)

    def visit_Select(self, e: n.Select) -> None:
        if e.where is not None and per_definition(e.where, self.res):
            self.facts.shared_wheres.add(e)
        self.generic_visit(e)

    # ---- the analyses -----------------------------------------------------------------

    def may_grow(self, *operands: n.Expr) -> bool:
        """True if `+` may join lists or texts (whose size could double each step)."""
        return any(self.res.type_of(o).name in ("list", "text", "any") for o in operands)

    def small(self, e: n.Expr) -> bool:
        """A whole number known to fit in SMALL_BITS bits: a product of two such is far below the
        limit on a number's size (MAX_BITS), so it is not checked."""
        size = self.bits(e)
        return size is not None and size <= SMALL_BITS

    def bits(self, e: n.Expr, parameters: dict[str, int | None] | None = None) -> int | None:
        """At most how many bits a whole number has, where the source says: a number written out,
        a loop's counter, a variable set once to such, and sums, differences, `//`, `%` and choices
        of them; None if unknown. `parameters`: the sizes of the arguments while sizing the result
        of an inlinable fn."""
        if is_int_literal(e):
            return abs(e.value).bit_length()  # type: ignore[attr-defined]  # an int literal
        if self.res.type_of(e).name != "int":
            return None
        if isinstance(e, n.Name):
            if not isinstance(self.res.name(e), r.LocalRef):
                return None
            if parameters is not None:  # a parameter of a fn whose result is sized
                return parameters.get(e.name)
            return COUNTER_BITS if e.name in self.counters else self.sized.get(e.name, bounded_bits(self.bounds, e.name))
        if isinstance(e, n.Call):
            decl = self.inlinable(e)
            if decl is None or parameters is not None:
                return None
            sizes = {p.name: self.bits(a) for p, a in zip(decl.params, e.args)}
            return self.bits(decl.body.stmts[0].value, sizes)  # type: ignore[attr-defined]  # a Return's value
        if isinstance(e, n.Unary):
            return self.bits(e.operand, parameters)
        if isinstance(e, n.IfExpr):
            both = (self.bits(e.then, parameters), self.bits(e.other, parameters))
            return None if None in both else max(both)  # type: ignore[type-var]  # no None left
        if not isinstance(e, n.Binary):
            return None
        left, right = self.bits(e.left, parameters), self.bits(e.right, parameters)
        if e.op in (n.BinOp.ADD, n.BinOp.SUB):
            return None if left is None or right is None else max(left, right) + 1
        if e.op == n.BinOp.FLOORDIV and is_positive_literal(e.right):
            return left
        if e.op == n.BinOp.MOD and is_positive_literal(e.right):
            return right
        return None

    def never_negative(self, e: n.Expr) -> bool:
        """Whether a whole number is known to be 0 or more: a number written out, a loop's counter
        from 0 or more that its body never changes (`counters`), and sums, products, `//` and `%`
        by a positive number written out."""
        if is_int_literal(e):
            return e.value >= 0  # type: ignore[attr-defined]  # an int literal
        if isinstance(e, n.Name):
            low = self.bounds.get(e.name, (None, None))[0]
            return (e.name in self.counters or (low is not None and low >= 0)) and isinstance(self.res.name(e), r.LocalRef)
        if not isinstance(e, n.Binary):
            return False
        if e.op in (n.BinOp.ADD, n.BinOp.MUL):
            return self.never_negative(e.left) and self.never_negative(e.right)
        if e.op == n.BinOp.FLOORDIV:
            return is_positive_literal(e.right) and self.never_negative(e.left)
        return e.op == n.BinOp.MOD and is_positive_literal(e.right) and self.res.type_of(e.left).name == "int"

    def inlinable(self, call: n.Call) -> n.FnDecl | None:
        """The `fn` called, if its whole body returns an expression that changes nothing (`simple`)
        and the arguments change nothing either (`plain_read`)."""
        ref = self.res.call(call)
        decl = self.callables.get(ref.name) if isinstance(ref, r.FnCall) else None
        if decl is None or decl.role != Role.FN or len(decl.body.stmts) != 1:
            return None
        body = decl.body.stmts[0]
        if isinstance(body, n.Return) and body.value is not None and self.simple(body.value) \
                and all(self.plain_read(a) for a in call.args):
            return decl
        return None

    def simple(self, e: n.Expr) -> bool:
        """A fn's result that can be computed in its caller: values read (`plain_read`),
        comparisons, logic, `-` and `not`, a choice (`if ... then ... else`), and sums and
        differences of whole numbers."""
        if isinstance(e, n.Binary):  # not a comparison of values that may nest: one of `any` may fail
            whole = all(self.res.type_of(o).name == "int" for o in (e.left, e.right))
            return ((e.op in PLAIN_COMPARISONS and not self.res.is_nested(e))
                    or e.op in n.LOGIC or (e.op in (n.BinOp.ADD, n.BinOp.SUB) and whole)) \
                and self.simple(e.left) and self.simple(e.right)
        if isinstance(e, n.Unary):
            return self.simple(e.operand)
        if isinstance(e, n.IfExpr):
            return self.simple(e.cond) and self.simple(e.then) and self.simple(e.other)
        return self.plain_read(e)

    def plain_read(self, e: n.Expr) -> bool:
        """True if reading `e` changes nothing: a variable, a constant, and a thing's built-in
        fields or a record's fields of such (which fail only on none, wherever they are read)."""
        if isinstance(e, n.Attr):
            ref = self.res.attr(e)
            return (isinstance(ref, r.RecordField) or (e.name in BUILTIN_FIELDS and not isinstance(ref, r.DefinitionField))) \
                and self.plain_read(e.target)
        return self.quiet(e)

    def quiet(self, e: n.Expr) -> bool:
        """True if reading `e` can neither fail nor change the game: a variable or a constant."""
        if isinstance(e, (n.Literal, n.This)):
            return True
        return isinstance(e, n.Name) and isinstance(self.res.name(e), (r.LocalRef, r.ConstRef))


def counts_from_whole(e: n.Expr, res: r.Resolution) -> bool:
    """Whether a loop runs over whole numbers from a number 0 or more written out (`a..b`, `range(a, b)`)."""
    if isinstance(e, n.Interval):
        low = e.low
    elif isinstance(e, n.Call) and res.call(e) == r.BuiltinCall("range"):
        low = e.args[0]
    else:
        return False
    return is_int_literal(low) and low.value >= 0  # type: ignore[attr-defined]  # an int literal


def keyed_param(trig: n.Trigger, params: list[str], res: r.Resolution) -> int | None:
    """The position of the event's parameter that a definition's trigger first compares with its
    thing (`when p == this ...`): the trigger can only fire for the thing the event names there, so
    the event runs it for that thing alone instead of asking every thing of the definition."""
    cond = trig.when
    while isinstance(cond, n.Binary) and cond.op == n.BinOp.AND:
        cond = cond.left
    if not (isinstance(cond, n.Binary) and cond.op == n.BinOp.EQ):
        return None
    for name, other in ((cond.left, cond.right), (cond.right, cond.left)):
        if isinstance(name, n.Name) and isinstance(other, n.This) and name.name in params \
                and isinstance(res.ref(name), r.LocalRef):
            return params.index(name.name)
    return None
