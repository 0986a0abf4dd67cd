"""Hex rays (`hex_ray`, `hex_reach`) are found once per cell and direction (the board's search
cache): repeated ones are hits, every answer equals a walk over the cells' coordinates, each is
a new list, and a copy of a game keeps its own cache."""

import copy

import rulecraft
from rulecraft.runtime import hexgrid

RULES = rulecraft.compile_source('game "h" "hex"\nboard H "h"\nkind piece {}\npiece token "Token" {}\n')


def game():
    g = rulecraft.Game(RULES, seed=1)
    hexgrid.hex_board(g, "h", 3)
    return g


def walked(board, cell, d):
    """The ray by coordinates: step by STEPS[d] while the next place is a cell."""
    x, y = board.coords[cell]
    dx, dy = hexgrid.STEPS[d]
    out = []
    while (x + dx, y + dy) in board.index:
        x, y = x + dx, y + dy
        out.append(board.index[(x, y)])
    return out


def test_every_ray_and_reach_is_the_walk_over_the_cells():
    g = game()
    board = g.boards["h"]
    for _ in range(2):  # the second time from the cache
        for cell in range(board.size()):
            for d in range(-6, 12):
                ray = walked(board, cell, d % 6)
                assert hexgrid.hex_ray(g, "h", cell, d) == ray
                for n in (0, 1, 2, 5):
                    assert hexgrid.hex_reach(g, "h", cell, d, n) == ray[:n]
    assert board.searches.misses == board.size() * 6
    assert board.searches.hits > board.size() * 6 * 10


def test_a_ray_is_a_new_list_each_time():
    g = game()
    ray = hexgrid.hex_ray(g, "h", 0, 0)
    ray.append(99)
    assert hexgrid.hex_ray(g, "h", 0, 0) == walked(g.boards["h"], 0, 0)


def test_tokens_placed_leave_the_rays_as_they_are_and_a_copy_has_its_own_cache():
    g = game()
    before = hexgrid.hex_ray(g, "h", 0, 0)
    hexgrid.hex_place(g, "h", g.create("token"), before[0], 0)
    assert hexgrid.hex_ray(g, "h", 0, 0) == before  # a ray runs to the edge, over tokens
    twin = copy.deepcopy(g)
    assert twin.boards["h"].searches is not g.boards["h"].searches
    assert twin.boards["h"].searches.answers == {}
    assert hexgrid.hex_ray(twin, "h", 0, 0) == before
