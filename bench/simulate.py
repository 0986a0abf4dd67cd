"""(m) `simulate`: games/s of a Neuroshima duel and a Doom knee_deep mission.

Each game is what `rulecraft simulate` plays in one worker (`play.seeded.play_one`: random agents,
the simulation log, the scenario's own end and round limit, and what the sums need of the game),
seeds 0, 1, 2, ... in turn until a minimum of CPU time (`time.process_time`) has passed. The
ruleset is loaded (compiled) before timing, as a worker gets it once.
"""

from __future__ import annotations

import time

import rulecraft
from rulecraft.play.seeded import Setting, play_one

CASES = [("neuroshima", "duel"), ("doom", "knee_deep")]
ROUNDS = 3  # each figure is the best of this many measurements, taken in turn


def games_per_second(rules, setting: Setting, seconds: float) -> float:
    games, began = 0, time.process_time()
    while True:
        play_one(rules, setting, games)
        games += 1
        elapsed = time.process_time() - began
        if elapsed >= seconds:
            return games / elapsed


def run_bench(quick: bool = False) -> list[tuple[str, str, str]]:
    seconds = 0.5 if quick else 2.0
    settings = {(rid, scenario): (rulecraft.load(rid), Setting(scenario, ("random",), None, {}))
                for rid, scenario in CASES}
    best = dict.fromkeys(settings, 0.0)
    for _ in range(ROUNDS):
        for case, (rules, setting) in settings.items():
            best[case] = max(best[case], games_per_second(rules, setting, seconds))
    return [(f"simulate {rid}/{scenario}", f"{best[rid, scenario]:,.1f} games/s", "one worker, random agents, CPU time")
            for rid, scenario in CASES]


if __name__ == "__main__":
    for row in run_bench():
        print("  ".join(row))
