"""The things of a game and where they are: the part `rt.things`.

It owns every thing (entity) by id, definition and kind, the zones, the abstract graph and the
boards' state, and the operations on them: create, move, destroy and remove things; read and set
their properties (through the active modifiers); select them; draw, reveal and hide them; and
what each player knows of a face-down thing. Every change goes into the log.
"""

from __future__ import annotations

from typing import Any, Callable, Sequence

from .board import Graph
from .errors import BudgetExceeded, IllegalAction
from .history import History
from .modifiers import Modifiers, combine
from .ruleset import AssumedValue, Ruleset
from .state import ATOMS, Entity, Zone, to_json

MAX_ENTITIES = 100_000


def _no_events(event: str, args: tuple = ()) -> None:
    """Until a game connects its events (`Things.emit`), nothing listens."""


class Things:
    """The game state: things, zones, graph and boards, with the operations handlers call on them.

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
        self.rt: Any = None  # the game, which abilities' modifiers are computed with (connected by it)
        self.entities: dict[int, Entity] = {}
        self.instances: dict[str, list[Entity]] = {}  # definition -> its things, in creation order
        self.by_kind: dict[str, list[Entity]] = {}  # kind -> its things, in creation order
        self.zones: dict[tuple[str, int | None], Zone] = {}
        self.graph = Graph()
        self.boards: dict[str, Any] = {}  # board libraries keep their boards here (each has snapshot(), drop())
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
        definition join the zone's runs (Zone), so that a selection asks its condition once of them."""
        entities = self.entities
        first = len(entities) + 1
        if first - 1 + sum(copies for _, copies, _ in cards if copies > 0) > MAX_ENTITIES:
            raise BudgetExceeded(f"more than {MAX_ENTITIES} things in one game")
        runs = zone.current_runs()
        definitions, instances, by_kind = self.rules.definitions, self.instances, self.by_kind
        laid: list[Entity] = []
        next_id = first
        for def_id, copies, props in cards:
            if copies <= 0:
                continue
            d = definitions[def_id]
            kind, name = d.kind, d.name
            made = []
            for i in range(next_id, next_id + copies):  # a plain loop: the fastest way to make them
                made.append(Entity(i, kind, def_id, name, props, zone))
            next_id += copies
            laid += made
            instances.setdefault(def_id, []).extend(made)
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
        for e in _many(what):
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
        for e in _many(what):
            if not e.alive:
                continue
            self._kill(e)
            self.history.record("destroy", thing=e)
            if "destroyed" in self.rules.triggers:
                self.emit("destroyed", (e,))

    def remove(self, what: Any) -> None:
        for e in _many(what):
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

    # ---- properties ----------------------------------------------------------

    def get(self, e: Any, prop: str) -> Any:
        if e is None:
            raise IllegalAction(f"cannot read `{prop}` of nothing")
        if prop in BUILTIN_FIELDS:
            return BUILTIN_FIELDS[prop](e)
        return self.effective(e, prop, e.props[prop])

    def prop(self, e: Entity, name: str) -> Any:
        """A declared property, as compiled handlers read it (the checker has ruled out built-in fields)."""
        try:
            props = e.props
        except AttributeError:
            return _loose_prop(e, name)
        return self.effective(e, name, props[name])

    def effective(self, e: Entity, prop: str, base: Any) -> Any:
        """A stored value as it reads now: changed by the thing's abilities, then by `modify`."""
        if prop in self.rules.ability_modifiers:
            base = self.by_abilities(e, prop, base)
        if self.mods.active:
            return self.mods.apply(e.id, prop, base)
        return base

    def by_abilities(self, e: Entity, prop: str, base: Any) -> Any:
        """The property as the thing's abilities change it (`modify` in an ability), in the
        abilities' declaration order; the modifiers of `modify` statements apply after these."""
        if "abilities" not in e.props:
            return base
        value = base
        for m in self.rules.ability_modifiers[prop]:
            if self.has_ability(e, m.ability):
                by = m.func(self.rt, *(self.ability_param(e, m.ability, p) for p in m.params))
                value = combine(m.op, value, by)
        return value

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
        self.history.record("set", thing=e, prop=prop, value=value)

    def cast(self, value: Any, kind: str) -> Any:
        """`value as KIND`: the value itself, if it is a thing of that kind (or none)."""
        if value is None or (isinstance(value, Entity) and value.kind in self.rules.descendants.get(kind, ())):
            return value
        raise IllegalAction(f"{to_json(value)!r} is not a {kind}")

    def is_a(self, value: Any, kind: str) -> bool:
        """`value is KIND`: whether it is a thing of that kind (or of a subkind)."""
        return isinstance(value, Entity) and value.kind in self.rules.descendants.get(kind, ())

    def has_ability(self, x: Any, ability: str) -> bool:
        """`x has NAME`: a thing (its abilities as modified now) or a definition (as printed);
        none, and a thing whose kind keeps no `abilities`, have none."""
        if isinstance(x, Entity):
            return "abilities" in x.props and ability in self.prop(x, "abilities")
        definition = self.rules.definitions.get(x) if isinstance(x, str) else None
        if definition is None or "abilities" not in self.rules.kind_defaults(definition.kind):
            return False
        abilities = self.defprop(x, "abilities")
        return isinstance(abilities, list) and ability in abilities

    def ability_param(self, e: Any, ability: str, param: str) -> Any:
        """`param_of(x, ABILITY, PARAM)`: the argument x's definition gave the ability
        (`abilities: [NAME(2)]`), else the parameter's default."""
        if not isinstance(e, Entity):
            raise IllegalAction(f"`param_of` reads a thing's ability, not {e!r}")
        given = self.rules.ability_args.get(e.def_id, {}).get(ability, {})
        if param in given:
            return given[param]
        defaults = self.rules.ability_defaults.get(ability, {})
        if param in defaults:
            return defaults[param]
        raise IllegalAction(f"{e.name} was given no `{param}` for ability `{ability}`")

    def defprop(self, def_id: str, name: str) -> Any:
        """A property of a definition itself (as printed), without an instance: reading it executes the
        definition's own rules, as making one does."""
        d = self.rules.definitions.get(def_id)
        if d is None:
            raise IllegalAction(f"there is no definition `{def_id}`")
        if d.data_rules:
            self.history.touch(d.data_rules)
        if name in d.props:
            value = d.props[name]
            return self.assume[value.assumption] if isinstance(value, AssumedValue) else value
        if name == "name":
            return d.name
        return self.rules.field_default(d.kind, name)

    # ---- finding things ------------------------------------------------------

    def in_play(self, e: Entity) -> bool:
        loc = e.location
        return e.alive and (not isinstance(loc, Zone) or loc.in_play)

    def select(self, kind: str, at: Any = None, owner: Any = None, where: Callable | None = None,
               by_definition: bool = False, shared: bool = False) -> list[Entity]:
        """Live things of a kind (or definition): from a zone in the zone's order, else in creation order.
        `shared`: `where` reads only what the copies of a definition share (compiler.selections),
        so over a zone's runs it is asked once per run."""
        if at is None and owner is None and where is None and not by_definition:  # `all KIND`
            return [e for e in self.rt.budget.scan(self._of_kind(kind)) if e.alive]
        if owner is None and (where is None or shared):
            selected = self._select_runs(kind, at, where, by_definition)
            if selected is not None:
                return selected
        found: Sequence[Entity]
        if isinstance(at, Zone):
            found, at = at.items, None
        elif isinstance(at, list):  # several places: each in turn, in the order given
            found = [e for place in at for e in (place.items if isinstance(place, Zone) else
                                                  [x for x in self.entities.values() if x.location is place])]
            at = None
        elif by_definition:
            found = self.instances.get(kind, ())
        else:
            found = self._of_kind(kind)
        kinds = () if by_definition else self.rules.descendants.get(kind, frozenset((kind,)))
        self.rt.budget.scan(found)
        return [e for e in found if e.alive and (e.def_id == kind if by_definition else e.kind in kinds)
                and (at is None or e.location is at) and (owner is None or e.owner is owner)
                and (where is None or where(e))]

    def first_of(self, kind: str) -> Entity | None:
        """`first(all KIND)`: the first live thing of a kind in creation order, or none; charged
        as the selection is, without making its list."""
        for e in self.rt.budget.scan(self._of_kind(kind)):
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
        self.rt.budget.spend(size)
        kinds = () if by_definition else self.rules.descendants.get(kind, frozenset((kind,)))
        out: list[Entity] = []
        for run_kind, things in runs:
            if (things[0].def_id == kind if by_definition else run_kind in kinds) and (where is None or where(things[0])):
                out += things
        return out

    def _of_kind(self, kind: str) -> list[Entity]:
        """Every thing of a kind or its subkinds, in creation order."""
        lists = [self.by_kind[k] for k in self.rules.descendants.get(kind, (kind,)) if self.by_kind.get(k)]
        if len(lists) == 1:
            return lists[0]
        return sorted((e for group in lists for e in group), key=lambda e: e.id)

    def zone(self, name: str, owner: Entity | None = None) -> Zone:
        return self.zones[(name, owner.id if owner else None)]

    # ---- hidden information --------------------------------------------------

    def reveal(self, what: Any, to: Entity | None = None) -> None:
        for e in _many(what):
            if to is None:
                e.face_down = False
                e.seen_by = e.seen_by.union(p.id for p in self.players)
                self.history.record("reveal", thing=e, shows=e.def_id)
            else:
                e.seen_by = e.seen_by | {to.id}
                self.history.record("peek", thing=e, player=to, shows=e.def_id, visible_to=[to])

    def hide(self, what: Any) -> None:
        for e in _many(what):
            e.face_down = True
            self.history.record("hide", thing=e)

    def knows(self, player: Entity, e: Entity) -> bool:
        return not e.face_down or player.id in e.seen_by

    def view(self, player: Entity, e: Entity) -> str:
        """What `player` sees of `e`: its definition, or `hidden`."""
        return e.def_id if self.knows(player, e) else "hidden"

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


def _loose_prop(value: Any, name: str) -> Any:
    """`x.name` where the checker could not know what `x` is (typed `any`): a die face, or a mistake."""
    if isinstance(value, dict) and name in value:
        return value[name]
    if value is None:
        raise IllegalAction(f"cannot read `{name}` of nothing (the value is none)")
    raise IllegalAction(f"{to_json(value)!r} has no `{name}`")


def _many(what: Any) -> list[Entity]:
    if what is None:
        return []
    if isinstance(what, Entity):
        return [what]
    return list(what)


BUILTIN_FIELDS: dict[str, Callable[[Any], Any]] = {
    "id": lambda e: e.id,
    "name": lambda e: e.name,
    "def": lambda e: e.def_id,
    "kind": lambda e: e.kind,
    "owner": lambda e: e.owner,
    "location": lambda e: e.location,
    "face_down": lambda e: e.face_down,
    "alive": lambda e: e.alive,
}
