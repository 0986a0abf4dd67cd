"""What the Neuroshima tests share besides their folder's `Board`: the six hex directions, a board
of three players where two are allies, and a list of hits as (hex label, wounds). It takes a
`Board` (tests/rulesets/neuroshima/conftest.py) and gives plain values; add here a helper that a
second test file would otherwise copy."""

E, SE, SW, W, NW, NE = range(6)  # the hex directions, clockwise from east


def allied_board(new_board, **kwargs):
    """Three players: a and c are allies, b is their enemy."""
    board = new_board(players=("a", "b", "c"), **kwargs)
    c = board.game.players[2]
    board.game.set(c, "allies", [board.a])
    board.game.set(board.a, "allies", [c])
    return board, c


def targets(board, hits):
    """Each hit as (the label of the hex it lands on, its wounds), sorted."""
    return sorted((board.fn("hex_label", "arena", board.fn("hex_cell_of", "arena", h["target"])), h["wounds"]) for h in hits)
