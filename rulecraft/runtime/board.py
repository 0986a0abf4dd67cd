"""Boards. The abstract graph: things joined by edges (spaces, systems, regions)."""

from __future__ import annotations

from .state import Entity


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
