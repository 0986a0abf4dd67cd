"""The invader cards made for the box, by exact count: each `*_copies` assumption of -1 puts
every copy made in the deck, so the deck then shows how many of each card the box holds
(DOOM-061), among them the divided spawn cards (DOOM-070, DOOM-071)."""

import functools
from collections import Counter

import pytest

import rulecraft

CARDS = ["zombie_pack", "imp_pair", "trite_nest", "demon_or_pair", "knight_or_archvile", "heavy",
         "regenerate", "ambush"]


@pytest.mark.rules("DOOM-061", "DOOM-070", "DOOM-071")
def test_with_every_copy_in_the_deck_it_holds_the_sixteen_cards_the_box_makes(new_table, monkeypatch):
    every = {f"{name}.deck_copies": -1 for name in CARDS}
    monkeypatch.setattr(rulecraft, "Game", functools.partial(rulecraft.Game, assumptions=every))
    t = new_table()
    t.call("fill_invader_deck")
    deck = Counter(c.def_id for c in t.zone("invader_deck"))
    assert deck == {"zombie_pack": 2, "imp_pair": 2, "trite_nest": 2, "demon_or_pair": 2,
                    "knight_or_archvile": 1, "heavy": 1, "regenerate": 3, "ambush": 3}
    kinds = Counter(c.kind for c in t.zone("invader_deck"))
    assert kinds == {"spawn_card": 10, "event_card": 6}
