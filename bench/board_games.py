"""(h) Board games: random playouts/s of the example rulesets against their hand-written twins.

Each game (written twice: over a flat list of cells, and with the grid built-ins, its pieces
figures on a board) is played from the same seeds by rulecraft (the compiled ruleset, compiled once before
timing; a playout is the scenario's setup plus its rounds) with the full log (the default) and with
the simulation log (only what a replay needs), and by the hand-written Python twin in
`bench/twins/`, which makes the same moves (tests/bench/test_twins.py). CPU time
(`time.process_time`); the seeds are cycled in whole passes until a minimum time has passed.
ratio = rulecraft playouts/s / twin playouts/s (1.0 = as fast as the hand-written Python).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path

import rulecraft
from rulecraft.runtime.play import run, start

from .twins import breakthrough, connect_four, connect_four_as_written

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"
GAMES: list[tuple[str, str, Callable[[int], object]]] = [
    ("Breakthrough 8x8", "breakthrough", breakthrough.play),
    ("Connect Four 7x6", "connect-four", connect_four.play),
    # The same games written with the grid built-ins, as a user would: figures placed on a board.
    ("Breakthrough 8x8 on a grid board", "breakthrough-grid", breakthrough.play),
    ("Connect Four 7x6 on a grid board", "connect-four-grid", connect_four.play),
]
# The ruleset's own fns in plain Python with no runtime at all: the most compiling could give.
CEILINGS = {"connect-four": connect_four_as_written.play}
SEEDS = range(10)
ROUNDS = 3  # each figure is the best of this many measurements, taken in turn
# The runtime's own cost of a turn: a turn in which a player only chooses among three numbers.
FLOOR = """
game "floor" "A turn that only chooses"
scenario classic "Two players, random picks" {
  players: ["a", "b"]
  rounds: 30
  round {
    for p in players() {
      turn p { let c = choose from [1, 2, 3] by p "pick" }
    }
  }
}
"""


def playouts_per_second(play: Callable[[int], object], seconds: float) -> float:
    """Plays the seeds in whole passes until `seconds` of CPU time have passed."""
    games, start_time = 0, time.process_time()
    while True:
        for seed in SEEDS:
            play(seed)
        games += len(SEEDS)
        elapsed = time.process_time() - start_time
        if elapsed >= seconds:
            return games / elapsed


def rulecraft_playout(folder: str, log: str) -> Callable[[int], object]:
    rules = rulecraft.load(str(EXAMPLES / folder))

    def play(seed: int) -> object:
        return run(start(rules, "classic", seed=seed, log=log), "classic")
    return play


def turn_floor(seconds: float) -> list[tuple[str, str, str]]:
    """CPU time of one turn that only chooses (turn, choice, log), per log mode."""
    rules = rulecraft.compile_source(FLOOR, "floor.rules")
    rows = []
    for log in ("full", "simulation"):
        rate = playouts_per_second(lambda seed, log=log: run(start(rules, "classic", seed=seed, log=log), "classic"),
                                   seconds)
        rows.append((f"a turn that only chooses, {log} log", f"{1e6 / (rate * 60):.1f} us/turn",
                     "the runtime's own cost of a turn" if log == "full" else ""))
    return rows


def run_bench(quick: bool = False) -> list[tuple[str, str, str]]:
    seconds = 0.15 if quick else 0.3
    rows = turn_floor(seconds)
    for title, folder, twin in GAMES:
        players = {"twin": twin, "full": rulecraft_playout(folder, "full"),
                   "simulation": rulecraft_playout(folder, "simulation")}
        if folder in CEILINGS:
            players["as written"] = CEILINGS[folder]
        # Each is measured ROUNDS times, in turn with the others, and its best kept: a busy
        # machine then slows all three alike instead of whichever ran when it was busiest.
        best = {name: 0.0 for name in players}
        for _ in range(ROUNDS):
            for name, play in players.items():
                best[name] = max(best[name], playouts_per_second(play, seconds))
        theirs = best["twin"]
        for log in ("full", "simulation"):
            rows.append((f"{title}: rulecraft, {log} log", f"{best[log]:,.0f} playouts/s",
                         f"ratio = {best[log] / theirs:.2f}"))
        if "as written" in best:
            rows.append((f"{title}: its fns in plain Python, no runtime", f"{best['as written']:,.0f} playouts/s",
                         f"ratio = {best['as written'] / theirs:.2f} (the ceiling)"))
        rows.append((f"{title}: hand-written Python twin", f"{theirs:,.0f} playouts/s", ""))
    return rows


if __name__ == "__main__":
    for row in run_bench():
        print("  ".join(row))
