"""The things of a game and where they are: the part `rt.things`.

It takes the compiled ruleset, the game's assumption values, the definitions options replace, the
log (History), the modifiers (to forget a thing's) and the players' names. It gives the state of
play: every thing (entity) by id, definition and kind, the zones, the abstract graph and the
boards' state, and every change to it: create, lay out, move, draw, set a property, destroy and
remove things. Every change goes into the log. Reading properties as they read now is
properties.py's, finding things selection.py's, what a player knows knowledge.py's: a newcomer
adding a change to the state adds it here, and a way to read it there.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from .board import Graph
from .errors import BudgetExceeded, IllegalAction, UnknownName
from .history import History
from .modifiers import Modifiers
from .ruleset import AssumedValue, Ruleset
from .state import ATOMS, Entity, Zone, many, to_json

MAX_ENTITIES = 100_000


def _no_events(event: str, args: tuple = ()) -> None:
    """Until a game connects its events (`Things.emit`), nothing listens."""


class Things:
    """The game state: things, zones, graph and boards, with the changes handlers make to them.

    `emit` is the events part's `emit` (connected by the game) so that `destroy` can announce
    a `destroyed` event; it is the only way out of this part."""

    def __init__(self, rules: Ruleset, assume: dict[str, Any], replaced: dict[str, str], history: History,
                 mods: Modifiers, players: Sequence[str]):
        self.rules = rules
        self.assume = assume
        self.replaced = replaced  # definition -> the definition that stands in for it (options, variants)
        self.history = history
        self.mods = mods
        self.emit: Callable[[str, tuple], None] = _no_events
        self.entities: dict[int, Entity] = {}
        self.instances: dict[str, list[Entity]] = {}  # definition -> its things, in creation order
        self.by_kind: dict[str, list[Entity]] = {}  # kind -> its things, in creation order
        self.zones: dict[tuple[str, int | None], Zone] = {}
        self.graph = Graph()
        self.boards: dict[str, Any] = {}  # board libraries keep their boards here (each has snapshot(), drop())
        self.spares: dict[str, list[Entity]] = {}  # definition -> things `reset` forgot, as laid out (see lay_out_all)
        self.players = [self._new("player", "player", name, {}) for name in players]
        for info in rules.zones.values():
            for owner in (self.players if info.per_player else [None]):
                self.zones[(info.name, owner.id if owner else None)] = Zone(info.name, owner, info.in_play, info.hidden)

    # ---- making and placing things -----------------------------------------

    def props_of(self, kind: str, props: dict[str, Any]) -> dict[str, Any]:
        """A new thing's properties: its kind's defaults, then its own, assumptions resolved."""
        values = {k: list(v) if isinstance(v, list) else v for k, v in self.rules.kind_defaults(kind).items()}
        values.update({k: self.assume[v.assumption] if isinstance(v, AssumedValue) else v for k, v in props.items()})
        return values

    def _new(self, kind: str, def_id: str, name: str, props: dict[str, Any]) -> Entity:
        if len(self.entities) >= MAX_ENTITIES:
            raise BudgetExceeded(f"more than {MAX_ENTITIES} things in one game")
        e = Entity(len(self.entities) + 1, kind, def_id, name, self.props_of(kind, props))
        self.entities[e.id] = e
        self.instances.setdefault(e.def_id, []).append(e)
        self.by_kind.setdefault(e.kind, []).append(e)
        return e

    def lay_out(self, def_id: str, copies: int, zone: Zone, props: dict[str, Any]) -> None:
        """Host-side, unlogged: `copies` things of a definition into a zone, all sharing `props`
        (for a game that gives a thing its own copy before changing it: see CopyOnWriteThings)."""
        self.lay_out_all(zone, [(def_id, copies, props)])

    def lay_out_all(self, zone: Zone, cards: Sequence[tuple[str, int, dict[str, Any]]]) -> None:
        """`lay_out` of each (definition, copies, props) in turn, into one zone. The copies of a
        definition join the zone's runs (Zone), so that a selection asks its condition once of them.
        A definition's things that `reset` forgot are laid out again (given their new ids and
        places) before new ones are made: the game they were in changed none of them."""
        entities = self.entities
        first = len(entities) + 1
        if first - 1 + sum(copies for _, copies, _ in cards if copies > 0) > MAX_ENTITIES:
            raise BudgetExceeded(f"more than {MAX_ENTITIES} things in one game")
        runs = zone.current_runs()
        definitions, instances, by_kind, spares = self.rules.definitions, self.instances, self.by_kind, self.spares
        laid: list[Entity] = []
        next_id = first
        for def_id, copies, props in cards:
            if copies <= 0:
                continue
            d = definitions[def_id]
            kind, name = d.kind, d.name
            mine = instances.setdefault(def_id, [])
            made = spares[def_id][len(mine):len(mine) + copies] if def_id in spares else []
            for i, e in enumerate(made, next_id):
                e.id, e.location, e.props = i, zone, props
            for i in range(next_id + len(made), next_id + copies):  # a plain loop: the fastest way to make them
                made.append(Entity(i, kind, def_id, name, props, zone))
            next_id += copies
            laid += made
            mine += made
            by_kind.setdefault(kind, []).extend(made)
            if runs is None:
                continue
            last = runs[-1][1][0] if runs else None
            if last is not None and last.def_id == def_id and last.props is props:
                runs[-1][1].extend(made)
            else:
                runs.append((kind, made))
        entities.update(zip(range(first, next_id), laid))
        zone.items += laid
        if runs is not None and zone.laid is not None:  # the runs' list of things, known with them
            zone.laid += laid

    def release(self) -> None:
        """Host-side, for a game that is over (a deck check's): empty every zone and forget every
        thing. A zone and its things refer to each other: emptied, they are freed at once rather
        than by Python's cycle collector, which a batch of many checks would keep busy."""
        for zone in self.zones.values():
            zone.items, zone.runs, zone.laid = [], None, None
        self.entities, self.instances, self.by_kind = {}, {}, {}

    def reset(self) -> None:
        """Host-side, for a game to lay things out in again (the next deck of a batch): `release`,
        then the players as a new game has them; the things laid out are kept as `spares`, for
        `lay_out_all` to lay out again. Only for a game in which nothing happened but laying out
        (nothing logged: no thing was made, moved or changed, no graph or board grown)."""
        self.spares = {def_id: made for def_id, made in self.instances.items() if made and made[0].kind != "player"}
        self.release()
        self.entities = {p.id: p for p in self.players}
        self.instances = {"player": list(self.players)} if self.players else {}
        self.by_kind = {"player": list(self.players)} if self.players else {}

    def create(self, def_id: str, count: int = 1, at: Any = None, owner: Entity | None = None,
               face_down: bool = False) -> Entity | list[Entity]:
        d = self.rules.definitions.get(self.replaced.get(def_id, def_id))
        if d is None:
            raise IllegalAction(f"there is no definition `{def_id}` to create")
        made = []
        for _ in range(count):
            e = self._new(d.kind, d.id, d.name, dict(d.props))
            e.owner = owner
            e.face_down = face_down
            self._place(e, at)
            made.append(e)
        self.history.touch(d.data_rules)
        self.history.record("create", thing=made if count > 1 else made[0], at=at, owner=owner)
        return made[0] if count == 1 else made

    def spawn(self, def_id: str, at: Any = None, owner: Entity | None = None, **props: Any) -> Entity:
        """Host-side (tests, scenario files): create one thing with some properties overridden."""
        e = self.create(def_id, 1, at, owner)
        assert isinstance(e, Entity)
        for k, v in props.items():
            self.set(e, k, v)
        return e

    def fill(self, pool_id: str) -> None:
        """Put every definition of the pool's kind into its zone, `count` copies each, face down."""
        pool = self.rules.pools[pool_id]
        zone = self.zone(pool_id)
        for d in self.rules.defs_of(pool.of):
            if d.count:
                self.create(d.id, d.count, zone, None, True)

    def _place(self, e: Entity, dest: Any) -> None:
        old = e.location
        if isinstance(old, Zone):
            old.items.remove(e)
        if isinstance(dest, Zone):
            dest.items.append(e)
        e.location = dest

    def move(self, what: Any, dest: Any) -> None:
        for e in many(what):
            self._place(e, dest)
            self.history.record("move", thing=e, to=dest)

    def draw(self, count: int, source: Zone, dest: Any = None) -> list[Entity]:
        taken = source.items[:max(0, count)]
        for e in taken:
            self._place(e, dest)
        self.history.record("draw", zone=source, count=len(taken), to=dest,
                            things=[] if source.hidden else taken)
        return taken

    def destroy(self, what: Any) -> None:
        for e in many(what):
            if not e.alive:
                continue
            self._kill(e)
            self.history.record("destroy", thing=e)
            if "destroyed" in self.rules.triggers:
                self.emit("destroyed", (e,))

    def remove(self, what: Any) -> None:
        for e in many(what):
            if e.alive:
                self._kill(e)
                self.history.record("remove", thing=e)

    def _kill(self, e: Entity) -> None:
        """Take a thing out of the game: off its zone, every board it stands on and the graph."""
        if isinstance(e.location, Zone):
            e.location.items.remove(e)
        for name in sorted(self.boards):
            self.boards[name].drop(e)
        self.graph.drop(e)
        e.alive = False
        self.mods.drop_target(e.id)

    def set(self, e: Any, prop: str, value: Any) -> None:
        if e is None:
            raise IllegalAction(f"cannot set `{prop}` of nothing")
        if prop == "owner":
            e.owner = value
        elif prop == "location":
            self._place(e, value)
        elif prop == "face_down":
            e.face_down = bool(value)
        else:
            e.props[prop] = value
            if value.__class__ not in ATOMS:
                e.plain = None  # it may hold a thing now
            if isinstance(e.location, Zone):
                e.location.runs = e.location.laid = None  # the thing no longer reads as its run's first
        self.history.changed(e, prop, value)

    # ---- where things are -----------------------------------------------------

    def in_play(self, e: Entity) -> bool:
        loc = e.location
        return e.alive and (not isinstance(loc, Zone) or loc.in_play)

    def zone(self, name: str, owner: Entity | None = None) -> Zone:
        found = self.zones.get((name, owner.id if owner else None))
        if found is None:
            known = sorted({z for z, _ in self.zones})
            whose = f" of {owner.name}" if owner else " without an owner" if name in known else ""
            raise UnknownName("zone", name, f"no zone '{name}'{whose}", known)
        return found

    def snapshot(self) -> dict[str, Any]:
        """The whole state of the things, for the game's digest."""
        return {
            "entities": [[e.id, e.def_id, e.alive, e.face_down, sorted(e.seen_by), to_json(e.owner),
                          to_json(e.location), to_json(e.props)] for e in self.entities.values()],
            "zones": [[z.ref, to_json(z.items)]
                      for _, z in sorted(self.zones.items(), key=lambda kv: (kv[0][0], kv[0][1] or 0))],
            "graph": sorted((a, sorted(bs)) for a, bs in self.graph.edges.items()),
            "boards": {name: board.snapshot() for name, board in sorted(self.boards.items())},
        }


class CopyOnWriteThings(Things):
    """Things whose properties may be shared: `lay_out` gives every copy of a definition the same
    property values (one object per card, for checking large decks), and the first change to a
    thing's property gives that thing its own copy. Chosen with `Game(..., shared_props=True)`."""

    def set(self, e: Any, prop: str, value: Any) -> None:
        if isinstance(e, Entity):
            e.props = dict(e.props)
        super().set(e, prop, value)
