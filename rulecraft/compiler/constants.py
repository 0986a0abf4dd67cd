"""Constants: the values a ruleset writes where a value must be known when compiling (a `const`,
a property's default, a definition's property, an assumption, a die's face, an ability's
argument), evaluated by the checker, and the type of a constant expression.

Takes constant expressions from the checkers (through CheckContext, which this mixin is part of);
gives each value to the Resolution (`valued`) for the later stages, and its errors to the
Diagnostics. A `const` is evaluated once for each type wanted of it (the memo `consts`), so a
constant naming another ten times costs ten steps, not ten evaluations of it. What the values
hold is charged before anything walks it: a value's items count each time it holds them (a list
held twice counts twice, as text, `==`, the compiled cache and `export` meet it twice). A constant
holding more than MAX_CONST_ITEMS items is E0603 at its name, and so is the place that brings what
the ruleset holds past MAX_CONST_ITEMS all told; a value nesting deeper than MAX_CONST_DEPTH levels
is E0602; a constant made of itself is E0604, naming the cycle. Each is reported once, and such a
constant has no value (None), so nothing reports it again. A newcomer may add a kind of constant
expression here (`_held_value`), giving its value, the items it holds and its levels.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..runtime.arith import MAX_LENGTH
from ..runtime.ruleset import AssumedValue
from ..runtime.types import ANY, BOOL, DIE, INT, NONE, TEXT, Ty, list_of
from . import nodes as n
from .diagnostics import suggest
from .resolved import Resolution
from .source import Span
from .symbols import ABILITY, Symbols

LITERAL_TYPES = {int: INT, str: TEXT, bool: BOOL, type(None): NONE}
MAX_CONST_ITEMS = MAX_LENGTH  # items the constant values of a ruleset hold, all told (a list held twice counts twice)
MAX_CONST_DEPTH = 200  # levels a constant value nests: a list in a list, a constant naming a constant
Held = tuple[Any, int, int]  # a value, the items it holds (each time held) and how many levels it nests
NOTHING: Held = (None, 0, 0)  # the value of a constant in error (reported once)


class ConstantValues:
    """The constant rules of CheckContext (its state is set up there: `consts` to `over`)."""

    sym: Symbols
    result: Resolution
    used: set[str]
    consts: dict[tuple[str, Ty | None, bool], Held]  # each constant's, by the type wanted of it
    evaluating: list[str]  # the constants being evaluated, outermost first (a cycle is among them)
    broken: set[str]  # constants made of themselves, too large or too deep: reported, with no value
    held: int  # items of constant values held so far (`charge`)
    over: bool  # more than MAX_CONST_ITEMS all told: reported
    err: Callable[..., None]
    unknown: Callable[..., None]
    expect: Callable[[Ty, Ty, Span, str], None]
    resolve_type: Callable[[n.TypeRef], Ty]
    die_named: Callable[[str, Span], str]
    unknown_ability: Callable[[n.Name], None]
    def_type: Callable[[n.ThingDecl], Ty]

    def const_value(self, e: n.Expr, want: Ty | None = None, assumed: bool = False) -> Any:
        """Evaluate a constant expression (literals, lists, enum members, definition names; with
        `assumed`, an assumption's name too), record its value for the later stages, and charge the
        items it holds to the compile (see `charge`)."""
        value, items, _ = self._valued(e, want, assumed, 0)
        self.charge(items, e.span)
        return value

    def check_const(self, name: str) -> None:
        """Evaluate the constant `name` where it is declared: it holds nothing until read."""
        self._named_const(name, None, False, 0, self.sym.consts[name].name_span)

    def const_named(self, name: str, span: Span) -> Any:
        """The value of the constant `name` read at `span`: that place holds a copy, charged."""
        self.used.add(name)
        value, items, _ = self._named_const(name, None, False, 0, span)
        self.charge(items, span)
        return value

    def charge(self, items: int, span: Span) -> None:
        """What the ruleset holds of constant values comes to at most MAX_CONST_ITEMS items all told:
        a list held by two places (or twice by one list) counts twice, as everything that walks
        the values later (text, `==`, the compiled cache, `export`) meets it twice."""
        self.held += items
        if self.held > MAX_CONST_ITEMS and not self.over:
            self.over = True
            self.err("E0603", f"with this value the ruleset's constant values hold more than {MAX_CONST_ITEMS} items",
                     span, "a list held in two places, or twice in one list, counts twice: hold fewer copies")

    def _valued(self, e: n.Expr, want: Ty | None, assumed: bool, depth: int) -> Held:
        """`e`'s value, the items it holds (nested ones counted each time held) and how many levels
        deep it nests, recorded for the later stages; `depth` levels already enclose it."""
        held = self._too_deep(e.span) if depth > MAX_CONST_DEPTH else self._held_value(e, want, assumed, depth)
        self.result.valued(e, held[0])
        return held

    def _too_deep(self, span: Span, name: str | None = None) -> Held:
        """A value nesting deeper than MAX_CONST_DEPTH, reported once at the constant `name` or the
        outermost one being evaluated (else at `span`): they and the constants evaluated through
        them have no value (so no more reports)."""
        name = name or (self.evaluating[0] if self.evaluating else None)
        what = f"constant `{name}`" if name is not None else "this value"
        self.err("E0602", f"{what} nests deeper than {MAX_CONST_DEPTH} levels (each list in a list and each "
                          "constant naming a constant is a level)", self.sym.consts[name].name_span if name else span,
                 "name fewer constants in one another")
        self.broken.update(self.evaluating)
        if name is not None:
            self.broken.add(name)
        return NOTHING

    def _held_value(self, e: n.Expr, want: Ty | None, assumed: bool, depth: int) -> Held:
        if want == DIE and isinstance(e, n.Literal) and isinstance(e.value, str):
            return self.die_named(e.value, e.span), 0, 0
        if isinstance(e, n.ListExpr):
            return self._list_value(e, want, assumed, depth)
        if isinstance(e, n.Call) and isinstance(e.func, n.Name) and e.func.name in self.sym.abilities:
            if want is not None:
                self.expect(want, Ty(ABILITY), e.span, "the value")
            self.result.give_ability_args(e, self.ability_args(self.sym.abilities[e.func.name], e.args, e.span))
            return e.func.name, 0, 0
        if isinstance(e, n.Name) and e.name in self.sym.abilities:
            self.ability_args(self.sym.abilities[e.name], (), e.span)  # its parameters all have defaults
        found = self._plain_value(e)
        if found is not None:
            value, got = found
            if want is not None:
                self.expect(want, got, e.span, "the value")
            return value, 0, 0
        if isinstance(e, n.Name) and e.name in self.sym.consts:
            self.used.add(e.name)
            return self._named_const(e.name, want, assumed, depth, e.span)
        if isinstance(e, n.Name) and e.name in self.sym.assumptions and assumed:
            self.used.add(e.name)
            if want is not None:
                self.expect(want, self.resolve_type(self.sym.assumptions[e.name].type), e.span, "the value")
            return AssumedValue(e.name), 0, 0
        if isinstance(e, n.Name) and want is not None and want.name == ABILITY:
            self.unknown_ability(e)
        elif isinstance(e, n.Name):
            self.unknown("E0101", f"unknown name `{e.name}`", e.span,
                         suggest(e.name, self.sym.enum_members, self.sym.things, self.sym.consts))
        else:
            self.err("E0204", "this must be a constant (a number, text, true/false, a list or a name)", e.span)
        return NOTHING

    def _list_value(self, e: n.ListExpr, want: Ty | None, assumed: bool, depth: int) -> Held:
        elem = want.element if want is not None and want.name == "list" else None
        values, items, levels = [], len(e.items), 0
        for i in e.items:
            value, inside, below = self._valued(i, elem, assumed, depth + 1)
            values.append(value)
            items += inside
            levels = max(levels, below)
        return values, items, levels + 1

    def _named_const(self, name: str, want: Ty | None, assumed: bool, depth: int, span: Span) -> Held:
        """The constant `name` read at `span`, `depth` levels deep: evaluated once for each type it is
        wanted as (each time, its items' types are checked against that type's). A constant made of
        itself, holding more than MAX_CONST_ITEMS items or nesting too deep is reported once, and has
        no value."""
        if name in self.broken:
            return NOTHING
        if name in self.evaluating:
            return self._cycle(name)
        key = (name, want, assumed)
        held = self.consts.get(key)
        if held is None:
            self.evaluating.append(name)
            try:
                held = self._valued(self.sym.consts[name].value, want, assumed, depth + 1)
            finally:
                self.evaluating.pop()
            held = self.consts[key] = self._checked_const(name, held)
        if depth + held[2] > MAX_CONST_DEPTH:
            return self._too_deep(span)
        return held

    def _checked_const(self, name: str, held: Held) -> Held:
        """A constant's value as it was evaluated, or NOTHING if it is too large or nests too deep."""
        if name in self.broken:
            return NOTHING
        if held[1] > MAX_CONST_ITEMS:
            self.err("E0603", f"constant `{name}` holds more than {MAX_CONST_ITEMS} items", self.sym.consts[name].name_span,
                     "a list it holds twice counts twice, and so do the items of each: hold fewer copies")
            self.broken.add(name)
            return NOTHING
        if held[2] + 1 > MAX_CONST_DEPTH:
            return self._too_deep(self.sym.consts[name].name_span, name)
        return held[0], held[1], held[2] + 1

    def _cycle(self, name: str) -> Held:
        """`name` is being evaluated already: the constants from it on are made of themselves."""
        cycle = self.evaluating[self.evaluating.index(name):]
        consts = self.sym.consts
        shown = " -> ".join([*cycle, name])
        labels = [(consts[c].value.span, f"`{c}` is made of `{d}`") for c, d in zip(cycle[1:], [*cycle[2:], name])]
        self.err("E0604", f"constant `{name}` is made of itself: {shown}", consts[name].value.span,
                 "give one of them a value of its own", labels)
        self.broken.update(cycle)
        return NOTHING

    def ability_args(self, decl: n.AbilityDecl, args: tuple[n.Expr, ...], span: Span) -> dict[str, Any]:
        """`NAME(a, b)` attaching an ability: its arguments (constants, of the parameters'
        types, in order), by parameter name; parameters left out take their defaults."""
        params = decl.params
        required = sum(p.default is None for p in params)
        if not required <= len(args) <= len(params):
            count = str(len(params)) if required == len(params) else f"{required} to {len(params)}"
            self.err("E0202", f"ability `{decl.name}` takes {count} argument{'s' if len(params) != 1 else ''}, "
                              f"but {len(args)} {'were' if len(args) != 1 else 'was'} given", span,
                     f"its parameters: {', '.join(p.name for p in params) or 'none'}")
        return {p.name: self.const_value(a, self.resolve_type(p.type)) for p, a in zip(params, args)}

    def _plain_value(self, e: n.Expr) -> tuple[Any, Ty] | None:
        """A literal, a negative number, an enum member or a definition, with its type."""
        if isinstance(e, n.Literal):
            return e.value, LITERAL_TYPES[type(e.value)]
        if isinstance(e, n.Unary) and e.op == n.UnaryOp.NEG and isinstance(e.operand, n.Literal) \
                and isinstance(e.operand.value, int) and not isinstance(e.operand.value, bool):
            return -e.operand.value, INT
        if isinstance(e, n.Name) and e.name in self.sym.enum_members:
            return e.name, Ty(self.sym.enum_members[e.name])
        if isinstance(e, n.Name) and e.name in self.sym.things:
            return e.name, self.def_type(self.sym.things[e.name])
        return None

    def const_type(self, e: n.Expr) -> Ty:
        """The type of a constant expression, from its first item down (`any` for a constant made
        of itself, reported where it is evaluated)."""
        lists, seen = 0, set[str]()
        while True:
            if isinstance(e, n.ListExpr) and e.items:
                lists, e = lists + 1, e.items[0]
            elif isinstance(e, n.Name) and e.name in self.sym.consts and e.name not in self.sym.enum_members \
                    and e.name not in seen:
                seen.add(e.name)
                e = self.sym.consts[e.name].value
            else:
                break
        t = self._item_type(e)
        for _ in range(lists):
            t = list_of(t)
        return t

    def _item_type(self, e: n.Expr) -> Ty:
        if isinstance(e, n.Literal):
            return LITERAL_TYPES[type(e.value)]
        if isinstance(e, n.ListExpr):
            return list_of(ANY)
        if isinstance(e, n.Name) and e.name in self.sym.enum_members:
            return Ty(self.sym.enum_members[e.name])
        if isinstance(e, n.Name) and e.name in self.sym.things:
            return self.def_type(self.sym.things[e.name])
        return INT if isinstance(e, n.Unary) else ANY

