"""The timer variants of Deathmatch: fast, slow, none (DOOMX-188 ... DOOMX-191)."""

import pytest

import rulecraft
from rulecraft import FirstLegalAgent


def game_with(mod, seed=1):
    rules = rulecraft.load("doom/deathmatch", [mod] if mod else [])
    return rulecraft.new_game(rules, seed=seed, scenario="deathmatch", agents=[FirstLegalAgent()] * 4)


def after_a_round(game):
    game.call("dm_timer")
    return len(game.zone("invader_deck").items), len(game.zone("invader_discard").items)


@pytest.mark.rules("DOOMX-188")
def test_fast_timer_discards_three_cards_a_round():
    assert after_a_round(game_with("doom/variants/fast-timer")) == (13, 3)
    assert after_a_round(game_with(None)) == (14, 2)


@pytest.mark.rules("DOOMX-189")
def test_slow_timer_discards_one_card_a_round():
    assert after_a_round(game_with("doom/variants/slow-timer")) == (15, 1)


@pytest.mark.rules("DOOMX-190")
def test_no_timer_discards_nothing():
    game = game_with("doom/variants/no-timer")
    for _ in range(20):
        assert after_a_round(game) == (16, 0)
    assert not game.over


@pytest.mark.rules("DOOMX-191")
def test_without_a_timer_the_last_card_taken_for_a_scatter_reshuffles_the_discards():
    game = game_with("doom/variants/no-timer")
    deck, discard = game.zone("invader_deck"), game.zone("invader_discard")
    game.things.move(deck.items[1:], discard)
    direction = game.call("scatter_card")
    assert 0 <= direction <= 7
    assert (len(deck.items), len(discard.items)) == (16, 0)
    plain = game_with(None)
    plain.things.move(plain.zone("invader_deck").items[1:], plain.zone("invader_discard"))
    plain.call("scatter_card")
    assert len(plain.zone("invader_deck").items) == 0              # a timed match does not reshuffle


def test_the_three_timer_variants_cannot_be_combined():
    for a, b in (("fast-timer", "slow-timer"), ("slow-timer", "no-timer"), ("fast-timer", "no-timer")):
        with pytest.raises(rulecraft.CompileError) as info:
            rulecraft.load("doom/deathmatch", [f"doom/variants/{a}", f"doom/variants/{b}"])
        assert "E0703" in {d.code for d in info.value.diagnostics}      # and both replace the timer


def test_a_timer_variant_loads_on_its_own_and_under_ctf():
    assert "fast_timer" in rulecraft.load("doom/variants/fast-timer").definitions
    rules = rulecraft.load("doom/ctf", ["doom/variants/slow-timer"])
    game = rulecraft.new_game(rules, seed=2, scenario="ctf", agents=[FirstLegalAgent()] * 6)
    assert after_a_round(game) == (15, 1)
