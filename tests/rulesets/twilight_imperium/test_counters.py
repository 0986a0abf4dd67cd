"""What each domain counter does when its planet is first invaded (TI-033 … TI-070)."""

import pytest


def invade(g, counter, forces, planet="lodor", player=None, round_forces=None):
    """A system with one planet carrying `counter`; `player` (a) lands `forces` ground forces."""
    player = player or g.a
    s = g.system()
    pl = g.planet(planet, s, counter=counter)
    c = g.counter(pl)
    units = g.units("ground_force", round_forces or forces, s, player)
    g.act("invade", player, pl, forces)
    return s, pl, c, units


# ---- Biohazard ----------------------------------------------------------------

@pytest.mark.rules("TI-033")
def test_biohazard_destroys_the_first_ground_force_that_lands(galaxy):
    _s, pl, _c, forces = invade(galaxy, "biohazard", 3)
    assert galaxy.alive(forces) == [False, True, True]
    assert galaxy.get(pl, "controller") is galaxy.a


@pytest.mark.rules("TI-033")
def test_biohazard_kills_a_lone_invader_and_the_planet_stays_neutral(galaxy):
    g = galaxy
    _s, pl, c, forces = invade(g, "biohazard", 1)
    assert g.alive(forces) == [False]
    assert g.get(pl, "controller") is None
    assert c.alive
    assert not c.face_down
    assert g.counter(pl) is c


@pytest.mark.rules("TI-034")
def test_biohazard_planet_gives_no_resources_in_the_round_after_its_conquest(galaxy):
    g = galaxy
    g.planet("jord", g.system("home_system"), controller=g.a)  # 4 resources
    _s, pl, _c, _forces = invade(g, "biohazard", 2, planet="bereg")  # 3 resources
    assert g.get(pl, "resources") == 3
    assert g.game.call("resources_of", g.a) == 7
    g.next_round()
    assert g.get(pl, "resources") == 0
    assert g.game.call("resources_of", g.a) == 4
    g.next_round()
    assert g.get(pl, "resources") == 3
    assert g.game.call("resources_of", g.a) == 7


@pytest.mark.rules("TI-034")
def test_biohazard_penalty_hits_the_first_player_who_succeeds_not_the_first_invader(galaxy):
    g = galaxy
    s = g.system()
    pl = g.planet("bereg", s, counter="biohazard")
    g.units("ground_force", 1, s, g.a)
    g.act("invade", g.a, pl, 1)  # fails: the one force dies
    assert g.events("conquered") == []
    g.next_round()
    g.units("ground_force", 1, s, g.b)
    g.act("invade", g.b, pl, 1)
    assert g.get(pl, "controller") is g.b
    assert g.get(pl, "resources") == 3
    g.next_round()
    assert g.get(pl, "resources") == 0
    assert g.game.call("resources_of", g.b) == 0


@pytest.mark.rules("TI-035")
def test_biohazard_marker_is_removed_after_the_conquest(galaxy):
    g = galaxy
    _s, pl, c, _forces = invade(g, "biohazard", 2)
    assert not c.alive
    assert g.counter(pl) is None


# ---- Peaceful Invasion -----------------------------------------------------------

@pytest.mark.rules("TI-037")
def test_peaceful_invasion_has_no_special_effect(galaxy):
    g = galaxy
    s, pl, _c, forces = invade(g, "peaceful_invasion", 2, round_forces=3)
    assert g.alive(forces) == [True, True, True]
    assert [f.location for f in forces] == [pl, pl, s]
    assert g.get(pl, "controller") is g.a
    assert g.get(g.a, "credits") == 0
    assert g.get(g.a, "tech_discount") == 0
    assert g.get(g.a, "influence_zeroed") is False
    assert g.on("space_dock", pl) == []


@pytest.mark.rules("TI-038")
def test_peaceful_invasion_marker_is_removed_afterwards(galaxy):
    g = galaxy
    _s, pl, c, _forces = invade(g, "peaceful_invasion", 1)
    assert not c.alive
    assert g.counter(pl) is None


# ---- Enemy Units -----------------------------------------------------------------

@pytest.mark.rules("TI-042")
@pytest.mark.parametrize("version", ["enemy_units_1", "enemy_units_2", "enemy_units_3"])
def test_enemy_units_fight_the_number_of_defenders_on_the_counter(galaxy, version):
    g = galaxy
    s = g.system()
    pl = g.planet("lodor", s, counter=version)
    n = g.get(g.counter(pl), "defenders")
    assert n == g.game.assume[f"{version}.defenders"]
    forces = g.units("ground_force", 1, s, g.a)
    # every combat round the invader rolls, then every defender rolls:
    # round 1 all miss; round 2 the invader misses and the first defender hits
    g.game.force("d10", 1, *[1] * n, 1, 9, *[1] * (n - 1))
    g.act("invade", g.a, pl, 1)
    assert g.rolls() == [1] + [1] * n + [1, 9] + [1] * (n - 1)
    assert not g.game.chance.forced["d10"]
    assert g.alive(forces) == [False]
    assert g.get(pl, "controller") is None
    assert g.counter(pl).alive


@pytest.mark.rules("TI-042")
def test_enemy_units_defend_against_any_conqueror(galaxy):
    g = galaxy
    s = g.system()
    pl = g.planet("lodor", s, counter="enemy_units_2")
    fa = g.units("ground_force", 1, s, g.a)
    g.game.force("d10", 1, 9, 9)
    g.act("invade", g.a, pl, 1)
    assert g.alive(fa) == [False]
    fb = g.units("ground_force", 1, s, g.b)
    g.game.force("d10", 1, 8, 1)
    g.act("invade", g.b, pl, 1)
    assert g.alive(fb) == [False]
    assert g.rolls() == [1, 9, 9, 1, 8, 1]
    assert g.get(pl, "controller") is None


@pytest.mark.rules("TI-043")
def test_surviving_enemy_units_fight_the_next_invasion_at_full_strength(galaxy):
    g = galaxy
    s = g.system()
    pl = g.planet("lodor", s, counter="enemy_units_3")
    c = g.counter(pl)
    first = g.units("ground_force", 2, s, g.a)
    # round 1: both invaders hit (3 -> 1 defender), no defender hits;
    # round 2: both miss, the last defender hits; round 3: the last invader misses and dies
    g.game.force("d10", 8, 9, 1, 1, 1, 1, 1, 10, 1, 10)
    g.act("invade", g.a, pl, 2)
    assert g.alive(first) == [False, False]
    assert c.alive
    assert g.counter(pl) is c
    assert g.get(pl, "controller") is None
    assert not g.game.chance.forced["d10"]
    # the next invasion faces all 3 defenders again: three defender rolls in its first round
    second = g.units("ground_force", 3, s, g.b)
    g.game.force("d10", 8, 8, 8, 1, 1, 1)
    g.act("invade", g.b, pl, 3)
    assert g.rolls()[10:] == [8, 8, 8, 1, 1, 1]
    assert g.alive(second) == [True, True, True]
    assert g.get(pl, "controller") is g.b


@pytest.mark.rules("TI-043")
def test_enemy_units_counter_is_not_weakened_by_earlier_losses(galaxy):
    g = galaxy
    s = g.system()
    pl = g.planet("lodor", s, counter="enemy_units_3")
    c = g.counter(pl)
    g.units("ground_force", 1, s, g.a)
    g.game.force("d10", 9, 1, 1, 1, 1, 1, 9)  # kills one defender, then is killed
    g.act("invade", g.a, pl, 1)
    assert g.get(c, "defenders") == 3
    # two invaders who kill two defenders do not take the planet: one of 3 is left
    forces = g.units("ground_force", 2, s, g.a)
    g.game.force("d10", 9, 9, 1, 1, 1, 1, 1, 10, 1, 10)
    g.act("invade", g.a, pl, 2)
    assert g.alive(forces) == [False, False]
    assert g.get(pl, "controller") is None
    assert c.alive


@pytest.mark.rules("TI-044")
def test_enemy_units_marker_is_removed_when_all_defenders_are_killed(galaxy):
    g = galaxy
    s = g.system()
    pl = g.planet("lodor", s, counter="enemy_units_2")
    c = g.counter(pl)
    forces = g.units("ground_force", 2, s, g.a)
    g.game.force("d10", 8, 1, 1, 10)  # one defender dies and one invader dies
    g.game.force("d10", 10, 1)       # the survivor kills the last defender
    g.act("invade", g.a, pl, 2)
    assert g.alive(forces) == [False, True]
    assert not c.alive
    assert g.counter(pl) is None
    assert g.get(pl, "controller") is g.a


@pytest.mark.rules("TI-042", "TI-044")
def test_the_hit_number_is_an_assumption_that_changes_the_combat(new_galaxy):
    g = new_galaxy(assumptions={"ground_combat_hit": 5})
    g.game.begin_round()
    s = g.system()
    pl = g.planet("lodor", s, counter="enemy_units_1")
    forces = g.units("ground_force", 1, s, g.a)
    g.game.force("d10", 5, 4)
    g.act("invade", g.a, pl, 1)
    assert g.alive(forces) == [True]
    assert g.get(pl, "controller") is g.a


# ---- Wealth ----------------------------------------------------------------------

@pytest.mark.rules("TI-047")
@pytest.mark.parametrize("version", ["wealth_1", "wealth_2"])
def test_wealth_pays_the_credits_shown_on_the_counter(galaxy, version):
    g = galaxy
    g.game.set(g.a, "credits", 4)
    s = g.system()
    pl = g.planet("lodor", s, counter=version)
    shown = g.get(g.counter(pl), "credits")
    assert shown == g.game.assume[f"{version}.credits"]
    g.units("ground_force", 1, s, g.a)
    g.act("invade", g.a, pl, 1)
    assert g.get(g.a, "credits") == 4 + shown
    assert g.get(g.b, "credits") == 0


@pytest.mark.rules("TI-047")
def test_wealth_pays_whatever_number_the_picture_shows(new_galaxy):
    g = new_galaxy(assumptions={"wealth_2.credits": 7})
    g.game.begin_round()
    invade(g, "wealth_2", 1)
    assert g.get(g.a, "credits") == 7


@pytest.mark.rules("TI-048")
def test_wealth_marker_is_removed_after_paying_and_pays_only_once(galaxy):
    g = galaxy
    s, pl, c, _forces = invade(g, "wealth_1", 1)
    paid = g.get(g.a, "credits")
    assert not c.alive
    assert g.counter(pl) is None
    g.game.call("make_neutral", pl)
    g.units("ground_force", 1, s, g.b)
    g.act("invade", g.b, pl, 1)
    assert g.get(g.b, "credits") == 0
    assert g.get(g.a, "credits") == paid


# ---- Lazax Survivors -------------------------------------------------------------

@pytest.mark.rules("TI-050")
def test_lazax_survivors_zero_the_invaders_influence_until_after_the_next_invasion_phase(galaxy):
    g = galaxy
    g.planet("jord", g.system("home_system"), controller=g.a)  # influence 2
    g.planet("bereg", g.system(), controller=g.b)  # influence 1
    assert g.game.call("influence_of", g.a) == 2
    _s, pl, _c, _forces = invade(g, "lazax_survivors", 1, planet="centauri")  # influence 3
    assert g.get(pl, "controller") is g.a
    assert g.game.call("influence_of", g.a) == 0
    assert g.game.call("influence_of", g.b) == 1
    g.act("vote", g.a, phase="politics")
    assert g.events("voted") == [["a", 0]]
    g.next_round()
    assert g.game.call("influence_of", g.a) == 0
    with g.game.phase("invasion"):
        assert g.game.call("influence_of", g.a) == 0
    assert g.game.call("influence_of", g.a) == 5
    g.act("vote", g.a, phase="politics")
    assert g.events("voted") == [["a", 0], ["a", 5]]


@pytest.mark.rules("TI-050")
def test_lazax_survivors_on_invasion_give_no_cards_or_forces(galaxy):
    g = galaxy
    g.deck(5)
    _s, pl, _c, forces = invade(g, "lazax_survivors", 1)
    assert g.hand(g.a) == []
    assert g.on("ground_force", pl) == forces


@pytest.mark.rules("TI-051")
def test_lazax_survivors_marker_is_removed_after_the_invasion(galaxy):
    g = galaxy
    _s, pl, c, _forces = invade(g, "lazax_survivors", 1)
    assert not c.alive
    assert g.counter(pl) is None


# ---- New Technology --------------------------------------------------------------

@pytest.mark.rules("TI-053")
def test_new_technology_discounts_the_next_purchase_by_5_times_the_influence(galaxy):
    g = galaxy
    g.planet("jord", g.system("home_system"), controller=g.a)  # 4 resources
    _s, _pl, _c, _forces = invade(g, "new_technology", 1, planet="lor")  # influence 2, 1 resource
    assert g.get(g.a, "tech_discount") == 10
    assert g.game.call("resources_of", g.a) == 5
    assert g.act("buy_technology", g.a, 12) == 2
    assert g.get(g.a, "tech_discount") == 0
    assert g.act("buy_technology", g.a, 5) == 5  # only the next purchase is cheaper
    assert g.get(g.a, "technologies") == 2


@pytest.mark.rules("TI-053")
def test_new_technology_discount_cannot_make_a_purchase_cost_less_than_nothing(galaxy):
    g = galaxy
    invade(g, "new_technology", 1, planet="centauri")  # influence 3
    assert g.get(g.a, "tech_discount") == 15
    assert g.act("buy_technology", g.a, 6) == 0
    assert g.refused("buy_technology", g.a, 6) == "not enough resources for this technology"


@pytest.mark.rules("TI-054")
def test_new_technology_marker_is_removed_afterwards(galaxy):
    g = galaxy
    _s, pl, c, _forces = invade(g, "new_technology", 1)
    assert not c.alive
    assert g.counter(pl) is None


# ---- Radioactive -----------------------------------------------------------------

@pytest.mark.rules("TI-056")
def test_radioactive_kills_all_ground_forces_of_the_first_invasion(galaxy):
    g = galaxy
    s, pl, _c, forces = invade(g, "radioactive", 4, round_forces=5)
    assert g.alive(forces) == [False, False, False, False, True]
    assert forces[4].location is s
    assert g.get(pl, "controller") is None


@pytest.mark.rules("TI-057")
def test_radioactive_marker_is_gone_for_the_second_invasion(galaxy):
    g = galaxy
    s, pl, c, _forces = invade(g, "radioactive", 2)
    assert not c.alive
    assert g.counter(pl) is None
    second = g.units("ground_force", 2, s, g.a)
    g.act("invade", g.a, pl, 2)
    assert g.alive(second) == [True, True]
    assert g.get(pl, "controller") is g.a


# ---- Industrial Society ----------------------------------------------------------

@pytest.mark.rules("TI-059")
def test_industrial_society_gives_the_invader_a_free_space_dock_on_the_planet(galaxy):
    g = galaxy
    g.game.set(g.a, "credits", 3)
    s, pl, _c, _forces = invade(g, "industrial_society", 1)
    docks = g.on("space_dock", pl)
    assert len(docks) == 1
    assert docks[0].owner is g.a
    assert g.on("space_dock", s) == []
    assert g.get(g.a, "credits") == 3


@pytest.mark.rules("TI-060")
def test_industrial_society_marker_is_removed_afterwards(galaxy):
    g = galaxy
    _s, pl, c, _forces = invade(g, "industrial_society", 1)
    assert not c.alive
    assert g.counter(pl) is None
    assert len(g.on("space_dock", pl)) == 1


# ---- Settlers --------------------------------------------------------------------

@pytest.mark.rules("TI-062", "TI-063")
@pytest.mark.parametrize("roll", [7, 8, 10])
def test_settlers_on_7_or_more_belong_to_the_invader(galaxy, roll):
    g = galaxy
    g.game.force("d10", roll)
    _s, pl, _c, forces = invade(g, "settlers", 1)
    settlers = [f for f in g.on("ground_force", pl) if f not in forces]
    assert [f.owner for f in settlers] == [g.a, g.a]
    assert g.get(pl, "controller") is g.a


@pytest.mark.rules("TI-062", "TI-063")
@pytest.mark.parametrize("roll", [1, 4, 6])
def test_settlers_on_6_or_less_belong_to_another_race(galaxy, roll):
    g = galaxy
    g.game.force("d10", roll)
    _s, pl, _c, forces = invade(g, "settlers", 1)
    settlers = [f for f in g.on("ground_force", pl) if f not in forces]
    assert [f.owner for f in settlers] == [g.b, g.b]
    assert g.get(pl, "controller") is None  # the other race's settlers hold the planet


@pytest.mark.rules("TI-062")
def test_settlers_of_another_race_are_picked_at_random_among_the_others(new_galaxy):
    owners = set()
    for seed in range(1, 9):
        g = new_galaxy(seed=seed, players=("a", "b", "c"))
        g.game.begin_round()
        g.game.force("d10", 3)
        _s, pl, _c, forces = invade(g, "settlers", 1)
        settlers = [f for f in g.on("ground_force", pl) if f not in forces]
        assert len(settlers) == 2
        assert settlers[0].owner is settlers[1].owner
        owners.add(settlers[0].owner.name)
    assert owners == {"b", "c"}


@pytest.mark.rules("TI-064")
def test_settlers_marker_is_removed_afterwards(galaxy):
    g = galaxy
    g.game.force("d10", 9)
    _s, pl, c, _forces = invade(g, "settlers", 1)
    assert not c.alive
    assert g.counter(pl) is None


# ---- Wormholes -------------------------------------------------------------------

@pytest.mark.rules("TI-066")
def test_revealed_wormhole_alpha_connects_the_system_to_alpha_wormholes(galaxy):
    g = galaxy
    y = g.system("wormhole_nexus_a")
    z = g.system("wormhole_nexus_b")
    x = g.system()
    pl = g.planet("lodor", x, counter="wormhole_alpha")
    assert g.game.call("adjacent", x, y) is False
    g.units("ground_force", 1, x, g.a)
    g.act("invade", g.a, pl, 1)
    assert g.game.call("adjacent", x, y) is True
    assert g.game.call("adjacent", y, x) is True
    assert g.game.call("adjacent", x, z) is False


@pytest.mark.rules("TI-066")
def test_a_face_down_wormhole_counter_does_not_connect_anything(galaxy):
    g = galaxy
    y = g.system("wormhole_nexus_a")
    x = g.system()
    g.planet("lodor", x, counter="wormhole_alpha")
    fleet_pl = g.planet("abyz", x, counter="peaceful_invasion")
    g.units("ground_force", 1, x, g.a)
    g.act("invade", g.a, fleet_pl, 1)
    assert g.game.call("wormhole_of", x) == "no_wormhole"
    assert g.game.call("adjacent", x, y) is False


@pytest.mark.rules("TI-067")
def test_wormhole_alpha_marker_moves_to_the_hex_and_stays(galaxy):
    g = galaxy
    x = g.system()
    pl = g.planet("lodor", x, counter="wormhole_alpha")
    c = g.counter(pl)
    g.units("ground_force", 1, x, g.a)
    g.act("invade", g.a, pl, 1)
    assert c.alive
    assert c.location is x
    assert not c.face_down
    assert g.counter(pl) is None
    assert g.game.call("wormhole_of", x) == "alpha"
    g.next_round()
    g.next_round()
    assert c.alive
    assert c.location is x


@pytest.mark.rules("TI-069")
def test_revealed_wormhole_beta_connects_the_system_to_beta_wormholes(galaxy):
    g = galaxy
    y = g.system("wormhole_nexus_b")
    other = g.system("wormhole_nexus_a")
    x = g.system()
    pl = g.planet("lodor", x, counter="wormhole_beta")
    assert g.game.call("adjacent", x, y) is False
    g.units("ground_force", 1, x, g.a)
    g.act("invade", g.a, pl, 1)
    assert g.game.call("adjacent", x, y) is True
    assert g.game.call("adjacent", x, other) is False


@pytest.mark.rules("TI-069")
def test_two_revealed_beta_counters_connect_their_systems(galaxy):
    g = galaxy
    x1, x2 = g.system(), g.system()
    p1 = g.planet("lodor", x1, counter="wormhole_beta")
    p2 = g.planet("abyz", x2, counter="wormhole_beta")
    for x, pl in ((x1, p1), (x2, p2)):
        g.units("ground_force", 1, x, g.a)
        g.act("invade", g.a, pl, 1)
    assert g.game.call("adjacent", x1, x2) is True


@pytest.mark.rules("TI-070")
def test_wormhole_beta_marker_moves_to_the_hex_and_stays(galaxy):
    g = galaxy
    x = g.system()
    pl = g.planet("lodor", x, counter="wormhole_beta")
    c = g.counter(pl)
    g.units("ground_force", 1, x, g.a)
    g.act("invade", g.a, pl, 1)
    assert c.alive
    assert c.location is x
    assert not c.face_down
    assert g.game.call("wormhole_of", x) == "beta"
    g.next_round()
    assert c.alive
    assert c.location is x


ENEMY_UNITS = [pytest.param(version, marks=pytest.mark.rules("TI-042", rule), id=version)
               for version, rule in (("enemy_units_1", "TI-039"), ("enemy_units_2", "TI-040"),
                                     ("enemy_units_3", "TI-041"))]
WEALTH = [pytest.param(version, marks=pytest.mark.rules("TI-047", rule), id=version)
          for version, rule in (("wealth_1", "TI-045"), ("wealth_2", "TI-046"))]


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
    assert g.alive(forces) == [False]
    assert c.alive
    assert g.get(pl, "controller") is None


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
    assert g.alive(forces) == [True]
    assert g.get(target, "controller") is g.a
    assert c.alive
    assert c.face_down
    assert g.counter(other) is c


@pytest.mark.rules("TI-042", "TI-043")
def test_defenders_left_standing_are_logged(galaxy):
    g = galaxy
    s = g.system()
    pl = g.planet("lodor", s, counter="enemy_units_3")
    g.units("ground_force", 1, s, g.a)
    g.game.force("d10", 9, 1, 1, 1, 1, 1, 9)  # kills one defender, then is killed
    g.act("invade", g.a, pl, 1)
    assert g.texts()[-1] == "2 neutral defenders hold Lodor; the next invasion faces all 3 again"
    assert g.get(pl, "controller") is None
    assert g.get(g.counter(pl), "defenders") == 3


@pytest.mark.parametrize("version", WEALTH)
def test_wealth_pays_its_credits_on_the_first_invasion_of_its_planet_and_says_so(galaxy, version):
    g = galaxy
    s = g.system()
    pl = g.planet("lodor", s, counter=version)
    shown = g.get(g.counter(pl), "credits")
    g.units("ground_force", 1, s, g.a)
    g.act("invade", g.a, pl, 1)
    assert g.get(g.a, "credits") == shown
    assert f"a receives {shown} credits" in g.texts()


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
    assert c.alive
    assert c.face_down
    assert g.counter(other) is c


@pytest.mark.rules("TI-006")
def test_the_first_invasion_logs_the_counter_it_reveals(galaxy):
    g = galaxy
    s = g.system()
    pl = g.planet("lodor", s, counter="peaceful_invasion")
    g.units("ground_force", 1, s, g.a)
    g.act("invade", g.a, pl, 1)
    assert g.texts() == ["a invades Lodor with 1 ground forces", "the domain counter of Lodor is Peaceful Invasion",
                        "a takes Lodor"]
    assert g.get(pl, "controller") is g.a
