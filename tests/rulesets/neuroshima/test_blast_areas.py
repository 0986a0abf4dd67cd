"""The Small Bomb's blast areas, counted independently of the ruleset: every three hexes of the
19-hex board that touch each other two by two, each once (the unit triangles of a hexagon of
side 2: 24)."""

from itertools import combinations

import pytest


def hexagon_cells(radius=2):
    """The board's hexes as (x, y) in doubled-width coordinates, numbered row by row from the
    top, left to right (the numbering the hex library documents)."""
    cells = []
    for y in range(-radius, radius + 1):
        width = 2 * radius + 1 - abs(y)
        cells += [(x, y) for x in range(-(width - 1), width, 2)]
    return cells


def touch(p, q):
    (x1, y1), (x2, y2) = p, q
    return (abs(x1 - x2) == 2 and y1 == y2) or (abs(x1 - x2) == 1 and abs(y1 - y2) == 1)


def triangles(cells):
    return {frozenset(three) for three in combinations(range(len(cells)), 3)
            if all(touch(cells[a], cells[b]) for a, b in combinations(three, 2))}


def test_the_independent_count_is_that_of_a_hexagon_of_side_2():
    cells = hexagon_cells()
    assert len(cells) == 19
    assert len(triangles(cells)) == 24


@pytest.mark.rules("NS-045", "NS-046")
def test_the_blast_areas_are_every_triangle_wholly_on_the_board_each_once(board):
    areas = board.call("blast_areas")
    assert len(areas) == 24
    assert {frozenset(a) for a in areas} == triangles(hexagon_cells())

