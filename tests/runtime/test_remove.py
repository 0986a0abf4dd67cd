"""`remove` (and `destroy`) take a thing off every zone and board it stands on: square grid, hex board, graph."""

from __future__ import annotations

import pytest

import rulecraft

SOURCE = '''game "b" "B"
terrain floor { symbol: "." }
legend plain { ".": floor }
board g
board h
kind piece { }
piece pawn "Pawn" x3 { }
zone tray
action take(t: piece) { remove t }
action kill(t: piece) { destroy t }
fn grid() -> list<piece> {
  let b = grid_board(g, ["...", "..."], plain)
  let a = create pawn at tray
  let c = create pawn at tray
  grid_place(g, a, 0, "1x1", "x")
  grid_place(g, c, 4, "1x1", "x")
  return [a, c]
}
fn hexes() -> list<piece> {
  hex_board(h, 1)
  let a = create pawn at tray
  let c = create pawn at tray
  hex_place(h, a, 0, 0)
  hex_place(h, c, 1, 0)
  return [a, c]
}
fn linked_up() -> list<piece> {
  let a = create pawn at tray
  let c = create pawn at tray
  link(a, c)
  return [a, c]
}
fn on_grid() -> list<any> { return grid_figures(g) }
fn at_grid(s: int) -> any { return grid_at(g, s) }
fn on_hex() -> list<any> { return hex_things(h) }
fn at_hex(c: int) -> any { return hex_at(h, c) }
fn next_to(t: piece) -> list<piece> { return neighbours(t) }
fn in_tray() -> list<piece> { return all piece at tray }
fn pieces() -> list<piece> { return all piece }
'''


@pytest.fixture
def game():
    return rulecraft.Game(rulecraft.compile_source(SOURCE, filename="boards.rules"))


@pytest.mark.parametrize("how", ["take", "kill"])
def test_a_thing_removed_leaves_the_square_grid(game, how):
    a, c = game.call("grid")
    game.act(how, a)
    assert game.call("on_grid") == [c]
    assert game.call("at_grid", 0) is None
    assert game.call("in_tray") == game.call("pieces") == [c]


@pytest.mark.parametrize("how", ["take", "kill"])
def test_a_thing_removed_leaves_the_hex_board(game, how):
    a, c = game.call("hexes")
    game.act(how, a)
    assert game.call("on_hex") == [c]
    assert game.call("at_hex", 0) is None
    assert game.call("in_tray") == game.call("pieces") == [c]


@pytest.mark.parametrize("how", ["take", "kill"])
def test_a_thing_removed_leaves_the_graph(game, how):
    a, c = game.call("linked_up")
    assert game.call("next_to", c) == [a]
    game.act(how, a)
    assert game.call("next_to", c) == []
    assert game.call("in_tray") == game.call("pieces") == [c]


def test_the_grid_space_of_a_removed_thing_is_free_again(game):
    a, c = game.call("grid")
    game.act("take", a)
    assert game.call("at_grid", 4) is c
    assert 0 in rulecraft.runtime.grid.grid_empty(game, "g")
