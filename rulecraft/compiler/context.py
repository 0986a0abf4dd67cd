"""What the declaration checker and the body checker share: the table being checked, the
diagnostics, the Resolution being filled, and the rules of types and constants.

Takes the Symbols (mods applied) and the Diagnostics; gives the checkers (check.py, bodies.py)
their shared state and the type and constant rules, and writes the declared types, constant
values and ability arguments into the Resolution (through its methods: resolved.py keys nodes).
A newcomer may add a rule of types or constants here, shared by both checkers.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..runtime.arith import MAX_LENGTH
from ..runtime.ruleset import AssumedValue
from ..runtime.types import ANY, BOARD_TYPES, BOOL, DIE, INT, NONE, NUM, PRIMITIVES, TEXT, Ty, list_of, map_of
from . import nodes as n
from .diagnostics import Diagnostics, suggest
from .resolved import Resolution
from .source import Span
from .symbols import ABILITY, BUILTIN_EVENTS, BUILTIN_FIELDS, Symbols, unknown

LITERAL_TYPES = {int: INT, str: TEXT, bool: BOOL, type(None): NONE}
MAX_CONST_ITEMS = MAX_LENGTH  # items the constant values of a ruleset hold, all told (a list held twice counts twice)
MAX_CONST_DEPTH = 200  # levels a constant value nests: a list in a list, a constant naming a constant
Held = tuple[Any, int, int]  # a constant's value, the items it holds (each time held) and its levels
NOTHING: Held = (None, 0, 0)  # the value of a constant in error (reported once)


class CheckContext:
    def __init__(self, sym: Symbols, diags: Diagnostics):
        self.sym = sym
        self.diags = diags
        self.result = Resolution()
        self.used: set[str] = set()  # the declared names read, called, emitted or listened to (compiler.usage)
        self.consts: dict[tuple[str, Ty | None, bool], Held] = {}  # each constant, by the type wanted of it
        self.evaluating: list[str] = []  # the constants being evaluated, outermost first (a cycle is among them)
        self.broken: set[str] = set()  # constants made of themselves, too large or too deep: reported, no value
        self.held = 0  # items of constant values held so far (charge)
        self.over = False  # more than MAX_CONST_ITEMS: reported

    def err(self, code: str, message: str, span: Span, help: str | None = None,
            labels: Sequence[tuple[Span, str]] = ()) -> None:
        self.diags.add(code, message, span, help, labels)

    def unknown(self, code: str, message: str, span: Span, help: str | None = None) -> None:
        """A name that is not declared (reported unless the table is open: symbols.unknown)."""
        unknown(self.sym, self.diags, code, message, span, help)

    # ---- types --------------------------------------------------------------

    def resolve_type(self, t: n.TypeRef) -> Ty:
        """The type a declaration writes (recorded for the later stages)."""
        ty = self._resolve_type(t)
        self.result.declare(t, ty)
        return ty

    def _resolve_type(self, t: n.TypeRef) -> Ty:
        if t.name == "list":
            if len(t.args) != 1:
                self.err("E0203", "`list` takes one type, e.g. `list<int>`", t.span)
                return list_of(ANY)
            return list_of(self.resolve_type(t.args[0]))
        if t.name == "def":  # a definition of a kind: `def<weapon>`
            if len(t.args) != 1 or t.args[0].args:
                self.err("E0203", "`def` takes one kind, e.g. `def<weapon>`", t.span)
                return Ty("def", "any")
            kind = t.args[0].name
            if not self.sym.is_kind(kind):
                self.unknown("E0102", f"unknown kind `{kind}`", t.args[0].span, suggest(kind, self.sym.kinds))
                return Ty("def", "any")
            return Ty("def", kind)
        if t.name == "map":
            return self._map_type(t)
        if t.args:
            self.err("E0203", f"`{t.name}` takes no type arguments", t.span)
        if t.name == DIE.name:  # a checked reference to a declared die
            return DIE
        if t.name in PRIMITIVES or self.sym.is_kind(t.name) or t.name in self.sym.enums or t.name in self.sym.records:
            return Ty(t.name)
        if t.name in BOARD_TYPES:
            return Ty(t.name)
        self.unknown("E0102", f"unknown type `{t.name}`", t.span,
                     suggest(t.name, PRIMITIVES, BOARD_TYPES, self.sym.kinds, self.sym.enums, self.sym.records,
                             ["list", "def", "map", "die"]))
        return ANY

    def _map_type(self, t: n.TypeRef) -> Ty:
        """`map<K, V>`: keys are plain values (numbers, texts, enums, players, things)."""
        if len(t.args) != 2:
            self.err("E0203", "`map` takes two types, e.g. `map<text, int>`", t.span)
            return map_of(ANY, ANY)
        key, value = self.resolve_type(t.args[0]), self.resolve_type(t.args[1])
        if not self.is_key_type(key):
            self.err("E0203", f"a map's keys must be numbers, texts, enums, players or things, not {key}",
                     t.args[0].span)
        return map_of(key, value)

    def is_key_type(self, t: Ty) -> bool:
        return t.name not in ("list", "map", "def", "face") and t.name not in self.sym.records

    def compatible(self, want: Ty, got: Ty) -> bool:
        """May a value of type `got` stand where `want` is expected?"""
        if want == got or want == ANY or got == ANY:
            return True
        if want == NUM and got == INT:
            return True
        is_kind = self.sym.is_kind
        if got == NONE and (is_kind(want.name) or want.name == "zone"):
            return True
        if is_kind(want.name) and is_kind(got.name):
            return got.name in self.sym.descendants.get(want.name, ())
        if want.name == "list" and got.name == "list":
            return self.compatible(want.element, got.element)
        if want.name == "map" and got.name == "map":
            return self.compatible(want.key, got.key) and self.compatible(want.value, got.value)
        if want.name == "def" and got.name == "def":
            return want.arg == "any" or got.arg == "any" or got.arg in self.sym.descendants.get(str(want.arg), ())
        return want.name == "text" and (got.name in self.sym.enums or got == DIE)  # a die's value is its id

    def expect(self, want: Ty, got: Ty, span: Span, what: str) -> None:
        if not self.compatible(want, got):
            self.err("E0201", f"{what} must be {want}, but this is {got}", span)

    def check_args(self, what: str, want: list[Ty], required: int, got: list[Ty], args: Sequence[n.Expr],
                   span: Span) -> None:
        if not required <= len(got) <= len(want):
            count = str(len(want)) if required == len(want) else f"{required} to {len(want)}"
            self.err("E0202", f"{what} takes {count} argument{'s' if len(want) != 1 else ''}, "
                              f"but {len(got)} {'were' if len(got) != 1 else 'was'} given", span)
            return
        for w, g, a in zip(want, got, args):
            if not self.written_dice(w, a):
                self.expect(w, g, a.span, f"this argument of {what}")

    def written_dice(self, want: Ty, e: n.Expr) -> bool:
        """A die (or a list of dice) written as text where dice are expected: check each name now."""
        if want == DIE and isinstance(e, n.Literal) and isinstance(e.value, str):
            self.die_named(e.value, e.span)
            return True
        if want.name == "list" and want.element == DIE and isinstance(e, n.ListExpr) and e.items:
            return all([self.written_dice(DIE, i) for i in e.items])
        return False

    # ---- constants ----------------------------------------------------------

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
        if depth > MAX_CONST_DEPTH:
            held = self._too_deep(self.evaluating[0] if self.evaluating else None, e.span)
        else:
            held = self._held_value(e, want, assumed, depth)
        self.result.valued(e, held[0])
        return held

    def _too_deep(self, name: str | None, span: Span) -> Held:
        """A value nesting deeper than MAX_CONST_DEPTH, reported once: the constant `name` and those
        being evaluated through it have no value (so no more reports)."""
        what = f"constant `{name}`" if name is not None else "this value"
        self.err("E0602", f"{what} nests deeper than {MAX_CONST_DEPTH} levels (each list in a list and each "
                          "constant naming a constant is a level)", span, "name fewer constants in one another")
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
        self.used.add(name)
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
            return self._too_deep(self.evaluating[0] if self.evaluating else None, span)
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
            return self._too_deep(name, self.sym.consts[name].name_span)
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

    def unknown_ability(self, e: n.Name) -> None:
        self.unknown("E0120", f"unknown ability `{e.name}`", e.span,
                     suggest(e.name, self.sym.abilities) or f"declare it with `ability {e.name} \"Title\"`")

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

    def die_named(self, name: str, span: Span) -> str:
        """A die written as text where a `die` is expected: checked now, not when it is rolled."""
        if name not in self.sym.dice:
            self.unknown("E0107", f"unknown die `{name}`", span, suggest(name, self.sym.dice))
        return name

    def const_type(self, e: n.Expr) -> Ty:
        """The type of a constant expression, from its first item down (`any` for a constant made
        of itself, reported where it is evaluated)."""
        lists, seen = 0, set[str]()
        while isinstance(e, n.ListExpr) and e.items or isinstance(e, n.Name) and e.name in self.sym.consts \
                and e.name not in self.sym.enum_members and e.name not in seen:
            if isinstance(e, n.ListExpr):
                lists, e = lists + 1, e.items[0]
            else:
                seen.add(e.name)
                e = self.sym.consts[e.name].value
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

    def thing_type(self, d: n.ThingDecl) -> Ty:
        """The type of the things of a definition: `any` if its kind is unknown (reported where
        the definition names it; values of an unknown type raise no further errors)."""
        return Ty(d.kind) if self.sym.is_kind(d.kind) else ANY

    def def_type(self, d: n.ThingDecl) -> Ty:
        """The type of a definition itself, `def<KIND>` (`def<any>` if its kind is unknown)."""
        return Ty("def", d.kind if self.sym.is_kind(d.kind) else "any")

    # ---- properties and events ----------------------------------------------

    def field_type(self, kind: str, name: str, span: Span) -> Ty:
        if name in BUILTIN_FIELDS:
            return BUILTIN_FIELDS[name]
        fields = self.sym.fields_of(kind)
        if name in fields:
            return self.resolve_type(fields[name].type)
        if kind not in self.sym.open_kinds:  # an unknown ancestor may declare it
            self.unknown("E0103", f"{kind} has no property `{name}`", span,
                         suggest(name, fields, BUILTIN_FIELDS) or
                         (f"declare it in `kind {kind}`" if kind in self.sym.kinds else None))
        return ANY

    def event_params(self, name: str, span: Span) -> tuple[tuple[str, Ty], ...] | None:
        if name in BUILTIN_EVENTS:
            return BUILTIN_EVENTS[name]
        if name in self.sym.events:
            self.used.add(name)
            return tuple((p.name, self.resolve_type(p.type)) for p in self.sym.events[name].params)
        self.unknown("E0104", f"unknown event `{name}`", span,
                     suggest(name, self.sym.events, BUILTIN_EVENTS) or "declare it with `event NAME(...)`")
        return None
