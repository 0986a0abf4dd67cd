"""Rolled numbers that stay distributions until a rule needs one value (exact odds, odds.py).

Under exact odds a roll of a die whose faces are numbers returns a `Rolled`: every face with
its probability, not one face. Arithmetic on rolls combines their distributions (two
independent rolls by convolution), so the sum of ten dice is one distribution of 51 totals
instead of 6^10 paths. Where a rule needs one value (a comparison, an index, text, a call into
the game), the value is chosen at a chance point of the enumeration, weighted by its
probability, and the rolls it came from are conditioned on it.

Values computed from the same rolls are functions of one `Family`: its table holds the
probability of each root and each `Rolled` maps the roots to its own values, so `x + x` stays
twice one roll. Combining values of two families joins them into one whose roots are the
values of their members still alive (weak references tell): roots no living value tells
apart merge, so a running total stays one root per total, while a roll added to it and read
afterwards is still known jointly with it. A join of more than MAX_PAIRS roots raises
`Unsupported`: the odds then fall back to one path per face.
"""

from __future__ import annotations

import operator
import weakref
from collections.abc import Callable
from fractions import Fraction
from typing import Any, Protocol

from .interface import HANDLER_CALLS

MAX_PAIRS = 200_000  # roots a join may hold (as many as the paths odds follow)


class Unsupported(Exception):
    """A roll used in a way its distribution cannot follow; the odds enumerate face by face."""


class Chooser(Protocol):
    def pick(self, weights: list[Fraction]) -> int:
        """A chance point with these probabilities; returns the index taken."""
        ...


class Family:
    """Random values that are functions of one root: the probability of each root, and the members."""

    __slots__ = ("members", "table")

    def __init__(self, table: dict[Any, Fraction]):
        self.table = table
        self.members: list[weakref.ref[Rolled]] = []

    def living(self) -> list[Rolled]:
        return [m for m in (ref() for ref in self.members) if m is not None]


class RandomArithmetic:
    """The operators of a random value (a Rolled): arithmetic gives a new random value of the
    law of the result, a comparison is read at once (`abs`, which needs the values, is Rolled's)."""

    __slots__ = ()

    def __add__(self, other: Any) -> Any: return combine(operator.add, self, other)
    def __radd__(self, other: Any) -> Any: return combine(operator.add, other, self)
    def __sub__(self, other: Any) -> Any: return combine(operator.sub, self, other)
    def __rsub__(self, other: Any) -> Any: return combine(operator.sub, other, self)
    def __mul__(self, other: Any) -> Any: return combine(operator.mul, self, other)
    def __rmul__(self, other: Any) -> Any: return combine(operator.mul, other, self)
    def __floordiv__(self, other: Any) -> Any: return combine(operator.floordiv, self, other)
    def __rfloordiv__(self, other: Any) -> Any: return combine(operator.floordiv, other, self)
    def __mod__(self, other: Any) -> Any: return combine(operator.mod, self, other)
    def __rmod__(self, other: Any) -> Any: return combine(operator.mod, other, self)
    def __neg__(self) -> Any: return combine(operator.mul, self, -1)
    def __pos__(self) -> Any: return self
    def __eq__(self, other: Any) -> Any: return compare(operator.eq, self, other)
    def __ne__(self, other: Any) -> Any: return compare(operator.ne, self, other)
    def __lt__(self, other: Any) -> Any: return compare(operator.lt, self, other)
    def __le__(self, other: Any) -> Any: return compare(operator.le, self, other)
    def __gt__(self, other: Any) -> Any: return compare(operator.gt, self, other)
    def __ge__(self, other: Any) -> Any: return compare(operator.ge, self, other)


class Rolled(RandomArithmetic):
    """A random value: `values` maps each root of `family` to this value."""

    __slots__ = ("__weakref__", "chooser", "family", "values")

    def __init__(self, family: Family, values: dict[Any, Any], chooser: Chooser):
        self.family = family
        self.values = values
        self.chooser = chooser
        family.members.append(weakref.ref(self))

    def distribution(self) -> dict[Any, Fraction]:
        """The probability of each value, in the order the values first appear."""
        out: dict[Any, Fraction] = {}
        for root, p in self.family.table.items():
            v = self.values[root]
            out[v] = out.get(v, 0) + p
        return out

    def value(self) -> Any:
        """One value, chosen at a chance point; the family keeps only the roots that give it."""
        dist = self.distribution()
        values = list(dist)
        if len(values) == 1:
            return values[0]
        v = values[self.chooser.pick(list(dist.values()))]
        p = dist[v]
        self.family.table = {r: q / p for r, q in self.family.table.items() if self.values[r] == v}
        return v

    # `abs` stays random (it reads the value of each root); everything else here reads one value.
    def __abs__(self) -> Any: return derive(self, {r: abs(self.values[r]) for r in self.family.table})
    def __bool__(self) -> bool: return bool(self.value())
    def __hash__(self) -> int: return hash(self.value())
    def __index__(self) -> int: return operator.index(self.value())
    def __int__(self) -> int: return int(self.value())
    def __str__(self) -> str: return str(self.value())
    def __repr__(self) -> str: return repr(self.value())
    def __format__(self, spec: str) -> str: return format(self.value(), spec)


def rolled(faces: tuple[Any, ...], chooser: Chooser) -> Any:
    """A roll of a die with these faces (each equally likely), as a random value."""
    table: dict[Any, Fraction] = {}
    for f in faces:
        table[f] = table.get(f, 0) + Fraction(1, len(faces))
    return Rolled(Family(table), {f: f for f in table}, chooser) if len(table) > 1 else faces[0]


def derive(like: Rolled, values: dict[Any, Any]) -> Any:
    """A value of `like`'s family; a plain value when every remaining root gives the same one."""
    table = like.family.table
    first = values[next(iter(table))]
    if all(values[r] == first for r in table):
        return first
    return Rolled(like.family, values, like.chooser)


def combine(op: Callable[[Any, Any], Any], a: Any, b: Any) -> Any:
    """`op(a, b)` where a or b is random: the law of the result."""
    if not isinstance(a, Rolled) and not isinstance(b, Rolled):
        return op(a, b)
    if not isinstance(b, Rolled):
        return derive(a, {r: op(a.values[r], b) for r in a.family.table})
    if not isinstance(a, Rolled):
        return derive(b, {r: op(a, b.values[r]) for r in b.family.table})
    if a.family is b.family:
        return derive(a, {r: op(a.values[r], b.values[r]) for r in a.family.table})
    return combine(op, *join(a, b))


def compare(op: Callable[[Any, Any], Any], a: Any, b: Any) -> Any:
    """A comparison is read at once (true or false, a chance point of two outcomes at most): a
    random value is always a number, shown and checked like one wherever it goes."""
    result = combine(op, a, b)
    return result.value() if isinstance(result, Rolled) else result


def join(a: Rolled, b: Rolled) -> tuple[Rolled, Rolled]:
    """Make the values of two independent families members of one: its roots are the pairs of
    their roots, each root first merged with those no living member of its family tells apart."""
    fa, fb = a.family, b.family
    living_a, living_b = fa.living(), fb.living()
    law_a, law_b = _merged(fa, living_a), _merged(fb, living_b)
    if len(law_a) * len(law_b) > MAX_PAIRS:
        raise Unsupported(f"joining rolls of {len(law_a)} and {len(law_b)} outcomes")
    family = Family({ka + kb: pa * pb for ka, pa in law_a.items() for kb, pb in law_b.items()})
    for i, m in enumerate(living_a + living_b):
        m.family, m.values = family, {k: k[i] for k in family.table}
        family.members.append(weakref.ref(m))
    return a, b


def _merged(family: Family, living: list[Rolled]) -> dict[tuple, Fraction]:
    """The family's law over the tuples of its living members' values."""
    law: dict[tuple, Fraction] = {}
    for root, p in family.table.items():
        key = tuple(m.values[root] for m in living)
        law[key] = law.get(key, 0) + p
    return law


PLAIN = frozenset({str, int, bool, type(None)})  # values with nothing to settle


def settle(value: Any) -> Any:
    """`value` with every random value in it chosen (lists and maps are changed in place)."""
    if isinstance(value, Rolled):
        return value.value()
    if isinstance(value, list):
        for i, v in enumerate(value):
            if isinstance(v, (Rolled, list, dict, tuple)):
                value[i] = settle(v)
    elif isinstance(value, dict):
        if any(isinstance(k, Rolled) for k in value):
            items = [(settle(k), v) for k, v in value.items()]
            value.clear()
            value.update(items)
        for k, v in value.items():
            if isinstance(v, (Rolled, list, dict, tuple)):
                value[k] = settle(v)
    elif isinstance(value, tuple):
        return tuple(settle(v) for v in value)
    return value


class Settled:
    """A part of the game whose every call first settles its arguments: no random value
    reaches the runtime, which reads plain values."""

    def __init__(self, part: Any):
        self._part = part

    def __getattr__(self, name: str) -> Any:
        attr = getattr(self._part, name)
        if not callable(attr):
            return attr

        def call(*args: Any, **kwargs: Any) -> Any:
            if any(type(a) not in PLAIN for a in args):
                args = tuple(settle(a) for a in args)
            return attr(*args, **{k: settle(v) for k, v in kwargs.items()}) if kwargs else attr(*args)
        setattr(self, name, call)  # found once per game
        return call


# The parts of a game compiled handlers call into (interface.py), but the dice.
GAME_PARTS = sorted({part for part in HANDLER_CALLS.values() if part and part != "chance"})


class LazyDice(Settled):
    """`rt.chance` under exact odds: a die whose faces are numbers rolls a random value, unlogged
    (the log of an odds game is never read); other dice, tables, picks and shuffles are as ever.
    At the first random value the game's other parts start settling what they are given."""

    def __init__(self, game: Any, chooser: Chooser):
        super().__init__(game.chance)
        self._game: Any = game  # None once its parts settle
        self._chooser = chooser
        self._numbers: dict[str, bool] = {}  # die id -> whether every face is a number

    def roll(self, die_id: Any) -> Any:
        chance = self._part
        die_id = settle(die_id)
        numbers = self._numbers.get(die_id)
        if numbers is None:
            numbers = self._numbers[die_id] = all(type(f) is int for f in chance.faces_of(die_id))
        if not numbers or chance.forced.get(die_id):
            return chance.roll(die_id)
        if self._game is not None:
            for part in GAME_PARTS:
                setattr(self._game, part, Settled(getattr(self._game, part)))
            self._game = None
        chance.history.touch(chance.rules.dice[die_id].rules)
        return rolled(chance.faces_of(die_id), self._chooser)
