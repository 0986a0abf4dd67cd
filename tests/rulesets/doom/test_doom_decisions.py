"""Numbers of the base game the seed does not give, as assumptions a user can change: the
colours of the invader figures and what an ammo token gives."""

from collections import Counter

import pytest

import rulecraft
from rulecraft import FirstLegalAgent
from rulecraft.runtime.play import start


def sorted_figures(doom, assumptions):
    """Invader figures sorted at setup with a red and a green marine (blue unused)."""
    game = rulecraft.Game(doom, seed=1, players=["inv", "m1", "m2"], agents=[FirstLegalAgent()] * 3,
                          assumptions=assumptions)
    game.begin_round()
    game.call("choose_roles", game.players[0])
    game.call("sort_invader_figures")
    return game


@pytest.mark.rules("DOOM-074", "DOOM-075")
def test_each_invader_type_is_split_evenly_over_the_three_colours_by_default(doom):
    game = sorted_figures(doom, {})
    knights = [f for f in game.select("invader") if f.def_id == "hell_knight"]
    assert Counter(game.get(f, "color") for f in knights) == {"red": 2, "green": 2, "blue": 2}
    assert len(game.zone("reserve").items) == 63 - 21


@pytest.mark.rules("DOOM-074", "DOOM-075")
def test_users_who_know_the_real_split_set_the_colours_in_turn(doom):
    game = sorted_figures(doom, {"invader_figure_colours": ["red", "red", "blue"]})
    knights = [f for f in game.select("invader") if f.def_id == "hell_knight"]
    assert [game.get(f, "color") for f in knights] == ["red", "red", "blue", "red", "red", "blue"]
    available = [f for f in game.zone("reserve").items if f.def_id == "hell_knight"]
    assert len(available) == 4                                      # the blue ones stay in the box


def test_invader_figure_colours_must_be_marine_colours(doom):
    with pytest.raises(rulecraft.GameError, match="marine colours"):
        sorted_figures(doom, {"invader_figure_colours": ["pink"]})


@pytest.mark.rules("DOOM-025")
@pytest.mark.parametrize("given", [2, 5])
def test_an_ammo_token_gives_the_assumed_number_of_shells(doom, given):
    game = start(doom, "knee_deep", seed=1, agents=[FirstLegalAgent()] * 3,
                 assumptions={} if given == 2 else {"bullets_pickup.bullets": given})
    token = next(t for t in game.select("pickup") if t.def_id == "bullets_pickup")
    marine = next(p for p in game.players if game.get(p, "role") == "marine")
    bin_ = game.call("bin_of", marine)
    before = game.get(bin_, "bullets")
    game.emit("marine_moved", (marine, game.get(token, "space"), [game.get(token, "space")]))
    assert game.get(bin_, "bullets") == before + given
