"""(i) Exact odds: sums of six-sided dice, a doom attack and opening hands, each against plain Python.

Rolls of number dice (and of dice with record faces) stay distributions while a query only
computes with them (runtime/lazy.py): the sum of forty dice is one run of convolutions, which is
compared with a plain convolution of counts written here; face by face (`lazy=False`, the
enumeration odds used before) five dice are 6^5 runs. The doom attack is compared with a direct
enumeration of its dice's faces written here: its one chance point is whether the roll hits (two
runs; the ammo icons, a choice on each face's field, stay counted). An opening hand (7 cards of
a 30- or 60-card deck, at least one of 4 copies; and of 60, how many of three names together) is
counted by tests of its cards without drawing it (runtime/odds_draws.py): it is compared with the
hypergeometric formula written with math.comb, the floor. CPU time (`time.process_time`), best of
a few, the two of each ratio measured in turns in one process.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from fractions import Fraction
from math import comb
from typing import Any
from unittest import mock

import rulecraft
from rulecraft.runtime import odds

from .timing import best_cpu

SOURCE = """
game "bench" "Odds benchmark"
die d6 "six-sided" { faces 1..6 }
query total(n: int) { let t = 0  for i in 1..n { t += roll d6 }  return t }
"""
DOOM_ARGS = ["pistol", 3, 1, False]
HAND = """
game "hand" "A small hand"
kind card { }
card wanted "Wanted" x4 { }
card second "Second" x3 { }
card third "Third" x2 { }
card other "Other" x3 { }
pool deck "Deck" of card
query opening(size: int) {
  fill deck
  shuffle deck
  let hand = draw size from deck
  return count([c for c in hand if c.def == wanted]) > 0
}
query named(size: int) {
  fill deck
  shuffle deck
  let hand = draw size from deck
  return [count([c for c in hand if c.def == wanted]), count([c for c in hand if c.def == second]),
          count([c for c in hand if c.def == third])]
}
"""


def deck_of(cards: int) -> str:
    """The hand ruleset with `cards` cards in its deck (4 wanted, 3 second, 2 third, the rest other)."""
    return HAND.replace("other \"Other\" x3", f"other \"Other\" x{cards - 9}")


def plain_sum(n: int) -> dict[int, Fraction]:
    """The law of the sum of n d6 by a plain convolution of counts."""
    counts = {0: 1}
    for _ in range(n):
        nxt: dict[int, int] = {}
        for total, c in counts.items():
            for face in range(1, 7):
                nxt[total + face] = nxt.get(total + face, 0) + c
        counts = nxt
    return {t: Fraction(c, 6 ** n) for t, c in counts.items()}


def doom_by_hand(rules: Any, weapon: str, needed: int, armor: int) -> dict[int, Fraction]:
    """An attack's wounds (not aimed, not dodged) by enumerating its dice's faces directly."""
    w = rules.definitions[weapon].props
    dice = [rules.faces(d) for d in w["dice"]]
    accuracy, deadly = w.get("accuracy", 0), w.get("deadly", 0)  # the kind's defaults: 0
    counts: dict[int, int] = {}
    rolls = 0
    for roll in itertools.product(*dice):
        rolls += 1
        hit = not any(f["miss"] for f in roll) and sum(f["range"] for f in roll) + accuracy >= needed
        damage = sum(f["damage"] for f in roll) + deadly
        wounds = (damage if armor <= 0 else damage // armor) if hit else 0
        counts[wounds] = counts.get(wounds, 0) + 1
    return {k: Fraction(c, rolls) for k, c in counts.items()}


def hand_by_formula(copies: int, deck: int, size: int) -> Fraction:
    """P(at least one of `copies` cards in `size` drawn from `deck`)."""
    return 1 - Fraction(comb(deck - copies, size), comb(deck, size))


def named_by_formula(deck: int, size: int) -> dict[tuple[int, int, int], Fraction]:
    """The joint law of how many of 4, 3 and 2 named copies `size` cards drawn from `deck` hold."""
    rest = deck - 9
    return {(a, b, c): Fraction(comb(4, a) * comb(3, b) * comb(2, c) * comb(rest, size - a - b - c), comb(deck, size))
            for a in range(5) for b in range(4) for c in range(3) if a + b + c <= size and size - a - b - c <= rest}


def per_call(work: Callable[[], object], calls: int, repeats: int) -> float:
    """The least CPU time of one call of `work`, over `repeats` runs of `calls` calls (a formula
    takes microseconds, below the clock's step)."""
    return best_cpu(lambda: [work() for _ in range(calls)], repeats) / calls


def best_pair(work: Callable[[], object], reference: Callable[[], object], rounds: int) -> tuple[float, float]:
    """The least CPU time of each of two pieces of work, measured in turns (a load that comes and
    goes weighs on both alike)."""
    times: tuple[list[float], list[float]] = ([], [])
    for _ in range(rounds):
        for i, f in enumerate((work, reference)):
            times[i].append(best_cpu(f, 1))
    return min(times[0]), min(times[1])


def run_bench(quick: bool = False) -> list[tuple[str, str, str]]:
    dice, doom = rulecraft.compile_source(SOURCE), rulecraft.load("doom")
    hands = {n: rulecraft.compile_source(deck_of(n)) for n in (12, 30, 60)}
    repeats = 1 if quick else 5
    ten = odds.query_odds(dice, "total", [10])
    assert ten[35] == Fraction(4395456, 6 ** 10)
    assert odds.query_odds(dice, "total", [40]) == plain_sum(40)
    assert odds.query_odds(doom, "attack_wounds", DOOM_ARGS) == doom_by_hand(doom, "pistol", 3, 1)
    for n, size in ((12, 3), (30, 7), (60, 7)):
        assert odds.query_odds(hands[n], "opening", [size]) == {True: hand_by_formula(4, n, size),
                                                                False: 1 - hand_by_formula(4, n, size)}
    assert odds.query_odds(hands[60], "named", [7]) == named_by_formula(60, 7)
    t10 = best_cpu(lambda: odds.query_odds(dice, "total", [10]), repeats)
    t40, t40_plain = best_pair(lambda: odds.query_odds(dice, "total", [40]), lambda: plain_sum(40), repeats * 2)
    t5 = best_cpu(lambda: odds.query_odds(dice, "total", [5]), repeats)
    t5_faces = best_cpu(lambda: odds.query_odds(dice, "total", [5], lazy=False), 1)
    wounds, wounds_hand = best_pair(lambda: odds.query_odds(doom, "attack_wounds", DOOM_ARGS),
                                    lambda: doom_by_hand(doom, "pistol", 3, 1), repeats * 4)
    wounds_faces = best_cpu(lambda: odds.query_odds(doom, "attack_wounds", DOOM_ARGS, lazy=False), repeats)
    small = best_cpu(lambda: odds.query_odds(hands[12], "opening", [3]), repeats)
    with mock.patch.object(odds, "lend_draws", return_value=None):  # round 2: a draw order by order
        small_orders = best_cpu(lambda: odds.query_odds(hands[12], "opening", [3]), 1)
    rows = [("sum of 10 d6, exact (51 totals)", f"{t10 * 1000:.1f} ms", "CPU time; target <= 100 ms"),
            ("sum of 40 d6: rulecraft / plain convolution", f"{t40 * 1000:.1f} ms / {t40_plain * 1000:.1f} ms",
             f"ratio {t40 / t40_plain:.2f}; target <= 3"),
            ("sum of 5 d6: distributions / face by face", f"{t5 * 1000:.1f} ms / {t5_faces * 1000:.0f} ms",
             f"{t5_faces / t5:.0f}x"),
            ("doom attack_wounds pistol range=3 armor=1", f"{wounds * 1000:.2f} ms / {wounds_faces * 1000:.1f} ms",
             "distributions / face by face (its dice have record faces)"),
            ("doom attack_wounds: rulecraft / by hand", f"{wounds * 1000:.2f} ms / {wounds_hand * 1000:.3f} ms",
             f"ratio {wounds / wounds_hand:.1f}; target <= 10"),
            ("3 of 12 cards, at least one of 4: counted / order by order",
             f"{small * 1000:.2f} ms / {small_orders * 1000:.0f} ms",
             f"{small_orders / small:.0f}x; order by order: 12 * 11 * 10 paths, as before hands were lent")]
    for n, query, args, formula in ((30, "opening", [7], lambda: hand_by_formula(4, 30, 7)),
                                    (60, "opening", [7], lambda: hand_by_formula(4, 60, 7)),
                                    (60, "named", [7], lambda: named_by_formula(60, 7))):
        rules = hands[n]
        got = best_cpu(lambda: odds.query_odds(rules, query, args), repeats * 2)  # noqa: B023 - run at once
        floor = per_call(formula, 100, repeats)
        what = "at least one of 4" if query == "opening" else "how many of 4, 3 and 2 named copies"
        rows.append((f"7 of {n} cards, {what}: exact / math.comb formula", f"{got * 1000:.2f} ms / {floor * 1000:.3f} ms",
                     f"ratio {got / floor:.0f}" + ("; target <= 50 ms" if n == 30 and query == "opening" else "")))
    return rows

if __name__ == "__main__":
    for row in run_bench():
        print("  ".join(row))
