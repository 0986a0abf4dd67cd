"""Connect Four (7 columns x 6 rows) by hand: the twin of `examples/connect-four`. The board is
one list of 42 cells (row 0 at the bottom); a disc falls to the lowest empty cell of its
column; four in a line wins; a full board is a draw."""

from __future__ import annotations

from . import RandomPlayers

PLAYERS = ("red", "yellow")
COLUMNS, ROWS = 7, 6


def four_through(board: list[int], cell: int) -> bool:
    disc, col0, row0 = board[cell], cell % COLUMNS, cell // COLUMNS
    for dc, dr in ((1, 0), (0, 1), (1, 1), (1, -1)):
        n = 1
        for sign in (1, -1):
            col, row = col0 + sign * dc, row0 + sign * dr
            while 0 <= col < COLUMNS and 0 <= row < ROWS and board[row * COLUMNS + col] == disc:
                n += 1
                col += sign * dc
                row += sign * dr
        if n >= 4:
            return True
    return False


def play(seed: int) -> tuple[list[int], str | None]:
    """One game between random players: the columns played, and the winner's name."""
    board = [0] * (COLUMNS * ROWS)
    players = RandomPlayers(seed)
    made = []
    while True:
        for me in (0, 1):
            col = players.pick(me, [c for c in range(COLUMNS) if board[35 + c] == 0])
            made.append(col)
            cell = col
            while board[cell]:
                cell += COLUMNS
            board[cell] = me + 1
            if four_through(board, cell):
                return made, PLAYERS[me]
            if 0 not in board[35:]:
                return made, None
