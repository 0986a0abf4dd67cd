"""Exact odds: enumerate every chance outcome instead of sampling.

A query runs once per path through its chance points; each path's probability is the product
of the probabilities taken at its points, as a Fraction. Rolls of dice with number or record
faces stay distributions while the query only computes with them (lazy.py): the sum of forty
dice is one run of convolutions, not 6^40 paths. Where a value must be read (an `if` on it, a
call into the game) the read is the chance point, one path per value rather than per face. A
shuffle is chosen only when the zone's order is read, then one place at a time, and a hand drawn
from it is counted by tests of its things without choosing them (odds_draws.py). A query the
distributions cannot follow (a roll where the game wants a plain number, a join too large) runs
again with one path per face and per order, as it always could (`lazy=False`: the reference
the faster answers are tested against). Pools and dice tables have closed forms and are answered
directly.

It takes a compiled Ruleset and the name of a pool, table, die or query; it gives each outcome's
probability, keyed by the outcome in a frozen (hashable) form: a list as a tuple, a map or record
as a `FrozenMap` (a tuple of its pairs); `thawed` turns a key back into the value for printing.
An answer nested deeper than MAX_ANSWER_DEPTH is refused (BudgetExceeded at the query), and a
query runs as every handler does, so a fault inside it names its place. A newcomer may change the
limits here, or add a closed form for another kind of chance.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from fractions import Fraction
from typing import Any

from .budget import DEFAULT_BUDGET
from .errors import BudgetExceeded, UnknownName, located
from .game import Game
from .lazy import Law, LazyDice, Rolled, jointly, settle
from .odds_draws import lend_draws, shuffle_later
from .ruleset import Ruleset
from .state import MAX_JSON_ITEMS, to_json

MAX_PATHS = 200_000
MAX_ANSWER_DEPTH = 64  # lists and maps in one another in an outcome; deeper is refused, never walked recursively


class PathCapExceeded(BudgetExceeded):
    """A query has more chance paths than exact odds follow."""


class PathChance:
    """A chance source that follows a fixed path of choices, then takes 0s, recording sizes;
    `p` is the probability of the choices taken so far (kept as a whole-number ratio, weight over
    total, until it is read)."""

    def __init__(self, path: list[int]):
        self.path = path
        self.taken: list[tuple[int, int]] = []
        self.state = 0
        self.weight = 1
        self.total = 1

    def _next(self, n: int) -> int:
        i = len(self.taken)
        choice = self.path[i] if i < len(self.path) else 0
        self.taken.append((choice, n))
        return choice

    def below(self, n: int) -> int:
        choice = self._next(n)
        self.total *= n
        return choice

    def pick(self, weights: list[int]) -> int:
        """A chance point whose outcomes have these whole-number weights."""
        choice = self._next(len(weights))
        self.weight *= weights[choice]
        self.total *= sum(weights)
        return choice

    @property
    def p(self) -> Fraction:
        return Fraction(self.weight, self.total)


Outcomes = Iterable[tuple[Any, Fraction]]


def enumerate_outcomes(run: Callable[[PathChance], Outcomes]) -> dict[Any, Fraction]:
    """Run `run` along every chance path; it gives each value it ends in with its probability
    from there on. Sums path probabilities per value."""
    results: dict[Any, Fraction] = {}
    path: list[int] = []
    for _ in range(MAX_PATHS):
        chance = PathChance(path)
        outcomes = list(run(chance))  # the run ends before its path's probability is read
        reached = chance.p
        for value, p in outcomes:
            results[value] = results.get(value, Fraction(0)) + reached * p
        taken = chance.taken
        while taken and taken[-1][0] == taken[-1][1] - 1:
            taken.pop()
        if not taken:
            return results
        path = [c for c, _ in taken[:-1]] + [taken[-1][0] + 1]
    raise PathCapExceeded(
        f"exact odds follow at most {MAX_PATHS} chance paths, and this query has more. Hint: rolls that are "
        "only added up or compared are combined without paths; each value read on its own (an `if` on every "
        "die, a roll used again after it was added) costs a path per value: read totals, or ask about fewer dice")


def pool_odds(rules: Ruleset, pool_id: str) -> dict[Any, Fraction]:
    """The chance that one counter drawn from the full pool is of each definition."""
    defs = rules.defs_of(rules.pools[pool_id].of)
    total = sum(d.count for d in defs)
    return {d.id: Fraction(d.count, total) for d in defs}


def table_odds(rules: Ruleset, table_id: str) -> dict[Any, Fraction]:
    table = rules.tables[table_id]
    faces = rules.faces(table.die)
    out: dict[Any, Fraction] = {}
    for row in table.rows:
        hits = sum(1 for f in faces if row.low <= f <= row.high)
        out[row.label] = out.get(row.label, Fraction(0)) + Fraction(hits, len(faces))
    return out


def die_odds(rules: Ruleset, die_id: str) -> dict[Any, Fraction]:
    faces = rules.faces(die_id)
    out: dict[Any, Fraction] = {}
    where = rules.dice[die_id].where
    for f in faces:
        key = _key(dict(sorted(f.items())) if isinstance(f, dict) else f, where)
        out[key] = out.get(key, Fraction(0)) + Fraction(1, len(faces))
    return out


def query_odds(rules: Ruleset, query: str, args: list[Any], assumptions: dict[str, Any] | None = None,
               players: tuple[str, ...] = ("p1", "p2"), lazy: bool = True) -> dict[Any, Fraction]:
    """The law of a query's result. `lazy=False`: one path per face, the reference lazy odds must match.
    Every path runs in a game of its own, but all of them share one step budget. Parameters left
    out at the end take their defaults."""
    query_func, where = rules.callables[query].func, rules.callables[query].where
    args = list(args) + [p.default for p in rules.callables[query].params[len(args):] if p.has_default]
    spent = [0]
    faces: dict[str, tuple[Any, ...]] = {}  # each die's faces, its assumptions resolved: one for all paths
    laws: dict[str, Law | None] = {}  # each die's law of a roll, likewise

    def used_up() -> BudgetExceeded:
        return BudgetExceeded(f"the chance paths of `{query}` used up the step budget of {DEFAULT_BUDGET} steps "
                              "between them")

    def game_on(chance: PathChance) -> Game:
        if spent[0] >= DEFAULT_BUDGET:
            raise used_up()
        game = Game(rules, players=players, assumptions=assumptions, source=chance, budget=DEFAULT_BUDGET - spent[0])
        game.chance.faces = faces
        return game

    def func(game: Game) -> Any:
        try:
            with located():  # a fault of the query (Python's recursion limit, say) names its place
                return query_func(game, *args)
        except BudgetExceeded:
            if game.budget.steps > game.budget.limit:
                raise used_up() from None
            raise
        finally:
            spent[0] += game.budget.steps

    def eager(chance: PathChance) -> Outcomes:
        return [(_key(func(game_on(chance)), where), Fraction(1))]

    def distributions(chance: PathChance) -> Outcomes:
        game = game_on(chance)
        game.chance = LazyDice(game, chance, laws, shuffle_later)  # type: ignore[assignment]
        lend_draws(game, chance)
        result = jointly(func(game))
        if isinstance(result, Rolled):
            return [(_key(v, where), p) for v, p in result.distribution()]
        return [(_key(settle(_shallow(result, where)), where), Fraction(1))]

    if not lazy:
        return enumerate_outcomes(eager)
    try:
        return enumerate_outcomes(distributions)
    except (PathCapExceeded, BudgetExceeded):
        raise
    except Exception:  # a use of rolls lazy.py cannot follow, or an error the face-by-face run names
        return enumerate_outcomes(eager)


class FrozenMap(tuple):
    """A map or record as an outcome's key: the tuple of its (field, value) pairs, equal to that
    tuple, but known to be a map when the outcome is shown."""

    __slots__ = ()


def _key(value: Any, where: str) -> Any:
    return _frozen(to_json(_shallow(value, where)))


def _shallow(value: Any, where: str) -> Any:
    """`value`, if it nests at most MAX_ANSWER_DEPTH lists and maps deep (walked layer by layer,
    at most MAX_JSON_ITEMS items); else BudgetExceeded at `where`."""
    layer, depth, items = [value], 0, 0
    while layer:
        layer = [v for item in layer if isinstance(item, (list, tuple, dict))
                 for v in (item.values() if isinstance(item, dict) else item)]
        depth, items = depth + bool(layer), items + len(layer)
        if depth > MAX_ANSWER_DEPTH or items > MAX_JSON_ITEMS:
            too = f"nests lists and maps deeper than {MAX_ANSWER_DEPTH}" if depth > MAX_ANSWER_DEPTH else \
                f"holds more than {MAX_JSON_ITEMS} items"
            err = BudgetExceeded(f"an outcome {too}: exact odds count outcomes of fewer")
            err.where = where
            raise err
    return value


def _frozen(value: Any) -> Any:
    """A JSON value as a key: a list as a tuple, a map as a FrozenMap (nesting is bounded by `_shallow`)."""
    if isinstance(value, list):
        return tuple(_frozen(v) for v in value)
    if isinstance(value, dict):
        return FrozenMap((k, _frozen(v)) for k, v in value.items())
    return value


def thawed(key: Any) -> Any:
    """An outcome's key as the value it stands for: a FrozenMap as a map, a tuple as a list."""
    if isinstance(key, FrozenMap):
        return {k: thawed(v) for k, v in key}
    if isinstance(key, tuple):
        return [thawed(v) for v in key]
    return key


def odds(rules: Ruleset, name: str, args: list[Any] | None = None,
         assumptions: dict[str, Any] | None = None) -> dict[Any, Fraction]:
    """Exact outcome probabilities of a pool, table, die or query of `rules`."""
    if name in rules.pools:
        return pool_odds(rules, name)
    if name in rules.tables:
        return table_odds(rules, name)
    if name in rules.dice:
        return die_odds(rules, name)
    if name in rules.callables and rules.callables[name].role == "query":
        return query_odds(rules, name, args or [], assumptions)
    known = [q["id"] for q in chance_queries(rules)]
    raise UnknownName("chance query", name, f"no chance query '{name}' in {rules.id}", known)


def chance_queries(rules: Ruleset) -> list[dict[str, Any]]:
    """Everything `odds` can answer for this ruleset: id, kind and parameters."""
    out: list[dict[str, Any]] = [{"id": p, "kind": "pool", "params": []} for p in rules.pools]
    out += [{"id": t.id, "kind": "table", "params": [{"name": p.name, "type": p.type} for p in t.params]}
            for t in rules.tables.values()]
    out += [{"id": d, "kind": "die", "params": []} for d in rules.dice]
    out += [{"id": q.name, "kind": "query",
             "params": [{"name": p.name, "type": p.type, **({"default": p.default} if p.has_default else {})}
                        for p in q.params]}
            for q in rules.queries().values()]
    return out
