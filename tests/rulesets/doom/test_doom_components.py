"""What is in the box (DOOM-001 ... DOOM-015): the definitions' counts, filled and counted."""

import pytest

import rulecraft

BOX = [
    ("DOOM-003", "card_stock", 84), ("DOOM-004", "compass_rose_token", 1), ("DOOM-005", "equipment_bin_piece", 3),
    ("DOOM-006", "map_piece", 58), ("DOOM-007", "door_token", 14), ("DOOM-008", "door_stand", 14),
    ("DOOM-009", "prop_token", 31), ("DOOM-010", "wound_token", 30), ("DOOM-011", "armor_token", 15),
    ("DOOM-012", "marine_order_token", 10), ("DOOM-013", "equipment_token", 113), ("DOOM-014", "scenario_guide", 1),
    ("DOOM-015", "reference_sheet", 4),
]


def open_box(doom):
    game = rulecraft.Game(doom, seed=1)
    game.call("open_the_box")
    return game


@pytest.mark.parametrize(("rule", "definition", "expected"),
                         [pytest.param(r, d, n, marks=pytest.mark.rules(r), id=r) for r, d, n in BOX])
def test_the_box_holds_the_listed_number_of_each_component(doom, rule, definition, expected):
    box = open_box(doom)
    assert len(box.select(definition, by_definition=True)) == expected


@pytest.mark.rules("DOOM-001")
def test_the_box_holds_66_miniatures_3_marines_and_63_invaders(doom):
    game = rulecraft.Game(doom, seed=1)
    assert game.call("count_miniatures") == 66
    kinds = [e.kind for e in game.zone("miniatures").items]
    assert kinds.count("marine") == 3
    assert kinds.count("invader") == 63
    per_type = {d: len([e for e in game.zone("miniatures").items if e.def_id == d])
                for d in ("zombie", "imp", "trite", "demon", "archvile", "mancubus", "hell_knight", "cyberdemon")}
    assert per_type == {"zombie": 12, "imp": 12, "trite": 12, "demon": 6, "archvile": 6, "mancubus": 6,
                        "hell_knight": 6, "cyberdemon": 3}


@pytest.mark.rules("DOOM-002")
def test_the_box_holds_six_custom_dice_each_a_die_of_the_ruleset(doom):
    box = open_box(doom)
    dice = box.select("custom_die")
    assert len(dice) == 6
    assert sorted(box.get(d, "die") for d in dice) == sorted(doom.dice)
    for die in doom.dice.values():
        assert len(die.faces) == 6
        assert set(die.faces[0]) == {"range", "damage", "ammo", "miss"}
