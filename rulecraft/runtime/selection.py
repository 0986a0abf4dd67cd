"""Finding things: the part `rt.selection`.

It takes the compiled ruleset (for the kinds' subkinds), the state of play (things.py: the
things by id, definition and kind, the zones and their runs) and the step budget, which every
look at a thing is charged to. It gives the selections handlers make (`all KIND`, `KIND in ZONE
where ...`, `first(all KIND)`): live things in a zone's order, else in creation order, never in
the order of a set. A newcomer may add a faster way to one kind of selection here, as long as it
gives the same things in the same order at the same cost in steps.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from .budget import Budget
from .ruleset import Ruleset
from .state import Entity, Zone
from .things import Things


class Selection:
    """The things of a kind (or definition), a place, an owner and a condition, charged to the budget."""

    def __init__(self, rules: Ruleset, things: Things, budget: Budget):
        self.rules = rules
        self.things = things
        self.budget = budget

    def select(self, kind: str, at: Any = None, owner: Any = None, where: Callable | None = None,
               by_definition: bool = False, shared: bool = False) -> list[Entity]:
        """Live things of a kind (or definition): from a zone in the zone's order, else in creation order.
        `shared`: `where` reads only what the copies of a definition share (compiler.selections),
        so over a zone's runs it is asked once per run."""
        if at is None and owner is None and where is None and not by_definition:  # `all KIND`
            return [e for e in self.budget.scan(self._of_kind(kind)) if e.alive]
        if owner is None and (where is None or shared):
            selected = self._select_runs(kind, at, where, by_definition)
            if selected is not None:
                return selected
        found: Sequence[Entity]
        if isinstance(at, Zone):
            found, at = at.items, None
        elif isinstance(at, list):  # several places: each in turn, in the order given
            found = [e for place in at for e in (place.items if isinstance(place, Zone) else
                                                  [x for x in self.things.entities.values() if x.location is place])]
            at = None
        elif by_definition:
            found = self.things.instances.get(kind, ())
        else:
            found = self._of_kind(kind)
        kinds = () if by_definition else self.rules.descendants.get(kind, frozenset((kind,)))
        self.budget.scan(found)
        return [e for e in found if e.alive and (e.def_id == kind if by_definition else e.kind in kinds)
                and (at is None or e.location is at) and (owner is None or e.owner is owner)
                and (where is None or where(e))]

    def first_of(self, kind: str) -> Entity | None:
        """`first(all KIND)`: the first live thing of a kind in creation order, or none; charged
        as the selection is, without making its list."""
        found = self._of_kind(kind)
        self.budget.spend(len(found))  # as `scan` charges the list
        for e in found:
            if e.alive:
                return e
        return None

    def _select_runs(self, kind: str, at: Any, where: Callable | None, by_definition: bool) -> list[Entity] | None:
        """`select` from a zone or a list of zones by their runs (Zone), `where` asked of each run's
        first thing, at the steps a look at every thing costs; None if a place has no runs."""
        if isinstance(at, Zone):
            runs = at.current_runs()
            if runs is None:
                return None
            size = len(at.items)
        elif isinstance(at, list):
            runs, size = [], 0
            for place in at:
                place_runs = place.current_runs() if isinstance(place, Zone) else None
                if place_runs is None:
                    return None
                runs += place_runs
                size += len(place.items)
        else:
            return None
        self.budget.spend(size)
        kinds = () if by_definition else self.rules.descendants.get(kind, frozenset((kind,)))
        out: list[Entity] = []
        for run_kind, things in runs:
            if (things[0].def_id == kind if by_definition else run_kind in kinds) and (where is None or where(things[0])):
                out += things
        return out

    def _of_kind(self, kind: str) -> list[Entity]:
        """Every thing of a kind or its subkinds, in creation order."""
        by_kind = self.things.by_kind
        kinds = self.rules.descendants.get(kind, (kind,))
        if len(kinds) == 1:  # a kind without subkinds: its own list, as it is
            for only in kinds:
                return by_kind.get(only) or []
        lists = [by_kind[k] for k in kinds if by_kind.get(k)]
        if len(lists) == 1:
            return lists[0]
        return sorted((e for group in lists for e in group), key=lambda e: e.id)
