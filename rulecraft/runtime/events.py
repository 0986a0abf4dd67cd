"""Events and the flow of play: the part `rt.events`.

It owns the happening of events (`emit`) and the firing of the triggers that listen to them,
the nesting of phases, turns and steps, the rounds, and the end of the game. Leaving a turn,
a round or a phase, or an event happening, is also what ends the modifiers that last so long.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from .budget import Budget
from .errors import BudgetExceeded, GameOver
from .history import History
from .modifiers import Modifiers
from .ruleset import Ruleset
from .state import Entity
from .things import Things

MAX_EMIT_DEPTH = 64


class Events:
    """Owns the current player, the open phases, the triggers that fired once, and whether the game is over.

    `rt` is what the triggers' handlers receive (the game)."""

    def __init__(self, rt: Any, rules: Ruleset, things: Things, history: History, budget: Budget,
                 mods: Modifiers):
        self.rt = rt
        self.rules = rules
        self.things = things
        self.history = history
        self.budget = budget
        self.mods = mods
        self.phases: list[tuple[str, int]] = []
        self.current_player: Entity | None = None
        self.fired_once: set[tuple[int, int]] = set()
        self.emitted: dict[str, int] = {}  # event -> how many times it has fired
        self.depth = 0
        self.over = False
        self.winner: Entity | None = None

    def emit(self, event: str, args: tuple = ()) -> None:
        self.budget.tick()
        if self.depth >= MAX_EMIT_DEPTH:
            raise BudgetExceeded(f"events nest deeper than {MAX_EMIT_DEPTH} (a trigger that re-triggers itself?)")
        self.depth += 1
        started = self.history.seq
        try:
            self.history.record("event", event=event, args=list(args))
            self.emitted[event] = self.emitted.get(event, 0) + 1
            for spec in self.rules.triggers.get(event, ()):
                if spec.definition is None:
                    self._fire(spec, None, args)
                elif spec.keyed is not None:  # only the thing the event names can pass `p == this`
                    this = args[spec.keyed]
                    if this.__class__ is Entity and this.def_id == spec.definition and self.things.in_play(this):
                        self._fire(spec, this, args)
                else:
                    in_play = self.things.in_play
                    for e in list(self.things.instances.get(spec.definition, ())):
                        if in_play(e):
                            self._fire(spec, e, args)
            self.mods.expire("until", event, started + 1)
        finally:
            self.depth -= 1

    def _fire(self, spec: Any, this: Entity | None, args: tuple) -> None:
        key = (spec.seq, this.id if this else 0)
        if spec.once and key in self.fired_once:
            return
        if spec.func(self.rt, this, *args):
            self.history.touch(spec.rules)
            if spec.once:
                self.fired_once.add(key)

    @contextmanager
    def phase(self, name: str) -> Iterator[None]:
        self.history.seq += 1
        started = self.history.seq
        self.phases.append((name, started))
        self.history.record("phase", name=name)
        try:
            if "phase_start" in self.rules.triggers:
                self.emit("phase_start", (name,))
            yield
            if "phase_end" in self.rules.triggers:
                self.emit("phase_end", (name,))
        finally:
            self.phases.pop()
            self.mods.expire("end_of_next", name, started)

    def in_phase(self, name: str) -> bool:
        return any(p == name for p, _ in self.phases)

    def turn(self, player: Entity) -> Turn:
        return Turn(self, player)

    @contextmanager
    def step(self, name: str) -> Iterator[None]:
        self.history.record("step", name=name)
        yield

    def begin_round(self) -> None:
        self.history.round += 1
        self.history.record("round", number=self.history.round)
        if "round_start" in self.rules.triggers:
            self.emit("round_start", ())

    def end_round(self) -> None:
        if "round_end" in self.rules.triggers:
            self.emit("round_end", ())
        self.mods.expire("this_round")

    def end_game(self, winner: Entity | None = None) -> None:
        self.over = True
        self.winner = winner
        self.history.record("end", winner=winner)
        raise GameOver(winner)


class Turn:
    """`turn P { ... }`: P is the current player inside; `turn_start` and `turn_end` happen around
    the block, and leaving it ends the modifiers that last this turn. A class rather than a
    generator-based context manager: every turn of every game enters one."""

    __slots__ = ("events", "player", "previous")

    def __init__(self, events: Events, player: Entity):
        self.events = events
        self.player = player
        self.previous: Entity | None = None

    def __enter__(self) -> None:
        events = self.events
        self.previous, events.current_player = events.current_player, self.player
        events.history.record("turn", player=self.player)
        if "turn_start" in events.rules.triggers:
            try:
                events.emit("turn_start", (self.player,))
            except BaseException:
                self._leave()
                raise

    def __exit__(self, error: type[BaseException] | None, *_: Any) -> None:
        try:
            if error is None and "turn_end" in self.events.rules.triggers:
                self.events.emit("turn_end", (self.player,))
        finally:
            self._leave()

    def _leave(self) -> None:
        self.events.mods.expire("this_turn")
        self.events.current_player = self.previous
