"""Small Deathmatch and Capture the Flag tables: a map written as ASCII (the characters of
`dm_legend`), marines on given spaces, scripted choices and dice forced to given faces."""

import pytest
from support.doom_tables import GridTable

import rulecraft
from rulecraft import FirstLegalAgent, ScriptedAgent
from rulecraft.runtime import grid
from rulecraft.runtime.errors import GameOver

ARENA = [
    "############",
    "#1...s.....#",
    "#....+.....#",
    "#2.....i...#",
    "#......v..3#",
    "############",
]


@pytest.fixture(scope="session")
def dm():
    return rulecraft.load("doom/deathmatch")


@pytest.fixture(scope="session")
def ctf():
    return rulecraft.load("doom/ctf")


class Match(GridTable):
    """A Deathmatch (or CTF) table: one seat per marine, named m1, m2, ...; `commanders`
    names the person commanding each seat (by default every seat commands itself)."""

    def __init__(self, rules, rows=ARENA, seats=2, commanders=None, seed=1, answers=None, options=(),
                 ctf=False):
        names = [f"m{i + 1}" for i in range(seats)]
        answers = answers or {}
        agents = [ScriptedAgent(answers[n]) if n in answers else FirstLegalAgent() for n in names]
        self.rules = rules
        self.game = g = rulecraft.Game(rules, seed=seed, players=names, agents=agents, options=options)
        g.begin_round()
        self.p = g.players
        self.match = g.create("the_match")
        g.set(self.match, "frag_limit", g.call("dm_frag_limit"))
        if ctf:
            g.create("red_hq")
            g.create("blue_hq")
            g.call("ctf_seat_players", commanders or names)
            g.call("ctf_build_map", list(rows))
        else:
            g.call("dm_seat_players", commanders or names)
            g.call("dm_build_map", list(rows))
        g.call("dm_equip")
        groups = []
        for p in self.p:
            if g.get(p, "group") not in groups:
                groups.append(g.get(p, "group"))
        g.set(self.match, "groups", groups)
        self.width = len(rows[0])

    # ---- the board
    def fig(self, p):
        return self.game.call("figure_of", p)

    def put(self, p, x, y):
        grid.grid_place(self.game, "map", self.fig(p), self.s(x, y), "1x1", self.get(p, "group"))

    def where(self, p):
        at = grid.grid_where(self.game, "map", self.fig(p))
        return None if at < 0 else self.xy(at)

    # ---- state
    def ends(self, name, *args):
        """Call a procedure that ends the game; the winner (or None)."""
        with pytest.raises(GameOver):
            self.game.call(name, *args)
        return self.game.winner.name if self.game.winner else None

    def move(self, p, x, y):
        self.act("dm_move", p, self.s(x, y))

    def grenade(self, red, yellow):
        """The next grenade roll: a red and a yellow face."""
        assert self.game.assume["grenade.dice"] == ["red", "yellow"]
        self.force("red", self.face("red", **red))
        self.force("yellow", self.face("yellow", **yellow))

    def pistol(self, yellow, green):
        """The next pistol roll: a yellow and a green face."""
        self.force("yellow", self.face("yellow", **yellow))
        self.force("green", self.face("green", **green))

    def defs(self, name, owner=None):
        return sorted(e.def_id for e in self.zone(name, owner))

    def tokens(self, definition, zone="item_pool", owner=None):
        return [e for e in self.zone(zone, owner) if e.def_id == definition]

    def on_map(self, definition):
        return sorted(self.xy(self.get(t, "space")) for t in self.tokens(definition, "map_items"))

    def said(self, text):
        return [e["text"] for e in self.log("log") if text in e["text"]]


@pytest.fixture
def match(dm):
    return lambda **kw: Match(dm, **kw)


@pytest.fixture
def two(match):
    """A match of two seats, `a` and `b`."""
    t = match()
    t.a, t.b = t.p
    return t


@pytest.fixture
def ctf_match(ctf):
    return lambda **kw: Match(ctf, ctf=True, **kw)
