"""Who breathes in the vacuum (only marines, DOOMX-036) and how a double attacker moves
(as the base game's invaders, DOOMX-021), by exact outcome."""

import pytest

# The top-left space (space 0) is vacuum floor: a figure may stand there.
AIR = [
    "vvvv.....",
    "vvvv....#",
    "#S......#",
    "#S......#",
    "#########",
]


def end_turn(t, p):
    with t.game.turn(p):
        t.call("end_marine_turn", p)


@pytest.mark.rules("DOOMX-036")
def test_in_the_vacuum_only_the_marines_breathe(new_table):
    t = new_table(rows=AIR)
    m, other = t.marines
    t.marine(m, 0, 0)
    t.set(t.bin(m), "oxygen", 1)
    t.marine(other, 5, 2)                 # outside the vacuum
    imp = t.invader_at("archvile", 2, 1)  # in it, next to the marine
    before = t.wounds(other)
    end_turn(t, m)
    assert t.get(t.bin(m), "oxygen") == 0
    assert f"{m.name} uses an oxygen tank in the vacuum (0 left)" in t.messages()
    end_turn(t, other)
    assert t.wounds(other) == before and t.get(t.bin(other), "oxygen") == 0
    with t.game.turn(t.invader):
        pass
    assert t.get(imp, "wounded") == 0 and t.where(imp) == (2, 1)
    assert [x for x in t.messages() if "oxygen" in x or "vacuum" in x] == [
        f"{m.name} uses an oxygen tank in the vacuum (0 left)"]


HALL = ["###########", "#S........#", "###########"]


@pytest.mark.rules("DOOMX-021")
def test_a_double_attacker_walks_and_cannot_pass_a_marine_as_a_flyer_would(new_table):
    t = new_table(rows=HALL, options=["maggots"],
                  invader_picks={"what the activated invader does next": ["move", "end its activation"]})
    maggot = t.invader_at("maggot", 3, 1)  # 2x1 on (3,1)-(4,1), movement 5
    t.marine(t.marines[0], 5, 1)           # in its way
    offered = t.call("invader_destinations", maggot, 5)
    assert sorted(t.xy(s) for s in offered) == [(1, 1), (2, 1)]  # back down the hall only
    assert t.s(6, 1) in t.call("fly_reachable", maggot, "2x1", 5)  # a flyer would pass over him
    t.game.choices.agents[t.invader.id].picks["where the invader moves"] = t.s(1, 1)
    t.call("activate", t.invader, maggot)
    assert t.where(maggot) == (1, 1)
    assert [e["options"] for e in t.log("choice") if e["prompt"] == "where the invader moves"] == [2]
