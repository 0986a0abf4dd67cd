"""The Doom bench (bench/doom.py) runs on the rulesets as they are: its grid queries, written in
the language, count what the hand-written Python counts, and an attack resolves on its board
(the figures themselves are the bench's, not the tests')."""

from bench import doom


def test_the_grid_queries_count_what_the_hand_written_ones_count():
    rows = doom.grid_ratios(1, 1)  # it asserts that both ways give the same counts
    assert [title for title, _, _ in rows] == ["line of sight to every empty space", "line of sight to every empty space, after a change",
                                               "spaces reachable with 6 movement", "spaces reachable with 6 movement, after a change"]


def test_an_attack_resolves_on_the_benchs_board():
    assert doom.attack_rate(2) > 0
