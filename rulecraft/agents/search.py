"""Agents that look ahead: `greedy` and `mcts` (Monte Carlo tree search, UCT).

Both work with any ruleset, on the options a choice offers. To try an option they play the game
on in a copy: the scenario's runner keeps a checkpoint (a copy of the game) at the start of its
setup and of each round, where no handler is running, and a playout starts from a copy of it,
answers the choices asked since then as they were answered, and from the decision point on lets
the agent's policy answer every player's choices. A playout ends with the game (a win counts 1,
a loss 0, a draw 1/2 for each player) or at its horizon, `turns` turns after the decision point;
there the ruleset's `fn score(p: player)`, if it declares one, judges it: a player whose margin
over the best other player's score grew since the decision point gets 1, shrank 0, stayed 1/2
(without a score every player gets 1/2).

The playouts of one checkpoint start from copies a template makes after the first two (`Starts`,
fastpath_copy.Template); below the tree, where no horizon counts turns, the playout's driver makes
the policy's random draw itself.

Hidden information is drawn afresh for every playout (determinisation, determinise.py): at the
decision point everything the deciding player has not seen is drawn anew, across every place
hidden from them. The playout's dice and draws then come from a generator of its own, so a
playout never reads the real game's future.

All of an agent's randomness comes from the player's own stream in the game's state, so a game
with searching agents replays byte for byte from its seed, as long as the budget is counted in
playouts; a budget in seconds depends on the machine (such a game replays from its log).

A newcomer may add an agent here (a `Searching` with a policy of its own); a change to how a playout
starts, is driven or ends must keep every seeded game's decisions (tests/agents/test_mcts_speed.py).
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from ..runtime.agents import Agent
from ..runtime.chance import Seeded
from ..runtime.errors import AgentError
from ..runtime.fastpath_copy import Template
from ..runtime.play import Checkpoint, copy_game, resume
from ..runtime.ruleset import Role
from ..runtime.state import ATOMS, Entity, Zone, to_json
from .determinise import determinise

Rewards = dict[int, float]  # player id -> what a playout is worth to that player, in [0, 1]
Policy = Callable[[Any, Entity, Sequence[Any]], int]  # (the playout's game, the player, options) -> index

SEED_RANGE = 1 << 62


class Cutoff(Exception):
    """Stops a playout at its horizon (never raised out of a search)."""


class Horizon:
    """Counts the turns a playout has played since its decision point: a turn is over when a
    choice is asked in another round or of another current player."""

    def __init__(self, game: Any, turns: int | None):
        self.turns = turns
        self.played = 0
        self.at = _turn_of(game)

    def passed(self, game: Any) -> bool:
        if self.turns is None:  # no horizon: the playout runs to the game's end
            return False
        now = _turn_of(game)
        if now != self.at:
            self.at = now
            self.played += 1
        return self.turns is not None and self.played >= self.turns


def _turn_of(game: Any) -> tuple[int, int | None]:
    current = game.events.current_player
    return game.round, current.id if current is not None else None


# ---- playouts -----------------------------------------------------------------------------

class Starts:
    """Where an agent's playouts start: copies of the game's last checkpoint. The first two of a
    checkpoint are play.copy_game's; the third takes two more apart into a template
    (fastpath_copy.Template), which makes every later one, the same game at a fraction of the cost."""

    def __init__(self) -> None:
        self.checkpoint: Checkpoint | None = None
        self.made = 0  # copies of this checkpoint given so far
        self.spare: Any = None  # the second of the two taken apart, not yet given
        self.template: Template | None = None

    def copy(self, checkpoint: Checkpoint) -> Any:
        """A fresh copy of `checkpoint`'s game to play on."""
        if checkpoint is not self.checkpoint:
            self.checkpoint, self.made, self.spare, self.template = checkpoint, 0, None, None
        self.made += 1
        if self.spare is not None:
            sim, self.spare = self.spare, None
            return sim
        if self.template is not None:
            return self.template.copy()
        sim = copy_game(checkpoint.state)
        if self.made == 3:
            self.spare = copy_game(checkpoint.state)
            self.template = Template.of(sim, self.spare)
        return sim


def playout(game: Any, player: Entity, options: Sequence[Any], prompt: str, policy: Policy,
            stream: Seeded, turns: int | None, starts: Starts) -> Playout:
    """Play `game` on in a copy from its last checkpoint (one of `starts`), up to the decision
    `player` is asked now, draw what `player` cannot know afresh, and let `policy` answer every
    choice from there on."""
    checkpoint: Checkpoint | None = game.checkpoint
    if checkpoint is None:
        raise AgentError("a searching agent plays only in a scenario's game (it plays on from the scenario's checkpoints)")
    sim = starts.copy(checkpoint)
    driver = _Driver(game.choices.picks[checkpoint.picks:], player.id, len(options), prompt, policy, stream, turns)
    sim.choices.agents = {p.id: driver for p in sim.players}
    try:
        resume(sim, checkpoint.setup)
    except Cutoff:
        return Playout(sim, True, driver.before)
    if not driver.reached:
        raise AgentError(f"a playout of {player.name} ended before it reached '{prompt}' again")
    return Playout(sim, False, driver.before)


@dataclass(frozen=True)
class Playout:
    """A playout's game, whether its horizon cut it off before the game's end, and each player's
    margin (`margins`) at its decision point (None: the ruleset declares no score)."""

    game: Any
    cut: bool
    before: dict[int, Any] | None


class _Driver(Agent):
    """Every player's agent in a playout: the real game's answers up to the decision point, then
    (after the determinisation) the policy's."""

    name = "playout"

    def __init__(self, answers: list[int], decider: int, width: int, prompt: str, policy: Policy,
                 stream: Seeded, turns: int | None):
        self.answers = answers
        self.asked = 0
        self.decider = decider
        self.width = width
        self.prompt = prompt
        self.policy = policy
        self.stream = stream
        self.turns = turns
        self.horizon: Horizon | None = None
        self.before: dict[int, Any] | None = None
        # no horizon, and the policy answers at random from here on (`settled`): each answer is
        # then the one draw on the stream the policy would make, without asking it
        self.free = False

    @property
    def reached(self) -> bool:
        return self.horizon is not None

    def choose(self, game, player, options, prompt) -> int:
        if self.free:
            return self.stream.below(len(options))
        if self.asked < len(self.answers):
            self.asked += 1
            return self.answers[self.asked - 1]
        if self.horizon is None:
            self._reach(game, player, len(options), prompt)
        elif self.horizon.passed(game):
            raise Cutoff
        index = self.policy(game, player, options)
        self.free = self.turns is None and getattr(self.policy, "settled", False)
        return index

    def _reach(self, game: Any, player: Entity, width: int, prompt: str) -> None:
        """At the decision point: draw what the player cannot know, give the playout its own
        dice, and start counting turns (and note the margins) from here."""
        if player.id != self.decider or width != self.width or prompt != self.prompt:
            raise AgentError(f"a playout did not reach the same decision again (asked '{prompt}' "
                             f"of {player.name} instead of '{self.prompt}')")
        determinise(game, player, self.stream)
        game.chance.source = Seeded(self.stream.below(SEED_RANGE))
        self.horizon = Horizon(game, self.turns)
        scores = scores_of(game)
        self.before = margins(scores) if scores is not None else None


def rewards(played: Playout) -> Rewards:
    """A playout's worth to each player: by the game's outcome (1 won, 0 lost, 1/2 a draw); where
    the horizon cut it off, by whether the player's margin over the best other player's score
    grew (1), shrank (0) or stayed (1/2) since the decision point, which tells good lines from bad
    ones however far ahead or behind the player already is."""
    game = played.game
    if not played.cut:
        winner = game.winner
        return {p.id: 0.5 if winner is None else float(p.id == winner.id) for p in game.players}
    scores = scores_of(game)
    if scores is None or played.before is None:
        return {p.id: 0.5 for p in game.players}
    before = played.before
    return {pid: 1.0 if m > before[pid] else 0.0 if m < before[pid] else 0.5 for pid, m in margins(scores).items()}


def scores_of(game: Any) -> dict[int, Any] | None:
    """Every player's score by the ruleset's `fn score(p: player)`, in player order; None if it
    declares none."""
    score = game.rules.callables.get("score")
    if score is None or score.role != Role.FN or len(score.params) != 1:
        return None
    return {p.id: game.call("score", p) for p in game.players}


def margins(scores: dict[int, Any]) -> dict[int, Any]:
    """Each player's score less the best score among the others."""
    return {pid: s - max((t for q, t in scores.items() if q != pid), default=s) for pid, s in scores.items()}


def option_key(game: Any, option: Any) -> Any:
    """What identifies an option across playouts: a thing in a hidden zone by its definition (which
    copy it is, a determinisation may change), any other thing by its id, a value by itself."""
    if option.__class__ in ATOMS:
        return option
    if isinstance(option, Entity):
        where = option.location
        return ("def", option.def_id) if isinstance(where, Zone) and where.hidden else ("id", option.id)
    if option is None or isinstance(option, (bool, int, float, str)):
        return option
    return repr(to_json(option))


# ---- the agents -----------------------------------------------------------------------------

class Searching(Agent):
    """What the searching agents share: the runner keeps checkpoints for them (`looks_ahead`),
    and each decision draws its own generator from the player's stream."""

    looks_ahead = True

    def __init__(self, turns: int | None):
        self.turns = turns
        self.starts = Starts()

    def stream(self, game: Any, player: Entity) -> Seeded:
        return Seeded(game.choices.agent_random(player, SEED_RANGE))


class GreedyAgent(Searching):
    """Tries each option `samples` times, playing on at random up to the horizon (by default the
    end of the turn), and takes the one whose playouts end best for the player: the most often
    won (less lost), then the best mean margin of its score over the best other player's. Ties go
    to the player's random stream."""

    name = "greedy"

    def __init__(self, samples: int = 4, turns: int | None = 1):
        super().__init__(turns)
        self.samples = samples

    def choose(self, game, player, options, prompt) -> int:
        stream = self.stream(game, player)
        values = [self._value(game, player, options, prompt, stream, i) for i in range(len(options))]
        best = max(values)
        ties = [i for i, v in enumerate(values) if v == best]
        return ties[stream.below(len(ties))]

    def _value(self, game, player, options, prompt, stream: Seeded, index: int) -> tuple[float, float]:
        won = margin = 0.0
        for _ in range(self.samples):
            played = playout(game, player, options, prompt, _Try(index, stream), stream, self.turns, self.starts)
            sim = played.game
            if not played.cut and sim.winner is not None:
                won += 1.0 if sim.winner.id == player.id else -1.0
            scores = scores_of(sim)
            if scores is not None:
                margin += margins(scores)[player.id]
        return won / self.samples, margin / self.samples


class _Try:
    """A greedy playout's policy: the option tried at the decision point, then random play."""

    def __init__(self, index: int, stream: Seeded):
        self.index: int | None = index
        self.stream = stream
        self.settled = False  # whether it answers at random from now on (the driver's `free`)

    def __call__(self, game: Any, player: Entity, options: Sequence[Any]) -> int:
        if self.index is not None:
            index, self.index = self.index, None
            self.settled = True
            return index
        return self.stream.below(len(options))


class _Edge:
    """An option at a node of the tree: who chooses it, how often it was available, tried, and
    what its playouts were worth to its chooser; the options after it."""

    __slots__ = ("after", "available", "player", "total", "visits")

    def __init__(self, player: int):
        self.player = player
        self.available = 0
        self.visits = 0
        self.total = 0.0
        self.after: dict[Any, _Edge] = {}


class MctsAgent(Searching):
    """Monte Carlo tree search with UCT over information sets: one tree for the deciding player's
    decision, options known by `option_key`, a fresh determinisation per playout, every player
    choosing by UCT in the tree and at random below it, up to `turns` turns (default: the game's
    end). `playouts` per decision, or as many as `seconds` of wall time allow; it takes the option
    tried most often (of those, the best on average; of those, one at random). A decision that
    follows the agent's own at once reuses the tree below the option taken."""

    name = "mcts"

    def __init__(self, playouts: int = 200, turns: int | None = None, seconds: float | None = None,
                 exploration: float = math.sqrt(2)):
        super().__init__(turns)
        self.playouts = playouts
        self.seconds = seconds
        self.exploration = exploration
        # the tree below the option last taken, and how many choices the game will have asked when
        # the next one is this agent's own next decision: a decision that follows its own at once
        # (a turn's choices in a row) starts from what the playouts already learnt of it
        self.kept: tuple[int, dict[Any, _Edge]] = (-1, {})

    def choose(self, game, player, options, prompt) -> int:
        stream = self.stream(game, player)
        asked, kept = self.kept
        root: dict[Any, _Edge] = kept if asked == len(game.choices.picks) else {}
        began = time.perf_counter()
        done = 0
        while done == 0 or not self._spent(done, began):
            path: list[_Edge] = []
            worth = rewards(playout(game, player, options, prompt, _Descent(self, root, path, stream), stream,
                                    self.turns, self.starts))
            for edge in path:
                edge.visits += 1
                edge.total += worth[edge.player]
            done += 1
        tried = [root.get(option_key(game, o)) for o in options]
        ranks = [(e.visits, e.total / e.visits) if e is not None and e.visits else (0, 0.0) for e in tried]
        best = [i for i, r in enumerate(ranks) if r == max(ranks)]
        index = best[stream.below(len(best))]
        picked = tried[index]
        self.kept = (len(game.choices.picks) + 1, picked.after if picked is not None else {})
        return index

    def _spent(self, done: int, began: float) -> bool:
        if self.seconds is not None:
            return time.perf_counter() - began >= self.seconds
        return done >= self.playouts

    def select(self, node: dict[Any, _Edge], keys: list[Any], player: int, stream: Seeded) -> tuple[int, bool]:
        """UCT among the options available now: an untried one first (at random; True: the tree
        grows by it), else the best mean plus the exploration term counted from availability."""
        for k in dict.fromkeys(keys):
            edge = node.get(k)
            if edge is None:
                edge = node[k] = _Edge(player)
            edge.available += 1
        untried = [i for i, k in enumerate(keys) if node[k].visits == 0]
        if untried:
            return untried[stream.below(len(untried))], True
        best, best_value = 0, -math.inf
        for i, k in enumerate(keys):
            e = node[k]
            value = e.total / e.visits + self.exploration * math.sqrt(math.log(e.available) / e.visits)
            if value > best_value:
                best, best_value = i, value
        return best, False


class _Descent:
    """An MCTS playout's policy: down the tree by UCT, one new option, then random play."""

    def __init__(self, agent: MctsAgent, root: dict[Any, _Edge], path: list[_Edge], stream: Seeded):
        self.agent = agent
        self.node: dict[Any, _Edge] | None = root
        self.path = path
        self.stream = stream
        self.settled = False  # whether it answers at random from now on (below the tree)

    def __call__(self, game: Any, player: Entity, options: Sequence[Any]) -> int:
        if self.node is None:
            return self.stream.below(len(options))
        keys = [option_key(game, o) for o in options]
        index, grown = self.agent.select(self.node, keys, player.id, self.stream)
        edge = self.node[keys[index]]
        self.path.append(edge)
        self.node = None if grown else edge.after
        self.settled = grown
        return index
