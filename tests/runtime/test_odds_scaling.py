"""Exact odds that scale: rolls that are only computed with stay distributions, so ten dice
are one run; a value read from them costs a path per value; anything else still enumerates
face by face. Every answer is checked against an enumeration written here."""

import itertools
from fractions import Fraction

import pytest

import rulecraft
from rulecraft.cli import main
from rulecraft.runtime import lazy, odds
from tests.support.folders import write

DICE = '''game "t" "T"
die d6 "six-sided" { faces 1..6 }
'''


def sums(dice: list[dict[int, Fraction]]) -> dict[int, Fraction]:
    """The law of a sum of independent dice, each given as face -> probability."""
    out: dict[int, Fraction] = {0: Fraction(1)}
    for die in dice:
        nxt: dict[int, Fraction] = {}
        for total, p in out.items():
            for face, q in die.items():
                nxt[total + face] = nxt.get(total + face, Fraction(0)) + p * q
        out = nxt
    return out


D6 = {f: Fraction(1, 6) for f in range(1, 7)}


def brute(n: int, value) -> dict:
    """Every sequence of n faces of a d6, each 1/6^n: the law of value(faces)."""
    out: dict = {}
    for faces in itertools.product(range(1, 7), repeat=n):
        v = value(faces)
        out[v] = out.get(v, Fraction(0)) + Fraction(1, 6 ** n)
    return out


@pytest.fixture
def cap(monkeypatch):
    """Lower the path cap: a query that answers under it took at most that many runs."""
    return lambda n: monkeypatch.setattr(odds, "MAX_PATHS", n)


def test_the_sum_of_ten_dice_is_exact_and_takes_one_run(tmp_path, cap, monkeypatch):
    rules = rulecraft.load(write(tmp_path / "g", DICE + '''
query total(n: int) { let t = 0  for i in 1..n { t += roll d6 }  return t }
'''))
    cap(1)
    monkeypatch.setattr(lazy, "MAX_PAIRS", 51 * 6)  # a running total is one root per total
    got = odds.odds(rules, "total", [10])
    assert got == sums([D6] * 10)
    assert got[35] == Fraction(4395456, 60466176)
    assert got[10] == Fraction(1, 6 ** 10)
    assert sum(got.values()) == 1
    assert len(got) == 51


def test_a_comparison_of_sums_is_one_read_of_two_outcomes(cap):
    rules = rulecraft.compile_source(DICE + '''
query beats() { return roll d6 + roll d6 + roll d6 > roll d6 + roll d6 }
query twice() { let x = roll d6  return x + x }
''')
    cap(2)
    assert odds.odds(rules, "beats") == brute(5, lambda f: f[0] + f[1] + f[2] > f[3] + f[4])
    cap(1)
    assert odds.odds(rules, "twice") == {2 * f: Fraction(1, 6) for f in range(1, 7)}  # one roll, not two


def test_rerolling_each_one_reads_one_bit_per_die(cap):
    rules = rulecraft.compile_source(DICE + '''
query rerolled(n: int) {
  let t = 0
  for i in 1..n {
    let r = roll d6
    if r == 1 { r = roll d6 }
    t += r
  }
  return t
}
''')
    rerolled = {f: D6[f] * Fraction(1, 6) + (D6[f] if f > 1 else 0) for f in range(1, 7)}
    cap(2 ** 6)
    assert odds.odds(rules, "rerolled", [6]) == sums([rerolled] * 6)


def test_stopping_at_the_first_six_is_exact(cap):
    rules = rulecraft.compile_source(DICE + '''
query until_six(n: int) {
  let t = 0
  for i in 1..n {
    let r = roll d6
    if r == 6 { break }
    t += r
  }
  return t
}
''')

    def until_six(faces):
        return sum(itertools.takewhile(lambda f: f != 6, faces))

    cap(6)
    assert odds.odds(rules, "until_six", [5]) == brute(5, until_six)


def test_rolling_until_a_total_is_reached_takes_a_path_per_stop(cap):
    rules = rulecraft.compile_source(DICE + '''
query rolls_to(goal: int) {
  let t = 0
  let rolls = 0
  while t < goal { t += roll d6  rolls += 1 }
  return rolls
}
''')

    def law(goal: int) -> dict[int, Fraction]:  # the number of rolls until the total reaches goal
        if goal <= 0:
            return {0: Fraction(1)}
        out: dict[int, Fraction] = {}
        for face in range(1, 7):
            for n, p in law(goal - face).items():
                out[n + 1] = out.get(n + 1, Fraction(0)) + p / 6
        return out

    cap(12)
    assert odds.odds(rules, "rolls_to", [12]) == law(12)


def test_a_roll_read_after_it_was_added_is_known_jointly_with_the_total(cap):
    rules = rulecraft.compile_source(DICE + '''
query first_counts() {
  let a = roll d6
  let t = a + roll d6 + roll d6
  if a == 1 { return 0 }
  return t
}
query six_ends(n: int) {
  let t = 0
  for i in 1..n {
    let r = roll d6
    t += r
    if r == 6 { break }
  }
  return t
}
''')
    cap(2)
    assert odds.odds(rules, "first_counts") == brute(3, lambda f: 0 if f[0] == 1 else sum(f))

    def six_ends(faces):
        upto = faces.index(6) + 1 if 6 in faces else len(faces)
        return sum(faces[:upto])

    cap(6)
    assert odds.odds(rules, "six_ends", [5]) == brute(5, six_ends)


def test_rolls_given_to_the_game_or_shown_as_text_are_read_first():
    rules = rulecraft.compile_source(DICE + '''
kind token { value: int = 0 }
token chip "Chip" { }
record pair { low: int, high: int }
query shown() { return text(roll d6 + roll d6) }
query kept() {
  let c = create chip
  c.value = roll d6 + 1
  return c.value
}
query both() { let a = roll d6  let b = roll d6  return pair(low: min([a, b]), high: max([a, b])) }
''')
    assert odds.odds(rules, "shown") == {str(s): p for s, p in brute(2, sum).items()}
    assert odds.odds(rules, "kept") == {f + 1: Fraction(1, 6) for f in range(1, 7)}
    assert odds.odds(rules, "both") == brute(2, lambda f: (("low", min(f)), ("high", max(f))))


def test_dice_with_record_faces_stay_distributions_field_by_field(cap):
    rules = rulecraft.compile_source('''game "t" "T"
die coin "Coin" { face { heads: 1, lucky: false } face { heads: 0, lucky: true } }
query heads(n: int) { let h = 0  for i in 1..n { let f = roll coin  h += f.heads }  return h }
query lucky_heads(n: int) {
  let h = 0
  for i in 1..n {
    let f = roll coin
    if f.lucky { h += 10 }
    h += f.heads
  }
  return h
}
''')
    binomial = {h: Fraction(len(list(itertools.combinations(range(4), h))), 16) for h in range(5)}
    cap(2 ** 4)
    assert odds.query_odds(rules, "heads", [4], lazy=False) == binomial  # face by face: 16 paths
    cap(1)  # the fields are added up as distributions: one run
    assert odds.odds(rules, "heads", [4]) == binomial
    cap(2 ** 3)  # a field read by an `if` costs a path per value read
    assert odds.odds(rules, "lucky_heads", [3]) == odds.query_odds(rules, "lucky_heads", [3], lazy=False)
    cap(2 ** 3 - 1)
    with pytest.raises(odds.PathCapExceeded, match="at most 7 chance paths"):
        odds.odds(rules, "lucky_heads", [3])


def test_too_many_paths_is_a_clean_error_on_the_command_line(tmp_path, cap, capsys):
    folder = write(tmp_path / "g", DICE + '''
query shown(n: int) { let s = ""  for i in 1..n { s = s + text(roll d6) }  return s }
''')
    cap(100)
    assert main(["odds", folder, "shown", "n=2"]) == 0  # text reads each face: 36 paths
    capsys.readouterr()
    assert main(["odds", folder, "shown", "n=3"]) == 1  # 216
    err = capsys.readouterr().err
    assert "at most 100 chance paths" in err
    assert "Hint:" in err
    assert "Traceback" not in err


TRICKY = DICE + '''
die d3 "three-sided" { faces 0..2 }
record shown_roll { high: bool, value: int }
query as_text() { return text(shown_roll(high: roll d3 + roll d3 > 2, value: roll d3)) }
query halves() { return (roll d6 + roll d6) // 2 }
query divided() { return 6 // roll d3 }
query picked() { return [10, 20, 30][roll d3] }
query modulo() { return (roll d6 * 3 + roll d3) % 4 }
query negated() { let a = roll d3  return -a - a + abs(roll d3 - 1) }
query largest() { return max([roll d3, roll d3, roll d3]) }
query keyed() { let m = {0: "zero", 1: "one", 2: "two"}  return m[roll d3] }
query in_list() { return roll d6 in [1, 3, 5] }
query nested() { let t = roll d3  return [t, t + roll d3] }
query kept_apart() { let a = roll d6  let b = a * 2  let t = a + roll d3  return [b + t, t] }
'''


@pytest.mark.parametrize("query", ["as_text", "halves", "picked", "modulo", "negated", "largest", "keyed",
                                   "in_list", "nested", "kept_apart"])
def test_distributions_agree_with_the_face_by_face_enumeration(query):
    rules = rulecraft.compile_source(TRICKY)
    assert odds.query_odds(rules, query, []) == odds.query_odds(rules, query, [], lazy=False)


def test_an_error_on_some_path_is_the_error_of_the_face_by_face_enumeration():
    rules = rulecraft.compile_source(TRICKY)
    with pytest.raises(rulecraft.GameError, match="division by zero"):
        odds.query_odds(rules, "divided", [], lazy=False)
    with pytest.raises(rulecraft.GameError, match="division by zero"):
        odds.query_odds(rules, "divided", [])


def test_a_convolution_past_its_limit_falls_back_to_every_face(monkeypatch, cap):
    rules = rulecraft.compile_source(DICE + 'query two() { return roll d6 + roll d6 }\n')
    monkeypatch.setattr(lazy, "MAX_PAIRS", 35)  # two dice are 36 pairs of faces
    assert odds.odds(rules, "two") == brute(2, sum)
    cap(35)
    with pytest.raises(odds.PathCapExceeded):
        odds.odds(rules, "two")
