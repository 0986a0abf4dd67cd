"""Exploration (TI-010 … TI-018): a secret look at a planet's counter."""

import pytest


def fleet(g, system, player, carriers=1, fighters=1):
    g.units("carrier", carriers, system, player)
    g.units("fighter", fighters, system, player)


def peeks(g):
    return [(e["player"], e["thing"]) for e in g.game.log if e["what"] == "peek"]


@pytest.mark.rules("TI-010")
def test_exploring_in_the_invasion_sequence_shows_the_counter_to_the_explorer(galaxy):
    g = galaxy
    s = g.system()
    pl = g.planet("lodor", s, counter="radioactive")
    c = g.counter(pl)
    fleet(g, s, g.a)
    g.act("explore", g.a, pl)
    assert g.game.knows(g.a, c)
    assert g.events("explored") == [["a", pl.ref, c.ref]]


@pytest.mark.rules("TI-010")
def test_exploring_outside_the_invasion_sequence_is_refused(galaxy):
    g = galaxy
    s = g.system()
    pl = g.planet("lodor", s, counter="radioactive")
    fleet(g, s, g.a)
    assert g.refused("explore", g.a, pl, phase="politics") == "planets are explored during the invasion sequence"
    assert not g.game.knows(g.a, g.counter(pl))


@pytest.mark.rules("TI-011")
def test_the_explorer_may_not_invade_the_explored_planet_in_the_same_round(galaxy):
    g = galaxy
    s = g.system()
    pl = g.planet("lodor", s, counter="peaceful_invasion")
    fleet(g, s, g.a)
    forces = g.units("ground_force", 2, s, g.a)
    g.act("explore", g.a, pl)
    assert g.game.call("may_invade", g.a, pl) is False
    assert g.refused("invade", g.a, pl, 2) == "you explored this planet this round and may not invade it"
    assert [f.location for f in forces] == [s, s]
    assert g.get(pl, "controller") is None


@pytest.mark.rules("TI-011")
def test_the_explorer_may_invade_the_explored_planet_in_the_next_round(galaxy):
    g = galaxy
    s = g.system()
    pl = g.planet("lodor", s, counter="peaceful_invasion")
    fleet(g, s, g.a)
    g.units("ground_force", 2, s, g.a)
    g.act("explore", g.a, pl)
    g.next_round()
    assert g.game.call("may_invade", g.a, pl) is True
    g.act("invade", g.a, pl, 2)
    assert g.get(pl, "controller") is g.a


@pytest.mark.rules("TI-012", "TI-011")
def test_another_race_may_invade_a_planet_explored_this_round(galaxy):
    g = galaxy
    s = g.system()
    pl = g.planet("lodor", s, counter="wealth_1")
    fleet(g, s, g.a)
    g.act("explore", g.a, pl)
    g.units("ground_force", 1, s, g.b)
    assert g.game.call("may_invade", g.b, pl) is True
    g.act("invade", g.b, pl, 1)
    assert g.get(pl, "controller") is g.b
    assert g.get(g.b, "credits") == g.game.assume["wealth_1.credits"]
    assert g.get(g.a, "credits") == 0


@pytest.mark.rules("TI-013")
def test_fighters_without_a_carrier_cannot_explore(galaxy):
    g = galaxy
    s = g.system()
    pl = g.planet("lodor", s, counter="wealth_1")
    g.units("fighter", 2, s, g.a)
    assert g.game.call("explorers_present", g.a, pl) is False
    assert g.refused("explore", g.a, pl) == "exploring needs a Carrier and a Fighter in the planet's system"
    assert not g.game.knows(g.a, g.counter(pl))


@pytest.mark.rules("TI-013")
def test_a_carrier_without_a_fighter_cannot_explore(galaxy):
    g = galaxy
    s = g.system()
    pl = g.planet("lodor", s, counter="wealth_1")
    g.units("carrier", 1, s, g.a)
    assert g.refused("explore", g.a, pl) == "exploring needs a Carrier and a Fighter in the planet's system"


@pytest.mark.rules("TI-013")
def test_carrier_and_fighter_in_another_system_do_not_count(galaxy):
    g = galaxy
    s, elsewhere = g.system(), g.system()
    pl = g.planet("lodor", s, counter="wealth_1")
    fleet(g, elsewhere, g.a)
    g.units("carrier", 1, s, g.b)  # another race's ships do not help either
    g.units("fighter", 1, s, g.b)
    assert g.game.call("explorers_present", g.a, pl) is False
    assert g.refused("explore", g.a, pl) == "exploring needs a Carrier and a Fighter in the planet's system"
    fleet(g, s, g.a)
    g.act("explore", g.a, pl)
    assert g.game.knows(g.a, g.counter(pl))


@pytest.mark.rules("TI-014")
def test_one_fighter_explores_only_one_planet_of_a_system(galaxy):
    g = galaxy
    s = g.system()
    p1 = g.planet("lodor", s, counter="wealth_1")
    p2 = g.planet("abyz", s, counter="radioactive")
    fleet(g, s, g.a, fighters=1)
    g.act("explore", g.a, p1)
    assert g.game.call("fighters_left", g.a, p2) == 0
    assert g.refused("explore", g.a, p2) == "exploring another planet of this system needs another Fighter"
    assert g.game.knows(g.a, g.counter(p1))
    assert not g.game.knows(g.a, g.counter(p2))


@pytest.mark.rules("TI-014")
def test_two_fighters_explore_two_planets_of_a_system(galaxy):
    g = galaxy
    s = g.system()
    p1 = g.planet("lodor", s, counter="wealth_1")
    p2 = g.planet("abyz", s, counter="radioactive")
    p3 = g.planet("fria", s, counter="settlers")
    fleet(g, s, g.a, fighters=2)
    g.act("explore", g.a, p1)
    g.act("explore", g.a, p2)
    assert g.game.knows(g.a, g.counter(p1))
    assert g.game.knows(g.a, g.counter(p2))
    assert g.refused("explore", g.a, p3) == "exploring another planet of this system needs another Fighter"


@pytest.mark.rules("TI-014")
def test_fighters_used_in_one_round_explore_again_in_the_next(galaxy):
    g = galaxy
    s, t = g.system(), g.system()
    p1 = g.planet("lodor", s, counter="wealth_1")
    p2 = g.planet("abyz", s, counter="radioactive")
    other = g.planet("fria", t, counter="settlers")
    fleet(g, s, g.a, fighters=1)
    g.act("explore", g.a, p1)
    # an exploration in another system does not use up a fighter of this one
    fleet(g, t, g.a, fighters=1)
    g.act("explore", g.a, other)
    assert g.game.call("fighters_left", g.a, p2) == 0
    g.next_round()
    assert g.game.call("fighters_left", g.a, p2) == 1
    g.act("explore", g.a, p2)
    assert g.game.knows(g.a, g.counter(p2))


@pytest.mark.rules("TI-015")
def test_only_the_explorer_sees_the_counter_which_goes_back_face_down_on_the_planet(galaxy):
    g = galaxy
    s = g.system()
    pl = g.planet("lodor", s, counter="new_technology")
    c = g.counter(pl)
    fleet(g, s, g.a)
    g.act("explore", g.a, pl)
    assert c.alive
    assert c.face_down
    assert c.location is pl
    assert g.game.view(g.a, c) == "new_technology"
    assert g.game.view(g.b, c) == "hidden"
    assert g.game.call("unrevealed", c) is True
    assert peeks(g) == [("a", c.ref)]
    peek = next(e for e in g.game.log if e["what"] == "peek")
    assert peek["visible_to"] == ["a"]


@pytest.mark.rules("TI-016")
def test_the_explorer_looks_again_only_by_exploring_again_or_invading(galaxy):
    g = galaxy
    s = g.system()
    pl = g.planet("lodor", s, counter="wealth_2")
    c = g.counter(pl)
    carrier = g.units("carrier", 1, s, g.a)
    g.units("fighter", 1, s, g.a)
    g.act("explore", g.a, pl)
    assert peeks(g) == [("a", c.ref)]
    g.next_round()
    # without the ships in the system there is no new look
    g.game.things.move(carrier, g.system())
    assert g.refused("explore", g.a, pl) == "exploring needs a Carrier and a Fighter in the planet's system"
    assert peeks(g) == [("a", c.ref)]
    assert c.face_down
    assert g.game.view(g.b, c) == "hidden"
    # exploring again gives another look
    g.game.things.move(carrier, s)
    g.act("explore", g.a, pl)
    assert peeks(g) == [("a", c.ref), ("a", c.ref)]
    # and invading turns it face up (next round: the explorer may not invade this round)
    g.next_round()
    g.units("ground_force", 1, s, g.a)
    g.act("invade", g.a, pl, 1)
    assert not c.face_down


@pytest.mark.rules("TI-017")
def test_explored_lazax_survivors_are_removed_from_the_game(galaxy):
    g = galaxy
    s = g.system()
    pl = g.planet("lodor", s, counter="lazax_survivors")
    c = g.counter(pl)
    g.deck(5)
    fleet(g, s, g.a)
    g.act("explore", g.a, pl)
    assert not c.alive
    assert g.counter(pl) is None
    # nothing is left to invade against: a later invasion has no Lazax effect
    g.next_round()
    g.units("ground_force", 1, s, g.b)
    g.act("invade", g.b, pl, 1)
    assert g.events("first_invasion") == []
    assert g.get(g.b, "influence_zeroed") is False


@pytest.mark.rules("TI-018")
def test_the_explorer_of_lazax_survivors_draws_3_cards_and_gets_a_free_ground_force(galaxy):
    g = galaxy
    s = g.system()
    pl = g.planet("lodor", s, counter="lazax_survivors")
    g.deck(5)
    g.cards(g.a, 1)
    fleet(g, s, g.a)
    g.act("explore", g.a, pl)
    assert len(g.hand(g.a)) == 4
    assert len(g.game.zone("action_deck").items) == 2
    assert len(g.hand(g.b)) == 0
    placed = g.on("ground_force", pl)
    assert len(placed) == 1
    assert placed[0].owner is g.a
    assert g.on("ground_force", s) == []


@pytest.mark.rules("TI-015", "TI-018")
def test_other_explored_counters_give_no_cards_or_forces(galaxy):
    g = galaxy
    s = g.system()
    pl = g.planet("lodor", s, counter="peaceful_invasion")
    g.deck(5)
    fleet(g, s, g.a)
    g.act("explore", g.a, pl)
    assert len(g.hand(g.a)) == 0
    assert g.on("ground_force", pl) == []
    assert g.counter(pl).alive


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
    assert g.texts() == ["a explores Lodor"]
    assert g.events("explored") == [["a", pl.ref, c.ref]]
    g.units("ground_force", 1, s, g.b)
    g.act("invade", g.b, pl, 1)
    assert g.get(pl, "controller") is g.b


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
    assert g.get(pl, "controller") is g.a
    assert not c.alive
    assert g.texts()[1:] == ["a invades Lodor with 2 ground forces", "the domain counter of Lodor is Biohazard",
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
    assert g.get(pl, "controller") is None
    assert g.events("conquered") == []
