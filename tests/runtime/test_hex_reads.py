"""What a hex board keeps between changes, and the token reads that test their arguments at once.

A board holds only living things (a destroyed thing is taken off every board, one placed after it
was destroyed is not laid), keeps the occupant of each cell, and keeps its things and its empty
cells in order until a token is laid, moved or taken off: these tests change the board every way
and compare the kept answers with the board's cells read one by one. The token reads
(`hex_side`, `hex_side_dir`, `hex_edge`, `hex_rotation`) answer in one test where every argument
holds and refuse the rest in the words and the order of their checks: board, thing, values,
direction."""

import copy

import pytest

import rulecraft
from rulecraft import IllegalAction
from rulecraft.runtime.builtins import BUILTINS

SOURCE = '''
game "hexreads" "the hex board's kept reads"
board b
kind piece { sides: list<int> = [0, 0, 0, 0, 0, 0] }
piece arrow "Arrow" { sides: [5, 0, 0, 0, 0, 1] }
'''


@pytest.fixture(scope="module")
def rules():
    return rulecraft.compile_source(SOURCE, filename="hexreads.rules")


@pytest.fixture
def game(rules):
    g = rulecraft.Game(rules, seed=1)
    call("hex_board", g, "b", 2)
    return g


def call(name, game, *args):
    return BUILTINS[name][0](game, *args)


def read_one_by_one(game):
    """The things and the empty cells, each cell asked on its own."""
    held = [call("hex_at", game, "b", c) for c in range(19)]
    return [t for t in held if t is not None], [c for c, t in enumerate(held) if t is None]


def kept(game):
    return call("hex_things", game, "b"), call("hex_empty", game, "b")


def test_the_kept_things_and_empty_cells_follow_every_change(game):
    a, b, c = (game.create("arrow") for _ in range(3))
    steps = [("hex_place", a, 7, 0), ("hex_place", b, 2, 1), ("hex_place", c, 12, 5), ("hex_move", a, 0),
             ("hex_rotate", b, 3), ("hex_remove", c), ("hex_move", b, 18), ("hex_place", c, 9, 2)]
    assert kept(game) == read_one_by_one(game) == ([], list(range(19)))
    for name, thing, *args in steps:
        call(name, game, "b", thing, *args)
        assert kept(game) == read_one_by_one(game), name
    assert kept(game)[0] == [a, c, b]
    game.things.destroy(c)
    assert kept(game) == read_one_by_one(game) == ([a, b], [c for c in range(19) if c not in (0, 18)])


def test_the_kept_lists_are_new_each_time(game):
    call("hex_place", game, "b", game.create("arrow"), 4, 0)
    things, empty = kept(game)
    things.clear()
    empty.append(4)
    assert len(call("hex_things", game, "b")) == 1
    assert 4 not in call("hex_empty", game, "b")


def test_a_thing_destroyed_before_it_is_laid_is_not_on_the_board(game):
    a = game.create("arrow")
    game.things.destroy(a)
    call("hex_place", game, "b", a, 5, 0)
    assert call("hex_at", game, "b", 5) is None
    assert call("hex_cell_of", game, "b", a) == -1
    assert kept(game) == ([], list(range(19)))
    b = game.create("arrow")
    call("hex_place", game, "b", b, 5, 0)  # the cell is free
    assert game.boards["b"].snapshot()["tokens"] == [["b3", b.ref, 0]]


def test_a_copy_of_the_game_has_its_own_board(game):
    a = game.create("arrow")
    call("hex_place", game, "b", a, 3, 1)
    assert kept(game)[0] == [a]  # kept on the original before it is copied
    twin = copy.deepcopy(game)
    (twin_a,) = call("hex_things", twin, "b")
    assert twin_a is not a
    assert twin_a.id == a.id
    assert call("hex_at", twin, "b", 3) is twin_a
    call("hex_move", twin, "b", twin_a, 10)
    call("hex_place", twin, "b", twin.create("arrow"), 11, 0)
    assert kept(twin) == read_one_by_one(twin)
    assert call("hex_cell_of", twin, "b", twin_a) == 10
    assert kept(game) == ([a], [c for c in range(19) if c != 3])
    assert call("hex_cell_of", game, "b", a) == 3


def test_the_token_reads_follow_the_rotation(game):
    a = game.create("arrow")
    call("hex_place", game, "b", a, 9, 2)
    assert call("hex_rotation", game, "b", a) == 2
    assert [call("hex_side", game, "b", a, d) for d in range(6)] == [4, 5, 0, 1, 2, 3]
    assert [call("hex_side_dir", game, "b", a, s) for s in range(6)] == [2, 3, 4, 5, 0, 1]
    assert [call("hex_edge", game, "b", a, d, a.props["sides"]) for d in range(6)] == [0, 1, 5, 0, 0, 0]
    assert call("hex_side", game, "b", a, 8) == call("hex_side", game, "b", a, 2)  # directions turn round
    assert call("hex_side_dir", game, "b", a, -1) == 1


def refusal(name, game, *args):
    with pytest.raises(IllegalAction) as err:
        call(name, game, *args)
    return err.value.message


@pytest.mark.parametrize("name", ["hex_side", "hex_side_dir", "hex_edge", "hex_rotation"])
def test_the_token_reads_refuse_in_the_order_of_their_checks(game, name):
    a, off = game.create("arrow"), game.create("arrow")
    call("hex_place", game, "b", a, 9, 2)
    more = {"hex_side": (None,), "hex_side_dir": (None,), "hex_edge": (None, [1, 2])}.get(name, ())
    assert refusal(name, game, "nope", None, *more) == f"`{name}`: there is no hex board named 'nope'"
    assert refusal(name, game, None, a, *more) == f"`{name}`: there is no hex board named None"
    assert refusal(name, game, "b", 3, *more) == f"`{name}`: 3 is not a thing"
    assert refusal(name, game, "b", off, *more) == f"`{name}`: {off.ref} is not on hex board 'b'"
    if name == "hex_edge":
        assert refusal(name, game, "b", a, None, [1, 2]) == "`hex_edge`: per-side values are a list of 6, not [1, 2]"
        assert refusal(name, game, "b", a, True, [0] * 6) == "`hex_edge`: a direction is a number 0..5, not True"
    elif more:
        assert refusal(name, game, "b", a, "e") == f"`{name}`: a direction is a number 0..5, not 'e'"
        assert refusal(name, game, "b", a, 1.0) == f"`{name}`: a direction is a number 0..5, not 1.0"
