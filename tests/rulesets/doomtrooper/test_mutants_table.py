"""Exact outcomes of the cards put on the table (vehicles, animals, equipment, fortifications,
warzones, the squad), written to catch the rule mutants that survived."""

import pytest

from tests.rulesets.doomtrooper.test_game_rules import Table


@pytest.fixture
def t(dt):
    return Table(dt)


def spent(t, p):
    return (p.props["actions"], p.props["actions_taken"])


def combat(t, a, d):
    c = t.g.create("combat_record")
    t.g.set(c, "attacker", a)
    t.g.set(c, "defender", d)
    t.call("add_bonuses", c)


# ---- vehicles ------------------------------------------------------------------------

@pytest.mark.rules("DT-051")
def test_a_vehicle_comes_from_ones_own_hand_onto_ones_own_warrior(t):
    w = t.warrior("soldat", t.a)
    lying = t.card("blitztank", "table", t.a)
    assert "vehicle from your hand" in t.refused("equip_vehicle", t.a, w, lying, False)
    theirs = t.warrior("gendarme_bestal", t.b)
    v = t.hand("blitztank", t.a)
    assert "vehicle from your hand" in t.refused("equip_vehicle", t.a, theirs, v, False)
    assert spent(t, t.a) == (3, 0) and v.location is t.g.zone("hand", t.a)


@pytest.mark.rules("DT-053", "DT-059")
def test_the_vehicle_knows_its_warrior_and_its_loss_wounds_that_warrior(t):
    w = t.warrior("soldat", t.a)
    v = t.hand("blitztank", t.a)
    t.act("equip_vehicle", t.a, w, v, True)
    assert v.location is w and t.get(v, "bearer") is w and spent(t, t.a) == (2, 1)
    t.call("destroy_vehicle", v)
    assert w.props["wounded"] and v.location is t.g.zone("discard", t.a)


@pytest.mark.rules("DT-058")
def test_only_a_warrior_of_ones_own_with_a_vehicle_boards_it(t):
    w = t.warrior("soldat", t.a)
    assert "has no vehicle" in t.refused("board", t.a, w)
    theirs = t.warrior("soldat", t.b)
    t.g.set(t.b, "actions", 3)
    t.act("equip_vehicle", t.b, theirs, t.hand("blitztank", t.b), False)
    assert "has no vehicle" in t.refused("board", t.a, theirs)
    assert spent(t, t.a) == (3, 0)


@pytest.mark.rules("DT-062")
def test_a_warrior_without_a_vehicle_owns_none(t):
    w = t.warrior("soldat", t.a)
    assert not t.call("owns_vehicle", w)
    t.act("equip_vehicle", t.a, w, t.hand("blitztank", t.a), False)
    assert t.call("owns_vehicle", w)


@pytest.mark.rules("DT-080")
def test_an_ordinary_warrior_gets_a_vehicle_as_its_first_action(t):
    w = t.warrior("soldat", t.a)
    v = t.hand("blitztank", t.a)
    t.act("equip_vehicle", t.a, w, v, True)
    assert v.location is w and spent(t, t.a) == (2, 1)


@pytest.mark.rules("DT-080")
def test_no_vehicle_as_the_first_action_while_a_transfer_is_due(t):
    t.warrior("gendarme_bestal", t.b)
    w = t.warrior("soldat", t.a, zone="squad")
    v = t.hand("blitztank", t.a)
    assert "first action must bring" in t.refused("equip_vehicle", t.a, w, v, True)


# ---- fortifications -------------------------------------------------------------------

@pytest.mark.rules("DT-064", "DT-079")
def test_armor_of_a_fortification_on_the_table_and_one_attached_both_count(t):
    w = t.warrior("gendarme", t.a)                  # Armor 8
    t.g.things.move(t.hand("citadel_of_algeroth", t.a), t.g.zone("table", t.a))   # Armor +2
    t.act("play_fortification", t.a, t.hand("spiked_barricade", t.a), w)        # Armor +1, attached
    t.act("play_fortification", t.a, t.hand("industrial_complex", t.a), w)      # no Armor
    d = t.warrior("gendarme_bestal", t.b)
    combat(t, w, d)
    assert t.get(w, "armor") == 8 + 2 + 1
    assert t.get(d, "armor") == 4


@pytest.mark.rules("DT-103")
def test_an_attached_fortification_goes_onto_its_warrior(t):
    w = t.warrior("gendarme", t.a)
    f = t.hand("spiked_barricade", t.a)
    t.act("play_fortification", t.a, f, w)
    assert f.location is w and spent(t, t.a) == (2, 1)


# ---- warzones and the squad ---------------------------------------------------------------

@pytest.mark.rules("DT-104")
def test_a_warzone_is_played_from_the_hand_only(t):
    z = t.card("southern_europe", "library", t.a)
    assert "not in your hand" in t.refused("play_warzone", t.a, z)
    assert z.location is t.g.zone("library", t.a) and spent(t, t.a) == (3, 0)


@pytest.mark.rules("DT-012")
def test_a_card_goes_into_the_squad_from_the_hand_only_for_an_action(t):
    f = t.card("industrial_complex", "library", t.a)
    assert "not in your hand" in t.refused("play_into_squad", t.a, f)
    assert f.location is t.g.zone("library", t.a)
    g = t.hand("industrial_complex", t.a)
    t.act("play_into_squad", t.a, g)
    assert g.location is t.g.zone("squad", t.a) and spent(t, t.a) == (2, 1)


# ---- animals and equipment -------------------------------------------------------------------

def keeper(t):
    w = t.warrior("mastodont_handler", t.a)        # 4 / 4 / 4 / 4
    return w


@pytest.mark.rules("DT-071")
def test_an_animal_comes_from_ones_own_hand_onto_ones_own_warrior(t):
    w = keeper(t)
    lying = t.card("mastodont", "table", t.a)
    assert "animal from your hand" in t.refused("give_animal", t.a, w, lying)
    theirs = t.warrior("mastodont_handler", t.b)
    a = t.hand("mastodont", t.a)
    assert "animal from your hand" in t.refused("give_animal", t.a, theirs, a)
    assert spent(t, t.a) == (3, 0) and a.location is t.g.zone("hand", t.a)


@pytest.mark.rules("DT-075", "DT-076", "DT-071")
def test_every_value_of_the_animal_counts_for_its_warrior(t):
    w = keeper(t)
    a = t.hand("mastodont", t.a)                   # +3 / +2 / +2 / +4
    t.act("give_animal", t.a, w, a)
    assert [t.get(w, s) for s in ("fight", "shoot", "armor", "value")] == [4 + 3, 4 + 2, 4 + 2, 4 + 4]
    assert a.location is w and t.get(a, "bearer") is w and spent(t, t.a) == (2, 1)


@pytest.mark.rules("DT-074")
def test_equipment_goes_onto_the_warrior_with_an_animal_for_an_action(t):
    w = keeper(t)
    t.act("give_animal", t.a, w, t.hand("mastodont", t.a))
    e = t.hand("bayonet", t.a)
    t.act("equip", t.a, w, e)
    assert e.location is w and spent(t, t.a) == (1, 2)
    assert t.call("equipment_bonus", w) == 2


@pytest.mark.rules("DT-104")
def test_a_warzone_costs_one_action(t):
    z = t.hand("southern_europe", t.a)
    t.act("play_warzone", t.a, z)
    assert z.location is t.g.zone("table", t.a) and spent(t, t.a) == (2, 1)
