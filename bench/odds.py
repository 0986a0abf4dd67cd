"""(i) Exact odds: sums of six-sided dice and a doom attack, each against plain Python.

Rolls of number dice (and of dice with record faces) stay distributions while a query only
computes with them (runtime/lazy.py): the sum of forty dice is one run of convolutions, which is
compared with a plain convolution of counts written here; face by face (`lazy=False`, the
enumeration odds used before) five dice are 6^5 runs. The doom attack is compared with a direct
enumeration of its dice's faces written here: its one chance point is whether the roll hits (two
runs; the ammo icons, a choice on each face's field, stay counted). The opening hand (7 cards of a 30-card deck, at
least one of 4 copies) is not answered exactly (a draw is order by order), so it is not run; 3
cards of 12 are, checked against the hypergeometric formula.
CPU time (`time.process_time`), best of a few, the two of each ratio measured in turns in one
process.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from fractions import Fraction
from math import comb
from typing import Any

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
card other "Other" x8 { }
pool deck "Deck" of card
query opening(size: int) {
  fill deck
  shuffle deck
  let hand = draw size from deck
  return count([c for c in hand if c.def == wanted]) > 0
}
"""


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


def best_pair(work: Callable[[], object], reference: Callable[[], object], rounds: int) -> tuple[float, float]:
    """The least CPU time of each of two pieces of work, measured in turns (a load that comes and
    goes weighs on both alike)."""
    times: tuple[list[float], list[float]] = ([], [])
    for _ in range(rounds):
        for i, f in enumerate((work, reference)):
            times[i].append(best_cpu(f, 1))
    return min(times[0]), min(times[1])


def run_bench(quick: bool = False) -> list[tuple[str, str, str]]:
    dice, doom, hand = rulecraft.compile_source(SOURCE), rulecraft.load("doom"), rulecraft.compile_source(HAND)
    repeats = 1 if quick else 5
    ten = odds.query_odds(dice, "total", [10])
    assert ten[35] == Fraction(4395456, 6 ** 10)
    assert odds.query_odds(dice, "total", [40]) == plain_sum(40)
    assert odds.query_odds(doom, "attack_wounds", DOOM_ARGS) == doom_by_hand(doom, "pistol", 3, 1)
    assert odds.query_odds(hand, "opening", [3]) == {True: hand_by_formula(4, 12, 3),
                                                     False: 1 - hand_by_formula(4, 12, 3)}
    t10 = best_cpu(lambda: odds.query_odds(dice, "total", [10]), repeats)
    t40, t40_plain = best_pair(lambda: odds.query_odds(dice, "total", [40]), lambda: plain_sum(40), repeats * 2)
    t5 = best_cpu(lambda: odds.query_odds(dice, "total", [5]), repeats)
    t5_faces = best_cpu(lambda: odds.query_odds(dice, "total", [5], lazy=False), 1)
    wounds, wounds_hand = best_pair(lambda: odds.query_odds(doom, "attack_wounds", DOOM_ARGS),
                                    lambda: doom_by_hand(doom, "pistol", 3, 1), repeats * 4)
    wounds_faces = best_cpu(lambda: odds.query_odds(doom, "attack_wounds", DOOM_ARGS, lazy=False), repeats)
    small = best_cpu(lambda: odds.query_odds(hand, "opening", [3]), repeats)
    return [("sum of 10 d6, exact (51 totals)", f"{t10 * 1000:.1f} ms", "CPU time; target <= 100 ms"),
            ("sum of 40 d6: rulecraft / plain convolution", f"{t40 * 1000:.1f} ms / {t40_plain * 1000:.1f} ms",
             f"ratio {t40 / t40_plain:.2f}; target <= 3"),
            ("sum of 5 d6: distributions / face by face", f"{t5 * 1000:.1f} ms / {t5_faces * 1000:.0f} ms",
             f"{t5_faces / t5:.0f}x"),
            ("doom attack_wounds pistol range=3 armor=1", f"{wounds * 1000:.2f} ms / {wounds_faces * 1000:.1f} ms",
             "distributions / face by face (its dice have record faces)"),
            ("doom attack_wounds: rulecraft / by hand", f"{wounds * 1000:.2f} ms / {wounds_hand * 1000:.3f} ms",
             f"ratio {wounds / wounds_hand:.1f}; target <= 10"),
            ("3 of 12 cards, at least one of 4: exact", f"{small * 1000:.0f} ms",
             "12 * 11 * 10 paths: a draw is order by order, the 9 left unchosen"),
            ("7 of 30 cards, at least one of 4: exact", "not answered",
             "30 * 29 * ... * 24 orders: refused at the cap of 200,000 paths (~75 s CPU); target <= 50 ms unmet")]


if __name__ == "__main__":
    for row in run_bench():
        print("  ".join(row))
