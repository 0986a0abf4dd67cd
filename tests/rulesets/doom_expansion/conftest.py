"""Small Doom-expansion tables: an ASCII map with the expansion's symbols, players with
roles, figures put on given spaces, options chosen at setup, and forced dice."""

import pytest
from support.doom_tables import ROOM, GridTable
from support.legends import legend

import rulecraft
from rulecraft import FirstLegalAgent, ScriptedAgent
from rulecraft.runtime import grid

EXTRA = ["S floor mark=start"]


class Chooser(FirstLegalAgent):
    """Answers by prompt: `picks` maps a piece of the prompt to the value wanted (or to a
    list of values, used in turn); any other question gets the first option."""

    name = "chooser"

    def __init__(self, picks=None):
        self.picks = dict(picks or {})

    def choose(self, game, player, options, prompt):
        for key, want in self.picks.items():
            if key in prompt:
                if isinstance(want, list):
                    want = want.pop(0) if len(want) > 1 else want[0]
                for i, o in enumerate(options):
                    if o == want or getattr(o, "def_id", None) == want:
                        return i
                raise AssertionError(f"{want!r} is not an option for {prompt!r}: {options}")
        return 0


@pytest.fixture(scope="session")
def doomx():
    return rulecraft.load("doom", ["doom/expansion"])


class Table(GridTable):
    """A game of Doom with the expansion: an invader player (first) and `marines` marines."""

    def __init__(self, rules, rows=ROOM, marines=2, seed=1, answers=None, invader_answers=None, options=(),
                 picks=None, invader_picks=None):
        names = ["inv"] + [f"m{i + 1}" for i in range(marines)]
        agents = [ScriptedAgent(invader_answers) if invader_answers is not None else Chooser(invader_picks)]
        agents += [ScriptedAgent(answers) if answers is not None else Chooser(picks) for _ in range(marines)]
        self.rules = rules
        self.game = g = rulecraft.Game(rules, seed=seed, players=names, agents=agents, options=list(options))
        g.begin_round()
        self.invader = g.players[0]
        self.marines = g.players[1:]
        drawn = legend(rules, EXTRA, base=g.call("map_legend"))
        g.call("choose_roles", self.invader)
        g.call("build_board", list(rows), drawn)
        g.call("place_compass", 0)
        g.call("sort_invader_figures")
        g.call("give_equipment")
        g.call("place_expansion_pieces")
        self.width = len(rows[0])

    # ---- the board
    def invader_at(self, definition, x, y):
        self.game.call("sort_expansion_figures")
        inv = self.game.call("available", definition)[0]
        self.game.call("put_on_board", inv, self.s(x, y))
        return inv

    def where(self, fig):
        return self.xy(grid.grid_where(self.game, "map", fig))

    def terrain(self, x, y):
        return grid.grid_terrain(self.game, "map", self.s(x, y))

    def set_terrain(self, x, y, terrain):
        grid.grid_set_terrain(self.game, "map", self.s(x, y), terrain)

    def place(self, fig, x, y, size="1x1", side="invaders"):
        grid.grid_place(self.game, "map", fig, self.s(x, y), size, side)

    def at(self, x, y):
        return grid.grid_at(self.game, "map", self.s(x, y))

    # ---- state
    def select(self, kind):
        return self.game.select(kind)

    def wounds(self, p):
        return self.get(self.bin(p), "wounds")


@pytest.fixture
def table(doomx):
    return Table(doomx)


@pytest.fixture
def new_table(doomx):
    return lambda **kw: Table(doomx, **kw)


@pytest.fixture(scope="module")
def expansion():
    """The expansion loaded by its own name (its scenarios played whole)."""
    return rulecraft.load("doom/expansion")
