"""Oversized invaders in play (DOOM-084, DOOM-092): a 2x1 demon turns as it moves, so it enters
a one-wide corridor; how it turns is the marked assumption `turn_oversized` (1 point a turn,
0: it never turns)."""

import functools

import pytest
from test_invader_turn_activation import NEXT, WHERE, Picks

import rulecraft
from rulecraft.runtime import grid

BEND = [  # a hall and a one-wide corridor going south from its east end
    "#######",
    "#S....#",
    "#.....#",
    "#####.#",
    "#####.#",
    "#####.#",
    "#######",
]


def demon_table(new_table, turn_cost=None):
    t = new_table(rows=BEND)
    if turn_cost is not None:
        t.game.assume["turn_oversized"] = turn_cost
    t.marine(t.marines[0], 1, 1)
    demon = t.invader_at("demon", 1, 2)
    return t, demon


def corridor_reach(t, demon):
    return [t.xy(s) for s in t.call("invader_destinations", demon, t.get(demon, "movement")) if t.xy(s)[1] >= 3]


@pytest.mark.rules("DOOM-092", "DOOM-084")
def test_a_demon_turns_to_enter_a_one_wide_corridor(new_table):
    t, demon = demon_table(new_table)
    assert t.get(demon, "footprint") == "2x1"
    assert t.get(demon, "movement") == 6
    t.game.choices.agents[t.invader.id] = Picks({NEXT: ["move", "end its activation"], WHERE: t.s(5, 4)})
    t.call("activate", t.invader, demon)
    # 3 steps east, a turn on its east half (1 point), 2 steps south: 6 points
    assert grid.grid_size_of(t.game, "map", demon) == "1x2"
    assert grid.grid_spaces_of(t.game, "map", demon) == [t.s(5, 4), t.s(5, 5)]
    assert [e["cost"] for e in t.log("grid_move")] == [6]


@pytest.mark.rules("DOOM-092")
def test_without_turning_a_demon_never_enters_the_corridor(new_table):
    t, demon = demon_table(new_table, turn_cost=0)
    assert corridor_reach(t, demon) == []
    t, demon = demon_table(new_table)
    assert (5, 4) in corridor_reach(t, demon)


@pytest.mark.rules("DOOM-092")
def test_each_turn_costs_turn_oversized_movement_points(new_table):
    t, demon = demon_table(new_table, turn_cost=2)
    assert (5, 3) in corridor_reach(t, demon)
    assert (5, 4) not in corridor_reach(t, demon)


@pytest.mark.rules("DOOM-092")
def test_where_both_facings_fit_the_invader_player_picks_one(new_table):
    t, demon = demon_table(new_table)
    agent = Picks({NEXT: ["move", "end its activation"], WHERE: t.s(3, 1), "which way": "1x2"})
    t.game.choices.agents[t.invader.id] = agent
    t.call("activate", t.invader, demon)
    assert [options for p, options in agent.asked if "which way" in p] == [["2x1", "1x2"]]
    assert grid.grid_spaces_of(t.game, "map", demon) == [t.s(3, 1), t.s(3, 2)]


@pytest.mark.rules("DOOM-097", "DOOM-092")
def test_melee_only_and_footprints_of_the_base_invaders_are_assumptions(new_table, monkeypatch):
    t = new_table()
    figs = {d: t.call("available", d)[0] for d in ("trite", "demon", "mancubus", "hell_knight", "cyberdemon")}
    assert [t.get(figs[d], "melee") for d in ("trite", "demon")] == [True, True]
    assert [t.get(f, "footprint") for f in figs.values()] == ["1x1", "2x1", "2x2", "2x2", "2x2"]
    changed = {"trite.melee": False, "demon.melee": False, "demon.footprint": "1x1", "mancubus.footprint": "3x3",
               "hell_knight.footprint": "2x1", "cyberdemon.footprint": "3x2"}
    monkeypatch.setattr(rulecraft, "Game", functools.partial(rulecraft.Game, assumptions=changed))
    u = new_table()
    figs = {d: u.call("available", d)[0] for d in ("trite", "demon", "mancubus", "hell_knight", "cyberdemon")}
    assert [u.get(figs[d], "melee") for d in ("trite", "demon")] == [False, False]
    assert [u.get(f, "footprint") for f in figs.values()] == ["1x1", "1x1", "3x3", "2x1", "3x2"]
