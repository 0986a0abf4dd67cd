"""Shuffles and draws under exact odds: a zone's order is chosen when it is read, not when it is
shuffled, and a drawn hand is only a count of what it holds until more of it is read.

Under exact odds (odds.py) `shuffle Z` does not yet enumerate the orders of Z: Z's items become an
`Unshuffled` list, still in their order, marked as shuffled. Its length, membership, counting and
removing a thing leave it so (each of those is the same in every order); anything that reads the
order chooses the places it reads, one chance point per place: `Z[i]`, or a loop that stops early,
chooses the first places (n!/(n-k)! paths for n things, not n!) and leaves the rest unchosen;
anything else (`items`, adding to Z) chooses all. A shuffle nobody reads costs nothing.

`draw k from Z` (kept in a variable, Z unshuffled, nothing of it chosen yet) takes no place at
all: it gives a `Sample`, "k of these n things", that Z lends until it is read. Counting the hand
by a test of each thing (`count([c for c in hand if TEST])`, lowered to `_count_where` where TEST
only reads the thing: compiler/draw_reads.py) splits the n things into cells by every test seen so
far, each thing tested itself (so copies, a thing held from before, one singled out are all told
apart exactly as the tests tell them), and gives the count as a random value (lazy.py) over the
hand's count vectors, each weighted by the multivariate hypergeometric law (products of binomial
coefficients: whole numbers). `count(hand where it.def == x) > 0` is then a chance point of two
outcomes, not 30 * 29 * ... * 24 orders. Anything else that reads the hand or Z (an index, a loop,
the hand in the answer, the hand's things by a selection or by what a player knows of them)
first makes the draw as it always was: a count vector by its weight, then the things place by
place within it (exactly as likely as every order), then the draw itself. A ruleset whose
handlers read a thing's `location` never lends (a hand's things in Z would read as still there).

It takes the game's chance part (its source's `below` chooses a place, `pick` a weighted
outcome); it gives `shuffle_later` (the odds' `shuffle`), `lend_draws` (the odds game's parts
made to lend) and `count_where` (the lowering's `_count_where`). A newcomer may add another
order-free list operation to those that leave the order unchosen, if it gives the same in every
order, or another read a Sample answers without choosing (one that depends only on per-thing
tests over the hand as a whole).
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator
from math import comb, prod
from types import CodeType
from typing import Any

from .lazy import LAZY_LISTS, MAX_PAIRS, Family, Rolled, member
from .state import Zone


class Unshuffled(list):
    """A zone's items after a shuffle, its order chosen only as far as it is read: the first
    `chosen` places are chosen, the others are not yet. Reading place i (an index, a draw of i + 1,
    iterating up to it) chooses the places up to i, one chance point each (Fisher-Yates from the
    front); reading the order otherwise chooses every place. Its length, membership, counting and
    removing a thing choose none. While it lends a hand (`lent`, a Sample of its first places)
    any use of it makes that draw first."""

    __slots__ = ("chosen", "lent", "source")

    def __init__(self, items: list[Any], source: Any):
        super().__init__(items)
        self.source: Any = source  # the chance points' source (`below`); None once every place is chosen
        self.chosen = 0
        self.lent: Sample | None = None

    def take_back(self) -> None:
        """Make the draw of the hand it lends, if any: its things leave the zone."""
        hand, self.lent = self.lent, None
        if hand is not None:
            hand.drawn()

    def choose(self, upto: int) -> None:
        """Choose the places before `upto`, if not yet (every place, if `upto` is past the end)."""
        self.take_back()
        source, n = self.source, list.__len__(self)
        if source is None:
            return
        for i in range(self.chosen, min(upto, n - 1)):  # the last place is what the others leave
            j = i + source.below(n - i)
            a, b = list.__getitem__(self, i), list.__getitem__(self, j)
            list.__setitem__(self, i, b)
            list.__setitem__(self, j, a)
        self.chosen = max(self.chosen, min(upto, n))
        if self.chosen >= n - 1:
            self.source = None

    def __getitem__(self, at: Any) -> Any:
        if isinstance(at, int) and at >= 0:
            self.choose(at + 1)
        elif isinstance(at, slice) and at.step in (None, 1) and (at.start or 0) >= 0 and \
                at.stop is not None and at.stop >= 0:
            self.choose(at.stop)
        else:
            self.choose(list.__len__(self))
        return list.__getitem__(self, at)

    def __iter__(self) -> Iterator[Any]:
        i = 0
        while i < list.__len__(self):  # as a list's iterator: it sees the list as it is at each step
            self.choose(i + 1)
            yield list.__getitem__(self, i)
            i += 1

    def __len__(self) -> int:
        self.take_back()
        return list.__len__(self)

    def __contains__(self, thing: Any) -> bool:
        self.take_back()
        return list.__contains__(self, thing)

    def count(self, thing: Any) -> int:
        self.take_back()
        return list.count(self, thing)

    def remove(self, thing: Any) -> None:
        self.take_back()
        at = list.index(self, thing)
        list.__delitem__(self, at)
        if at < self.chosen:
            self.chosen -= 1


def _ordered(name: str) -> Callable[..., Any]:
    method = getattr(list, name)

    def read(self: Unshuffled, *args: Any) -> Any:
        self.choose(list.__len__(self))
        return method(self, *args)
    read.__name__ = name
    return read


ORDERED = ("__setitem__", "__delitem__", "__reversed__", "__eq__", "__ne__", "__lt__", "__le__", "__gt__", "__ge__",
           "__add__", "__mul__", "__rmul__", "__iadd__", "__imul__", "__repr__", "index", "insert", "append", "extend",
           "pop", "sort", "reverse", "copy")
for _name in ORDERED:
    setattr(Unshuffled, _name, _ordered(_name))


class Sample(list):
    """`draw k from Z` not made yet: k of the things of Z (an Unshuffled nothing of which is
    chosen), in an order not chosen. `cells` split those things by the tests counted so far; the
    hand's count of each cell is `counts`, a random value (lazy.py) whose roots weigh the ways to
    draw them (a product of binomial coefficients). Its length is k; counting by a test
    (`count_where`) refines the cells; anything else makes the draw (`drawn`) and reads the list."""

    __slots__ = ("cells", "counts", "deck", "draw", "size", "source", "zone")

    def __init__(self, zone: Zone, deck: Unshuffled, count: int, draw: Callable[..., list[Any]], chooser: Any):
        super().__init__()
        self.zone, self.deck, self.draw, self.size = zone, deck, draw, count  # deck: the zone's items
        self.source: Any = chooser  # None once drawn
        things = list(list.__iter__(self.deck))
        self.cells = [things]
        ways = comb(len(things), count)
        self.counts = Rolled(Family({(count,): ways}, ways), {(count,): (count,)}, chooser)

    def __len__(self) -> int:
        return self.size if self.source is not None else list.__len__(self)

    def drawn(self) -> None:
        """Make the draw: a count vector by its weight, then the things place by place (each cell's
        share of the places left by its count left, then a copy of the cell), then the draw."""
        source = self.source
        if source is None:
            return
        self.source = None
        if self.deck.lent is self:
            self.deck.lent = None
        quotas = list(self.counts.value())
        cells = [list(cell) for cell in self.cells]
        order = []
        for _ in range(self.size):
            open_ = [c for c, q in enumerate(quotas) if q]
            c = open_[source.pick([quotas[c] for c in open_])] if len(open_) > 1 else open_[0]
            cell = cells[c]
            order.append(cell.pop(source.below(len(cell)) if len(cell) > 1 else 0))
            quotas[c] -= 1
        taken = {id(t) for t in order}
        deck = self.deck
        list.__setitem__(deck, slice(None), order + [t for t in list.__iter__(deck) if id(t) not in taken])
        deck.chosen = len(order)  # the places the hand takes are chosen: the draw takes them as it is
        list.extend(self, self.draw(len(order), self.zone, None))

    def count_where(self, test: Callable[[Any], Any]) -> Any:
        """How many things of the hand pass `test`: a random value over the hand's count vectors, the
        cells split by the test; the draw is made (and counted as a list) past MAX_PAIRS count vectors,
        or where the test fails on a thing of the zone (it may never be drawn)."""
        if self.source is not None:
            try:
                passes = [[bool(test(t)) for t in cell] for cell in self.cells]
            except Exception:
                passes = None
            counted = None if passes is None or self.source is None else self._refined(passes)  # a test read Z
            if counted is not None:
                return counted
            self.drawn()
        return sum(1 for t in self if test(t))

    def _refined(self, passes: list[list[bool]]) -> Any:
        """The count of things passing (each cell's tests in `passes`), the cells refined: every root
        of the counts' family becomes one root per way of sharing each split cell's count between its
        two parts (their weights: the ways to draw each, whole numbers); None past MAX_PAIRS."""
        counts = self.counts
        counts.family.join_pending()
        family, old = counts.family, counts.values
        split = [([t for t, p in zip(cell, ps) if p], [t for t, p in zip(cell, ps) if not p])
                 for cell, ps in zip(self.cells, passes)]
        parts = [p for yes_no in split for p in yes_no if p]
        sizes = [(len(yes), len(no)) for yes, no in split]
        options = {root: _options(old[root], sizes) for root in family.table}
        if sum(prod(len(o) for o in opts) for opts in options.values()) > MAX_PAIRS:
            return None
        ways = {root: _ways(opts) for root, opts in options.items()}
        table: dict[Any, int] = {}
        parents: list[Any] = []
        values: dict[Any, tuple[int, ...]] = {}
        passing: dict[Any, int] = {}
        for root, weight in family.table.items():
            per = weight // prod(comb(a + b, m) for (a, b), m in zip(sizes, old[root]))
            for vector, w, yes in ways[root]:
                new = len(parents)
                parents.append(root)
                table[new], values[new], passing[new] = per * w, vector, yes
        _rekey(family, table, parents, counts)
        counts.values = values
        self.cells = parts
        return member(counts, passing)


def _drawn_first(name: str) -> Callable[..., Any]:
    method = getattr(list, name)

    def read(self: Sample, *args: Any) -> Any:
        self.drawn()
        return method(self, *args)
    read.__name__ = name
    return read


for _name in (*ORDERED, "__getitem__", "__iter__", "__contains__", "count", "remove"):
    setattr(Sample, _name, _drawn_first(_name))
LAZY_LISTS.update((Unshuffled, Sample))  # things only, nothing random to settle: settling reads no place


Share = tuple[tuple[int, ...], int, int]  # a cell's count shared between its parts, its number of draws, the count passing


def _options(vector: tuple[int, ...], sizes: list[tuple[int, int]]) -> list[list[Share]]:
    """For each cell, the ways of sharing its count (of `vector`) between the parts it splits into
    (sizes: passing, failing; an empty part is no cell)."""
    options: list[list[Share]] = []
    for (a, b), m in zip(sizes, vector):
        if a and b:
            options.append([((x, m - x), comb(a, x) * comb(b, m - x), x) for x in range(max(0, m - b), min(a, m) + 1)])
        else:
            options.append([((m,), comb(a or b, m), m if a else 0)])
    return options


def _ways(options: list[list[Share]]) -> list[Share]:
    """Each way of taking one share of every cell: the new vector, its number of draws, the count passing."""
    return [(tuple(c for part in combo for c in part[0]), prod(part[1] for part in combo), sum(part[2] for part in combo))
            for combo in itertools.product(*options)]


def _rekey(family: Family, table: dict[Any, int], parents: list[Any], counts: Rolled) -> None:
    """The family's roots become those of `table` (root i refines root `parents[i]`), every living
    value but `counts` taking its value at the root refined."""
    for m in family.living():
        if m is not counts:
            old = m.values
            m.values = {new: old[parent] for new, parent in enumerate(parents)}
    family.table = table


def count_where(items: Any, test: Callable[[Any], Any]) -> Any:
    """`count([v for v in items if test(v)])` (the lowering's `_count_where`): on a lent hand, without
    drawing it (Sample.count_where)."""
    if type(items) is Sample:
        return items.count_where(test)
    n = 0
    for v in items:
        if test(v):
            n += 1
    return n


class Lending:
    """The odds game's `things`: `draw k from Z` into a variable, Z unshuffled and nothing of it
    chosen, lends a Sample (`lent` keeps the zones lending); anything else as the part does it."""

    def __init__(self, things: Any, chooser: Any, lent: list[Unshuffled]):
        self._things = things
        self._chooser = chooser
        self._lent = lent

    def __getattr__(self, name: str) -> Any:
        return getattr(self._things, name)

    def draw(self, count: Any, source: Any, dest: Any = None) -> list[Any]:
        items = source.items if isinstance(source, Zone) else None
        if type(items) is Unshuffled:
            items.take_back()
            if dest is None and items.source is not None and items.chosen == 0 and type(count) is int and count > 0:
                size = min(count, list.__len__(items))  # more than Z holds: all of it
                hand = items.lent = Sample(source, items, size, self._things.draw, self._chooser)
                self._lent.append(items)
                return hand
        return self._things.draw(count, source, dest)


class Forcing:
    """A part of the odds game that reads where things are (selection, knowledge): every call first
    makes the draws lent so far."""

    def __init__(self, part: Any, lent: list[Unshuffled]):
        self._part = part
        self._lent = lent

    def __getattr__(self, name: str) -> Any:
        attr = getattr(self._part, name)
        if not callable(attr):
            return attr
        lent = self._lent

        def call(*args: Any, **kwargs: Any) -> Any:
            while lent:
                lent.pop().take_back()
            return attr(*args, **kwargs)
        return call


def lend_draws(game: Any, chooser: Any) -> None:
    """Make an odds game's draws lend their hands (Lending), where its ruleset reads no thing's place."""
    if not _lends(game.rules):
        return
    lent: list[Unshuffled] = []
    game.things = Lending(game.things, chooser, lent)
    game.selection = Forcing(game.selection, lent)
    game.knowledge = Forcing(game.knowledge, lent)


def _lends(rules: Any) -> bool:
    """Whether no handler of the ruleset reads a thing's `location` (by name or as a property's name)."""
    known = rules.derived.get("lends draws")
    if known is None:
        spaces = {id(c.func.__globals__): c.func.__globals__ for c in rules.callables.values()}
        codes = [f.__code__ for ns in spaces.values() for f in ns.values()
                 if getattr(f, "__globals__", None) is ns and hasattr(f, "__code__")]
        known = rules.derived["lends draws"] = not any(_names(code, "location") for code in codes)
    return bool(known)


def _names(code: CodeType, name: str) -> bool:
    """Whether `name` is an attribute, name or text constant of the code or of code inside it."""
    stack = [code]
    while stack:
        c = stack.pop()
        if name in c.co_names or name in c.co_consts:
            return True
        stack.extend(k for k in c.co_consts if isinstance(k, CodeType))
    return False


def shuffle_later(zone: Zone, chance: Any) -> None:
    """`shuffle zone` under exact odds: its places are chosen as they are read (`chance.source`)."""
    if type(zone.items) is Unshuffled:  # shuffled again: no place is chosen any more
        zone.items.take_back()
        zone.items.chosen, zone.items.source = 0, chance.source
    else:
        zone.items = Unshuffled(zone.items, chance.source)
    chance.history.record("shuffle", zone=zone)
