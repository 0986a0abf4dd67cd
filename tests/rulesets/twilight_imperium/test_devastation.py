"""Total devastation (TI-019 … TI-029)."""

import pytest

from rulecraft import IllegalAction


def setup(g, counter="wealth_1", cards=5):
    s = g.system()
    pl = g.planet("lodor", s, counter=counter)
    g.units("destroyer", 1, s, g.a)
    g.cards(g.a, cards)
    return s, pl


def tables(g):
    return [(e["roll"], e["result"]) for e in g.game.log if e["what"] == "table"]


@pytest.mark.rules("TI-019", "TI-022")
def test_a_destroyer_devastates_a_planet_and_its_counter_leaves_the_game(galaxy):
    g = galaxy
    _s, pl = setup(g)
    c = g.counter(pl)
    g.game.force("d10", 1)
    g.act("devastate", g.a, pl)
    assert not c.alive
    assert g.counter(pl) is None
    assert c.face_down
    assert not g.game.knows(g.a, c)
    assert g.events("devastated") == [["a", pl.ref, c.ref]]


@pytest.mark.rules("TI-019")
def test_devastation_happens_only_in_the_invasion_sequence(galaxy):
    g = galaxy
    _s, pl = setup(g)
    assert g.refused("devastate", g.a, pl, phase="politics") == "planets are devastated during the invasion sequence"
    assert g.counter(pl).alive


@pytest.mark.rules("TI-019")
def test_a_planet_without_a_counter_cannot_be_devastated(galaxy):
    g = galaxy
    s = g.system()
    pl = g.planet("lodor", s)
    g.units("destroyer", 1, s, g.a)
    assert g.refused("devastate", g.a, pl) == "only a planet that still has a domain counter can be devastated"


@pytest.mark.rules("TI-020")
def test_carriers_and_fighters_without_a_destroyer_cannot_devastate(galaxy):
    g = galaxy
    s = g.system()
    pl = g.planet("lodor", s, counter="wealth_1")
    g.units("carrier", 2, s, g.a)
    g.units("fighter", 3, s, g.a)
    g.units("destroyer", 1, g.system(), g.a)  # a destroyer elsewhere does not help
    g.units("destroyer", 1, s, g.b)  # nor does another race's
    assert g.game.call("may_devastate", g.a, pl) is False
    assert g.refused("devastate", g.a, pl) == "devastation needs a Destroyer in the planet's system"
    assert g.counter(pl).alive
    g.units("destroyer", 1, s, g.a)
    assert g.game.call("may_devastate", g.a, pl) is True


@pytest.mark.rules("TI-021")
def test_nobody_may_invade_a_devastated_planet_in_the_same_round(galaxy):
    g = galaxy
    s, pl = setup(g)
    g.units("ground_force", 2, s, g.a)
    forces_b = g.units("ground_force", 2, s, g.b)
    g.game.force("d10", 1)
    g.act("devastate", g.a, pl)
    for p in (g.a, g.b):
        assert g.game.call("may_invade", p, pl) is False
        assert g.refused("invade", p, pl, 1) == "this planet was devastated this round: nobody may invade it"
    assert [f.location for f in forces_b] == [s, s]


@pytest.mark.rules("TI-021", "TI-022")
def test_a_devastated_planet_can_be_invaded_next_round_and_its_counter_never_acts(galaxy):
    g = galaxy
    s, pl = setup(g, counter="radioactive")
    g.game.force("d10", 1)
    g.act("devastate", g.a, pl)
    g.next_round()
    forces = g.units("ground_force", 2, s, g.b)
    g.act("invade", g.b, pl, 2)
    assert g.alive(forces) == [True, True]
    assert g.get(pl, "controller") is g.b
    assert g.events("first_invasion") == []


@pytest.mark.rules("TI-023")
def test_the_devastator_rolls_once_on_the_council_table(galaxy):
    g = galaxy
    _s, pl = setup(g)
    g.game.force("d10", 3)
    g.act("devastate", g.a, pl)
    assert tables(g) == [(3, "no consequences")]
    assert g.rolls() == [3]


@pytest.mark.rules("TI-024")
@pytest.mark.parametrize("roll", [1, 5, 7])
def test_council_roll_1_to_7_has_no_consequences(galaxy, roll):
    g = galaxy
    _s, pl = setup(g, cards=5)
    g.planet("abyz", g.system(), controller=g.a)
    g.game.force("d10", roll)
    g.act("devastate", g.a, pl)
    assert tables(g) == [(roll, "no consequences")]
    assert len(g.hand(g.a)) == 5
    assert g.discard() == []
    assert g.get(g.a, "revolt_checks") == 0


@pytest.mark.rules("TI-025")
@pytest.mark.parametrize("roll", [8, 9])
def test_council_roll_8_or_9_loses_3_random_action_cards(galaxy, roll):
    g = galaxy
    _s, pl = setup(g, cards=5)
    g.planet("abyz", g.system(), controller=g.a)
    before = list(g.hand(g.a))
    g.game.force("d10", roll)
    g.act("devastate", g.a, pl)
    assert tables(g) == [(roll, "loses up to 3 random action cards")]
    assert len(g.hand(g.a)) == 2
    assert len(g.discard()) == 3
    assert sorted(c.id for c in g.hand(g.a) + g.discard()) == sorted(c.id for c in before)
    assert g.get(g.a, "revolt_checks") == 0


@pytest.mark.rules("TI-025")
def test_council_roll_8_with_only_2_cards_loses_both(galaxy):
    g = galaxy
    _s, pl = setup(g, cards=2)
    g.game.force("d10", 8)
    g.act("devastate", g.a, pl)
    assert g.hand(g.a) == []
    assert len(g.discard()) == 2


@pytest.mark.rules("TI-025")
def test_the_lost_cards_are_chosen_at_random(new_galaxy):
    kept = set()
    for seed in range(1, 6):
        g = new_galaxy(seed=seed)
        g.game.begin_round()
        _s, pl = setup(g, cards=5)
        order = {c.id: i for i, c in enumerate(g.hand(g.a))}
        g.game.force("d10", 8)
        g.act("devastate", g.a, pl)
        kept.add(tuple(sorted(order[c.id] for c in g.hand(g.a))))
    assert len(kept) > 1


@pytest.mark.rules("TI-026")
def test_council_roll_10_loses_cards_and_checks_revolt_outside_the_home_system(galaxy):
    g = galaxy
    _s, pl = setup(g, cards=5)
    home = g.system("home_system")
    jord = g.planet("jord", home, controller=g.a)
    owned = [g.planet(d, g.system(), controller=g.a) for d in ("abyz", "fria", "arnor", "lor")]
    g.planet("bereg", g.system(), controller=g.b)
    g.game.force("d10", 10)
    g.act("devastate", g.a, pl)
    assert tables(g) == [(10, "loses up to 3 random action cards and checks revolt outside the home system")]
    assert len(g.hand(g.a)) == 2
    assert len(g.discard()) == 3
    assert g.get(g.a, "revolt_checks") == 4
    checked = [args[1] for args in g.events("revolt_checked")]
    assert sorted(checked) == sorted(p.ref for p in owned)
    assert jord.ref not in checked
    assert g.get(g.b, "revolt_checks") == 0


@pytest.mark.rules("TI-027")
def test_devastating_lazax_survivors_discards_all_action_cards(galaxy):
    g = galaxy
    _s, pl = setup(g, counter="lazax_survivors", cards=6)
    g.cards(g.b, 2)
    g.act("devastate", g.a, pl)
    assert g.hand(g.a) == []
    assert len(g.discard()) == 6
    assert len(g.hand(g.b)) == 2
    assert g.counter(pl) is None


@pytest.mark.rules("TI-027")
def test_devastating_lazax_survivors_replaces_the_council_roll(galaxy):
    g = galaxy
    _s, pl = setup(g, counter="lazax_survivors", cards=6)
    g.game.force("d10", 10)
    g.act("devastate", g.a, pl)
    assert tables(g) == []
    assert g.rolls() == []


@pytest.mark.rules("TI-028")
def test_devastating_lazax_survivors_checks_revolt_on_all_own_planets_home_included(galaxy):
    g = galaxy
    _s, pl = setup(g, counter="lazax_survivors")
    jord = g.planet("jord", g.system("home_system"), controller=g.a)
    owned = [g.planet(d, g.system(), controller=g.a) for d in ("abyz", "fria", "arnor", "lor", "bereg", "gral")]
    g.planet("saudor", g.system(), controller=g.b)
    g.act("devastate", g.a, pl)
    assert g.get(g.a, "revolt_checks") == 7
    checked = sorted(args[1] for args in g.events("revolt_checked"))
    assert checked == sorted(p.ref for p in [*owned, jord])


@pytest.mark.rules("TI-029")
def test_devastating_lazax_survivors_forbids_voting_in_the_next_political_phase(galaxy):
    g = galaxy
    _s, pl = setup(g, counter="lazax_survivors")
    g.act("devastate", g.a, pl)
    assert g.game.call("may_vote", g.a) is False
    with g.game.phase("politics"):
        with pytest.raises(IllegalAction, match="this race may not vote in this political phase"):
            g.game.act("vote", g.a)
        g.game.act("vote", g.b)
    assert g.game.call("may_vote", g.a) is True
    assert [args[0] for args in g.events("voted")] == ["b"]
    g.next_round()
    assert g.game.call("may_vote", g.a) is True
    g.act("vote", g.a, phase="politics")
    assert [args[0] for args in g.events("voted")] == ["b", "a"]


@pytest.mark.rules("TI-029")
def test_the_voting_ban_lasts_until_the_political_phase_ends_not_the_round(galaxy):
    g = galaxy
    _s, pl = setup(g, counter="lazax_survivors")
    g.act("devastate", g.a, pl)
    g.next_round()  # the round ended before any political phase
    assert g.game.call("may_vote", g.a) is False
    with g.game.phase("invasion"):
        pass
    assert g.game.call("may_vote", g.a) is False
    with g.game.phase("politics"):
        assert g.game.call("may_vote", g.a) is False
    assert g.game.call("may_vote", g.a) is True


@pytest.mark.rules("TI-029")
def test_an_ordinary_devastation_does_not_forbid_voting(galaxy):
    g = galaxy
    _s, pl = setup(g, counter="wealth_1")
    g.game.force("d10", 10)
    g.act("devastate", g.a, pl)
    assert g.game.call("may_vote", g.a) is True
    g.act("vote", g.a, phase="politics")
    assert [args[0] for args in g.events("voted")] == ["a"]


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
    assert g.texts()[0] == "a devastates Lodor"
    assert g.events("devastated") == [["a", pl.ref, c.ref]]
