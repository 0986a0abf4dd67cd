"""Movement (DOOM-081 ... DOOM-092) on small ASCII maps."""

import pytest

from rulecraft.runtime import grid
from tests.rulesets.doom.test_invader_turn_activation import picks_for


def sprinter(t, x=1, y=1, p=0):
    m = t.marines[p]
    t.marine(m, x, y)
    t.declare(m, "sprint")
    return m


@pytest.mark.rules("DOOM-082")
def test_a_marine_may_stop_early_and_the_rest_of_his_movement_is_lost(table):
    t = table
    m = sprinter(t)
    t.act("move_marine", m, t.s(3, 1))
    assert t.get(m, "moves_left") == 6
    t.game.call("end_marine_turn", m)
    assert t.get(m, "moves_left") == 0


@pytest.mark.rules("DOOM-083")
def test_a_diagonal_step_costs_one_space(table):
    t = table
    m = sprinter(t)
    t.act("move_marine", m, t.s(4, 4))
    assert t.get(m, "moves_left") == 5


@pytest.mark.rules("DOOM-084")
def test_no_move_leaves_the_board_not_even_part_of_an_oversized_figure(table):
    t = table
    m = sprinter(t)
    assert "not a space" in t.refused("move_marine", m, 999)
    assert "cannot end" in t.refused("move_marine", m, t.s(0, 1))  # the wall at the edge
    knight = t.invader_at("hell_knight", 7, 3)
    reach = grid.grid_reachable(t.game, "map", knight, 4)
    assert all(grid.grid_footprint(t.game, "map", s, "2x2") and t.xy(s)[0] <= 7 and t.xy(s)[1] <= 3 for s in reach)
    t.game.call("activate", t.invader, knight)
    x, y = t.where(knight)
    assert x + 1 <= 8
    assert y + 1 <= 4


@pytest.mark.rules("DOOM-085", "DOOM-086")
def test_a_marine_passes_through_an_ally_but_does_not_stop_on_him(new_table):
    t = new_table(rows=["#######", "#S...S#", "#######"])
    m = sprinter(t)
    t.marine(t.marines[1], 2, 1)
    assert "cannot end" in t.refused("move_marine", m, t.s(2, 1))
    t.act("move_marine", m, t.s(3, 1))
    assert t.get(m, "moves_left") == 6


@pytest.mark.rules("DOOM-087")
def test_moving_past_an_invader_without_watch_does_nothing_to_the_marine(new_table):
    t = new_table(rows=["#######", "#S....#", "#.....#", "#######"])
    m = sprinter(t)
    imp = t.invader_at("imp", 3, 2)
    assert not t.get(imp, "watch")
    wounds = t.get(t.bin(m), "wounds")
    t.act("move_marine", m, t.s(5, 1))
    assert t.get(t.bin(m), "wounds") == wounds
    assert t.log("roll") == []


@pytest.mark.rules("DOOM-088")
def test_a_closed_door_cannot_be_crossed_until_opened(new_table):
    t = new_table(rows=["#######", "#S.D..#", "#######"])
    m = sprinter(t)
    assert "cannot end" in t.refused("move_marine", m, t.s(4, 1))
    t.act("move_marine", m, t.s(2, 1))
    t.act("open_door", m, t.s(3, 1))
    t.act("move_marine", m, t.s(5, 1))


@pytest.mark.rules("DOOM-089")
def test_a_blocking_obstacle_cannot_be_entered_or_crossed(new_table):
    t = new_table(rows=["#######", "#S.O..#", "#######"])
    m = sprinter(t)
    assert "cannot end" in t.refused("move_marine", m, t.s(3, 1))
    assert "cannot end" in t.refused("move_marine", m, t.s(4, 1))


@pytest.mark.rules("DOOM-090")
def test_an_enemy_figure_cannot_be_moved_through(new_table):
    t = new_table(rows=["#######", "#S...S#", "#######"])
    m = sprinter(t)
    t.invader_at("imp", 3, 1)
    assert "cannot end" in t.refused("move_marine", m, t.s(4, 1))


@pytest.mark.rules("DOOM-081", "DOOM-077", "DOOM-078")
def test_an_activated_trite_moves_up_to_five(new_table):
    t = new_table(rows=["############", "#S.........#", "############"])
    trite = t.invader_at("trite", 10, 1)
    assert t.get(trite, "movement") == 5
    reach = grid.grid_reachable(t.game, "map", trite, t.get(trite, "movement"))
    assert min(t.xy(s)[0] for s in reach) == 5
    t.game.call("activate", t.invader, trite)
    assert t.where(trite)[0] >= 5


@pytest.mark.rules("DOOM-092")
def test_oversized_invaders_cover_two_or_four_spaces_when_they_move(table):
    t = table
    demon = t.invader_at("demon", 3, 2)
    knight = t.invader_at("hell_knight", 6, 2)
    assert len(grid.grid_spaces_of(t.game, "map", demon)) == 2
    assert len(grid.grid_spaces_of(t.game, "map", knight)) == 4
    t.game.call("activate", t.invader, knight)
    assert len(grid.grid_spaces_of(t.game, "map", knight)) == 4


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
