"""Exact outcomes of the Enemy Units and Wealth counters (TI-039 … TI-047): each acts on an
invasion of its own planet, never on one of another planet in the same system, and what the log
says of it; the first invasion names the counter it reveals (TI-006)."""

import pytest

ENEMY_UNITS = [pytest.param(version, marks=pytest.mark.rules("TI-042", rule), id=version)
               for version, rule in (("enemy_units_1", "TI-039"), ("enemy_units_2", "TI-040"),
                                     ("enemy_units_3", "TI-041"))]
WEALTH = [pytest.param(version, marks=pytest.mark.rules("TI-047", rule), id=version)
          for version, rule in (("wealth_1", "TI-045"), ("wealth_2", "TI-046"))]


def texts(g):
    return [e["text"] for e in g.game.log if e["what"] == "log"]


@pytest.mark.parametrize("version", ENEMY_UNITS)
def test_enemy_units_fight_an_invasion_of_their_planet(galaxy, version):
    g = galaxy
    s = g.system()
    pl = g.planet("lodor", s, counter=version)
    c = g.counter(pl)
    n = g.get(c, "defenders")
    forces = g.units("ground_force", 1, s, g.a)
    g.game.force("d10", 1, 9, *[1] * (n - 1))  # the invader misses, the first defender hits
    g.act("invade", g.a, pl, 1)
    assert g.rolls() == [1, 9] + [1] * (n - 1)
    assert g.alive(forces) == [False] and c.alive and g.get(pl, "controller") is None


@pytest.mark.parametrize("version", ENEMY_UNITS)
def test_enemy_units_do_not_fight_an_invasion_of_another_planet_of_their_system(galaxy, version):
    g = galaxy
    s = g.system()
    target = g.planet("abyz", s)
    other = g.planet("lodor", s, counter=version)
    c = g.counter(other)
    forces = g.units("ground_force", 1, s, g.a)
    g.act("invade", g.a, target, 1)
    assert g.rolls() == []
    assert g.alive(forces) == [True] and g.get(target, "controller") is g.a
    assert c.alive and c.face_down and g.counter(other) is c


@pytest.mark.rules("TI-042", "TI-043")
def test_defenders_left_standing_are_logged(galaxy):
    g = galaxy
    s = g.system()
    pl = g.planet("lodor", s, counter="enemy_units_3")
    g.units("ground_force", 1, s, g.a)
    g.game.force("d10", 9, 1, 1, 1, 1, 1, 9)  # kills one defender, then is killed
    g.act("invade", g.a, pl, 1)
    assert texts(g)[-1] == "2 neutral defenders hold Lodor; the next invasion faces all 3 again"


@pytest.mark.parametrize("version", WEALTH)
def test_wealth_pays_its_credits_on_the_first_invasion_of_its_planet_and_says_so(galaxy, version):
    g = galaxy
    s = g.system()
    pl = g.planet("lodor", s, counter=version)
    shown = g.get(g.counter(pl), "credits")
    g.units("ground_force", 1, s, g.a)
    g.act("invade", g.a, pl, 1)
    assert g.get(g.a, "credits") == shown
    assert f"a receives {shown} credits" in texts(g)


@pytest.mark.parametrize("version", WEALTH)
def test_wealth_pays_nothing_for_the_first_invasion_of_another_planet_of_its_system(galaxy, version):
    g = galaxy
    s = g.system()
    target = g.planet("abyz", s, counter="peaceful_invasion")
    other = g.planet("lodor", s, counter=version)
    c = g.counter(other)
    g.units("ground_force", 1, s, g.a)
    g.act("invade", g.a, target, 1)
    assert g.get(target, "controller") is g.a
    assert g.get(g.a, "credits") == 0
    assert c.alive and c.face_down and g.counter(other) is c


@pytest.mark.rules("TI-006")
def test_the_first_invasion_logs_the_counter_it_reveals(galaxy):
    g = galaxy
    s = g.system()
    pl = g.planet("lodor", s, counter="peaceful_invasion")
    g.units("ground_force", 1, s, g.a)
    g.act("invade", g.a, pl, 1)
    assert texts(g) == ["a invades Lodor with 1 ground forces", "the domain counter of Lodor is Peaceful Invasion",
                        "a takes Lodor"]
