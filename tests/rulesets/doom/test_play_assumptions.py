"""Numbers and choices the seeds do not give, as marked assumptions a user may change: the cost
of opening a door, the most choices in a marine's turn, which corners block a sight line, and
whether a diagonal step squeezes between two walls (DOOM-039, DOOM-082, DOOM-088, DOOM-104)."""

import pytest

from rulecraft import FirstLegalAgent

DOOR = [
    "#######",
    "#S.D..#",
    "#S.#..#",
    "#######",
]

# The marine at (1,1) and the space (2,2) touch at a corner beside the wall (2,1).
CORNER = [
    "######",
    "#S#..#",
    "#S...#",
    "######",
]

# (2,1) and (3,2) touch at a corner between the walls (3,1) and (2,2).
GAP = [
    "#######",
    "#S.#..#",
    "#S#...#",
    "#.....#",
    "#######",
]


@pytest.mark.rules("DOOM-088")
def test_opening_a_door_costs_door_cost_movement_points(new_table):
    t = new_table(rows=DOOR)
    m = t.marines[0]
    t.marine(m, 2, 1)
    t.declare(m, "advance")
    t.act("open_door", m, t.s(3, 1))
    assert t.get(m, "moves_left") == 4 - 1
    t = new_table(rows=DOOR)
    t.game.assume["door_cost"] = 3
    m = t.marines[0]
    t.marine(m, 2, 1)
    t.declare(m, "advance")
    t.act("move_marine", m, t.s(2, 2))
    t.act("move_marine", m, t.s(2, 1))
    assert "not enough movement" in t.refused("open_door", m, t.s(3, 1))   # 2 left
    t = new_table(rows=DOOR)
    t.game.assume["door_cost"] = 3
    m = t.marines[0]
    t.marine(m, 2, 1)
    t.declare(m, "advance")
    t.act("open_door", m, t.s(3, 1))
    assert t.get(m, "moves_left") == 4 - 3


class Walker(FirstLegalAgent):
    """Sprints and moves one space at a time, as long as he is asked."""

    def choose(self, game, player, options, prompt):
        if "which action" in prompt:
            return options.index("sprint")
        if "what the marine does next" in prompt:
            return options.index("move") if "move" in options else 0
        return 0


@pytest.mark.rules("DOOM-039")
@pytest.mark.parametrize("most", [2, 5])
def test_a_marine_turn_ends_after_marine_turn_choices_choices(new_table, most):
    t = new_table()
    m = t.marines[0]
    t.marine(m, 1, 1)
    t.game.assume["marine_turn_choices"] = most
    t.game.choices.agents[m.id] = Walker()
    t.call("play_marine_turn", m)
    moves = [e for e in t.log("event") if e["event"] == "marine_moved"]
    assert len(moves) == most


def ruled(new_table, rows, sight="both", squeeze=False):
    t = new_table(rows=rows)
    t.game.assume["corner_sight"] = sight
    t.game.assume["diagonal_squeeze"] = squeeze
    t.call("board_rules")
    return t


@pytest.mark.rules("DOOM-104")
@pytest.mark.parametrize(("sight", "sees"), [("both", True), ("either", False), ("none", True)])
def test_a_sight_line_past_one_wall_corner_follows_corner_sight(new_table, sight, sees):
    t = ruled(new_table, CORNER, sight)
    m = t.marines[0]
    t.marine(m, 1, 1)
    t.invader_at("imp", 2, 2)
    t.declare(m, "unload")
    if sees:
        t.force("yellow", t.face("yellow", range=1, damage=1))
        t.force("green", t.face("green", range=1, damage=1))
        assert t.act("attack", m, t.s(2, 2), "pistol") == 2
    else:
        assert "line of sight" in t.refused("attack", m, t.s(2, 2), "pistol")


@pytest.mark.rules("DOOM-082")
@pytest.mark.parametrize(("squeeze", "cost"), [(False, 3), (True, 1)])
def test_a_diagonal_step_between_two_walls_follows_diagonal_squeeze(new_table, squeeze, cost):
    t = ruled(new_table, GAP, squeeze=squeeze)
    m = t.marines[0]
    t.marine(m, 2, 1)
    t.declare(m, "sprint")
    t.act("move_marine", m, t.s(3, 2))
    assert t.get(m, "moves_left") == 8 - cost              # round the walls, or through the gap
