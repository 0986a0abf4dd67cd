"""(h) Exact odds: the law of the sum of ten six-sided dice, and a bundled doom query.

Rolls of number dice stay distributions while a query only computes with them
(runtime/lazy.py), so the sum of ten dice is one run; face by face (`lazy=False`, the
enumeration odds used before) it is 6^10 runs, past the 200,000-path cap, so the
comparison is made on five dice. CPU time (`time.process_time`), best of a few.
"""

from __future__ import annotations

from fractions import Fraction

import rulecraft
from rulecraft.runtime import odds

from .timing import best_cpu

SOURCE = """
game "bench" "Odds benchmark"
die d6 "six-sided" { faces 1..6 }
query total(n: int) { let t = 0  for i in 1..n { t += roll d6 }  return t }
"""
DOOM_ARGS = ["pistol", 3, 1, False]




def run_bench(quick: bool = False) -> list[tuple[str, str, str]]:
    dice, doom = rulecraft.compile_source(SOURCE), rulecraft.load("doom")
    repeats = 1 if quick else 5
    ten = odds.query_odds(dice, "total", [10])
    assert ten[35] == Fraction(4395456, 6 ** 10)
    assert sum(ten.values()) == 1
    t10 = best_cpu(lambda: odds.query_odds(dice, "total", [10]), repeats)
    t5 = best_cpu(lambda: odds.query_odds(dice, "total", [5]), repeats)
    t5_faces = best_cpu(lambda: odds.query_odds(dice, "total", [5], lazy=False), 1)
    wounds = best_cpu(lambda: odds.query_odds(doom, "attack_wounds", DOOM_ARGS), repeats)
    wounds_faces = best_cpu(lambda: odds.query_odds(doom, "attack_wounds", DOOM_ARGS, lazy=False), repeats)
    return [("sum of 10 d6, exact (51 totals)", f"{t10 * 1000:.1f} ms", "CPU time; target <= 100 ms"),
            ("sum of 5 d6: distributions / face by face", f"{t5 * 1000:.1f} ms / {t5_faces * 1000:.0f} ms",
             f"{t5_faces / t5:.0f}x"),
            ("doom attack_wounds pistol range=3 armor=1", f"{wounds * 1000:.1f} ms / {wounds_faces * 1000:.1f} ms",
             "distributions / face by face (its dice have record faces)")]


if __name__ == "__main__":
    for row in run_bench():
        print("  ".join(row))
