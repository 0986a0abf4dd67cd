"""The Doom variants (rulesets/doom/variants/*): each a small mod of the base game.

`variants(*names)` loads the base game with those variant mods in that order; `VariantTable`
is a small Doom table (an ASCII room, an invader player and marines) with the mods applied;
`refusal(*names)` returns the diagnostics of a combination the compiler refuses."""

import pytest
from support.doom_tables import ROOM, GridTable
from support.legends import legend

import rulecraft
from rulecraft import FirstLegalAgent, ScriptedAgent
from rulecraft.runtime import grid

V = "doom/variants/"

LEGEND = ["# wall", ". floor", "D door", "O blocking", "~ hazard cost=2", "S floor mark=start"]


def variants(*names):
    return rulecraft.load("doom", [V + n for n in names])


def refusal(*names):
    """(code, file, line) of every diagnostic, and the labelled places, of a refused combination."""
    with pytest.raises(rulecraft.CompileError) as info:
        variants(*names)
    found = []
    for d in info.value.diagnostics:
        found.append((d.code, d.file, d.line, tuple(label[0].file for label in d.labels)))
    return found


class VariantTable(GridTable):
    """A game of Doom with mods: the invader player first, then `marines` marine players.
    `scenario=True` also runs setup step 2 (the invader player chooses the scenario)."""

    def __init__(self, rules, marines=2, seed=1, answers=None, invader_answers=None, scenario=False,
                 equip=True):
        names = ["inv"] + [f"m{i + 1}" for i in range(marines)]
        self.rules = rules
        self.game = g = rulecraft.Game(rules, seed=seed, players=names, agents=[FirstLegalAgent() for _ in names])
        g.begin_round()
        self.invader = g.players[0]
        self.marines = g.players[1:]
        g.call("choose_roles", self.invader)
        if scenario:
            g.call("choose_scenario", self.invader)
        g.call("build_board", list(ROOM), legend(rules, LEGEND))
        g.call("place_compass", 0)
        g.call("sort_invader_figures")
        if equip:
            g.call("give_equipment")
        self.width = len(ROOM[0])
        # Scripted answers apply from here on (the table's own setup takes the first options):
        # one list for every marine, or {name: list}.
        if invader_answers is not None:
            g.choices.agents[self.invader.id] = ScriptedAgent(list(invader_answers))
        for p in self.marines:
            mine = answers.get(p.name) if isinstance(answers, dict) else answers
            if mine is not None:
                g.choices.agents[p.id] = ScriptedAgent(list(mine))

    def ref(self, thing):
        return thing.ref

    def where(self, fig):
        return self.xy(grid.grid_where(self.game, "map", fig))

    def texts(self):
        return [e["text"] for e in self.log("log")]

    def cards(self, p):
        return self.game.zone("marine_cards", p).items


@pytest.fixture
def table():
    return lambda *names, **kw: VariantTable(variants(*names), **kw)


@pytest.fixture(name="variants")
def variants_fixture():
    return variants


@pytest.fixture(name="refusal")
def refusal_fixture():
    return refusal


@pytest.fixture
def knee_deep():
    """A Knee Deep in the Dead game after its setup, with these variants."""
    from rulecraft.runtime.play import start

    return lambda *names, seed=1, **kw: start(variants(*names), "knee_deep", seed=seed, **kw)
