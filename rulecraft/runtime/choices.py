"""Choices: the part `rt.choices`, where players decide.

It owns each player's agent and each agent's own random stream, asks an agent to choose
among options (logging the pick), and runs timing windows in which players in turn may
play cards until all have passed in a row.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from . import rng
from .agents import Agent, RandomAgent, initial_state
from .budget import Budget
from .errors import IllegalAction, RuleFault
from .events import Events
from .history import History
from .ruleset import PlaySpec, Ruleset, WindowRules
from .state import Entity
from .things import Things

NO_RULES = WindowRules()


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
        self.window_counts: dict[str, tuple[int, dict[int, int]]] = {}  # window -> (scope events seen, played)
        self.agent_states = {p.id: initial_state(seed, i) for i, p in enumerate(players)}
        self.agents = {p.id: (agents[i] if agents and i < len(agents) else RandomAgent())
                       for i, p in enumerate(players)}
        self.picks: list[int] = []  # every asked choice's answer, in order (searching agents replay them)

    def choose(self, player: Entity, options: Sequence[Any], prompt: str) -> Any:
        """The option `player`'s agent picks (logged); a random agent's pick is drawn here, one draw
        on the player's stream (`agent_random`, as RandomAgent.choose draws it), without asking it."""
        if options.__class__ is not list:
            options = list(options)
        n = len(options)
        if not n:
            return None
        if n == 1:
            index = 0
        elif self.agents[player.id].__class__ is RandomAgent:  # its pick, without asking it
            index = self.agent_random(player, n)
            self.picks.append(index)
        else:
            options = list(options)  # the agent's own copy: nothing it does reaches the caller's list
            index = self.ask(player, options, prompt)
            if not 0 <= index < n:
                raise IllegalAction(f"agent of {player.name} chose option {index} of {n}")
            self.picks.append(index)
        picked = options[index]
        self.history.choice(player, prompt, n, picked)
        return picked

    def ask(self, player: Entity, options: list[Any], prompt: str) -> int:
        """The agent's pick; meanwhile the game is read-only (a change raises AgentError)."""
        self.history.choosing = player.name
        try:
            return self.agents[player.id].choose(self.rt, player, options, prompt)
        finally:
            self.history.choosing = None

    def agent_random(self, player: Entity, n: int) -> int:
        """A number in [0, n) from the player's own stream (random agents)."""
        self.agent_states[player.id], value = rng.below(self.agent_states[player.id], n)
        return value

    def window(self, name: str, zone: str, order: Sequence[Entity] | None = None) -> None:
        """Players in turn may play a card from their `zone` that has an effect in this window
        (and a legal pick for each of its targets, within the window's limit); the window closes
        when every player has passed in a row. After each effect, the window's own rules run."""
        specs = {s.definition: s for s in self.rules.plays.get(name, ())}
        rules = self.rules.windows.get(name, NO_RULES)
        players = list(order) if order is not None else self._from_current_player()
        self.history.record("window", name=name)
        if not specs or not players:
            return
        played = self._played(name, rules, players)
        passes, turn = 0, 0
        while passes < len(players):
            self.budget.tick()
            player = players[turn % len(players)]
            turn += 1
            under_limit = rules.limit is None or played[player.id] < rules.limit
            playable = self._playable(specs, zone, player) if under_limit else []
            card = self.choose(player, [None, *playable], f"play a card in {name}") if playable else None
            if card is None:
                passes += 1
                continue
            passes = 0
            played[player.id] += 1
            self._play(specs[card.def_id], rules, card, player, name)

    def _played(self, name: str, rules: WindowRules, players: list[Entity]) -> dict[int, int]:
        """Cards played per player toward the limit: this opening only, or (`per EVENT`) every
        opening since EVENT last fired."""
        if rules.limit_per is None:
            return {p.id: 0 for p in players}
        since = self.events.emitted.get(rules.limit_per, 0)
        kept = self.window_counts.get(name)
        if kept is None or kept[0] != since:
            kept = (since, {})
            self.window_counts[name] = kept
        for p in players:
            kept[1].setdefault(p.id, 0)
        return kept[1]

    def playable(self, name: str, zone: str, player: Entity) -> list[Entity]:
        """The cards of `player`'s `zone` that window `name` would offer now (not counting its
        limit): what a turn asks before it spends an action on opening the window."""
        if name not in self.rules.plays and name not in self.rules.windows:
            raise RuleFault(f"no window `{name}`")
        return self._playable({s.definition: s for s in self.rules.plays.get(name, ())}, zone, player)

    def _playable(self, specs: dict[str, PlaySpec], zone: str, player: Entity) -> list[Entity]:
        return [card for card in self.things.zone(zone, player).items
                if card.def_id in specs and self._offered(specs[card.def_id], card, player)]

    def _offered(self, spec: PlaySpec, card: Entity, player: Entity) -> bool:
        """A card is offered if its `when` holds and each of its targets has a pick (no card burning)."""
        if not spec.when(self.rt, card, player):
            return False
        return spec.targets is None or all(len(self.budget.charge(picks)) > 0
                                           for picks in spec.targets(self.rt, card, player))

    def _play(self, spec: PlaySpec, rules: WindowRules, card: Entity, player: Entity, name: str) -> None:
        self.history.record("play", player=player, card=card, window=name)
        picked = []
        if spec.targets is not None:
            for picks, prompt in zip(spec.targets(self.rt, card, player), spec.prompts):
                picked.append(self.choose(player, picks, prompt))
        spec.func(self.rt, card, player, *picked)
        self.history.touch(spec.rules)
        for when, after in rules.after:
            self.budget.tick()
            if when(self.rt, card, player):
                after(self.rt, card, player)  # its `rule` lines record themselves

    def _from_current_player(self) -> list[Entity]:
        players = self.things.players
        current = self.events.current_player
        first = players.index(current) if current in players else 0
        return players[first:] + players[:first]
