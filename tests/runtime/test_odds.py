"""Exact odds by enumeration, checked against counts written independently here."""

import json
import subprocess
import sys
from fractions import Fraction

import pytest

import rulecraft
from rulecraft.runtime import odds

# The seed's ratios, "x zu 44", copied from the source's table of counters.
SEED_COUNTS = {"biohazard": 4, "peaceful_invasion": 9, "enemy_units_1": 5, "enemy_units_2": 2, "enemy_units_3": 1,
               "wealth_1": 5, "wealth_2": 4, "lazax_survivors": 2, "new_technology": 2, "radioactive": 4,
               "industrial_society": 2, "settlers": 2, "wormhole_alpha": 1, "wormhole_beta": 1}


@pytest.fixture(scope="module")
def ti():
    return rulecraft.load("twilight-imperium")


@pytest.mark.rules("TI-030")
def test_drawing_one_counter_from_the_full_pool_has_the_seed_ratios(ti):
    assert odds.odds(ti, "domain_counters") == {k: Fraction(v, 44) for k, v in SEED_COUNTS.items()}


@pytest.mark.rules("TI-023", "TI-024", "TI-025", "TI-026")
def test_devastation_table_outcomes_are_seven_two_and_one_tenth(ti):
    assert list(odds.odds(ti, "devastation").values()) == [Fraction(7, 10), Fraction(2, 10), Fraction(1, 10)]


def test_enumeration_of_a_query_matches_brute_force():
    rules = rulecraft.compile_source('''
game "t" "T"
die d6 "six-sided" { faces 1..6 }
query two_dice_at_least(target: int) {
  return roll d6 + roll d6 >= target
}
query sum_of_two() { return roll d6 + roll d6 }
''')
    hits = sum(1 for a in range(1, 7) for b in range(1, 7) if a + b >= 9)
    assert odds.odds(rules, "two_dice_at_least", [9]) == {True: Fraction(hits, 36), False: Fraction(36 - hits, 36)}
    by_sum = {}
    for a in range(1, 7):
        for b in range(1, 7):
            by_sum[a + b] = by_sum.get(a + b, 0) + 1
    assert odds.odds(rules, "sum_of_two") == {s: Fraction(c, 36) for s, c in by_sum.items()}


def test_odds_command_prints_reduced_fractions_and_the_seed_ratio():
    out = subprocess.run([sys.executable, "-m", "rulecraft", "odds", "twilight-imperium", "domain_counters", "--json"],
                         capture_output=True, check=True, text=True).stdout
    doc = json.loads(out)
    assert doc["query"] == "domain_counters"
    assert doc["params"] == {}
    first = doc["outcomes"][0]
    assert first == {"value": "biohazard", "probability": "1/11", "decimal": 1 / 11, "ratio": "4/44"}
    assert sum(Fraction(o["probability"]) for o in doc["outcomes"]) == 1


def test_odds_list_names_pools_tables_and_dice():
    out = subprocess.run([sys.executable, "-m", "rulecraft", "odds", "twilight-imperium", "--list", "--json"],
                         capture_output=True, check=True, text=True).stdout
    kinds = {q["id"]: q["kind"] for q in json.loads(out)["queries"]}
    assert kinds == {"domain_counters": "pool", "devastation": "table", "d10": "die"}


def test_a_query_over_definitions_reads_their_printed_properties():
    rules = rulecraft.compile_source('''
game "t" "T"
die d6 "six-sided" { faces 1..6 }
kind weapon { reach: int = 0, bonus: int = 0 }
weapon spear "Spear" { reach: 2 }
weapon club "Club" { bonus: 1 }
query hits(w: def<weapon>, target: int) {
  return roll d6 + w.bonus + w.reach >= target
}
''')
    assert odds.odds(rules, "hits", ["spear", 6]) == {True: Fraction(3, 6), False: Fraction(3, 6)}
    assert odds.odds(rules, "hits", ["club", 6]) == {True: Fraction(2, 6), False: Fraction(4, 6)}


def test_die_faces_can_be_marked_assumptions_and_overridden():
    rules = rulecraft.compile_source('''
game "t" "T"
assume blue_reach: int = 2 "the blue die's reach face is not in the source"
die blue "Blue" { face { reach: 1 } face { reach: blue_reach } }
query reach() { let f = roll blue  return f.reach }
action throw(colour: die) { return roll colour }
''')
    assert odds.odds(rules, "reach") == {1: Fraction(1, 2), 2: Fraction(1, 2)}
    assert odds.odds(rules, "reach", [], {"blue_reach": 5}) == {1: Fraction(1, 2), 5: Fraction(1, 2)}
    game = rulecraft.Game(rules, assumptions={"blue_reach": 7})
    game.force("blue", game.rules.faces("blue", game.assume)[1])
    assert game.act("throw", "blue") == {"reach": 7}
    with pytest.raises(rulecraft.IllegalAction, match="no die `red`") as info:  # a die given from Python
        game.act("throw", "red")
    assert info.value.where == "<source>:6:29"


def test_a_die_takes_its_faces_from_a_table_users_may_override():
    rules = rulecraft.compile_source('''
game "t" "T"
assume green_faces: list<list<int>> = [[2, 1, 0], [1, 1, 1], [0, 0, 0]] "range, damage, miss of each face: assumed"
die green "Green" { faces from green_faces (range: int, damage: int, miss: bool) }
query damage() { let f = roll green  return if f.miss then -1 else f.damage }
''')
    assert rules.dice["green"].faces[2] == {"range": 0, "damage": 0, "miss": False}
    assert odds.odds(rules, "damage") == {1: Fraction(1, 3), -1: Fraction(1, 3), 0: Fraction(1, 3)}
    override = {"green_faces": [[1, 5, 0], [0, 0, 1]]}
    assert odds.odds(rules, "damage", [], override) == {5: Fraction(1, 2), -1: Fraction(1, 2)}
    game = rulecraft.Game(rules, assumptions={"green_faces": [[1, 2]]})
    with pytest.raises(rulecraft.IllegalAction, match="rows of 3 numbers"):
        game.call("damage")


def test_a_face_table_must_fit_the_die():
    with pytest.raises(rulecraft.CompileError) as info:
        rulecraft.compile_source('''game "t" "T"
assume t: list<list<int>> = [[1, 2], [3]] "a table"
die d "D" { faces from t (a: int, b: int) }
die e "E" { faces from nowhere (a: int) }
''')
    assert [(d.code, d.line) for d in info.value.diagnostics] == [("E0403", 2), ("E0101", 4)]
