"""Small Doom tables for behaviour tests: a map written as ASCII, players with roles,
figures put on given spaces, and dice forced to given faces."""

import pytest

import rulecraft
from rulecraft import FirstLegalAgent, IllegalAction, ScriptedAgent
from rulecraft.runtime import grid

LEGEND = ["# wall", ". floor", "D door", "O blocking", "~ hazard cost=2", "S floor mark=start",
          "h floor area=hall"]

ROOM = [
    "##########",
    "#S.......#",
    "#S.......#",
    "#S.......#",
    "#........#",
    "##########",
]


@pytest.fixture(scope="session")
def doom():
    return rulecraft.load("doom")


class Table:
    """A game of Doom with an invader player (first) and `marines` marine players."""

    def __init__(self, rules, rows=ROOM, marines=2, seed=1, answers=None, invader_answers=None):
        names = ["inv"] + [f"m{i + 1}" for i in range(marines)]
        agents = [ScriptedAgent(invader_answers) if invader_answers is not None else FirstLegalAgent()]
        agents += [ScriptedAgent(answers) if answers is not None else FirstLegalAgent() for _ in range(marines)]
        self.rules = rules
        self.game = g = rulecraft.Game(rules, seed=seed, players=names, agents=agents)
        g.begin_round()
        self.invader = g.players[0]
        self.marines = g.players[1:]
        g.call("choose_roles", self.invader)
        g.call("build_board", list(rows), list(LEGEND))
        g.call("place_compass", 0)
        g.call("sort_invader_figures")
        g.call("give_equipment")
        self.width = len(rows[0])

    # ---- the board
    def s(self, x, y):
        return y * self.width + x

    def xy(self, space):
        return space % self.width, space // self.width

    def marine(self, p, x, y):
        fig = self.game.call("create_marine_figure", p)
        grid.grid_place(self.game, "map", fig, self.s(x, y), "1x1", "marines")
        return fig

    def invader_at(self, definition, x, y):
        inv = self.game.call("available", definition)[0]
        self.game.call("put_on_board", inv, self.s(x, y))
        return inv

    def where(self, fig):
        return self.xy(grid.grid_where(self.game, "map", fig))

    def on_board(self, fig):
        return grid.grid_where(self.game, "map", fig) >= 0

    # ---- state
    def get(self, thing, prop):
        return self.game.get(thing, prop)

    def set(self, thing, prop, value):
        self.game.set(thing, prop, value)

    def bin(self, p):
        return self.game.call("bin_of", p)

    def act(self, action, *args):
        return self.game.act(action, *args)

    def refused(self, action, *args):
        with pytest.raises(IllegalAction) as refusal:
            self.game.act(action, *args)
        return str(refusal.value)

    def declare(self, p, what):
        self.act("declare_action", p, what)

    def face(self, die, **fields):
        """The face of `die` with these fields (range=, damage=, ammo=, miss=)."""
        for f in self.rules.dice[die].faces:
            if all(f[k] == v for k, v in fields.items()):
                return f
        raise LookupError(f"no face of {die} with {fields}")

    def force(self, die, *faces):
        self.game.force(die, *faces)

    def log(self, what):
        return [e for e in self.game.log if e["what"] == what]

    def hand(self):
        return self.game.zone("invader_hand").items

    def zone(self, name, owner=None):
        return self.game.zone(name, owner).items


@pytest.fixture
def table(doom):
    return Table(doom)


@pytest.fixture
def new_table(doom):
    return lambda **kw: Table(doom, **kw)
