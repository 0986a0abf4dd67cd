"""Independent rolls combined by convolution (runtime/lazy.py): exact Fractions equal to an
enumeration of every face written here, and counts showing no per-path games and no joint roots
are made where each roll is used once."""

import itertools
import operator
from fractions import Fraction

import pytest

import rulecraft
from rulecraft.runtime import lazy, odds

DICE = '''game "t" "T"
die d6 "six-sided" { faces 1..6 }
die d4 "four-sided" { faces 1..4 }
assume loaded_faces: list<list<int>> = [[1], [1], [1], [2], [3]] "a loaded die"
die loaded "loaded" { faces from loaded_faces (v: int) }
fn weighted() -> int { let f = roll loaded  return f.v }
die coin "coin" { face { heads: 1, mark: "h" } face { heads: 0, mark: "t" } }
query total(n: int) { let t = 0  for i in 1..n { t += roll d6 }  return t }
query product(n: int) { let t = 1  for i in 1..n { t = t * roll d4 }  return t }
query difference() { return roll d6 - roll d4 - weighted() }
query mixed() { return (roll d6 + weighted()) * roll d4 + roll d6 // 2 }
query heads(n: int) { let h = 0  for i in 1..n { let f = roll coin  h += f.heads }  return h }
query kept() { let a = roll d6  let t = a + roll d4  let u = t + weighted()  return [a, u] }
'''
FACES = {"d6": range(1, 7), "d4": range(1, 5), "loaded": (1, 1, 1, 2, 3)}


def brute(dice: list[str], value) -> dict:
    """Every sequence of faces, each equally likely: the law of value(faces)."""
    out: dict = {}
    rolls = list(itertools.product(*(FACES[d] for d in dice)))
    for faces in rolls:
        v = value(faces)
        out[v] = out.get(v, Fraction(0)) + Fraction(1, len(rolls))
    return out


@pytest.fixture(scope="module")
def rules():
    return rulecraft.compile_source(DICE)


@pytest.fixture
def no_joins(monkeypatch):
    """Joint roots are never made: each roll is used once, so each sum is a convolution."""
    def refused(*args):
        raise AssertionError("a join was made")
    monkeypatch.setattr(lazy, "_product", refused)


def test_sums_products_and_differences_equal_every_face(rules, games, no_joins):
    assert odds.odds(rules, "total", [4]) == brute(["d6"] * 4, sum)
    assert odds.odds(rules, "product", [3]) == brute(["d4"] * 3, lambda f: f[0] * f[1] * f[2])
    assert odds.odds(rules, "difference") == brute(["d6", "d4", "loaded"], lambda f: f[0] - f[1] - f[2])
    assert odds.odds(rules, "mixed") == brute(["d6", "loaded", "d4", "d6"], lambda f: (f[0] + f[1]) * f[2] + f[3] // 2)
    assert games == [1, 1, 1, 1]  # one run each, no path per face


def test_forty_dice_are_one_run_of_convolutions(rules, games, no_joins):
    got = odds.odds(rules, "total", [40])
    counts = {0: 1}
    for _ in range(40):
        nxt: dict[int, int] = {}
        for t, c in counts.items():
            for f in range(1, 7):
                nxt[t + f] = nxt.get(t + f, 0) + c
        counts = nxt
    assert got == {t: Fraction(c, 6 ** 40) for t, c in counts.items()}
    assert len(got) == 201
    assert games == [1]


def test_a_record_face_field_is_added_up_without_paths(rules, games):
    assert odds.odds(rules, "heads", [6]) == {h: Fraction(len(list(itertools.combinations(range(6), h))), 64)
                                              for h in range(7)}
    assert games == [1]


def test_a_roll_still_alive_is_known_jointly_with_its_sums(rules):
    want = brute(["d6", "d4", "loaded"], lambda f: (f[0], f[0] + f[1] + f[2]))
    assert odds.odds(rules, "kept") == want
    assert odds.odds(rules, "kept") == odds.query_odds(rules, "kept", [], lazy=False)


def test_the_convolution_of_uneven_weights_multiplies_them():
    fair = {1: 1, 2: 1}
    loaded = {1: 3, 2: 1, 3: 1}
    assert lazy.convolve(operator.add, loaded, fair) == {2: 3, 3: 4, 4: 2, 5: 1}
    assert lazy.convolve(operator.add, fair, loaded) == {2: 3, 3: 4, 4: 2, 5: 1}
    assert lazy.convolve(operator.sub, fair, loaded) == {0: 4, -1: 2, -2: 1, 1: 3}
    assert lazy.convolve(operator.mul, {2: 2, 3: 1}, {2: 5}) == {4: 10, 6: 5}


def test_a_convolution_past_the_pair_limit_is_refused_by_count(monkeypatch):
    monkeypatch.setattr(lazy, "MAX_PAIRS", 11)
    with pytest.raises(lazy.Unsupported, match="combining rolls of 3 and 4 outcomes"):
        lazy.convolve(operator.add, {1: 1, 2: 1, 3: 1}, {1: 1, 2: 1, 3: 1, 4: 1})


def test_a_deferred_sum_used_with_one_of_its_own_rolls_is_exact():
    rules = rulecraft.compile_source(DICE + '''
query again() { let a = roll d6  let b = roll d4  let s = a + b  return s * b - a }
query nested() { let a = roll d6  let s = (a + roll d4) + (roll d6 + roll d4)  return s - a }
''')
    assert odds.odds(rules, "again") == brute(["d6", "d4"], lambda f: (f[0] + f[1]) * f[1] - f[0])
    assert odds.odds(rules, "nested") == brute(["d6", "d4", "d6", "d4"], lambda f: f[1] + f[2] + f[3])
