"""Numbers of Deathmatch the seed does not give, as assumptions a user can change."""

import pytest

import rulecraft
from rulecraft import FirstLegalAgent
from rulecraft.runtime.errors import GameOver


def match(dm, **assumptions):
    return rulecraft.new_game(dm, seed=1, scenario="deathmatch", agents=[FirstLegalAgent()] * 4,
                              assumptions=assumptions)


@pytest.mark.rules("DOOMX-105")
@pytest.mark.parametrize("cards", [16, 5, 40])
def test_the_timer_holds_timer_size_invader_cards(dm, cards):
    game = match(dm, **({} if cards == 16 else {"timer_size": cards}))
    timer = game.zone("invader_deck").items
    assert len(timer) == cards
    assert {c.kind for c in timer} <= {"spawn_card", "event_card"}


@pytest.mark.rules("DOOMX-106")
def test_a_shorter_timer_ends_the_match_sooner(dm):
    game = match(dm, timer_size=4)
    game.call("dm_timer")
    assert not game.over
    with pytest.raises(GameOver):
        game.call("dm_timer")
    assert game.over
    assert len(game.zone("invader_deck").items) == 0


def test_a_timer_without_cards_is_refused(dm):
    with pytest.raises(rulecraft.GameError, match="at least one card"):
        match(dm, timer_size=0)
