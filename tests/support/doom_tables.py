"""What every small Doom test table offers: spaces by (x, y), the game's state, actions and
their refusals, forced dice and the log. The tables of the base game, the expansion, the
modes and the variants (each folder's conftest) add how they are set up. Beside the table, the
few helpers more than one Doom test file uses (forced pistol dice, new cards, the questions
asked); a helper a second file would copy belongs here."""

import pytest

from rulecraft import IllegalAction
from rulecraft.runtime import grid
from tests.support.located import located_message

# The small room most Doom test tables are set in (S: a marine's start).
ROOM = [
    "##########",
    "#S.......#",
    "#S.......#",
    "#S.......#",
    "#........#",
    "##########",
]


class GridTable:
    rules = None
    game = None
    width = 0

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

    def on_board(self, fig):
        return grid.grid_where(self.game, "map", fig) >= 0

    # ---- state and actions
    def get(self, thing, prop):
        return self.game.get(thing, prop)

    def set(self, thing, prop, value):
        self.game.set(thing, prop, value)

    def bin(self, p):
        return self.game.call("bin_of", p)

    def call(self, fn, *args):
        return self.game.call(fn, *args)

    def act(self, action, *args):
        return self.game.act(action, *args)

    def refused(self, action, *args):
        with pytest.raises(IllegalAction) as refusal:
            self.game.act(action, *args)
        return located_message(refusal.value)

    def call_refused(self, fn, *args):
        with pytest.raises(IllegalAction) as refusal:
            self.game.call(fn, *args)
        return located_message(refusal.value)

    def declare(self, p, what):
        self.act("declare_action", p, what)

    # ---- chance, zones and the log
    def face(self, die, **fields):
        """The face of `die` with these fields (range=, damage=, ammo=, miss=)."""
        for f in self.rules.faces(die, self.game.assume):
            if all(f[k] == v for k, v in fields.items()):
                return f
        raise LookupError(f"no face of {die} with {fields}")

    def force(self, die, *faces):
        self.game.force(die, *faces)

    def zone(self, name, owner=None):
        return self.game.zone(name, owner).items

    def hand(self):
        return self.game.zone("invader_hand").items

    def log(self, what):
        return [e for e in self.game.log if e["what"] == what]

    def messages(self):
        return [e.get("text", "") for e in self.game.log if e["what"] == "log"]


def pistol(t, yellow, green):
    """The pistol's next roll forced: the yellow and the green die show these faces."""
    t.force("yellow", t.face("yellow", **yellow))
    t.force("green", t.face("green", **green))


def cards(t, definition, n=1, zone="invader_hand"):
    """`n` new cards of `definition` in `zone` (the invader's hand unless named), as a list."""
    made = t.game.create(definition, n, t.game.zone(zone), None, True)
    return made if isinstance(made, list) else [made]


def asked(t, prompt):
    """The options of every question asked so far with exactly this prompt."""
    return [e["options"] for e in t.log("choice") if e["prompt"] == prompt]
