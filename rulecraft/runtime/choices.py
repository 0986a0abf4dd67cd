"""Choices: the part `rt.choices`, where players decide.

It owns each player's agent and each agent's own random stream, asks an agent to choose
among options (logging the pick), and runs timing windows in which players in turn may
play cards until all have passed in a row.
"""

from __future__ import annotations

from typing import Any, Sequence

from . import rng
from .agents import Agent, RandomAgent, initial_state
from .budget import Budget
from .errors import IllegalAction
from .events import Events
from .history import History
from .ruleset import Ruleset
from .state import Entity
from .things import Things


class Choices:
    """Owns the agents (by player id) and their generator states.

    `rt` is what agents and played cards' handlers receive (the game)."""

    def __init__(self, rt: Any, rules: Ruleset, things: Things, events: Events, history: History,
                 budget: Budget, seed: int, agents: Sequence[Agent] | None):
        self.rt = rt
        self.rules = rules
        self.things = things
        self.events = events
        self.history = history
        self.budget = budget
        players = things.players
        self.agent_states = {p.id: initial_state(seed, i) for i, p in enumerate(players)}
        self.agents = {p.id: (agents[i] if agents and i < len(agents) else RandomAgent())
                       for i, p in enumerate(players)}

    def choose(self, player: Entity, options: Sequence[Any], prompt: str) -> Any:
        options = list(options)
        if not options:
            return None
        index = self.agents[player.id].choose(self.rt, player, options, prompt) if len(options) > 1 else 0
        if not 0 <= index < len(options):
            raise IllegalAction(f"agent of {player.name} chose option {index} of {len(options)}")
        self.history.record("choice", player=player, prompt=prompt, options=len(options), picked=options[index])
        return options[index]

    def agent_random(self, player: Entity, n: int) -> int:
        """A number in [0, n) from the player's own stream (random agents)."""
        self.agent_states[player.id], value = rng.below(self.agent_states[player.id], n)
        return value

    def window(self, name: str, zone: str, order: Sequence[Entity] | None = None) -> None:
        """Players in turn may play a card from their `zone` that has an effect in this window;
        the window closes when every player has passed in a row."""
        specs = {s.definition: s for s in self.rules.plays.get(name, ())}
        players = list(order) if order is not None else self._from_current_player()
        self.history.record("window", name=name)
        if not specs or not players:
            return
        passes, turn = 0, 0
        while passes < len(players):
            self.budget.tick()
            player = players[turn % len(players)]
            turn += 1
            playable = [card for card in self.things.zone(zone, player).items
                        if card.def_id in specs and specs[card.def_id].when(self.rt, card, player)]
            card = self.choose(player, [None, *playable], f"play a card in {name}") if playable else None
            if card is None:
                passes += 1
                continue
            passes = 0
            spec = specs[card.def_id]
            self.history.record("play", player=player, card=card, window=name)
            spec.func(self.rt, card, player)
            self.history.touch(spec.rules)

    def _from_current_player(self) -> list[Entity]:
        players = self.things.players
        current = self.events.current_player
        first = players.index(current) if current in players else 0
        return players[first:] + players[:first]
