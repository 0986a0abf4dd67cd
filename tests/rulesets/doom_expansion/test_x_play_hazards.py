"""Hazardous spaces and flyers: hazards hurt a figure that walks onto them (`hazard_wounds`, an
assumption), never a flyer (DOOMX-025), over them or onto them."""

import pytest

CORRIDOR = [
    "########",
    "#S.~~..#",
    "########",
]


def moved(new_table, definition, to, options=()):
    """An invader of `definition` at (6, 1), activated by an invader who moves it to `to`."""
    t = new_table(rows=CORRIDOR, options=options,
                  invader_picks={"where the invader moves": None,
                                 "what the activated invader does next": ["move", "end its activation"]})
    inv = t.invader_at(definition, 6, 1)
    t.game.choices.agents[t.invader.id].picks["where the invader moves"] = t.s(*to)
    t.call("activate", t.invader, inv)
    return t, inv


@pytest.mark.rules("DOOMX-025", "DOOMX-022")
def test_a_flyer_landing_on_a_hazard_takes_no_damage(new_table):
    t, cherub = moved(new_table, "cherub", (3, 1), options=["cherubs"])
    assert t.where(cherub) == (3, 1)
    assert t.on_board(cherub)
    assert t.get(cherub, "wounded") == 0  # 1 wound would kill it


@pytest.mark.rules("DOOMX-025")
def test_a_flyer_flying_over_hazards_takes_no_damage(new_table):
    t, cherub = moved(new_table, "cherub", (2, 1), options=["cherubs"])
    assert t.where(cherub) == (2, 1)
    assert t.get(cherub, "wounded") == 0


@pytest.mark.rules("DOOMX-025")
def test_a_walking_invader_is_hurt_by_the_same_hazards(new_table):
    t, imp = moved(new_table, "imp", (3, 1))
    assert t.where(imp) == (3, 1)
    assert t.get(imp, "wounded") == 2 * t.game.assume["hazard_wounds"]


@pytest.mark.rules("DOOMX-025")
def test_a_walking_marine_is_hurt_where_a_flyer_is_not(new_table):
    t = new_table(rows=CORRIDOR)
    m = t.marines[0]
    t.marine(m, 1, 1)
    t.declare(m, "sprint")
    t.act("move_marine", m, t.s(6, 1))
    assert t.wounds(m) == 9 - 2
