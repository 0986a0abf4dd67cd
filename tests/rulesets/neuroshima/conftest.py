"""Boards for the Neuroshima tests: two Doomsday Machine players ("a", owner 1, and "b", owner 2)
on the 19-hex board. Positions can be written in the hex library's text notation, e.g.

        .    .    .
      .    .    .    .
    Sg→1 Of→1 .  Sp→1  .
      .    .    .    .
        .    .    .

(one word per hex, row by row: `.` empty, else the token's symbol, an arrow for the way its
front faces - → ↘ ↙ ← ↖ ↗ - and the owner's number). Cells are labelled a1…e3:

        a1  a2  a3
      b1  b2  b3  b4
    c1  c2  c3  c4  c5
      d1  d2  d3  d4
        e1  e2  e3
"""

import pytest

import rulecraft
from rulecraft.runtime.agents import ScriptedAgent
from rulecraft.runtime.errors import GameOver
from rulecraft.runtime.hexgrid import NAMES, parse_text
from tests.support.hex_board import E


@pytest.fixture(scope="session")
def ns():
    return rulecraft.load("neuroshima")


class Board:
    def __init__(self, rules, seed=1, answers=None, assumptions=None, players=("a", "b")):
        agents = None
        if answers is not None:
            agents = [ScriptedAgent(answers.get(i, [])) for i in range(len(players))]
        self.game = rulecraft.Game(rules, seed=seed, players=players, agents=agents, assumptions=assumptions)
        self.a, self.b = self.game.players[:2]
        self.rules = rules
        self.symbols = {d.props["symbol"]: d.id for d in rules.definitions.values() if "symbol" in d.props}
        self.fn("hex_board", "arena", 2)

    # ---- building positions ------------------------------------------------------

    def fn(self, name, *args):
        from rulecraft.runtime.builtins import BUILTINS

        return BUILTINS[name][0](self.game, *args)

    def cell(self, label):
        return self.fn("hex_cell", "arena", label)

    def put(self, owner, definition, label, facing=E):
        """A token of `owner` (a player, or 1/2) on hex `label`, its front facing `facing`."""
        owner = self._player(owner)
        facing = NAMES.index(facing) if isinstance(facing, str) else facing
        t = self.game.create(definition, 1, None, owner)
        self.fn("hex_place", "arena", t, self.cell(label), facing)
        if definition == "hq_doomsday":
            self.game.set(owner, "hq", t)
        return t

    def setup(self, picture):
        """Place every token of a picture; returns {label: token}."""
        placed = {}
        for label, (symbol, rotation, owner) in parse_text(self.game.boards["arena"], picture).items():
            placed[label] = self.put(owner or 1, self.symbols[symbol], label, rotation)
        return placed

    def _player(self, owner):
        if isinstance(owner, int):
            return self.game.players[owner - 1]
        return owner

    def hand(self, player, *definitions):
        made = [self.game.create(d, 1, self.game.zone("hand", player), player) for d in definitions]
        return made[0] if len(made) == 1 else made

    # ---- running ------------------------------------------------------------------

    def call(self, name, *args):
        return self.game.call(name, *args)

    def act(self, name, *args):
        return self.game.act(name, *args)

    def battle(self):
        """A whole battle; returns the winner if an HQ fell (None for a draw), else 'going on'."""
        try:
            self.call("fight_battle")
        except GameOver as over:
            return over.winner
        return "going on"

    def segment(self, n):
        self.call("fight_segment", n)

    def attack(self, unit):
        return self.call("attack", unit)

    def hits_on(self, unit, hits):
        return [h["wounds"] for h in hits if h["target"] is unit]

    def resolve(self, hits):
        """Hits as the ruleset's `hit` records; a hit may be written [target, attacker, wounds,
        ranged, direction, gauss]."""
        fields = ("target", "attacker", "wounds", "ranged", "direction", "gauss")
        self.call("resolve_hits", [h if isinstance(h, dict) else dict(zip(fields, h), path=[]) for h in hits])

    def segments(self, unit):
        return self.call("segments_of", unit)

    def wounds(self, unit):
        return self.game.get(unit, "wounds")

    def on_board(self, unit):
        return self.call("on_board", unit)

    def text(self):
        return self.fn("hex_text", "arena")

    def logged(self, what):
        return [e for e in self.game.log if e["what"] == what]

    def attacks_by(self, unit):
        """How many `wounds` log lines name `unit` as the attacker."""
        return sum(1 for e in self.logged("log") if e["text"].startswith(unit.name + " wounds"))


@pytest.fixture
def board(ns):
    return Board(ns)


@pytest.fixture
def new_board(ns):
    return lambda **kwargs: Board(ns, **kwargs)
