"""Super Shotgun's knockback on an oversized invader that has turned (DOOMX-182, DOOM-092): it is
pushed as it stands, not in the facing it was placed in."""

import pytest

from rulecraft.runtime import grid


@pytest.mark.rules("DOOMX-182", "DOOM-092")
def test_knockback_pushes_a_turned_demon_as_it_stands(table):
    t = table("super-shotgun")
    m = t.marines[0]
    t.marine(m, 2, 2)
    demon = t.invader_at("demon", 4, 1)             # 2x1 on (4,1)-(5,1)
    t.set(demon, "wounds", 9)
    grid.grid_move_as(t.game, "map", demon, t.s(4, 2), "1x2", 9)   # now (4,2)-(4,3)
    t.set(t.bin(m), "weapons", ["shotgun"])
    t.act("declare_action", m, "advance")
    t.force("red", t.face("red", range=2, damage=1))
    t.force("yellow", t.face("yellow", range=2, damage=0))
    t.act("attack", m, t.s(4, 2), "shotgun")
    assert grid.grid_size_of(t.game, "map", demon) == "1x2"
    assert t.where(demon)[0] > 4
    assert t.where(demon)[1] == 2
