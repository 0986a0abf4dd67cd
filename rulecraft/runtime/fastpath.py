"""The playout fast path: a game that keeps the simulation log runs its turns, its log and its
random agents' choices with the runtime's per-turn work stripped.

It takes a game (`engage(game)`, called when a game is made and when a copy of one is made to play
on) and, where the fast path applies, switches two of its parts to specialised classes; elsewhere
it leaves the game alone, silently. It applies where the game keeps the simulation log (not the
full one), the game allows it (`Game.fast_path`, True unless the host turned it off to compare),
and the ruleset has no turn-scoped triggers (`turn_start`, `turn_end`). Then:

- the log (`QuietHistory`) numbers a happening that a simulation's log leaves out without looking
  at its fields, and writes a choice's entry directly;
- a turn (`FastTurn`) only sets the current player and numbers its entry; leaving it ends the
  modifiers that last the turn only if there are modifiers at all; a round's start numbers its
  entry without making it, and a property set (`changed`) numbers its entry without its fields.

The game's agents are not a condition: a random agent's pick is one draw on the player's stream
wherever it plays (Choices.choose), and any other agent is asked as always. Every happening is
numbered, counted against the log's limit and tallied exactly as on the normal path, so the two
paths give the same log byte for byte (tests/runtime/fastpath). A newcomer may specialise another
part here, as long as that stays true and the part's class keeps the normal class's fields.
"""

from __future__ import annotations

from typing import Any

from .errors import BudgetExceeded
from .events import Events, Turn
from .history import MAX_LOG, MAX_LOG_VOLUME, REPLAY_NEEDS, TALLIED, UNSIZED, History
from .state import Entity, sized_json

TURN_SCOPED = ("turn_start", "turn_end")  # triggers a turn must run: the fast turn runs none
KEPT = REPLAY_NEEDS | frozenset(TALLIED)  # what the quiet log hands to the normal `record`
assert not {"turn", "round", "set"} & KEPT, "the entries the fast path numbers without making them"


def applies(game: Any) -> bool:
    """Whether the fast path applies to `game` (see the module's docstring)."""
    triggers = game.rules.triggers
    return game.fast_path and not game.history.full and not any(event in triggers for event in TURN_SCOPED)


def engage(game: Any) -> None:
    """Switch `game`'s log and events to the fast path's classes where it applies."""
    if applies(game):
        game.history.__class__ = QuietHistory
        game.events.__class__ = FastEvents


class QuietHistory(History):
    """A simulation's log (`full` False) that skips what it leaves out without reading it."""

    def record(self, what: str, **fields: Any) -> None:
        if what in KEPT:
            History.record(self, what, **fields)
        else:
            self.skip(what)

    def changed(self, thing: Entity, prop: str, value: Any) -> None:
        """A property set, which a simulation's log leaves out: numbered, its fields never read."""
        self.skip("set")

    def choice(self, player: Entity, prompt: str, options: int, picked: Any) -> None:
        """The entry `record("choice", ...)` makes, made directly: the same fields, sizes and tally."""
        if self.choosing is not None or self.recorded >= MAX_LOG:
            self.refuse("choice")
        self.recorded += 1
        self.seq += 1
        shown_prompt, volume = (prompt, len(prompt)) if prompt.__class__ is str else sized_json(prompt)
        cls = picked.__class__
        if cls in UNSIZED:  # a number, truth value or none: nothing to tally
            shown = picked
        elif cls is Entity:
            shown = picked.ref
            self.count("choice", picked)
        else:
            shown, size = sized_json(picked)
            volume += size
            self.count("choice", picked)
        self.volume += volume
        if self.volume > MAX_LOG_VOLUME:
            raise BudgetExceeded(f"the game log passed {MAX_LOG_VOLUME} items and characters")
        self.entries.append({"seq": self.seq, "round": self.round, "what": "choice", "player": player.ref,
                             "prompt": shown_prompt, "options": options, "picked": shown})


class FastEvents(Events):
    """The events of a game on the fast path: its turns are FastTurns."""

    def turn(self, player: Entity) -> FastTurn:
        return FastTurn(self, player)

    def begin_round(self) -> None:
        """Events.begin_round, its `round` entry (which a simulation's log leaves out) numbered directly."""
        history = self.history
        history.round += 1
        history.skip("round")
        if "round_start" in self.rules.triggers:
            self.emit("round_start", ())

    def end_round(self) -> None:
        """Events.end_round, the modifiers that last the round ended only if there are modifiers."""
        if "round_end" in self.rules.triggers:
            self.emit("round_end", ())
        if self.mods.by_target:
            self.mods.expire("this_round")


class FastTurn(Turn):
    """`turn P { ... }` where no trigger listens to a turn's start or end (see events.Turn)."""

    __slots__ = ()

    def __enter__(self) -> None:
        events = self.events
        self.previous, events.current_player = events.current_player, self.player
        events.history.skip("turn")

    def __exit__(self, *_: Any) -> None:
        events = self.events
        if events.mods.by_target:
            events.mods.expire("this_turn")
        events.current_player = self.previous
