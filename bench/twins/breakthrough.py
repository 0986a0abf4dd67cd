"""Breakthrough (8x8) by hand, the way a Python programmer would write it: the twin of
`examples/breakthrough`. White (1) starts on rows 0-1 and moves up, black (2) on rows 6-7
and moves down; a pawn steps forward to an empty cell or diagonally forward to a cell that
is empty or holds an enemy pawn. Reaching the far row, or taking the last enemy pawn, wins;
a player without a move loses."""

from __future__ import annotations

from . import RandomPlayers

PLAYERS = ("white", "black")
ROUNDS = 400


def moves_of(board: list[int], side: int) -> list[tuple[int, int]]:
    """(origin, target) pairs in the order the ruleset lists them: by origin, ahead first, then left, right."""
    out = []
    ahead = 1 if side == 1 else -1
    for i, cell in enumerate(board):
        if cell != side:
            continue
        row, col = i // 8 + ahead, i % 8
        if not 0 <= row <= 7:
            continue
        if board[row * 8 + col] == 0:
            out.append((i, row * 8 + col))
        for c in (col - 1, col + 1):
            if 0 <= c <= 7 and board[row * 8 + c] != side:
                out.append((i, row * 8 + c))
    return out


def play(seed: int) -> tuple[list[tuple[int, int]], str | None]:
    """One game between random players: the moves made, and the winner's name."""
    board = [1] * 16 + [0] * 32 + [2] * 16
    players = RandomPlayers(seed)
    made = []
    for _ in range(ROUNDS):
        for me, side in ((0, 1), (1, 2)):
            options = moves_of(board, side)
            if not options:
                return made, PLAYERS[1 - me]
            origin, target = players.pick(me, options)
            made.append((origin, target))
            board[origin], board[target] = 0, side
            if target // 8 == (7 if side == 1 else 0) or (3 - side) not in board:
                return made, PLAYERS[me]
    return made, None
