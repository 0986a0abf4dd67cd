"""Boards in general: the abstract graph of things joined by edges, and connection along a board.

Takes things (`link`, `unlink`) or, for `joined`, spaces and a board's neighbour relation. Gives
`Graph`, the undirected edges between things kept in the game state (spaces, systems, regions;
neighbours come in id order), and `joined`, the connection search the square grid
(`grid_joined`) and the hex board (`hex_joined`) share: is one of some spaces joined to one of
others by a chain of neighbouring spaces, all among those allowed (the spaces of one player's
pieces, as in Hex or Go; a player's track, as in a rail game). A newcomer may add another
board's connection built-in by giving `joined` that board's neighbours.

`Searches` is the cache of a board's searches (moves and sight on the square grid, rays on a hex
board): each board has a version number, bumped by every change that can alter an answer, and
the cache answers a query asked again at the same version with the answer it found before; its
`notes` are what one search of a version leaves for another (the widest move search of a figure,
gridsearch.py), dropped with the answers. A newcomer caching another search keys it by everything
its answer depends on besides the board.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable
from typing import Any

from .state import Entity

MAX_SEARCHES = 4096  # the most answers one board's search cache keeps (all of its current version)
_UNKNOWN = object()  # no answer kept yet (an answer may be none or false)


class Graph:
    """Undirected edges between things, kept in the game state; neighbours come in id order."""

    def __init__(self) -> None:
        self.edges: dict[int, set[int]] = {}

    def link(self, a: Entity, b: Entity) -> None:
        if a.id != b.id:
            self.edges.setdefault(a.id, set()).add(b.id)
            self.edges.setdefault(b.id, set()).add(a.id)

    def unlink(self, a: Entity, b: Entity) -> None:
        self.edges.get(a.id, set()).discard(b.id)
        self.edges.get(b.id, set()).discard(a.id)

    def linked(self, a: Entity, b: Entity) -> bool:
        return b.id in self.edges.get(a.id, ())

    def drop(self, a: Entity) -> None:
        """A thing taken out of the game leaves the graph: no edge joins it any more."""
        for other in self.edges.pop(a.id, set()):
            self.edges.get(other, set()).discard(a.id)

    def neighbour_ids(self, a: Entity) -> list[int]:
        return sorted(self.edges.get(a.id, ()))


def joined(starts: Iterable[int], goals: Iterable[int], through: Iterable[int],
           neighbours: Callable[[int], Iterable[int]]) -> bool:
    """Is a space of `starts` joined to a space of `goals` by a chain of neighbouring spaces, every
    one of them (the two ends included) in `through`? A space in both is joined by itself. The
    answer is a yes or no, so the order the search takes does not matter."""
    inside = set(through)
    goal = inside.intersection(goals)
    frontier = [s for s in starts if s in inside]
    seen = set(frontier)
    while frontier:
        s = frontier.pop()
        if s in goal:
            return True
        for t in neighbours(s):
            if t in inside and t not in seen:
                seen.add(t)
                frontier.append(t)
    return False


class Searches:
    """The answers of one board's searches, keyed by (version, query): only those of the board's
    current version are kept (an older one can never be asked again), at most MAX_SEARCHES of them
    (the oldest found goes first). `hits` and `misses` count how queries were answered."""

    def __init__(self) -> None:
        self.version = 0  # the board's version the answers belong to
        self.answers: dict[Hashable, Any] = {}
        self.notes: dict[Hashable, Any] = {}  # this version's, for its searches (neither counted nor bounded)
        self.hits = 0
        self.misses = 0

    def __deepcopy__(self, memo: dict[int, Any]) -> Searches:
        """A copy of the game (a searching agent's) finds its board's searches again: the answers
        are a cache, so they are not copied."""
        return Searches()

    def answer(self, version: int, query: Hashable, search: Callable[[], Any]) -> Any:
        """The answer to `query` at the board's `version`: the one found before, or `search()`'s."""
        answers = self.answers if version == self.version else self._moved_on(version)
        found = answers.get(query, _UNKNOWN)
        if found is not _UNKNOWN:
            self.hits += 1
            return found
        self.misses += 1
        found = search()
        if len(answers) >= MAX_SEARCHES:
            del answers[next(iter(answers))]  # insertion order: the oldest
        answers[query] = found
        return found

    def noted(self, version: int) -> dict[Hashable, Any]:
        """The notes of the board's `version` (none when it has just moved on)."""
        if version != self.version:
            self._moved_on(version)
        return self.notes

    def _moved_on(self, version: int) -> dict[Hashable, Any]:
        self.version = version
        self.answers.clear()
        self.notes.clear()
        return self.answers
