"""Exact attack odds (`attack_hit`, `attack_wounds`) against a brute-force enumeration
written here, independently of the ruleset's queries."""

import itertools
import json
import subprocess
import sys
from fractions import Fraction

import pytest

from rulecraft.runtime import odds
from rulecraft.runtime.ruleset import AssumedValue


def weapon_dice(rules, weapon, assumptions=None):
    dice = rules.definitions[weapon].props["dice"]
    if isinstance(dice, AssumedValue):
        return (assumptions or {}).get(dice.assumption, rules.assumptions[dice.assumption].value)
    return dice


def brute(rules, weapon, rng, armor, aimed, measure, assumptions=None, dodged=False):
    dice = [rules.dice[d].faces for d in weapon_dice(rules, weapon, assumptions)]
    rolls = list(itertools.product(*dice))

    def hit(roll):
        return not any(f["miss"] for f in roll) and sum(f["range"] for f in roll) >= rng

    def wounds(roll):
        if not hit(roll):
            return 0
        damage = sum(f["damage"] for f in roll)
        return damage if armor == 0 else damage // armor

    value = hit if measure == "hit" else wounds
    out = {}
    for first in rolls:
        v = value(first)
        if (aimed and not hit(first)) or (dodged and hit(first)):   # rolled again at most once
            for second in rolls:
                w = value(second)
                out[w] = out.get(w, 0) + Fraction(1, len(rolls) ** 2)
        else:
            out[v] = out.get(v, 0) + Fraction(1, len(rolls))
    return out


CASES = [("pistol", 3, 1, False), ("pistol", 5, 2, True), ("shotgun", 2, 2, False), ("fist", 1, 0, False),
         ("grenade", 4, 1, True), ("chaingun", 6, 3, False), ("plasma_gun", 7, 2, True)]


@pytest.mark.rules("DOOM-112", "DOOM-113", "DOOM-114")
@pytest.mark.parametrize(("weapon", "rng", "armor", "aimed"), CASES)
def test_attack_hit_matches_brute_force(doom, weapon, rng, armor, aimed):
    got = odds.odds(doom, "attack_hit", [weapon, rng, armor, aimed])
    assert got == brute(doom, weapon, rng, armor, aimed, "hit")
    assert sum(got.values()) == 1


@pytest.mark.rules("DOOM-115", "DOOM-118", "DOOM-119", "DOOM-120", "DOOM-121")
@pytest.mark.parametrize(("weapon", "rng", "armor", "aimed"), CASES)
def test_attack_wounds_matches_brute_force(doom, weapon, rng, armor, aimed):
    assert odds.odds(doom, "attack_wounds", [weapon, rng, armor, aimed]) == brute(doom, weapon, rng, armor, aimed, "wounds")


@pytest.mark.rules("DOOM-054", "DOOM-112", "DOOM-115")
@pytest.mark.parametrize(("weapon", "rng", "armor", "aimed"), CASES)
def test_odds_against_a_dodging_target_match_brute_force(doom, weapon, rng, armor, aimed):
    for measure, query in (("hit", "attack_hit"), ("wounds", "attack_wounds")):
        got = odds.odds(doom, query, [weapon, rng, armor, aimed, True])
        assert got == brute(doom, weapon, rng, armor, aimed, measure, dodged=True)


@pytest.mark.rules("DOOM-112")
def test_query_parameters_left_out_take_their_defaults(doom):
    assert odds.odds(doom, "attack_hit", ["pistol", 3, 1]) == odds.odds(doom, "attack_hit", ["pistol", 3, 1, False, False])


@pytest.mark.rules("DOOM-054")
def test_an_aimed_hit_that_deals_no_wound_is_not_rolled_again(doom):
    # As on the board: aim rolls a failed attack again, not a hit that fails to wound. At range 1
    # the pistol always hits (its dice have no miss), so aiming changes nothing - though a hit
    # for 1 damage against armor 2 wounds nobody.
    aimed = odds.odds(doom, "attack_wounds", ["pistol", 1, 2, True])
    assert aimed == odds.odds(doom, "attack_wounds", ["pistol", 1, 2, False])
    assert 0 < aimed[0] < 1


@pytest.mark.rules("DOOM-111")
def test_an_assumed_weapon_table_can_be_overridden(doom):
    override = {"shotgun.dice": ["red", "red", "red"]}
    got = odds.odds(doom, "attack_wounds", ["shotgun", 1, 2, False], assumptions=override)
    assert got == brute(doom, "shotgun", 1, 2, False, "wounds", override)
    assert got != odds.odds(doom, "attack_wounds", ["shotgun", 1, 2, False])


def test_the_odds_command_answers_the_pistol_query_in_json():
    out = subprocess.run([sys.executable, "-m", "rulecraft", "odds", "doom", "attack_wounds", "weapon=pistol", "range=3",
                          "armor=1", "--json"], capture_output=True, check=True, text=True).stdout
    doc = json.loads(out)
    assert doc["query"] == "attack_wounds"
    assert doc["params"] == {"weapon": "pistol", "range": 3, "armor": 1, "aimed": False, "dodged": False}
    assert sum(Fraction(o["probability"]) for o in doc["outcomes"]) == 1
    assert [o["value"] for o in doc["outcomes"]] == sorted(o["value"] for o in doc["outcomes"])


def test_the_dice_command_lists_six_faces_per_die_with_the_known_faces():
    out = subprocess.run([sys.executable, "-m", "rulecraft", "dice", "list", "doom", "--json"],
                         capture_output=True, check=True, text=True).stdout
    dice = {d["id"]: d["faces"] for d in json.loads(out)["dice"]}
    assert all(len(f) == 6 for f in dice.values())
    assert {"range": 0, "damage": 4, "ammo": True, "miss": False} in dice["red"]
    assert {"range": 2, "damage": 1, "ammo": False, "miss": False} in dice["green"]
