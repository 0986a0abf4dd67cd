"""Connect Four as `examples/connect-four` writes it, fn for fn, in plain Python with no runtime:
no step budget, no log, no turn or choice machinery, a plain list for the board's field. It
plays the same games as the ruleset and the twin (tests/bench/test_twins.py).

It measures a ceiling, not a rival: what compiling the ruleset could reach if the runtime cost
nothing at all. Where it is slower than the hand-written twin, the difference is in how the
rules are written (a fn call per direction and sign, a copied board per move), which a
translation of the rules as written keeps.
"""

from __future__ import annotations

from . import RandomPlayers
from .connect_four import PLAYERS

DIRECTIONS = [[1, 0], [0, 1], [1, 1], [1, -1]]


def open_columns(b: list[int]) -> list[int]:
    out = []
    for col in range(7):
        if b[35 + col] == 0:
            out.append(col)
    return out


def landing(b: list[int], col: int) -> int:
    if not (col >= 0 and col <= 6) or b[35 + col] != 0:
        raise ValueError(col)
    cell = col
    while b[cell] != 0:
        cell += 7
    return cell


def dropped(b: list[int], col: int, disc: int) -> list[int]:
    changed = list(b)
    changed[landing(b, col)] = disc
    return changed


def run_length(b: list[int], cell: int, dc: int, dr: int) -> int:
    col, row, n = cell % 7 + dc, cell // 7 + dr, 0
    while col >= 0 and col <= 6 and row >= 0 and row <= 5 and b[row * 7 + col] == b[cell]:
        n += 1
        col += dc
        row += dr
    return n


def four_through(b: list[int], cell: int) -> bool:
    for d in DIRECTIONS:
        if 1 + run_length(b, cell, d[0], d[1]) + run_length(b, cell, -d[0], -d[1]) >= 4:
            return True
    return False


def play(seed: int) -> tuple[list[int], str | None]:
    """One game between random players: the columns played, and the winner's name."""
    table = {"cells": [0] * 42}
    players = RandomPlayers(seed)
    made = []
    for _ in range(21):
        disc = 1
        for me in (0, 1):
            b = table["cells"]
            col = players.pick(me, open_columns(b))
            made.append(col)
            cell = landing(b, col)
            table["cells"] = dropped(b, col, disc)
            if four_through(table["cells"], cell):
                return made, PLAYERS[me]
            if 0 not in table["cells"]:
                return made, None
            disc += 1
    return made, None
