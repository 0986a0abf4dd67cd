"""Each token's count in the mustered army, checked under the ids of the rules that token carries:
a count off by one is an army with the wrong number of that token (NS-050: the X given with a
token's name is how many of it the army has)."""

from collections import Counter

import pytest

ARMY = [  # token, how many the army sheet gives, the ids the token's definition implements
    ("hq_doomsday", 1, ("NS-015",)),
    ("shooter_alpha", 2, ("NS-016",)),
    ("shooter_omega", 4, ("NS-017",)),
    ("gauss_cannon", 2, ("NS-018", "NS-020")),
    ("shooter_gamma", 1, ("NS-021", "NS-022")),
    ("shooter_delta", 1, ("NS-027",)),
    ("splitter", 2, ("NS-023", "NS-024")),
    ("doom_netter", 2, ("NS-028", "NS-029")),
    ("fire_station", 2, ("NS-030", "NS-031")),
    ("trap", 1, ("NS-032",)),
    ("medic", 5, ("NS-025", "NS-014")),
    ("officer", 2, ("NS-026",)),
    ("scout", 2, ("NS-034",)),
    ("combat_processor", 2, ("NS-035",)),
    ("battle", 4, ("NS-039",)),
    ("push_back", 1, ("NS-042",)),
    ("small_bomb", 1, ("NS-044",)),
]


@pytest.mark.parametrize("token, wanted", [
    pytest.param(token, wanted, marks=pytest.mark.rules("NS-050", *ids), id=token) for token, wanted, ids in ARMY])
def test_the_mustered_army_has_exactly_the_sheets_count_of_each_token(board, token, wanted):
    board.call("muster", board.a)
    deck = Counter(t.def_id for t in board.game.zone("deck", board.a).items)
    assert deck[token] == wanted
    assert sum(deck.values()) == 35
