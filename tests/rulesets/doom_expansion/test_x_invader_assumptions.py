"""The new invaders' numbers the seed does not give are marked assumptions a player overrides
(DOOMX-004 ... DOOMX-012): how many figures of each type, melee-only, footprints; and the 2x1
Maggot turns as it moves like the Demon it replaces (DOOM-092)."""

import functools

import pytest

import rulecraft
from rulecraft.runtime import grid

ALL = ["zombie_commandos", "cherubs", "revenants", "maggots", "cacodemons", "spider_queen"]

BEND = [  # a hall and a one-wide corridor going south from its east end
    "#######",
    "#S....#",
    "#.....#",
    "#####.#",
    "#####.#",
    "#####.#",
    "#######",
]


@pytest.fixture
def assumed_table(new_table, monkeypatch):
    """A table whose game is made with these assumptions (as `--set NAME=VALUE` does)."""
    def make(assumptions, **kw):
        monkeypatch.setattr(rulecraft, "Game", functools.partial(rulecraft.Game, assumptions=assumptions))
        return new_table(**kw)
    return make


def available(t, d):
    t.call("sort_expansion_figures")
    return t.call("available", d)


@pytest.mark.rules("DOOMX-004", "DOOMX-009", "DOOMX-012")
def test_the_number_of_each_new_type_is_an_assumption(new_table, assumed_table):
    t = new_table(options=ALL)   # red and green marines: the blue third stays in the box
    assert len(available(t, "maggot")) == 4
    assert len(available(t, "revenant")) == 8
    assert len(available(t, "vagary")) == 1
    u = assumed_table({"maggot_count": 3, "revenant_count": 6}, options=ALL)
    assert len(available(u, "maggot")) == 2
    assert len(available(u, "revenant")) == 4


@pytest.mark.rules("DOOMX-007", "DOOMX-009", "DOOMX-010")
def test_melee_only_and_footprints_are_assumptions(new_table, assumed_table):
    t = new_table(options=ALL)
    [cherub, maggot, caco] = (available(t, d)[0] for d in ("cherub", "maggot", "cacodemon"))
    assert [t.get(f, "melee") for f in (cherub, maggot, caco)] == [True, True, False]
    assert [t.get(f, "footprint") for f in (cherub, maggot, caco)] == ["1x1", "2x1", "2x2"]
    u = assumed_table({"cherub.melee": False, "maggot.footprint": "1x1", "cacodemon.footprint": "2x1"}, options=ALL)
    [cherub, maggot, caco] = (available(u, d)[0] for d in ("cherub", "maggot", "cacodemon"))
    assert not u.get(cherub, "melee")
    assert [u.get(f, "footprint") for f in (maggot, caco)] == ["1x1", "2x1"]


@pytest.mark.rules("DOOMX-009", "DOOM-092")
def test_a_maggot_turns_into_a_one_wide_corridor_like_a_demon(new_table):
    t = new_table(rows=BEND, options=["maggots"])
    t.marine(t.marines[0], 1, 1)
    maggot = t.invader_at("maggot", 1, 2)
    assert maggot.def_id == "maggot"
    assert t.get(maggot, "movement") == 5
    reach = [t.xy(s) for s in t.call("invader_destinations", maggot, 5)]
    assert (5, 3) in reach
    assert grid.grid_orientations(t.game, "map", maggot, t.s(5, 3), 5) == ["1x2"]
