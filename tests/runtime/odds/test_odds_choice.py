"""`if c then a else b` on a random condition (runtime/lazy.py `either`, lowered as `_either`
where a and b are variables or constants): the value stays a distribution instead of a chance
point. Exact Fractions equal to the face-by-face enumeration (`lazy=False`), and the games made
(one per path) counted as the guard."""

from fractions import Fraction
from math import comb

import pytest

import rulecraft
from rulecraft.runtime import lazy, odds

COINS = '''game "t" "T"
die coin "coin" { face { heads: true, v: 2 } face { heads: false, v: 5 } face { heads: false, v: 1 } }
fn score(h: bool) -> int { return if h then 1 else 0 }
query heads(n: int) { let t = 0  for i in 1..n { let f = roll coin  t += if f.heads then 1 else 0 }  return t }
query called(n: int) { let t = 0  for i in 1..n { let f = roll coin  t += score(f.heads) }  return t }
query named() {
  let yes = "yes"  let no = "no"  let f = roll coin
  return if f.heads then yes else no
}
query lists() { let f = roll coin  return if f.heads then [1] else [2, 3] }
query compared() { let f = roll coin  return if f.v > 1 then 10 else 20 }
query both() { let f = roll coin  let w = if f.heads then f.v else 0  return w + (if f.heads then 1 else 0) }
'''


@pytest.fixture(scope="module")
def rules():
    return rulecraft.compile_source(COINS)


def binomial(n: int) -> dict[int, Fraction]:
    """Heads among n coins of one head face in three."""
    return {k: Fraction(comb(n, k) * 2 ** (n - k), 3 ** n) for k in range(n + 1)}


def test_a_choice_on_a_random_field_is_counted_without_paths(rules, games):
    assert odds.odds(rules, "heads", [5]) == binomial(5)
    assert odds.odds(rules, "called", [5]) == binomial(5)  # the choice inside a fn, on its parameter
    assert games == [1, 1]
    assert odds.query_odds(rules, "heads", [5], lazy=False) == binomial(5)
    assert len(games) == 2 + 3 ** 5  # face by face: one game per sequence of faces


def test_a_choice_of_two_texts_is_a_distribution(rules, games):
    assert odds.odds(rules, "named") == {"yes": Fraction(1, 3), "no": Fraction(2, 3)}
    assert games == [1]


def test_a_choice_of_lists_or_on_a_comparison_is_a_chance_point(rules, games):
    assert odds.odds(rules, "lists") == {(1,): Fraction(1, 3), (2, 3): Fraction(2, 3)}
    assert odds.odds(rules, "compared") == {10: Fraction(2, 3), 20: Fraction(1, 3)}
    assert games == [1, 1, 1, 1]  # two paths each: the value read is the chance point


def test_a_choice_of_a_random_branch_reads_the_condition(rules, games):
    assert odds.odds(rules, "both") == odds.query_odds(rules, "both", [], lazy=False) == \
        {3: Fraction(1, 3), 0: Fraction(2, 3)}


def test_either_outside_exact_odds_is_python_s_choice():
    assert lazy.either(True, 1, 0) == 1
    assert lazy.either(False, 1, 0) == 0
    assert lazy.either(None, "a", "b") == "b"


def test_a_doom_pistol_attack_is_two_paths_and_equals_every_face(games):
    doom = rulecraft.load("doom")
    got = odds.query_odds(doom, "attack_wounds", ["pistol", 3, 1, False])
    assert games == [1, 1]  # the hit is the one chance point; ammo icons stay counted
    assert got == odds.query_odds(doom, "attack_wounds", ["pistol", 3, 1, False], lazy=False)
    assert sum(got.values()) == 1


@pytest.mark.parametrize(("query", "args", "paths"), [
    ("attack_wounds", ["chainsaw", 1, 2, False, False], 3),   # two red dice: a miss or not, then hit or not
    ("attack_wounds", ["rocket_launcher", 4, 1, True, False], 7),  # aimed: a failed roll is rolled again
    ("attack_hit", ["shotgun", 2, 1, False, True], 5),  # dodged: a hit is rolled again
])
def test_doom_attacks_with_misses_and_second_rolls_equal_every_face(query, args, paths, games):
    doom = rulecraft.load("doom")
    got = odds.query_odds(doom, query, args)
    assert len(games) == paths  # distributions, not the face-by-face fallback
    assert got == odds.query_odds(doom, query, args, lazy=False)
