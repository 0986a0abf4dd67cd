"""Placing the domain counters (TI-001 … TI-005) and the counter mix (TI-030 … TI-068)."""

from collections import Counter

import pytest

import rulecraft

NEUTRAL = ("lodor", "abyz", "fria", "arnor", "lor")


def build(new_galaxy, seed=1):
    """Two races with a home planet each, Mecatol Rex, and five neutral planets."""
    g = new_galaxy(seed=seed)
    homes = [g.planet("jord", g.system("home_system"), controller=g.a),
             g.planet("arc_prime", g.system("home_system"), controller=g.b)]
    mecatol = g.planet("mecatol_rex", g.system("mecatol_system"))
    s1, s2 = g.system(), g.system("wormhole_nexus_a")
    neutral = [g.planet(d, s1 if i < 3 else s2) for i, d in enumerate(NEUTRAL)]
    g.game.call("place_domain_counters")
    return g, homes, mecatol, neutral


def pool(g):
    return g.game.zone("domain_counters").items


def all_counters(g):
    return g.game.select("domain_counter")


@pytest.mark.rules("TI-001", "TI-003", "TI-031")
def test_small_galaxy_scenario_puts_one_hidden_counter_on_every_neutral_planet(ti):
    # new_game(...) without players ignores the scenario's own list (see report), so name them
    game = rulecraft.new_game(ti, scenario="small_galaxy", seed=7, players=("Sol", "Letnev", "Hacan"))
    neutral = game.select("planet", where=lambda p: not game.get(p, "home") and not game.get(p, "mecatol"))
    assert len(neutral) == 10
    for pl in neutral:
        counters = game.select("domain_counter", at=pl)
        assert len(counters) == 1
        assert counters[0].face_down
        assert game.call("unrevealed", counters[0]) is True
        assert all(game.view(p, counters[0]) == "hidden" for p in game.players)
    assert len(game.zone("domain_counters").items) == 44 - 10


@pytest.mark.rules("TI-001")
def test_a_galaxy_set_up_without_the_variant_has_no_domain_counters(new_galaxy):
    g = new_galaxy()
    s = g.system()
    g.planet("lodor", s)
    assert g.game.select("domain_counter") == []
    g.game.call("place_domain_counters")
    assert len(g.game.select("domain_counter")) == 44


@pytest.mark.rules("TI-003")
def test_each_neutral_planet_gets_exactly_one_face_down_counter(new_galaxy):
    g, _, _, neutral = build(new_galaxy)
    for pl in neutral:
        on = g.game.select("domain_counter", at=pl)
        assert len(on) == 1
        assert on[0].face_down
        assert not g.game.knows(g.a, on[0])
        assert not g.game.knows(g.b, on[0])


@pytest.mark.rules("TI-004")
def test_home_planets_and_mecatol_rex_get_no_counter(new_galaxy):
    g, homes, mecatol, _ = build(new_galaxy)
    for pl in [*homes, mecatol]:
        assert g.game.select("domain_counter", at=pl) == []
        assert g.counter(pl) is None


@pytest.mark.rules("TI-004")
def test_a_home_planet_without_a_controller_still_gets_no_counter(new_galaxy):
    g = new_galaxy()
    hercant = g.planet("hercant", g.system("home_system"))
    lodor = g.planet("lodor", g.system())
    g.game.call("place_domain_counters")
    assert g.counter(hercant) is None
    assert g.counter(lodor) is not None


@pytest.mark.rules("TI-005")
def test_surplus_counters_stay_in_the_pool_face_down_and_unseen(new_galaxy):
    g, _, _, neutral = build(new_galaxy)
    left = pool(g)
    assert len(left) == 44 - len(neutral)
    assert all(c.face_down for c in left)
    assert all(g.game.view(p, c) == "hidden" for p in (g.a, g.b) for c in left)
    assert all(c.location is g.game.zone("domain_counters") for c in left)
    on_planets = [c for c in all_counters(g) if c not in left]
    assert sorted(c.location.def_id for c in on_planets) == sorted(NEUTRAL)


@pytest.mark.rules("TI-005")
def test_surplus_counters_take_no_part_in_invasions(new_galaxy):
    g, _, _, neutral = build(new_galaxy)
    g.game.begin_round()
    spare_before = list(pool(g))
    target = neutral[0]
    g.units("ground_force", 1, target.location, g.a)
    c = g.counter(target)
    g.act("invade", g.a, target, 1)
    assert pool(g) == spare_before
    assert all(s.face_down and s.alive for s in spare_before)
    assert not c.face_down  # only the planet's own counter was revealed


@pytest.mark.rules("TI-002")
def test_counters_are_shuffled_face_down_before_they_are_drawn(new_galaxy, ti):
    g, _, _, neutral = build(new_galaxy)
    log = g.game.log
    shuffles = [i for i, e in enumerate(log) if e["what"] == "shuffle" and e["zone"] == "domain_counters"]
    draws = [i for i, e in enumerate(log) if e["what"] == "draw" and e["zone"] == "domain_counters"]
    assert len(shuffles) == 1
    assert len(draws) == len(neutral)
    assert shuffles[0] < min(draws)
    # the pool is no longer in the order it was filled in (definition by definition)
    fill_order = [d.id for d in ti.defs_of("domain_counter") for _ in range(d.count)]
    dealt = [g.counter(pl).def_id for pl in neutral] + [c.def_id for c in pool(g)]
    assert sorted(dealt) == sorted(fill_order)
    assert dealt != fill_order


@pytest.mark.rules("TI-002")
def test_different_seeds_deal_different_counters(new_galaxy):
    deals = set()
    for seed in (1, 2, 3):
        g, _, _, neutral = build(new_galaxy, seed=seed)
        deals.add(tuple(g.counter(pl).def_id for pl in neutral))
    assert len(deals) > 1


MIX = {
    "biohazard": ("TI-032", 4),
    "peaceful_invasion": ("TI-036", 9),
    "enemy_units_1": ("TI-039", 5),
    "enemy_units_2": ("TI-040", 2),
    "enemy_units_3": ("TI-041", 1),
    "wealth_1": ("TI-045", 5),
    "wealth_2": ("TI-046", 4),
    "lazax_survivors": ("TI-049", 2),
    "new_technology": ("TI-052", 2),
    "radioactive": ("TI-055", 4),
    "industrial_society": ("TI-058", 2),
    "settlers": ("TI-061", 2),
    "wormhole_alpha": ("TI-065", 1),
    "wormhole_beta": ("TI-068", 1),
}


@pytest.mark.rules("TI-030")
def test_the_counter_mix_has_44_counters_of_14_kinds(new_galaxy):
    g = new_galaxy()
    g.game.call("place_domain_counters")
    counts = Counter(c.def_id for c in all_counters(g))
    assert sum(counts.values()) == 44
    assert len(counts) == 14
    assert counts == Counter({d: n for d, (_, n) in MIX.items()})


@pytest.mark.parametrize("definition", [pytest.param(d, marks=pytest.mark.rules(r)) for d, (r, _) in MIX.items()])
def test_the_pool_holds_the_listed_number_of_each_counter(new_galaxy, definition):
    expected = MIX[definition][1]
    g = new_galaxy()
    g.game.things.fill("domain_counters")
    found = [c for c in pool(g) if c.def_id == definition]
    assert len(found) == expected
    assert all(c.face_down for c in found)
    assert len(pool(g)) == 44
