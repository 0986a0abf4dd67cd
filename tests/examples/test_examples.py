"""The example games written in the language: played to the end by random agents, and their
rules checked move by move (given a board and a move, the exact next board; a win detected)."""

from pathlib import Path

import pytest

import rulecraft

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
LINES = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]


@pytest.fixture(scope="module")
def tictactoe():
    return rulecraft.load(str(EXAMPLES / "tic-tac-toe"))


@pytest.fixture(scope="module")
def breakthrough():
    return rulecraft.load(str(EXAMPLES / "breakthrough"))


def three_in_a_line(cells, symbol):
    return any(all(cells[i] == symbol for i in line) for line in LINES)


@pytest.mark.parametrize("seed", range(6))
def test_tictactoe_is_played_to_a_win_or_a_draw(tictactoe, seed):
    game = rulecraft.new_game(tictactoe, seed=seed, scenario="classic")
    rulecraft.run(game, "classic")
    cells = game.select("tabletop")[0].props["cells"]
    assert game.over
    if game.winner is None:
        assert 0 not in cells
        assert not three_in_a_line(cells, 1)
        assert not three_in_a_line(cells, 2)
    else:
        symbol = 1 if game.winner.name == "crosses" else 2
        assert three_in_a_line(cells, symbol)
        assert not three_in_a_line(cells, 3 - symbol)
    assert abs(cells.count(1) - cells.count(2)) <= 1


def test_tictactoe_a_move_gives_the_exact_next_board(tictactoe):
    game = rulecraft.Game(tictactoe)
    p = game.players[0]
    board = [1, 0, 0, 0, 2, 0, 0, 0, 0]
    assert game.call("played", board, {"mover": p, "cell": 2}, 1) == [1, 0, 1, 0, 2, 0, 0, 0, 0]
    assert board == [1, 0, 0, 0, 2, 0, 0, 0, 0]  # the given board is a value: unchanged
    with pytest.raises(rulecraft.IllegalAction, match="that cell is taken"):
        game.call("played", board, {"mover": p, "cell": 4}, 1)


def test_tictactoe_detects_a_line(tictactoe):
    game = rulecraft.Game(tictactoe)
    assert game.call("line_winner", [2, 1, 1, 0, 2, 1, 0, 0, 2]) == 2
    assert game.call("line_winner", [1, 2, 1, 1, 2, 2, 2, 1, 1]) == 0


def laid(breakthrough):
    """A game of Breakthrough whose grid is laid out, for calling its rules on given positions."""
    game = rulecraft.Game(breakthrough)
    game.call("lay_board")
    return game


def board_of(rows):
    """Rows written top (row 7) first, as `.`, `W`, `B`."""
    cells = []
    for row in reversed(rows):
        cells += [".WB".index(ch) for ch in row]
    return cells


@pytest.mark.parametrize("seed", range(6))
def test_breakthrough_is_played_until_a_pawn_breaks_through_or_an_army_falls(breakthrough, seed):
    game = rulecraft.new_game(breakthrough, seed=seed, scenario="classic")
    rulecraft.run(game, "classic")
    cells = game.select("tabletop")[0].props["cells"]
    assert game.over
    assert game.winner is not None
    side = 1 if game.winner.name == "white" else 2
    far = cells[56:64] if side == 1 else cells[0:8]
    assert side in far or (3 - side) not in cells
    assert len(cells) == 64
    assert cells.count(1) <= 16
    assert cells.count(2) <= 16


def test_breakthrough_starts_with_two_full_rows_each(breakthrough):
    game = rulecraft.Game(breakthrough)
    assert game.call("start_board") == [1] * 16 + [0] * 32 + [2] * 16


def test_breakthrough_a_capture_gives_the_exact_next_board(breakthrough):
    game = laid(breakthrough)
    before = board_of(["........", "........", "........", "........",
                       "...B....", "..W.....", "........", "........"])
    after = game.call("moved", before, {"origin": 2 * 8 + 2, "target": 3 * 8 + 3})
    assert after == board_of(["........", "........", "........", "........",
                              "...W....", "........", "........", "........"])


def test_breakthrough_refuses_a_straight_capture_and_a_backward_move(breakthrough):
    game = laid(breakthrough)
    before = board_of(["........", "........", "........", "........",
                       "..B.....", "..W.....", "........", "........"])
    for target in (3 * 8 + 2, 1 * 8 + 2):
        with pytest.raises(rulecraft.IllegalAction, match="one cell forward"):
            game.call("moved", before, {"origin": 2 * 8 + 2, "target": target})
    assert [(m["origin"], m["target"]) for m in game.call("moves_of", before, 1)] == [(18, 25), (18, 27)]


def test_breakthrough_detects_a_win(breakthrough):
    game = laid(breakthrough)
    through = board_of(["..W.....", "........", "........", "........",
                        "........", "........", "........", "B......."])
    assert game.call("winner_side", through, {"origin": 6 * 8 + 1, "target": 7 * 8 + 2}) == 1
    last_taken = board_of(["........", "........", "........", "...W....",
                           "........", "........", "........", "........"])
    assert game.call("winner_side", last_taken, {"origin": 3 * 8 + 2, "target": 4 * 8 + 3}) == 1
    going_on = board_of(["........", "....B...", "........", "...W....",
                         "........", "........", "........", "........"])
    assert game.call("winner_side", going_on, {"origin": 3 * 8 + 2, "target": 4 * 8 + 3}) == 0


def test_breakthrough_checks_one_move_as_its_move_list_has_it(breakthrough):
    """`moved` checks a move by its geometry (is_pawn_move): exactly the moves moves_of lists."""
    game = laid(breakthrough)
    board = board_of(["BB.B..BB", ".B..BB..", "..W.B...", "........",
                      "...B.W..", "WW.....W", "..WWW.W.", "W.W..WW."])
    for side in (1, 2):
        listed = {(m["origin"], m["target"]) for m in game.call("moves_of", board, side)}
        checked = {(o, t) for o in range(64) if board[o] == side for t in range(64)
                   if game.call("is_pawn_move", board, {"origin": o, "target": t}, side)}
        assert checked == listed
        assert len(listed) > 10
