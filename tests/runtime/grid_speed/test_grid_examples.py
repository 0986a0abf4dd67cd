"""The example games written with the grid built-ins (examples/*-grid) keep their rules: given a
board and a move, the exact next board, and every `require` refusing what the rules forbid."""

from pathlib import Path

import pytest

import rulecraft
from rulecraft.runtime import grid

EXAMPLES = Path(__file__).resolve().parents[3] / "examples"


def new(folder):
    return rulecraft.new_game(rulecraft.load(str(EXAMPLES / folder)), seed=1, scenario="classic")


def sides(game, board):
    return {s: grid.grid_side(game, board, f) for s in range(game.boards[board].spaces)
            if (f := grid.grid_at(game, board, s)) is not None}


def test_breakthrough_a_pawn_takes_diagonally_and_the_taken_pawn_leaves_the_game():
    game = new("breakthrough-grid")
    game.call("set_up")
    black = grid.grid_at(game, "board", 48)
    grid.grid_place(game, "board", black, 17, "1x1", "black")  # a black pawn in reach of white
    game.call("move_pawn", {"origin": 8, "target": 17}, "white")
    after = sides(game, "board")
    assert after[17] == "white"
    assert 8 not in after
    assert not black.alive
    assert [m["target"] for m in game.call("steps", 17, "white")] == [25, 24, 26]


@pytest.mark.parametrize(("origin", "target", "refusal"), [
    (30, 38, "there is no pawn there"),
    (8, 9, "a pawn moves one space forward, or diagonally forward"),  # sideways
    (8, 0, "a pawn moves one space forward, or diagonally forward"),  # backwards, onto its own side
    (0, 9, "a pawn moves one space forward, or diagonally forward"),  # onto a pawn of its side
])
def test_breakthrough_refuses_what_the_rules_forbid(origin, target, refusal):
    game = new("breakthrough-grid")
    game.call("set_up")
    before = sides(game, "board")
    with pytest.raises(rulecraft.IllegalAction, match=refusal):
        game.call("move_pawn", {"origin": origin, "target": target}, "white")
    assert sides(game, "board") == before


def test_breakthrough_a_pawn_of_the_other_side_is_refused():
    game = new("breakthrough-grid")
    game.call("set_up")
    with pytest.raises(rulecraft.IllegalAction, match="a pawn moves one space forward"):
        game.call("move_pawn", {"origin": 48, "target": 40}, "white")


def test_connect_four_a_disc_falls_to_the_lowest_empty_space():
    game = new("connect-four-grid")
    grid.grid_board(game, "rack", ["......."] * 6, game.rules.legends["rack"])
    assert game.call("landing", 3) == 5 * 7 + 3
    grid.grid_place(game, "rack", game.create("a_disc"), 5 * 7 + 3, "1x1", "red")
    assert game.call("landing", 3) == 4 * 7 + 3
    assert game.call("open_columns") == list(range(7))


def test_connect_four_refuses_a_full_column_and_a_column_off_the_board():
    game = new("connect-four-grid")
    grid.grid_board(game, "rack", ["......."] * 6, game.rules.legends["rack"])
    for row in range(6):
        grid.grid_place(game, "rack", game.create("a_disc"), row * 7 + 2, "1x1", "red" if row % 2 else "yellow")
    assert game.call("open_columns") == [0, 1, 3, 4, 5, 6]
    with pytest.raises(rulecraft.IllegalAction, match="that column is full"):
        game.call("landing", 2)
    with pytest.raises(rulecraft.IllegalAction, match="there are seven columns"):
        game.call("landing", 7)


def test_connect_four_finds_four_in_a_line_through_the_last_disc():
    game = new("connect-four-grid")
    grid.grid_board(game, "rack", ["......."] * 6, game.rules.legends["rack"])
    for s in (5 * 7 + 0, 4 * 7 + 1, 3 * 7 + 2):  # a rising diagonal, one disc short
        grid.grid_place(game, "rack", game.create("a_disc"), s, "1x1", "red")
    assert not game.call("four_through", 3 * 7 + 2, "red")
    grid.grid_place(game, "rack", game.create("a_disc"), 2 * 7 + 3, "1x1", "red")
    assert game.call("four_through", 2 * 7 + 3, "red")
    assert game.call("four_through", 5 * 7 + 0, "red")
    assert not game.call("four_through", 2 * 7 + 3, "yellow")
