"""Vacuum, airlocks and flame jets, by exact outcome: what `rulecraft mutate` showed the other
tests let pass."""

import pytest

VACUUM = [
    "##########",
    "#S..Avvv.#",
    "#S..#vvo.#",
    "#...#vvvv#",
    "##########",
]

DOOR_BY_AIRLOCK = ["##########", "#S..A....#", "#S..D....#", "#........#", "##########"]


def end_turn(t, p):
    with t.game.turn(p):
        t.call("end_marine_turn", p)


@pytest.mark.rules("DOOMX-034", "DOOMX-077")
def test_the_last_oxygen_tank_is_used_and_logged(new_table):
    t = new_table(rows=VACUUM)
    m = t.marines[0]
    t.marine(m, 6, 1)
    t.set(t.bin(m), "oxygen", 1)
    before = t.wounds(m)
    end_turn(t, m)
    assert t.get(t.bin(m), "oxygen") == 0 and t.wounds(m) == before
    assert "m1 uses an oxygen tank in the vacuum (0 left)" in t.messages()


@pytest.mark.rules("DOOMX-035")
def test_no_oxygen_in_the_vacuum_is_logged(new_table):
    t = new_table(rows=VACUUM)
    m = t.marines[0]
    t.marine(m, 6, 1)
    end_turn(t, m)
    assert "m1 has no oxygen in the vacuum" in t.messages()


@pytest.mark.rules("DOOMX-037", "DOOMX-038")
def test_only_an_airlock_logs_its_opening_and_closes_itself(new_table):
    t = new_table(rows=DOOR_BY_AIRLOCK)
    m = t.marines[0]
    t.marine(m, 3, 2)
    assert t.call("is_airlock", t.s(4, 1)) is True and t.call("is_airlock", t.s(4, 2)) is False
    with t.game.turn(m):
        t.declare(m, "advance")
        t.act("open_door", m, t.s(4, 2))
        assert "an airlock opens" not in t.messages()
        t.act("open_door", m, t.s(4, 1))
        assert t.messages().count("an airlock opens") == 1
        t.call("end_marine_turn", m)
    assert (t.terrain(4, 1), t.terrain(4, 2)) == ("door", "open_door")
    assert t.messages().count("the airlock closes") == 1


@pytest.mark.rules("DOOMX-039")
def test_an_airlock_closing_on_an_oversized_invader_is_logged(new_table):
    t = new_table(rows=["##########", "#S..A....#", "#S..A....#", "#........#", "##########"])
    m = t.marines[0]
    t.marine(m, 1, 1)
    with t.game.turn(m):
        t.set_terrain(4, 1, "open_door")
        demon = t.invader_at("demon", 3, 1)
    assert f"the airlock closes on {demon.name}" in t.messages()


@pytest.mark.rules("DOOMX-042")
def test_a_jet_switched_on_at_the_end_of_the_round_burns_the_figure_on_it(new_table):
    t = new_table(rows=["##########", "#S.F.f...#", "#S.......#", "#........#", "##########"])
    m = t.marines[0]
    fig = t.marine(m, 5, 1)  # on the jet that is off
    before = t.wounds(m)
    t.game.end_round()
    assert t.wounds(m) == before - 1
    assert f"{fig.name} is burnt (the flame jet is switched on)" in t.messages()


@pytest.mark.rules("DOOMX-078")
def test_an_oxygen_tank_is_passed_only_after_declaring_an_action(new_table):
    t = new_table(rows=VACUUM)
    a, b = t.marines
    t.marine(a, 1, 1)
    t.marine(b, 2, 2)
    t.set(t.bin(a), "oxygen", 1)
    assert "declare one of the four actions" in t.refused("pass_oxygen", a, b)
    assert (t.get(t.bin(a), "oxygen"), t.get(t.bin(b), "oxygen")) == (1, 0)
