"""Movement (DOOM-081 ... DOOM-092) on small ASCII maps."""

import pytest

from rulecraft.runtime import grid


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
    assert x + 1 <= 8 and y + 1 <= 4


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
    assert t.get(t.bin(m), "wounds") == wounds and t.log("roll") == []


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
