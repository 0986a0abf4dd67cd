"""Exact costs of a marine's moves: a move may spend all of what is left, and what a figure
may not cross makes the way round dearer (issue 12: the rule-mutation score)."""

import pytest

from tests.rulesets.doom.test_invader_turn_activation import picks_for

CANNOT_END = "the marine cannot end a move there"

# A column of two spaces at x=3, open below: from (1,1), (4,1) is 3 spaces straight on and
# 4 round the column.
COLUMN = [
    "########",
    "#S.{c}...#",
    "#..{c}...#",
    "#......#",
    "########",
]


def column(new_table, cell="."):
    t = new_table(rows=[r.format(c=cell) for r in COLUMN])
    t.m = t.marines[0]
    t.fig = t.marine(t.m, 1, 1)
    return t


def moves_left(t):
    return t.get(t.m, "moves_left")


@pytest.mark.rules("DOOM-082", "DOOM-080")
def test_a_marine_may_stop_early_and_later_spend_exactly_what_is_left(new_table):
    t = column(new_table)
    t.declare(t.m, "advance")
    t.act("move_marine", t.m, t.s(3, 1))
    assert (t.where(t.fig), moves_left(t)) == ((3, 1), 2)
    t.act("move_marine", t.m, t.s(5, 1))                 # the last 2 points
    assert (t.where(t.fig), moves_left(t)) == ((5, 1), 0)


@pytest.mark.rules("DOOM-083")
def test_diagonal_steps_cost_one_each_down_to_the_last_point(new_table):
    t = column(new_table)
    t.declare(t.m, "advance")
    t.act("move_marine", t.m, t.s(2, 2))
    assert moves_left(t) == 3
    t.act("move_marine", t.m, t.s(5, 3))                 # 3 points: 2 diagonal, 1 straight
    assert (t.where(t.fig), moves_left(t)) == ((5, 3), 0)


@pytest.mark.rules("DOOM-084")
def test_a_marine_along_the_edge_spends_all_his_points_on_the_board(new_table):
    t = new_table(rows=["######", "#S...#", "######"])
    t.m = t.marines[0]
    t.fig = t.marine(t.m, 1, 1)
    t.declare(t.m, "advance")
    assert t.refused("move_marine", t.m, t.s(5, 1)) == CANNOT_END    # the wall at the edge
    t.act("move_marine", t.m, t.s(4, 1))
    assert (t.where(t.fig), moves_left(t)) == ((4, 1), 1)
    t.act("move_marine", t.m, t.s(3, 1))
    assert (t.where(t.fig), moves_left(t)) == ((3, 1), 0)


@pytest.mark.rules("DOOM-085")
def test_a_marine_passes_through_friends_for_one_point_a_space(new_table):
    t = column(new_table)
    t.marine(t.marines[1], 3, 1)
    t.declare(t.m, "advance")
    t.act("move_marine", t.m, t.s(5, 1))                 # straight through the friend: 4
    assert (t.where(t.fig), moves_left(t)) == ((5, 1), 0)


@pytest.mark.rules("DOOM-086")
def test_a_marine_may_not_end_on_a_friends_space(new_table):
    t = column(new_table)
    t.marine(t.marines[1], 3, 1)
    t.declare(t.m, "advance")
    assert t.refused("move_marine", t.m, t.s(3, 1)) == CANNOT_END
    assert (t.where(t.fig), moves_left(t)) == ((1, 1), 4)
    t.act("move_marine", t.m, t.s(5, 1))
    assert moves_left(t) == 0


@pytest.mark.rules("DOOM-088")
def test_a_closed_door_makes_a_marine_go_round(new_table):
    t = column(new_table, "D")
    t.declare(t.m, "advance")
    t.act("move_marine", t.m, t.s(4, 1))                 # round the doors: 4, not 3
    assert (t.where(t.fig), moves_left(t)) == ((4, 1), 0)


@pytest.mark.rules("DOOM-088")
def test_a_closed_door_is_no_way_through_even_with_points_to_spare(new_table):
    t = new_table(rows=["#######", "#S.D..#", "#######"])
    t.m = t.marines[0]
    t.fig = t.marine(t.m, 1, 1)
    t.declare(t.m, "sprint")
    assert t.refused("move_marine", t.m, t.s(4, 1)) == CANNOT_END
    assert moves_left(t) == 8


@pytest.mark.rules("DOOM-089")
def test_a_blocking_obstacle_makes_a_marine_go_round(new_table):
    t = column(new_table, "O")
    t.declare(t.m, "advance")
    t.act("move_marine", t.m, t.s(4, 1))                 # round the obstacles: 4, not 3
    assert (t.where(t.fig), moves_left(t)) == ((4, 1), 0)


@pytest.mark.rules("DOOM-090")
def test_enemy_figures_make_a_marine_go_round(new_table):
    t = column(new_table)
    t.invader_at("imp", 3, 1)
    t.invader_at("imp", 3, 2)
    t.declare(t.m, "advance")
    t.act("move_marine", t.m, t.s(4, 1))                 # round the imps: 4, not 3
    assert (t.where(t.fig), moves_left(t)) == ((4, 1), 0)


@pytest.mark.rules("DOOM-087")
def test_a_readying_marine_walks_past_an_imp_unhurt_and_has_moved(new_table):
    t = column(new_table)
    imp = t.invader_at("imp", 3, 2)
    wounds = t.get(t.bin(t.m), "wounds")
    t.declare(t.m, "ready")
    t.act("move_marine", t.m, t.s(4, 1))                 # right past the imp
    assert (t.where(t.fig), moves_left(t), t.get(t.m, "attacks_left")) == ((4, 1), 1, 0)
    assert t.get(t.m, "moved") is True
    assert t.get(t.bin(t.m), "wounds") == wounds
    assert (t.get(imp, "wounded"), t.where(imp)) == (0, (3, 2))
    moved = [e for e in t.log("event") if e["event"] == "marine_moved"]
    assert [e["args"][1] for e in moved] == [t.s(4, 1)]


@pytest.mark.rules("DOOM-082", "DOOM-079", "DOOM-092")
def test_each_part_of_an_invaders_move_is_announced_so_a_guarding_marine_can_answer(new_table):
    t = new_table(rows=["###########", "#S........#", "###########"])
    t.marine(t.marines[0], 1, 1)
    imp = t.invader_at("imp", 9, 1)
    picks_for(t, {"what the activated invader does next": ["move", "move", "end its activation"],
                  "where the invader moves": [t.s(8, 1), t.s(6, 1)], "play an event card now": False})
    t.call("activate", t.invader, imp)
    moved = [e["args"][0] for e in t.log("event") if e["event"] == "invader_moved"]
    assert moved == [imp.ref, imp.ref]
    assert t.where(imp) == (6, 1)



@pytest.mark.rules("DOOM-082", "DOOM-051")
def test_a_move_to_the_marines_own_space_is_refused_and_takes_nothing(new_table):
    t = column(new_table)
    t.declare(t.m, "ready")
    assert t.refused("move_marine", t.m, t.s(1, 1)) == "a move goes to another space"
    assert (moves_left(t), t.get(t.m, "attacks_left"), t.get(t.m, "moved")) == (4, 1, False)
    assert [e for e in t.log("event") if e["event"] == "marine_moved"] == []
