"""Exact outcomes of exploring and devastating (TI-010 … TI-021): what each refuses with, how the
Fighters are counted, and what the log and the events say."""

import pytest


def fleet(g, system, player, fighters=1):
    g.units("carrier", 1, system, player)
    g.units("fighter", fighters, system, player)


def texts(g):
    return [e["text"] for e in g.game.log if e["what"] == "log"]


@pytest.mark.rules("TI-010", "TI-013")
def test_a_fighter_without_a_carrier_cannot_explore(galaxy):
    g = galaxy
    s = g.system()
    pl = g.planet("lodor", s, counter="radioactive")
    g.units("fighter", 2, s, g.a)
    assert g.refused("explore", g.a, pl) == "exploring needs a Carrier and a Fighter in the planet's system"
    assert not g.game.knows(g.a, g.counter(pl))


@pytest.mark.rules("TI-010", "TI-014", "TI-015", "TI-016")
@pytest.mark.parametrize("fighters", [1, 2])
def test_each_planet_explored_in_a_system_this_round_takes_one_fighter(galaxy, fighters):
    g = galaxy
    s = g.system()
    first = g.planet("lodor", s, counter="radioactive")
    second = g.planet("abyz", s, counter="wealth_1")
    fleet(g, s, g.a, fighters=fighters)
    g.act("explore", g.a, first)
    if fighters == 1:
        assert g.refused("explore", g.a, second) == "exploring another planet of this system needs another Fighter"
        assert not g.game.knows(g.a, g.counter(second))
    else:
        g.act("explore", g.a, second)
        assert g.game.knows(g.a, g.counter(second))
    assert g.get(g.a, "explored") == [first, second][:fighters]


@pytest.mark.rules("TI-010", "TI-011", "TI-012")
def test_an_exploration_is_logged_and_announced_and_another_race_may_still_invade(galaxy):
    g = galaxy
    s = g.system()
    pl = g.planet("lodor", s, counter="peaceful_invasion")
    c = g.counter(pl)
    fleet(g, s, g.a)
    g.act("explore", g.a, pl)
    assert texts(g) == ["a explores Lodor"]
    assert g.events("explored") == [["a", pl.ref, c.ref]]
    g.units("ground_force", 1, s, g.b)
    g.act("invade", g.b, pl, 1)
    assert g.get(pl, "controller") is g.b


@pytest.mark.rules("TI-019", "TI-020")
def test_devastation_without_a_destroyer_is_refused(galaxy):
    g = galaxy
    s = g.system()
    pl = g.planet("lodor", s, counter="wealth_1")
    g.units("carrier", 1, s, g.a)
    assert g.refused("devastate", g.a, pl) == "devastation needs a Destroyer in the planet's system"
    assert g.counter(pl).alive


@pytest.mark.rules("TI-019", "TI-021")
def test_a_devastation_is_logged(galaxy):
    g = galaxy
    s = g.system()
    pl = g.planet("lodor", s, counter="wealth_1")
    g.units("destroyer", 1, s, g.a)
    g.game.force("d10", 1)
    c = g.counter(pl)
    g.act("devastate", g.a, pl)
    assert texts(g)[0] == "a devastates Lodor"
    assert g.events("devastated") == [["a", pl.ref, c.ref]]


@pytest.mark.rules("TI-011")
def test_the_explorer_invades_the_explored_planet_the_next_round_with_the_forces_it_names(galaxy):
    g = galaxy
    s = g.system()
    pl = g.planet("lodor", s, counter="biohazard")
    c = g.counter(pl)
    fleet(g, s, g.a)
    forces = g.units("ground_force", 3, s, g.a)
    g.act("explore", g.a, pl)
    g.next_round()
    assert g.refused("invade", g.a, pl, 4) == "not enough ground forces in the system"
    g.act("invade", g.a, pl, 2)
    assert [f.alive for f in forces] == [False, True, True]  # Biohazard: the first to land dies
    assert [f.location for f in forces[1:]] == [pl, s]
    assert g.get(pl, "controller") is g.a and not c.alive
    assert texts(g)[1:] == ["a invades Lodor with 2 ground forces", "the domain counter of Lodor is Biohazard",
                            "a takes Lodor"]
    assert g.events("invasion") == [["a", pl.ref, [f.ref for f in forces[:2]]]]
    assert g.events("conquered") == [["a", pl.ref]]


@pytest.mark.rules("TI-011")
def test_an_invasion_that_leaves_no_invader_takes_nothing(galaxy):
    g = galaxy
    s = g.system()
    pl = g.planet("lodor", s, counter="radioactive")
    g.units("ground_force", 1, s, g.a)
    g.act("invade", g.a, pl, 1)
    assert g.get(pl, "controller") is None and g.events("conquered") == []
