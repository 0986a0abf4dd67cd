"""How domain counters work on invasion (TI-006 … TI-009, TI-031)."""

import pytest


@pytest.mark.rules("TI-006")
def test_first_invasion_reveals_the_counter_to_everyone_and_applies_it_at_once(galaxy):
    g = galaxy
    s = g.system()
    pl = g.planet("lodor", s, counter="wealth_2")
    c = g.counter(pl)
    g.units("ground_force", 2, s, g.a)
    assert not g.game.knows(g.b, c)
    g.act("invade", g.a, pl, 2)
    assert not c.face_down
    assert g.game.knows(g.a, c)
    assert g.game.knows(g.b, c)
    assert g.get(g.a, "credits") == g.game.assume["wealth_2.credits"]
    assert g.events("first_invasion") == [["a", pl.ref, [u.ref for u in g.on("ground_force", pl)]]]


@pytest.mark.rules("TI-006")
def test_a_counter_acts_only_on_the_first_invasion_not_on_later_ones(galaxy):
    g = galaxy
    s = g.system()
    pl = g.planet("lodor", s, counter="biohazard")
    first = g.units("ground_force", 1, s, g.a)
    g.act("invade", g.a, pl, 1)
    assert g.alive(first) == [False]
    assert g.get(pl, "controller") is None
    second = g.units("ground_force", 1, s, g.b)
    g.act("invade", g.b, pl, 1)
    assert g.alive(second) == [True]
    assert g.get(pl, "controller") is g.b
    assert len(g.events("first_invasion")) == 1


@pytest.mark.rules("TI-007")
def test_the_picture_decides_the_effect_radioactive_does_only_what_radioactive_does(galaxy):
    g = galaxy
    s = g.system()
    pl = g.planet("abyz", s, counter="radioactive")
    landed = g.units("ground_force", 2, s, g.a)
    g.act("invade", g.a, pl, 2)
    assert g.alive(landed) == [False, False]
    assert g.get(g.a, "credits") == 0
    assert g.get(g.a, "tech_discount") == 0
    assert g.on("space_dock", pl) == []
    assert g.get(pl, "controller") is None
    assert g.counter(pl) is None


@pytest.mark.rules("TI-007")
def test_the_same_invasion_on_another_picture_has_another_effect(galaxy):
    g = galaxy
    s = g.system()
    pl = g.planet("abyz", s, counter="industrial_society")
    landed = g.units("ground_force", 2, s, g.a)
    g.act("invade", g.a, pl, 2)
    assert g.alive(landed) == [True, True]
    assert [d.owner for d in g.on("space_dock", pl)] == [g.a]
    assert g.get(pl, "controller") is g.a


@pytest.mark.rules("TI-008")
def test_control_without_invasion_removes_the_counter_unrevealed_and_without_effect(galaxy):
    g = galaxy
    s = g.system()
    pl = g.planet("lodor", s, counter="wealth_1")
    c = g.counter(pl)
    g.game.call("gain_control", g.a, pl)
    assert g.get(pl, "controller") is g.a
    assert not c.alive
    assert c.face_down
    assert not g.game.knows(g.a, c)
    assert not g.game.knows(g.b, c)
    assert g.counter(pl) is None
    assert g.get(g.a, "credits") == 0
    assert g.events("first_invasion") == []


@pytest.mark.rules("TI-008")
def test_a_planet_taken_without_invasion_keeps_its_counter_from_ever_acting(galaxy):
    g = galaxy
    s = g.system()
    pl = g.planet("lodor", s, counter="radioactive")
    g.game.call("gain_control", g.a, pl)
    g.game.call("make_neutral", pl)
    forces = g.units("ground_force", 2, s, g.b)
    g.act("invade", g.b, pl, 2)
    assert g.alive(forces) == [True, True]
    assert g.get(pl, "controller") is g.b


@pytest.mark.rules("TI-009")
def test_a_planet_that_becomes_neutral_again_gets_no_new_counter(galaxy):
    g = galaxy
    s = g.system()
    pl = g.planet("lodor", s, counter="wealth_1")
    g.game.things.fill("domain_counters")  # spare counters exist, none of them comes back
    pool_before = list(g.game.zone("domain_counters").items)
    g.units("ground_force", 1, s, g.a)
    g.act("invade", g.a, pl, 1)
    paid = g.get(g.a, "credits")
    assert paid == g.game.assume["wealth_1.credits"]
    g.game.call("make_neutral", pl)
    assert g.get(pl, "controller") is None
    assert g.counter(pl) is None
    assert g.game.zone("domain_counters").items == pool_before
    g.next_round()
    g.units("ground_force", 1, s, g.a)
    g.act("invade", g.a, pl, 1)
    assert g.get(g.a, "credits") == paid
    assert g.get(pl, "controller") is g.a
    assert len(g.events("first_invasion")) == 1


@pytest.mark.rules("TI-031")
def test_a_counter_showing_its_back_is_unrevealed_until_an_invasion_turns_it(galaxy):
    g = galaxy
    s = g.system()
    pl = g.planet("lodor", s, counter="enemy_units_3")
    c = g.counter(pl)
    assert g.game.call("unrevealed", c) is True
    assert g.game.view(g.a, c) == "hidden"
    g.units("ground_force", 1, s, g.a)
    g.game.force("d10", 1, 1, 1, 9)  # the lone invader misses, a defender hits
    g.act("invade", g.a, pl, 1)
    assert c.alive
    assert g.counter(pl) is c
    assert g.game.call("unrevealed", c) is False
    assert g.game.view(g.b, c) == "enemy_units_3"
    assert g.game.call("unrevealed", None) is False


@pytest.mark.rules("TI-031", "TI-010")
def test_a_revealed_counter_can_no_longer_be_explored(galaxy):
    g = galaxy
    s = g.system()
    pl = g.planet("lodor", s, counter="enemy_units_3")
    g.units("ground_force", 1, s, g.a)
    g.game.force("d10", 1, 1, 1, 9)
    g.act("invade", g.a, pl, 1)
    g.units("carrier", 1, s, g.b)
    g.units("fighter", 1, s, g.b)
    assert g.refused("explore", g.b, pl) == "this planet has no face-down domain counter to explore"
    assert g.game.call("may_explore", g.b, pl) is False
