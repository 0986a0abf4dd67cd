"""A running game: the state and the operations compiled handlers call.

Compiled handlers receive this object as `rt` and call only the methods below; a
ruleset has no other way to touch the state. Every random outcome and every choice
goes into the log, so a game can be replayed and compared byte for byte.
"""

from __future__ import annotations

import hashlib
import json
from contextlib import contextmanager
from typing import Any, Callable, Iterable, Sequence

from . import rng
from .agents import Agent, RandomAgent, initial_state
from .board import Graph
from .errors import RAW_ERRORS, BudgetExceeded, ExpectationFailed, GameOver, IllegalAction, fault_from
from .modifiers import Modifiers
from .ruleset import AssumedValue, Ruleset
from .state import Entity, Zone, to_json

DEFAULT_BUDGET = 2_000_000
MAX_EMIT_DEPTH = 64
MAX_ENTITIES = 100_000
MAX_LOG = 1_000_000


class Chance:
    """Where random numbers come from: the seeded generator, or a forced script (tests, odds)."""

    def __init__(self, state: int):
        self.state = state
        self.forced: dict[str, list[Any]] = {}  # die id -> faces to return next

    def below(self, n: int) -> int:
        self.state, value = rng.below(self.state, n)
        return value


class Game:
    def __init__(self, ruleset: Ruleset, seed: int = 0, players: Sequence[str] = ("p1", "p2"),
                 agents: Sequence[Agent] | None = None, assumptions: dict[str, Any] | None = None,
                 budget: int = DEFAULT_BUDGET, chance: Chance | None = None, params: dict[str, Any] | None = None,
                 options: Sequence[str] = ()):
        self.rules = ruleset
        self.seed = seed
        self.entities: dict[int, Entity] = {}
        self.instances: dict[str, list[Entity]] = {}  # definition -> its things, in creation order
        self.by_kind: dict[str, list[Entity]] = {}  # kind -> its things, in creation order
        self.zones: dict[tuple[str, int | None], Zone] = {}
        self.chance = chance or Chance(rng.derive(seed, 0))
        self.assume = {name: a.value for name, a in ruleset.assumptions.items()}
        for name, value in (assumptions or {}).items():
            if name not in self.assume:
                raise KeyError(f"unknown assumption '{name}' (known: {', '.join(sorted(self.assume))})")
            self.assume[name] = value
        unknown = [o for o in options if o not in ruleset.options]
        if unknown:
            raise KeyError(f"unknown option '{unknown[0]}' (known: {', '.join(sorted(ruleset.options)) or 'none'})")
        self.options = frozenset(options)
        self.replaced = {a: b for a, b, when in ruleset.replacements if when is None or when in self.options}
        self.faces: dict[str, tuple[Any, ...]] = {}  # each die's faces, assumptions resolved (filled on first roll)
        self.scenario_props: dict[str, Any] = {}
        self.params = {name: p.default for name, p in ruleset.params.items()} | (params or {})
        self.violations: list[dict[str, Any]] = []
        self.checking: str | None = None  # the rule of the format check now running
        self.mods = Modifiers()
        self.graph = Graph()
        self.boards: dict[str, Any] = {}  # board libraries keep their boards here (each has snapshot())
        self.round = 0
        self.seq = 0  # increases with every logged happening; orders modifiers and phases
        self.phases: list[tuple[str, int]] = []
        self.current_player: Entity | None = None
        self.fired_once: set[tuple[int, int]] = set()
        self.log: list[dict] = []
        self.touched: set[str] = set()
        self.steps = 0
        self.budget = budget
        self.depth = 0
        self.over: bool = False
        self.winner: Entity | None = None
        self.players = [self._new_entity("player", "player", name, {}) for name in players]
        self.agent_states = {p.id: initial_state(seed, i) for i, p in enumerate(self.players)}
        self.agents = {p.id: (agents[i] if agents and i < len(agents) else RandomAgent())
                       for i, p in enumerate(self.players)}
        for info in ruleset.zones.values():
            for owner in (self.players if info.per_player else [None]):
                self.zones[(info.name, owner.id if owner else None)] = Zone(info.name, owner, info.in_play, info.hidden)

    # ---- bookkeeping ------------------------------------------------------

    def tick(self) -> None:
        self.steps += 1
        if self.steps > self.budget:
            raise BudgetExceeded(f"the step budget of {self.budget} steps is used up (an endless loop?)")

    def charge(self, items: Sequence[Any]) -> Sequence[Any]:
        """A `for` loop's rounds, charged to the step budget before it starts."""
        self.steps += len(items)
        if self.steps > self.budget:
            raise BudgetExceeded(f"the step budget of {self.budget} steps is used up (loops over too much?)")
        return items

    def touch(self, rules: Iterable[str]) -> None:
        self.touched.update(rules)

    def record(self, what: str, **fields: Any) -> None:
        if len(self.log) >= MAX_LOG:
            raise BudgetExceeded(f"the game log passed {MAX_LOG} entries")
        self.seq += 1
        entry = {"seq": self.seq, "round": self.round, "what": what}
        entry.update({k: to_json(v) for k, v in fields.items()})
        self.log.append(entry)

    def fail(self, message: str) -> None:
        raise IllegalAction(message)

    def expectation_failed(self, message: str) -> None:
        raise ExpectationFailed(message)

    # ---- entities ---------------------------------------------------------

    def props_of(self, kind: str, props: dict[str, Any]) -> dict[str, Any]:
        """A new thing's properties: its kind's defaults, then its own, assumptions resolved."""
        values = {k: list(v) if isinstance(v, list) else v for k, v in self.rules.kind_defaults(kind).items()}
        values.update({k: self.assume[v.assumption] if isinstance(v, AssumedValue) else v for k, v in props.items()})
        return values

    def _new_entity(self, kind: str, def_id: str, name: str, props: dict[str, Any]) -> Entity:
        return self._register(Entity(len(self.entities) + 1, kind, def_id, name, self.props_of(kind, props)))

    def _register(self, e: Entity) -> Entity:
        if len(self.entities) >= MAX_ENTITIES:
            raise BudgetExceeded(f"more than {MAX_ENTITIES} things in one game")
        self.entities[e.id] = e
        self.instances.setdefault(e.def_id, []).append(e)
        self.by_kind.setdefault(e.kind, []).append(e)
        return e

    def lay_out(self, def_id: str, copies: int, zone: Zone, props: dict[str, Any]) -> None:
        """Host-side, unlogged: `copies` things of a definition into a zone, all sharing `props`
        (for a game that gives a thing its own copy before changing it, as a deck check does)."""
        d = self.rules.definitions[def_id]
        entities = self.entities
        if len(entities) + copies > MAX_ENTITIES:
            raise BudgetExceeded(f"more than {MAX_ENTITIES} things in one game")
        made, same_kind, items = self.instances.setdefault(def_id, []), self.by_kind.setdefault(d.kind, []), zone.items
        for _ in range(copies):  # what _register does, for many things at once
            e = Entity(len(entities) + 1, d.kind, def_id, d.name, props)
            e.location = zone
            entities[e.id] = e
            made.append(e)
            same_kind.append(e)
            items.append(e)

    def create(self, def_id: str, count: int = 1, at: Any = None, owner: Entity | None = None,
               face_down: bool = False) -> Entity | list[Entity]:
        d = self.rules.definitions.get(self.replaced.get(def_id, def_id))
        if d is None:
            raise IllegalAction(f"there is no definition `{def_id}` to create")
        made = []
        for _ in range(count):
            e = self._new_entity(d.kind, d.id, d.name, dict(d.props))
            e.owner = owner
            e.face_down = face_down
            self._place(e, at)
            made.append(e)
        self.touch(d.data_rules)
        self.record("create", thing=made if count > 1 else made[0], at=at, owner=owner)
        return made[0] if count == 1 else made

    def spawn(self, def_id: str, at: Any = None, owner: Entity | None = None, **props: Any) -> Entity:
        """Host-side (tests, scenario files): create one thing with some properties overridden."""
        e = self.create(def_id, 1, at, owner)
        for k, v in props.items():
            self.set(e, k, v)
        return e

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
            self.record("move", thing=e, to=dest)

    def destroy(self, what: Any) -> None:
        for e in _many(what):
            if not e.alive:
                continue
            self._kill(e)
            self.record("destroy", thing=e)
            if "destroyed" in self.rules.triggers:
                self.emit("destroyed", (e,))

    def remove(self, what: Any) -> None:
        for e in _many(what):
            if e.alive:
                self._kill(e)
                self.record("remove", thing=e)

    def _kill(self, e: Entity) -> None:
        if isinstance(e.location, Zone):
            e.location.items.remove(e)
        e.alive = False
        self.mods.drop_target(e.id)

    def in_play(self, e: Entity) -> bool:
        loc = e.location
        return e.alive and (not isinstance(loc, Zone) or loc.in_play)

    # ---- properties and modifiers -----------------------------------------

    def get(self, e: Any, prop: str) -> Any:
        if e is None:
            raise IllegalAction(f"cannot read `{prop}` of nothing")
        if prop in BUILTIN_FIELDS:
            return BUILTIN_FIELDS[prop](e)
        base = e.props[prop]
        if self.mods.active:
            return self.mods.apply(e.id, prop, base, self.round)
        return base

    def prop(self, e: Entity, name: str) -> Any:
        """A declared property, as compiled handlers read it (the checker has ruled out built-in fields)."""
        try:
            props = e.props
        except AttributeError:
            return _loose_prop(e, name)
        if self.mods.active:
            return self.mods.apply(e.id, name, props[name], self.round)
        return props[name]

    def cast(self, value: Any, kind: str) -> Any:
        """`value as KIND`: the value itself, if it is a thing of that kind (or none)."""
        if value is None or (isinstance(value, Entity) and value.kind in self.rules.descendants.get(kind, ())):
            return value
        raise IllegalAction(f"{to_json(value)!r} is not a {kind}")

    def defprop(self, def_id: str, name: str) -> Any:
        """A property of a definition itself (as printed), without an instance."""
        d = self.rules.definitions.get(def_id)
        if d is None:
            raise IllegalAction(f"there is no definition `{def_id}`")
        if name in d.props:
            value = d.props[name]
            return self.assume[value.assumption] if isinstance(value, AssumedValue) else value
        if name == "name":
            return d.name
        return self.rules.field_default(d.kind, name)

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
        self.record("set", thing=e, prop=prop, value=value)

    def modify(self, e: Entity, prop: str, op: str, value: Any, duration: str, event: str | None,
               order: int, rules: tuple[str, ...] = ()) -> None:
        self.seq += 1
        start_round = self.round + 1 if duration == "next_round" else 0
        phase_seq = self.seq
        self.mods.add(e.id, prop, op, value, order, self.seq, duration, event, start_round, phase_seq, self.round)
        self.record("modify", thing=e, prop=prop, op=op, value=value, duration=duration + (f":{event}" if event else ""))

    def _expire(self, event: str, name: str | None = None, started: int = 0) -> None:
        gone = self.mods.expire(event, name, started, self.round)
        if gone:
            self.record("expire", modifiers=gone)

    # ---- events -----------------------------------------------------------

    def emit(self, event: str, args: tuple = ()) -> None:
        self.tick()
        if self.depth >= MAX_EMIT_DEPTH:
            raise BudgetExceeded(f"events nest deeper than {MAX_EMIT_DEPTH} (a trigger that re-triggers itself?)")
        self.depth += 1
        started = self.seq
        try:
            self.record("event", event=event, args=list(args))
            for spec in self.rules.triggers.get(event, ()):
                if spec.definition is None:
                    self._fire(spec, None, args)
                else:
                    for e in list(self.instances.get(spec.definition, ())):
                        if self.in_play(e):
                            self._fire(spec, e, args)
            self._expire("until", event, started + 1)
        finally:
            self.depth -= 1

    def _fire(self, spec, this: Entity | None, args: tuple) -> None:
        key = (spec.seq, this.id if this else 0)
        if spec.once and key in self.fired_once:
            return
        if spec.func(self, this, *args):
            self.touch(spec.rules)
            if spec.once:
                self.fired_once.add(key)

    @contextmanager
    def phase(self, name: str):
        self.seq += 1
        started = self.seq
        self.phases.append((name, started))
        self.record("phase", name=name)
        try:
            if "phase_start" in self.rules.triggers:
                self.emit("phase_start", (name,))
            yield
            if "phase_end" in self.rules.triggers:
                self.emit("phase_end", (name,))
        finally:
            self.phases.pop()
            self._expire("end_of_next", name, started)

    def in_phase(self, name: str) -> bool:
        return any(p == name for p, _ in self.phases)

    @contextmanager
    def turn(self, player: Entity):
        previous, self.current_player = self.current_player, player
        self.record("turn", player=player)
        try:
            if "turn_start" in self.rules.triggers:
                self.emit("turn_start", (player,))
            yield
            if "turn_end" in self.rules.triggers:
                self.emit("turn_end", (player,))
        finally:
            self._expire("this_turn")
            self.current_player = previous

    @contextmanager
    def step(self, name: str):
        self.record("step", name=name)
        yield

    def begin_round(self) -> None:
        self.round += 1
        self.record("round", number=self.round)
        if "round_start" in self.rules.triggers:
            self.emit("round_start", ())

    def end_round(self) -> None:
        if "round_end" in self.rules.triggers:
            self.emit("round_end", ())
        self._expire("this_round")

    def end_game(self, winner: Entity | None = None) -> None:
        self.over = True
        self.winner = winner
        self.record("end", winner=winner)
        raise GameOver(winner)

    # ---- selection, zones, hidden information ------------------------------

    def select(self, kind: str, at: Any = None, owner: Any = None, where: Callable | None = None,
               by_definition: bool = False) -> list[Entity]:
        """Live things of a kind (or definition): from a zone in the zone's order, else in creation order."""
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
        return [e for e in found if e.alive and (e.def_id == kind if by_definition else e.kind in kinds)
                and (at is None or e.location is at) and (owner is None or e.owner is owner)
                and (where is None or where(e))]

    def _of_kind(self, kind: str) -> list[Entity]:
        """Every thing of a kind or its subkinds, in creation order."""
        lists = [self.by_kind[k] for k in self.rules.descendants.get(kind, (kind,)) if self.by_kind.get(k)]
        if len(lists) == 1:
            return lists[0]
        return sorted((e for group in lists for e in group), key=lambda e: e.id)

    def zone(self, name: str, owner: Entity | None = None) -> Zone:
        return self.zones[(name, owner.id if owner else None)]

    def fill(self, pool_id: str) -> None:
        """Put every definition of the pool's kind into its zone, `count` copies each, face down."""
        pool = self.rules.pools[pool_id]
        zone = self.zone(pool_id)
        for d in self.rules.defs_of(pool.of):
            self.create(d.id, d.count, zone, None, True) if d.count else None

    def shuffle(self, zone: Zone) -> None:
        items = zone.items
        for i in range(len(items) - 1, 0, -1):
            j = self.chance.below(i + 1)
            items[i], items[j] = items[j], items[i]
        self.record("shuffle", zone=zone)

    def draw(self, count: int, source: Zone, dest: Any = None) -> list[Entity]:
        taken = source.items[:max(0, count)]
        for e in taken:
            self._place(e, dest)
        self.record("draw", zone=source, count=len(taken), to=dest,
                    things=[] if source.hidden else taken)
        return taken

    def reveal(self, what: Any, to: Entity | None = None) -> None:
        for e in _many(what):
            if to is None:
                e.face_down = False
                e.seen_by.update(p.id for p in self.players)
                self.record("reveal", thing=e, shows=e.def_id)
            else:
                e.seen_by.add(to.id)
                self.record("peek", thing=e, player=to, shows=e.def_id, visible_to=[to])

    def hide(self, what: Any) -> None:
        for e in _many(what):
            e.face_down = True
            self.record("hide", thing=e)

    def knows(self, player: Entity, e: Entity) -> bool:
        return not e.face_down or player.id in e.seen_by

    def view(self, player: Entity, e: Entity) -> str:
        """What `player` sees of `e`: its definition, or `hidden`."""
        return e.def_id if self.knows(player, e) else "hidden"

    # ---- chance and choices -----------------------------------------------

    def roll(self, die_id: str) -> Any:
        die = self.rules.dice.get(die_id)
        if die is None:
            raise IllegalAction(f"there is no die `{die_id}` to roll")
        faces = self.faces.get(die_id)
        if faces is None:
            faces = self.faces[die_id] = self.rules.faces(die_id, self.assume)
        forced = self.chance.forced.get(die_id)
        face = forced.pop(0) if forced else faces[self.chance.below(len(faces))]
        self.touch(die.rules)
        self.record("roll", die=die_id, face=face)
        return face

    def force(self, die_id: str, *faces: Any) -> None:
        """Tests and tutorials: make the next rolls of a die show these faces."""
        if die_id not in self.rules.dice:
            raise KeyError(f"unknown die '{die_id}'")
        self.chance.forced.setdefault(die_id, []).extend(faces)

    def random_pick(self, items: Sequence[Any], count: int = 1) -> list[Any]:
        pool = list(items)
        picked = []
        for _ in range(min(count, len(pool))):
            picked.append(pool.pop(self.chance.below(len(pool))))
        self.record("random", picked=picked)
        return picked

    def choose(self, player: Entity, options: Sequence[Any], prompt: str) -> Any:
        options = list(options)
        if not options:
            return None
        index = self.agents[player.id].choose(self, player, options, prompt) if len(options) > 1 else 0
        if not 0 <= index < len(options):
            raise IllegalAction(f"agent of {player.name} chose option {index} of {len(options)}")
        self.record("choice", player=player, prompt=prompt, options=len(options), picked=options[index])
        return options[index]

    def agent_random(self, player: Entity, n: int) -> int:
        self.agent_states[player.id], value = rng.below(self.agent_states[player.id], n)
        return value

    # ---- timing windows and deck checks ------------------------------------

    def window(self, name: str, zone: str, order: Sequence[Entity] | None = None) -> None:
        """Players in turn may play a card from their `zone` that has an effect in this window;
        the window closes when every player has passed in a row."""
        specs = {s.definition: s for s in self.rules.plays.get(name, ())}
        if order is None:
            first = self.players.index(self.current_player) if self.current_player in self.players else 0
            order = self.players[first:] + self.players[:first]
        players = list(order)
        self.record("window", name=name)
        if not specs or not players:
            return
        passes, turn = 0, 0
        while passes < len(players):
            self.tick()
            player = players[turn % len(players)]
            turn += 1
            playable = [card for card in self.zone(zone, player).items
                        if card.def_id in specs and specs[card.def_id].when(self, card, player)]
            card = self.choose(player, [None, *playable], f"play a card in {name}") if playable else None
            if card is None:
                passes += 1
                continue
            passes = 0
            spec = specs[card.def_id]
            self.record("play", player=player, card=card, window=name)
            spec.func(self, card, player)
            self.touch(spec.rules)

    def violation(self, message: str, cards: Sequence[Any] = ()) -> None:
        ids = list(dict.fromkeys(c.def_id if isinstance(c, Entity) else str(c) for c in cards))
        self.violations.append({"rule": self.checking, "message": message, "cards": ids})

    def run_checks(self) -> list[dict[str, Any]]:
        """Run every check of a format against the deck laid out in this game."""
        for check in self.rules.checks:
            self.checking = check.rule
            self.touch((check.rule,))
            try:
                check.func(self)
            except RAW_ERRORS as err:
                raise fault_from(err) from None
        self.checking = None
        return self.violations

    # ---- calling into the ruleset from outside -----------------------------

    def act(self, action: str, *args: Any) -> Any:
        """Perform an action of the ruleset (tests, agents, the CLI)."""
        c = self.rules.callables[action]
        self.record("action", action=action, args=list(args))
        try:
            return c.func(self, *args)
        except RAW_ERRORS as err:
            raise fault_from(err) from None

    def call(self, name: str, *args: Any) -> Any:
        try:
            return self.rules.callables[name].func(self, *args)
        except RAW_ERRORS as err:
            raise fault_from(err) from None

    def table(self, table_id: str, *args: Any) -> int:
        t = self.rules.tables[table_id]
        value = self.roll(t.die)
        row = t.row_for(value)
        self.touch(t.rules)
        self.record("table", table=table_id, roll=value, result=row.label if row else None)
        if row:
            row.func(self, value, *args)
        return value

    def player(self, name: str) -> Entity:
        for p in self.players:
            if p.name == name:
                return p
        raise KeyError(f"no player named '{name}'")

    def find(self, def_or_name: str) -> Entity:
        """The one live thing with this definition id or name (tests)."""
        found = [e for e in self.entities.values() if e.alive and def_or_name in (e.def_id, e.name)]
        if len(found) != 1:
            raise LookupError(f"{len(found)} live things match '{def_or_name}'")
        return found[0]

    # ---- output -----------------------------------------------------------

    def log_text(self, text: str) -> None:
        self.record("log", text=text)

    def log_lines(self) -> list[str]:
        return [json.dumps(e, ensure_ascii=False, separators=(",", ":")) for e in self.log]

    def digest(self) -> str:
        """A hash of the whole state, for replay checks."""
        snapshot = {
            "round": self.round, "chance": self.chance.state,
            "entities": [[e.id, e.def_id, e.alive, e.face_down, sorted(e.seen_by), to_json(e.owner),
                          to_json(e.location), to_json(e.props)] for e in self.entities.values()],
            "zones": [[z.ref, to_json(z.items)] for _, z in sorted(self.zones.items(), key=lambda kv: (kv[0][0], kv[0][1] or 0))],
            "modifiers": self.mods.snapshot(),
            "graph": sorted((a, sorted(bs)) for a, bs in self.graph.edges.items()),
            "boards": {name: board.snapshot() for name, board in sorted(self.boards.items())},
        }
        return hashlib.sha256(json.dumps(snapshot, sort_keys=True, default=str).encode()).hexdigest()


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


def _name(e: Any) -> Any:
    return e.name


BUILTIN_FIELDS: dict[str, Callable[[Any], Any]] = {
    "id": lambda e: e.id,
    "name": _name,
    "def": lambda e: e.def_id,
    "kind": lambda e: e.kind,
    "owner": lambda e: e.owner,
    "location": lambda e: e.location,
    "face_down": lambda e: e.face_down,
    "alive": lambda e: e.alive,
}
