"""Rolled values that stay distributions until a rule needs one value (exact odds, odds.py).

Under exact odds a roll of a die whose faces are numbers, or records of plain values, returns a
`Rolled`: every face with its weight, not one face. Arithmetic on rolls combines their
distributions, and a record face's field (`f.range`) is a random value of the same roll, so the
sum of ten dice is one distribution of 51 totals instead of 6^10 paths. Where a rule needs one
value (a comparison, an index, text, a call into the game), the value is chosen at a chance
point of the enumeration, weighted by its probability, and the rolls it came from are
conditioned on it. A choice between two plain values on a random condition (`if f.ammo then 1
else 0`, lowered to `either`) is a random value of the condition's family, not a chance point.

Values computed from the same rolls are functions of one `Family`: its table holds the weight of
each root (whole numbers; a root's probability is its weight over the family's total, so no
fraction is made until an answer is read) and each `Rolled` maps the roots to its own values, so
`x + x` stays twice one roll. Combining values of two families joins them into one whose roots
are the values of their members still alive (weak references tell): roots no living value tells
apart merge, so a running total stays one root per total, while a roll added to it and read
afterwards is still known jointly with it. A combination of two values that are each the only
living value of their family is deferred: when it is next used and both are gone, its law is the
plain convolution of theirs (one pass over the pairs of values, no joint roots at all); if one
is still alive, the families are joined as above. A join of more than MAX_PAIRS roots (or a
convolution of more pairs of values) raises `Unsupported`: the odds then fall back to one path per face.
A query's answer that is a list of values of one family (`jointly`) is read as one random value.

A newcomer may add an operator to `RandomArithmetic` (it must be one whose result is a function of
the operands' values), or a faster loop for one operator to `convolve`.
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
    def pick(self, weights: list[int]) -> int:
        """A chance point whose outcomes have these weights (their probabilities over the sum); returns
        the index taken."""
        ...


class Identity(dict):
    """The values of a Rolled whose roots are its values (each root maps to itself): its law is
    its family's table as it stands."""

    __slots__ = ()


def _hashable(value: Any) -> Any:
    """A value as a key: a record face (a flat map) as the tuple of its pairs, a list of plain
    values (`jointly`) as a tuple."""
    if type(value) is dict:
        return tuple(value.items())
    return tuple(value) if type(value) is list else value


class Family:
    """Random values that are functions of one root: each root's weight, their total, the members,
    and the combination deferred over it (`Rolled.deferred`), if any."""

    __slots__ = ("deferred", "members", "table", "total")

    def __init__(self, table: dict[Any, int], total: int):
        self.table = table
        self.total = total
        self.members: list[weakref.ref[Rolled]] = []
        self.deferred: weakref.ref[Rolled] | None = None

    def living(self) -> list[Rolled]:
        """The members still alive (the dead are forgotten)."""
        alive = [m for m in (ref() for ref in self.members) if m is not None]
        if len(alive) < len(self.members):
            self.members = [weakref.ref(m) for m in alive]
        return alive

    def pending(self) -> Rolled | None:
        """The combination deferred over this family, if it is still alive and not yet joined."""
        waiting = self.deferred() if self.deferred is not None else None
        return waiting if waiting is not None and waiting.deferred is not None else None

    def join_pending(self) -> None:
        """Join the combination deferred over this family, before the family's members move."""
        waiting = self.pending()
        self.deferred = None
        if waiting is not None:
            waiting.ready()


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


Deferred = tuple[Callable[[Any, Any], Any], Family, dict[Any, Any], Family, dict[Any, Any]]


class Rolled(RandomArithmetic):
    """A random value: `values` maps each root of `family` to this value; or, while `deferred`,
    op(a, b) of two values of two families (op, a's family, a's values, b's family, b's values)."""

    __slots__ = ("__weakref__", "chooser", "deferred", "family", "values")

    def __init__(self, family: Family, values: dict[Any, Any], chooser: Chooser, deferred: Deferred | None = None):
        self.family = family
        self.values = values
        self.chooser = chooser
        self.deferred = deferred
        if deferred is None:
            family.members.append(weakref.ref(self))

    def ready(self) -> Rolled:
        """This value as a member of a family: a deferred combination is made now."""
        if self.deferred is not None:
            op, fa, va, fb, vb = self.deferred
            self.deferred = None
            living_a, living_b = fa.living(), fb.living()
            if living_a or living_b:  # an operand lives on: the joint law keeps it
                family, maps = _product(fa, [m.values for m in living_a] + [va], fb, [m.values for m in living_b] + [vb])
                _move(living_a + living_b, family, maps[:len(living_a)] + maps[len(living_a) + 1:-1])
                left, right = maps[len(living_a)], maps[-1]
                self.values = {r: op(left[r], right[r]) for r in family.table}
            else:
                table = convolve(op, _law(fa, va), _law(fb, vb))
                family, self.values = Family(table, fa.total * fb.total), Identity((v, v) for v in table)
            self.family = family
            family.members.append(weakref.ref(self))
        return self

    def groups(self) -> dict[Any, list[Any]]:
        """Each distinct value (as a key) with [the value, its weight], in the order values first appear."""
        self.ready()
        out: dict[Any, list[Any]] = {}
        values = self.values
        for root, w in self.family.table.items():
            v = values[root]
            k = _hashable(v)
            g = out.get(k)
            if g is None:
                out[k] = [v, w]
            else:
                g[1] += w
        return out

    def distribution(self) -> list[tuple[Any, Fraction]]:
        """Each distinct value with its probability, in the order the values first appear."""
        groups = self.groups()
        total = self.family.total
        return [(v, Fraction(w, total)) for v, w in groups.values()]

    def value(self) -> Any:
        """One value, chosen at a chance point; the family keeps only the roots that give it."""
        groups = list(self.groups().values())
        if len(groups) == 1:
            return groups[0][0]
        v, w = groups[self.chooser.pick([g[1] for g in groups])]
        family, values = self.family, self.values
        family.table = {r: q for r, q in family.table.items() if values[r] == v}
        family.total = w
        return v

    # `abs` and a record face's field stay random (they read the value of each root); the rest reads one value.
    def __abs__(self) -> Any: return derive(self, lambda v: abs(v))
    def __getitem__(self, key: Any) -> Any: return derive(self, lambda v: v[key])
    def __bool__(self) -> bool: return bool(self.value())
    def __hash__(self) -> int: return hash(self.value())
    def __index__(self) -> int: return operator.index(self.value())
    def __int__(self) -> int: return int(self.value())
    def __str__(self) -> str: return str(self.value())
    def __repr__(self) -> str: return repr(self.value())
    def __format__(self, spec: str) -> str: return format(self.value(), spec)


def derive(like: Rolled, fn: Callable[[Any], Any]) -> Any:
    """fn of a random value: a value of its family; a plain value when every remaining root gives the same one."""
    like.ready()
    old = like.values
    return member(like, {r: fn(old[r]) for r in like.family.table})


def jointly(value: Any) -> Any:
    """A list holding random values of one family (the counts of one hand, say) as one random value
    of that family, each root giving the list of the items' values there: its law is read without
    choosing the items one by one. Anything else is given back as it is."""
    if type(value) is not list or not any(type(v) is Rolled for v in value) or \
            not all(type(v) is Rolled or type(v) in PLAIN for v in value):
        return value
    rolled = [v.ready() for v in value if type(v) is Rolled]
    family = rolled[0].family
    if any(r.family is not family or not all(type(x) in PLAIN for x in r.values.values()) for r in rolled):
        return value  # values of rolls not joined, or of record faces: read one by one
    return member(rolled[0], {root: [v.values[root] if type(v) is Rolled else v for v in value] for root in family.table})


def either(cond: Any, then: Any, other: Any) -> Any:
    """`if cond then then else other` where both are variables or constants (the compiler's
    `_either`): a random condition with plain values for both gives a random value of its family,
    not a chance point (`if ammo then 1 else 0` on a face's field); otherwise as Python reads it."""
    if type(cond) is Rolled and type(then) in PLAIN and type(other) in PLAIN:
        return derive(cond, lambda v: then if v else other)
    return then if cond else other


def member(like: Rolled, values: dict[Any, Any]) -> Any:
    """A value of `like`'s family with these values of its roots; a plain value if they are all one."""
    it = iter(values.values())
    first = next(it)
    for v in it:
        if v != first:
            return Rolled(like.family, values, like.chooser)
    return first


def combine(op: Callable[[Any, Any], Any], a: Any, b: Any) -> Any:
    """`op(a, b)` where a or b is random: the law of the result."""
    if not isinstance(b, Rolled):
        if not isinstance(a, Rolled):
            return op(a, b)
        va = a.ready().values
        return member(a, {r: op(va[r], b) for r in a.family.table})
    if not isinstance(a, Rolled):
        vb = b.ready().values
        return member(b, {r: op(a, vb[r]) for r in b.family.table})
    a.ready()  # both first: making one may move the other into a new family
    b.ready()
    va, vb = a.values, b.values
    if a.family is b.family:
        return member(a, {r: op(va[r], vb[r]) for r in a.family.table})
    if _alone(a) and _alone(b):  # each the only value of its roll: combined when next used
        waiting = Rolled(a.family, {}, a.chooser, (op, a.family, va, b.family, vb))
        a.family.deferred = b.family.deferred = weakref.ref(waiting)
        return waiting
    return combine(op, *join(a, b))


def _alone(x: Rolled) -> bool:
    """Whether x is the only living value of its family, with nothing deferred over it."""
    family = x.family
    return family.pending() is None and len(family.living()) == 1


def compare(op: Callable[[Any, Any], Any], a: Any, b: Any) -> Any:
    """A comparison is read at once (true or false, a chance point of two outcomes at most): a
    random value is always a number, shown and checked like one wherever it goes."""
    result = combine(op, a, b)
    return result.value() if isinstance(result, Rolled) else result


def join(a: Rolled, b: Rolled) -> tuple[Rolled, Rolled]:
    """Make the values of two independent families members of one: its roots are the pairs of
    their roots, each root first merged with those no living member of its family tells apart."""
    fa, fb = a.family, b.family
    fa.join_pending()
    fb.join_pending()
    fa, fb = a.family, b.family  # a pending combination may have joined one of them already
    if fa is fb:
        return a, b
    living_a, living_b = fa.living(), fb.living()
    family, maps = _product(fa, [m.values for m in living_a], fb, [m.values for m in living_b])
    _move(living_a + living_b, family, maps)
    return a, b


def _move(members: list[Rolled], family: Family, maps: list[dict[Any, Any]]) -> None:
    for m, values in zip(members, maps):
        m.family, m.values = family, values
        family.members.append(weakref.ref(m))


def _product(fa: Family, maps_a: list[dict[Any, Any]], fb: Family,
             maps_b: list[dict[Any, Any]]) -> tuple[Family, list[dict[Any, Any]]]:
    """The family whose roots are the pairs of the two families' merged roots, and each given
    value map (of fa's roots, then of fb's) as a map of the new roots."""
    law_a, kept_a = _merged(fa, maps_a)
    law_b, kept_b = _merged(fb, maps_b)
    nb = len(law_b)
    if len(law_a) * nb > MAX_PAIRS:
        raise Unsupported(f"joining rolls of {len(law_a)} and {nb} outcomes")
    weights_b = list(law_b.values())
    table = {i * nb + j: wa * wb for i, wa in enumerate(law_a.values()) for j, wb in enumerate(weights_b)}
    maps = [{i * nb + j: row[m] for i, row in enumerate(kept_a) for j in range(nb)} for m in range(len(maps_a))]
    maps += [{i * nb + j: row[m] for i in range(len(law_a)) for j, row in enumerate(kept_b)} for m in range(len(maps_b))]
    return Family(table, fa.total * fb.total), maps


def _merged(family: Family, maps: list[dict[Any, Any]]) -> tuple[dict[tuple, int], list[tuple]]:
    """The family's weights over the tuples of the maps' values, and those tuples in order."""
    table = family.table
    columns = [[values[root] for root in table] for values in maps]
    rows: list[tuple] = list(zip(*columns)) if columns else [()] * len(table)
    records = dict in {type(v) for column in columns for v in column}
    keys = [tuple(_hashable(v) for v in row) for row in rows] if records else rows
    law: dict[tuple, int] = {}
    kept: dict[tuple, tuple] = {}
    for key, row, w in zip(keys, rows, table.values()):
        if key in law:
            law[key] += w
        else:
            law[key], kept[key] = w, row
    return law, list(kept.values())


def _law(family: Family, values: dict[Any, Any]) -> dict[Any, int]:
    """The weight of each value a map of the family's roots takes."""
    if type(values) is Identity:
        return family.table
    law: dict[Any, int] = {}
    for root, w in family.table.items():
        v = values[root]
        law[v] = law.get(v, 0) + w
    return law


def convolve(op: Callable[[Any, Any], Any], law_a: dict[Any, int], law_b: dict[Any, int]) -> dict[Any, int]:
    """The weights of op(x, y) for independent x and y of these weights (at most MAX_PAIRS pairs)."""
    if len(law_a) * len(law_b) > MAX_PAIRS:
        raise Unsupported(f"combining rolls of {len(law_a)} and {len(law_b)} outcomes")
    if op in COMMUTATIVE and _uniform(law_a) and not _uniform(law_b):
        law_a, law_b = law_b, law_a
    out: dict[Any, int] = {}
    get = out.get
    if _uniform(law_b):  # a fair die: every pair weighs as its first value, times the one weight
        ys, w = list(law_b), next(iter(law_b.values()))
        if op is operator.add:
            for x, wx in law_a.items():
                for y in ys:
                    v = x + y
                    out[v] = get(v, 0) + wx
        else:
            for x, wx in law_a.items():
                for y in ys:
                    v = op(x, y)
                    out[v] = get(v, 0) + wx
        return out if w == 1 else {v: c * w for v, c in out.items()}
    pairs = list(law_b.items())
    for x, wx in law_a.items():
        for y, wy in pairs:
            v = op(x, y)
            out[v] = get(v, 0) + wx * wy
    return out


COMMUTATIVE = (operator.add, operator.mul)


def _uniform(law: dict[Any, int]) -> bool:
    first = next(iter(law.values()))
    return all(w == first for w in law.values())


PLAIN = frozenset({str, int, bool, type(None)})  # values with nothing to settle


LAZY_LISTS: set[type] = set()  # lists of things whose places are not all chosen yet (odds_draws.py)


def settle(value: Any) -> Any:
    """`value` with every random value in it chosen (lists and maps are changed in place); a list of
    LAZY_LISTS is left as it is (it holds things, never a random value)."""
    if isinstance(value, Rolled):
        return value.value()
    if isinstance(value, list) and type(value) not in LAZY_LISTS:
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
    reaches the runtime, which reads plain values. A call named in `reads` (a pure reading of
    its first argument) given a random first argument is made root by root: its result stays random.
    A call named in `direct` (whose arguments the compiler writes out as constants) is made as it is."""

    def __init__(self, part: Any, reads: frozenset[str] = frozenset(), direct: frozenset[str] = frozenset()):
        self._part = part
        self._reads = reads
        self._direct = direct

    def __getattr__(self, name: str) -> Any:
        attr = getattr(self._part, name)
        if not callable(attr):
            return attr
        if name in self._direct:
            setattr(self, name, attr)
            return attr
        root_by_root = name in self._reads

        def call(*args: Any, **kwargs: Any) -> Any:
            for a in args:
                if type(a) not in PLAIN and not _plain_items(a):
                    if root_by_root and isinstance(args[0], Rolled) and all(type(a) in PLAIN for a in args[1:]):
                        return _read_each(args[0], attr, args[1:])
                    args = tuple(settle(a) for a in args)
                    break
            return attr(*args, **{k: settle(v) for k, v in kwargs.items()}) if kwargs else attr(*args)
        setattr(self, name, call)  # found once per game
        return call


def _plain_items(value: Any) -> bool:
    """Whether value is a list or tuple of plain values (nothing in it to settle)."""
    return type(value) in (list, tuple) and all(type(v) in PLAIN for v in value)


def _read_each(x: Rolled, read: Callable[..., Any], rest: tuple[Any, ...]) -> Any:
    """read(v, *rest) for each value v of x: a field of a record face is taken as the reading
    would take it (`properties.prop` of a map that has the field), anything else is read."""
    if len(rest) == 1 and isinstance(rest[0], str):
        name = rest[0]
        return derive(x, lambda v: v[name] if type(v) is dict and name in v else read(v, name))
    return derive(x, lambda v: read(v, *rest))


# The parts of a game compiled handlers call into (interface.py), but the dice; the calls that
# only read their first argument (a property of a thing, or a field of a record face); and the
# calls given only what the compiler wrote out (the rule ids a place touches).
GAME_PARTS = sorted({part for part in HANDLER_CALLS.values() if part and part != "chance"})
READS = {"properties": frozenset({"prop"})}
DIRECT = {"history": frozenset({"touch"})}


Law = tuple[dict[Any, int], dict[Any, Any], int]  # a roll's weights by root, its values by root, their total


def law_of(faces: tuple[Any, ...]) -> Law | None:
    """A die's faces (each equally likely; equal faces one root) as the law of a roll; None unless the
    faces can stay a distribution: all whole numbers, or all records of plain values."""
    numbers = all(type(f) is int for f in faces)
    if not numbers and not all(type(f) is dict and all(type(v) in PLAIN for v in f.values()) for f in faces):
        return None
    table: dict[Any, int] = {}
    values: dict[Any, Any] = {}
    for f in faces:
        k = _hashable(f)
        table[k] = table.get(k, 0) + 1
        values[k] = f
    return table, Identity(values) if numbers else values, len(faces)


class LazyDice(Settled):
    """`rt.chance` under exact odds: a die whose faces are numbers or records rolls a random value,
    unlogged (the log of an odds game is never read); a shuffle's order is chosen when it is read
    (odds_draws.py); tables and picks are as ever.
    At the first random value the game's other parts start settling what they are given."""

    def __init__(self, game: Any, chooser: Chooser, laws: dict[str, Law | None],
                 shuffle: Callable[[Any, Any], None]):
        super().__init__(game.chance)
        self._game: Any = game  # None once its parts settle
        self._chooser = chooser
        self._laws = laws  # die id -> the law of its roll, or None (shared by the paths of a query)
        self._shuffle = shuffle  # (zone, the game's chance): odds_draws.shuffle_later

    def roll(self, die_id: Any) -> Any:
        chance = self._part
        if type(die_id) is not str:
            die_id = settle(die_id)
        if die_id in self._laws:
            law = self._laws[die_id]
        else:
            law = self._laws[die_id] = law_of(chance.faces_of(die_id))
        if law is None or chance.forced.get(die_id):
            return chance.roll(die_id)
        if self._game is not None:
            for part in GAME_PARTS:
                setattr(self._game, part, Settled(getattr(self._game, part), READS.get(part, frozenset()),
                                                  DIRECT.get(part, frozenset())))
            self._game = None
        chance.history.touch(chance.rules.dice[die_id].rules)
        table, values, total = law  # the table is never changed in place: each roll's family shares it
        if len(table) == 1:
            return chance.faces_of(die_id)[0]
        return Rolled(Family(table, total), values, self._chooser)

    def shuffle(self, zone: Any) -> None:
        self._shuffle(settle(zone), self._part)
