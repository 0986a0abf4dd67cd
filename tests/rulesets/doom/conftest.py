"""Small Doom tables for behaviour tests: a map written as ASCII, players with roles,
figures put on given spaces, and dice forced to given faces."""

import pytest
from support.doom_tables import ROOM, GridTable
from support.legends import legend

import rulecraft
from rulecraft import FirstLegalAgent, ScriptedAgent
from rulecraft.runtime import grid

LEGEND = ["# wall", ". floor", "D door", "O blocking", "~ hazard cost=2", "S floor mark=start",
          "h floor area=hall"]


@pytest.fixture(scope="session")
def doom():
    return rulecraft.load("doom")


class Table(GridTable):
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
        g.call("build_board", list(rows), legend(rules, LEGEND))
        g.call("place_compass", 0)
        g.call("sort_invader_figures")
        g.call("give_equipment")
        self.width = len(rows[0])

    def where(self, fig):
        return self.xy(grid.grid_where(self.game, "map", fig))


@pytest.fixture
def table(doom):
    return Table(doom)


@pytest.fixture
def new_table(doom):
    return lambda **kw: Table(doom, **kw)
