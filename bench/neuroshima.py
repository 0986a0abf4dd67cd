"""(e) neuroshima: battles resolved per second on a full 19-hex board.

Each repetition builds the same full position (both armies: shooters, a Gauss Cannon,
redirectors in a chain, modules, Medics, a Trap, both HQs) from the hex text notation, then
times only `fight_battle` (CPU time, `time.process_time`) - every initiative segment, redirect chains,
Medics, casualties.
"""

from __future__ import annotations

import time

import rulecraft
from rulecraft.runtime.errors import GameOver
from rulecraft.runtime.hexgrid import HexBoard, parse_text

POSITION = """
     So→1  Sa↘1  Me↙1
  Of→1  Sg→1  Sp↘1  Gc↙2
HQ→1  Dn→1  Fs↘1  So←2  HQ←2
  Sc↗1  Sa↗2  Pr←2  Sd↖2
     Me↗1  So↖2  Tr←2
"""


def full_board(rules, seed: int = 1) -> rulecraft.Game:
    game = rulecraft.Game(rules, seed=seed, players=("a", "b"))
    board = HexBoard.hexagon("arena", 2)
    game.boards["arena"] = board
    symbols = {d.props["symbol"]: d.id for d in rules.definitions.values() if "symbol" in d.props}
    for label, (symbol, rotation, owner) in parse_text(board, POSITION).items():
        player = game.players[owner - 1]
        thing = game.create(symbols[symbol], 1, None, player)
        board.place(thing, board.by_label[label], rotation)
        if symbols[symbol] == "hq_doomsday":
            game.set(player, "hq", thing)
    assert not board.empty()
    return game


def battles_per_second(rules, repetitions: int) -> tuple[float, int]:
    total, log = 0.0, 0
    for i in range(repetitions):
        game = full_board(rules, seed=i)
        start = time.process_time()
        try:
            game.call("fight_battle")
        except GameOver:
            pass
        total += time.process_time() - start
        log += len(game.log)
    return repetitions / total, log // repetitions


def run_bench(quick: bool = False) -> list[tuple[str, str, str]]:
    rules = rulecraft.load("neuroshima")
    rate, lines = battles_per_second(rules, 20 if quick else 200)
    return [("full-board battles", f"{rate:,.0f}/s", f"19 tokens; {lines} log lines per battle incl. set-up")]


if __name__ == "__main__":
    for row in run_bench():
        print(*row)
