"""(d) Doom: attacks, whole rounds, and square-grid queries against hand-written Python (CPU time).

- attack resolutions/s: `resolve_attack` of the doom ruleset (steps 3-5 of an attack: range,
  pistol dice, success, wounds) on a board, marine shooting an imp that never dies.
- rounds/s: Knee Deep in the Dead played by random agents, several seeds, 12 rounds at most.
- line of sight / movement: the same query written in the language (compiled by rulecraft,
  calling the grid built-ins) and in hand-written Python calling the grid library directly;
  the ratio is compiled / hand-written (1.0 = no overhead from the language). The searches are
  kept per board version (gridsearch.py), so each query is timed asked again on an unchanged
  board, and "after a change": the board's version bumped before each (every search found anew).
"""

from __future__ import annotations

import time
import timeit

import rulecraft
from rulecraft.runtime import grid, gridsearch
from rulecraft.runtime.play import run, start

QUERIES = """
game "doom-bench" "grid queries"
kind piece {}
piece token "Token" {}
terrain floor { symbol: "." }
terrain hazard { symbol: "~" }
terrain wall { symbol: "#", passable: false, blocks_sight: true }
terrain door { symbol: "D", passable: false, blocks_sight: true }
terrain blocking { symbol: "O", passable: false, blocks_sight: true }
board B "b"
legend rooms { "#": wall  ".": floor  "D": door  "O": blocking  "~": hazard cost=2 }
fn visible_spaces(f: any) -> int {
  let n = 0
  for s in grid_empty(B) {
    if grid_sees(B, f, s, []) { n += 1 }
  }
  return n
}
fn reachable_spaces(f: any, budget: int) -> int {
  return count(grid_reachable(B, f, budget))
}
"""

ROWS = [
    "####################",
    "#....#.......O.....#",
    "#....D...~~.....#..#",
    "#....#..........#..#",
    "###.####..O.....D..#",
    "#.........#........#",
    "#..O......#...~~...#",
    "#.........D........#",
    "####################",
]


def _best(fn, number: int, repeat: int) -> float:
    return min(timeit.Timer(fn, timer=time.process_time).repeat(number=number, repeat=repeat)) / number


def attack_rate(n: int) -> float:
    rules = rulecraft.load("doom")
    game = rulecraft.Game(rules, seed=1, players=["inv", "m1"])
    game.call("choose_roles", game.players[0])
    game.call("build_board", ROWS, rules.legends["knee_deep_legend"])  # the scenario's legend gives ROWS' characters
    game.call("sort_invader_figures")
    game.call("give_equipment")
    marine = game.call("create_marine_figure", game.players[1])
    grid.grid_place(game, "map", marine, 1 * 20 + 1, "1x1", "marines")
    imp = game.call("available", "imp")[0]
    game.call("put_on_board", imp, 3 * 20 + 3)
    game.set(imp, "wounds", 10**9)
    target = 3 * 20 + 3
    start_t = time.process_time()
    for _ in range(n):
        game.call("resolve_attack", marine, target, ["yellow", "green"], 0, 0, 0, False)
    return n / (time.process_time() - start_t)


def round_rate(seeds: int) -> tuple[float, int]:
    rules = rulecraft.load("doom")
    rounds = 0
    start_t = time.process_time()
    for seed in range(1, seeds + 1):
        game = run(start(rules, "knee_deep", seed=seed), "knee_deep")
        rounds += game.round
    return rounds / (time.process_time() - start_t), rounds


def grid_ratios(number: int, repeat: int) -> list[tuple[str, float, float]]:
    rules = rulecraft.compile_source(QUERIES)
    game = rulecraft.Game(rules, seed=1)
    grid.grid_board(game, "b", ROWS, rules.legends["rooms"])
    token = game.create("token")
    grid.grid_place(game, "b", token, 5 * 20 + 4, "1x1", "a")
    board = game.boards["b"]
    fid = token.id

    def by_hand_sight() -> int:  # the same query, hand-written against the library
        return sum(1 for s in range(len(board.terrain))
                   if s not in board.occupant and board.passable(*board.xy(s)) and gridsearch.sees(board, fid, s, set()))

    def by_hand_reach() -> int:
        return len(gridsearch.reachable(board, fid, 6))

    assert game.call("visible_spaces", token) == by_hand_sight()
    assert game.call("reachable_spaces", token, 6) == by_hand_reach()

    def after_a_change(query):
        def run():
            board.changed()
            return query()
        return run

    queries = [("line of sight to every empty space", lambda: game.call("visible_spaces", token), by_hand_sight),
               ("spaces reachable with 6 movement", lambda: game.call("reachable_spaces", token, 6), by_hand_reach)]
    rows = []
    for title, compiled, by_hand in queries:
        rows.append((title, _best(compiled, number, repeat), _best(by_hand, number, repeat)))
        rows.append((f"{title}, after a change", _best(after_a_change(compiled), number, repeat),
                     _best(after_a_change(by_hand), number, repeat)))
    return rows


def run_bench(quick: bool = False) -> list[tuple[str, str, str]]:
    rows = []
    rate = attack_rate(300 if quick else 3000)
    rows.append(("attack resolutions (pistol, on the board)", f"{rate:,.0f}/s", ""))
    rounds_s, rounds = round_rate(2 if quick else 10)
    rows.append(("knee_deep rounds, random agents", f"{rounds_s:,.1f}/s", f"({rounds} rounds)"))
    for title, compiled, by_hand in grid_ratios(5 if quick else 30, 3 if quick else 5):
        rows.append((title, f"{compiled * 1e6:,.0f} us compiled / {by_hand * 1e6:,.0f} us by hand",
                     f"ratio {compiled / by_hand:.2f}"))
    return rows
