"""Connect Four written in the language (examples/connect-four): played to the end by random
agents and checked against the moves the log records; its rules checked move by move."""

from pathlib import Path

import pytest

import rulecraft

FOLDER = Path(__file__).resolve().parents[2] / "examples" / "connect-four"
COLUMNS, ROWS = 7, 6


@pytest.fixture(scope="module")
def connect_four():
    return rulecraft.load(str(FOLDER))


def board_of(rows):
    """Rows written top (row 5) first, as `.`, `R`, `Y`."""
    cells = []
    for row in reversed(rows):
        cells += [".RY".index(ch) for ch in row]
    return cells


def has_four(cells, disc):
    """Four in a line anywhere on the board, found by brute force (not the ruleset's way)."""
    for row in range(ROWS):
        for col in range(COLUMNS):
            for dc, dr in ((1, 0), (0, 1), (1, 1), (1, -1)):
                line = [(col + k * dc, row + k * dr) for k in range(4)]
                if all(0 <= c < COLUMNS and 0 <= r < ROWS and cells[r * COLUMNS + c] == disc for c, r in line):
                    return True
    return False


@pytest.mark.parametrize("seed", range(8))
def test_played_to_a_win_or_a_full_board(connect_four, seed):
    game = rulecraft.new_game(connect_four, seed=seed, scenario="classic")
    rulecraft.run(game, "classic")
    cells = game.select("tabletop")[0].props["cells"]
    # Rebuild the board from the logged choices: each disc falls to the lowest empty cell.
    rebuilt = [0] * (COLUMNS * ROWS)
    picks = [e for e in game.log if e["what"] == "choice"]
    for i, e in enumerate(picks):
        assert e["player"] == ("red" if i % 2 == 0 else "yellow")
        cell = next(r * COLUMNS + e["picked"] for r in range(ROWS) if rebuilt[r * COLUMNS + e["picked"]] == 0)
        rebuilt[cell] = 1 + i % 2
        if i < len(picks) - 1:  # the game went on: nobody had four yet
            assert not has_four(rebuilt, 1)
            assert not has_four(rebuilt, 2)
    assert cells == rebuilt
    assert game.over
    if game.winner is None:
        assert 0 not in cells
        assert not has_four(cells, 1)
        assert not has_four(cells, 2)
    else:
        disc = 1 if game.winner.name == "red" else 2
        assert has_four(cells, disc)
        assert not has_four(cells, 3 - disc)
        assert picks[-1]["player"] == game.winner.name


def test_a_full_board_without_a_line_is_a_draw(connect_four):
    # Columns filled so that no four line up; the last column gets its top disc last.
    game = rulecraft.new_game(connect_four, seed=0, scenario="classic")
    rows = ["RRYYRR.", "YYRRYYR", "RRYYRRY", "YYRRYYR", "RRYYRRY", "YYRRYYR"]
    cells = board_of(rows)
    assert not has_four(cells, 1)
    assert not has_four(cells, 2)
    game.set(game.select("tabletop")[0], "cells", cells)
    rulecraft.run(game, "classic", max_rounds=1)  # red drops the last disc
    final = game.select("tabletop")[0].props["cells"]
    assert final == board_of(["RRYYRRR", *rows[1:]])
    assert game.over
    assert game.winner is None


def test_a_drop_gives_the_exact_next_board(connect_four):
    game = rulecraft.Game(connect_four)
    before = board_of([".......", ".......", ".......", ".......", "..Y....", "..R.R.."])
    after = game.call("dropped", before, 2, 1)
    assert after == board_of([".......", ".......", ".......", "..R....", "..Y....", "..R.R.."])
    assert game.call("dropped", before, 0, 2) == board_of(
        [".......", ".......", ".......", ".......", "..Y....", "Y.R.R.."])
    assert before == board_of([".......", ".......", ".......", ".......", "..Y....", "..R.R.."])
    assert game.call("open_columns", before) == [0, 1, 2, 3, 4, 5, 6]


def test_a_full_column_and_a_column_off_the_board_are_refused(connect_four):
    game = rulecraft.Game(connect_four)
    full = board_of(["...R...", "...Y...", "...R...", "...Y...", "...R...", "...Y..."])
    assert game.call("open_columns", full) == [0, 1, 2, 4, 5, 6]
    with pytest.raises(rulecraft.IllegalAction, match="that column is full"):
        game.call("dropped", full, 3, 1)
    with pytest.raises(rulecraft.IllegalAction, match="seven columns"):
        game.call("dropped", full, 7, 1)


@pytest.mark.parametrize(("rows", "cell", "expected"), [
    ([".......", ".......", ".......", ".......", ".......", "RRRRYYY"], 3, True),    # across
    ([".......", ".......", "Y......", "Y......", "Y......", "YRRR..."], 0, True),    # up
    ([".......", ".......", "...R...", "..RY...", ".RYY...", "RYYR..."], 0, True),    # rising diagonal
    ([".......", ".......", "Y......", "RY.....", "RRY....", "RRRY..."], 15, True),   # falling, from inside
    ([".......", ".......", ".......", ".......", ".......", "RRR.RYY"], 2, False),   # a gap
    ([".......", ".......", ".......", ".......", ".......", "YYYRRRR"], 2, False),   # the line is the other's
])
def test_a_line_of_four_through_a_disc_is_detected(connect_four, rows, cell, expected):
    game = rulecraft.Game(connect_four)
    assert game.call("four_through", board_of(rows), cell) is expected
