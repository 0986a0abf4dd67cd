"""What the declaration checker and the body checker share: the table being checked, the
diagnostics, the Resolution being filled, and the rules of types and constants.

Takes the Symbols (mods applied) and the Diagnostics; gives the checkers (check.py, bodies.py)
their shared state and the type and constant rules, and writes the declared types, constant
values and ability arguments into the Resolution (through its methods: resolved.py keys nodes).
The rules of constants are its mixin ConstantValues (constants.py).
A newcomer may add a rule of types here, shared by both checkers.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..runtime.types import ANY, BOARD_TYPES, DIE, INT, NONE, NUM, PRIMITIVES, Ty, list_of, map_of
from . import nodes as n
from .constants import ConstantValues, Held
from .diagnostics import Diagnostics, suggest
from .resolved import Resolution
from .source import Span
from .symbols import BUILTIN_EVENTS, BUILTIN_FIELDS, Symbols, unknown
from .types import named


class CheckContext(ConstantValues):
    def __init__(self, sym: Symbols, diags: Diagnostics):
        self.sym = sym
        self.diags = diags
        self.result = Resolution()
        self.used: set[str] = set()  # the declared names read, called, emitted or listened to (compiler.usage)
        # what ConstantValues keeps (constants.py says what each is)
        self.consts: dict[tuple[str, Ty | None, bool], Held] = {}
        self.evaluating: list[str] = []
        self.broken: set[str] = set()
        self.held = 0
        self.over = False

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
            return named(t.name)
        if t.name in BOARD_TYPES:
            return named(t.name)
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

    def unknown_ability(self, e: n.Name) -> None:
        self.unknown("E0120", f"unknown ability `{e.name}`", e.span,
                     suggest(e.name, self.sym.abilities) or f"declare it with `ability {e.name} \"Title\"`")


    def die_named(self, name: str, span: Span) -> str:
        """A die written as text where a `die` is expected: checked now, not when it is rolled."""
        if name not in self.sym.dice:
            self.unknown("E0107", f"unknown die `{name}`", span, suggest(name, self.sym.dice))
        return name


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
