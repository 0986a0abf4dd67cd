"""The invader deck is this ruleset's own (the printed cards are not in the seed): how many
copies of each card it holds are marked assumptions, 16 cards by default (DOOM-029, DOOM-061)."""

import functools
from collections import Counter

import pytest

import rulecraft


def deck(t):
    t.call("fill_invader_deck")
    return Counter(c.def_id for c in t.zone("invader_deck"))


@pytest.mark.rules("DOOM-029", "DOOM-061")
def test_the_invader_deck_holds_the_assumed_copies_of_each_card(new_table, monkeypatch):
    default = deck(new_table())
    assert sum(default.values()) == 16
    assert default == {"zombie_pack": 2, "imp_pair": 2, "trite_nest": 2, "demon_or_pair": 2,
                       "knight_or_archvile": 1, "heavy": 1, "regenerate": 3, "ambush": 3}
    changed = {"ambush.deck_copies": 0, "regenerate.deck_copies": 1, "heavy.deck_copies": 0}
    monkeypatch.setattr(rulecraft, "Game", functools.partial(rulecraft.Game, assumptions=changed))
    fewer = deck(new_table())
    assert sum(fewer.values()) == 10
    assert "ambush" not in fewer
    assert "heavy" not in fewer
    assert fewer["regenerate"] == 1


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
