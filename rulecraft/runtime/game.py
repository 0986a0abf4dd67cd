"""A running game: a facade over the parts that each own one piece of the work.

Compiled handlers receive the game as `rt` and reach the operations the interface table
(`interface.py`) names, on the game or on one of its parts:

- `rt.things`  (things.py): things, zones, graph and boards; create, move, set, destroy
- `rt.properties` (properties.py): properties as they read now, abilities, `is`/`as`
- `rt.selection` (selection.py): finding things (`all KIND`, `KIND in ZONE where ...`)
- `rt.knowledge` (knowledge.py): reveal, hide, what a player knows of a face-down thing
- `rt.events`  (events.py): events and triggers, phases, turns, steps, rounds, the game's end
- `rt.mods`    (modifiers.py): continuous modifiers
- `rt.chance`  (chance.py): dice, tables, random picks, shuffles
- `rt.choices` (choices.py): players' agents, choices and timing windows
- `rt.history` (history.py): the log and the rules that ran
- `rt.budget`  (budget.py): the step budget
- `rt.checks`  (checks.py): deck checks, refusals, failed expectations

Every random outcome and every choice goes into the log, so a game can be replayed and
compared byte for byte. The methods below are the host's way in (tests, the CLI, tools).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Sequence
from contextlib import AbstractContextManager
from typing import Any

from . import fastpath, rng
from .agents import Agent
from .budget import DEFAULT_BUDGET, Budget
from .chance import Chance, Seeded, Source
from .checks import Checks
from .choices import Choices
from .errors import UnknownName, located
from .events import Events
from .history import History
from .knowledge import Knowledge
from .modifiers import Modifiers
from .properties import Properties
from .ruleset import Ruleset
from .selection import Selection
from .state import Entity, Zone
from .things import CopyOnWriteThings, Things

LOG_MODES = ("full", "simulation")


class Game:
    """A game of a ruleset: the parts, the settings handlers read (`assume`, `params`, `options`),
    and the host's operations.

    `source`: where random numbers come from (default: the generator seeded with `seed`).
    `shared_props`: things laid out with `rt.things.lay_out` share their property values until
    one is changed (deck checks lay out thousands of cards this way).
    `log`: "full" (the default) logs every happening; "simulation" keeps only what a replay
    needs (the scenario, the choices, the end), for playing many games fast.
    `fast_path`: False keeps a simulation on the normal path (fastpath.py), to compare the two."""

    def __init__(self, ruleset: Ruleset, seed: int = 0, players: Sequence[str] = ("p1", "p2"),
                 agents: Sequence[Agent] | None = None, assumptions: dict[str, Any] | None = None,
                 budget: int = DEFAULT_BUDGET, source: Source | None = None, params: dict[str, Any] | None = None,
                 options: Sequence[str] = (), shared_props: bool = False, log: str = "full",
                 fast_path: bool = True):
        if log not in LOG_MODES:
            raise ValueError(f"unknown log mode '{log}' (use one of: {', '.join(LOG_MODES)})")
        self.rules = ruleset
        self.assume = {name: a.value for name, a in ruleset.assumptions.items()}
        for name, value in (assumptions or {}).items():
            if name not in self.assume:
                raise UnknownName("assumption", name, f"unknown assumption '{name}' (known: {', '.join(sorted(self.assume))})",
                                  sorted(self.assume))
            self.assume[name] = value
        unknown = [o for o in options if o not in ruleset.options]
        if unknown:
            raise UnknownName("option", unknown[0],
                              f"unknown option '{unknown[0]}' (known: {', '.join(sorted(ruleset.options)) or 'none'})",
                              sorted(ruleset.options))
        self.options = frozenset(options)
        self.params = {name: p.default for name, p in ruleset.params.items()} | (params or {})
        self.scenario: str | None = None  # the scenario being played (play.start)
        self.scenario_props: dict[str, Any] = {}
        self.round_limit: int | None = None  # the rounds it plays at most (play.run)
        self.checkpoint: Any = None  # the last search.Checkpoint, kept for searching agents (play.py)
        replaced = {a: b for a, b, when in ruleset.replacements if when is None or when in self.options}
        self.history = History(full=log == "full")
        self.budget = Budget(budget)
        self.mods = Modifiers(self.history)
        self.things = (CopyOnWriteThings if shared_props else Things)(
            ruleset, self.assume, replaced, self.history, self.mods, players)
        self.properties = Properties(self, ruleset, self.assume, self.history, self.mods)
        self.selection = Selection(ruleset, self.things, self.budget)
        self.knowledge = Knowledge(self.things.players, self.history)
        self.events = Events(self, ruleset, self.things, self.history, self.budget, self.mods)
        self.things.emit = self.events.emit
        self.chance = Chance(self, ruleset, self.assume, self.history, source or Seeded(rng.derive(seed, 0)))
        self.choices = Choices(self, ruleset, self.things, self.events, self.history, self.budget, seed, agents)
        self.checks = Checks(self, ruleset, self.history)
        self.players = self.things.players
        self.log = self.history.entries  # the log entries (the same list, for reading)
        self.boards = self.things.boards
        self.fast_path = fast_path
        fastpath.engage(self)

    # ---- the state of play ---------------------------------------------------

    @property
    def round(self) -> int:
        return self.history.round

    @property
    def over(self) -> bool:
        return self.events.over

    @property
    def winner(self) -> Entity | None:
        return self.events.winner

    # ---- calling into the ruleset from outside ---------------------------------

    def act(self, action: str, *args: Any) -> Any:
        """Perform an action of the ruleset (tests, agents, the CLI)."""
        c = self.rules.callable_named(action, "action")
        self.history.record("action", action=action, args=list(args))
        with located():
            return c.func(self, *args)

    def call(self, name: str, *args: Any) -> Any:
        """Call a function or query of the ruleset (nothing is logged but what it does)."""
        func = self.rules.callable_named(name, "function or query").func
        with located():
            return func(self, *args)

    def run_checks(self) -> list[dict[str, Any]]:
        """Run every check of a format against the deck laid out in this game; returns the violations."""
        return self.checks.run_checks()

    # ---- things ------------------------------------------------------------------

    def player(self, name: str) -> Entity:
        for p in self.players:
            if p.name == name:
                return p
        raise UnknownName("player", name, f"no player named '{name}'", [p.name for p in self.players])

    def find(self, def_or_name: str) -> Entity:
        """The one live thing with this definition id or name (tests); none is an UnknownName,
        several a LookupError."""
        found = [e for e in self.things.entities.values() if e.alive and def_or_name in (e.def_id, e.name)]
        if not found:
            raise UnknownName("thing", def_or_name, f"0 live things match '{def_or_name}'")
        if len(found) > 1:
            raise LookupError(f"{len(found)} live things match '{def_or_name}'")
        return found[0]

    def create(self, def_id: str, count: int = 1, at: Any = None, owner: Entity | None = None,
               face_down: bool = False) -> Entity | list[Entity]:
        return self.things.create(def_id, count, at, owner, face_down)

    def get(self, e: Any, prop: str) -> Any:
        """A property of a thing, modifiers applied (or a built-in field: name, owner, location...)."""
        return self.properties.get(e, prop)

    def set(self, e: Any, prop: str, value: Any) -> None:
        self.things.set(e, prop, value)

    def select(self, kind: str, at: Any = None, owner: Any = None, where: Callable | None = None,
               by_definition: bool = False) -> list[Entity]:
        return self.selection.select(kind, at, owner, where, by_definition)

    def zone(self, name: str, owner: Entity | None = None) -> Zone:
        return self.things.zone(name, owner)

    def knows(self, player: Entity, e: Entity) -> bool:
        return self.knowledge.knows(player, e)

    def view(self, player: Entity, e: Entity) -> str:
        """What `player` sees of `e`: its definition, or `hidden`."""
        return self.knowledge.view(player, e)

    # ---- the flow of play ------------------------------------------------------------

    def emit(self, event: str, args: tuple = ()) -> None:
        params = self.rules.events.get(event)
        if params is not None and len(args) != len(params):
            names = ", ".join(p.name for p in params)
            raise TypeError(f"event {event} takes {len(params)} argument(s) ({names}), not {len(args)}")
        self.events.emit(event, args)

    def phase(self, name: str) -> AbstractContextManager[None]:
        """`with game.phase(name):` the phase's start and end events around the block."""
        return self.events.phase(name)

    def turn(self, player: Entity) -> AbstractContextManager[None]:
        """`with game.turn(player):` the player's turn around the block."""
        return self.events.turn(player)

    def begin_round(self) -> None:
        self.events.begin_round()

    def end_round(self) -> None:
        self.events.end_round()

    def force(self, die_id: str, *faces: Any) -> None:
        """Tests and tutorials: make the next rolls of a die show these faces."""
        self.chance.force(die_id, *faces)

    # ---- output ----------------------------------------------------------------------

    def log_lines(self) -> list[str]:
        return self.history.lines()

    def digest(self) -> str:
        """A hash of the whole state, for replay checks."""
        snapshot = {"round": self.history.round, "chance": self.chance.source.state,
                    "modifiers": self.mods.snapshot(), **self.things.snapshot()}
        return hashlib.sha256(json.dumps(snapshot, sort_keys=True, default=str).encode()).hexdigest()
