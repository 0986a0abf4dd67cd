"""The Doomtrooper skirmish is won by either player through legal play, under the game and its
deck formats: the first to 25 promotion points wins (winning_points)."""

import pytest
from support.doomtrooper_seeking import feeds_warriors, fights_for_points
from support.scenario_play import first_won, replays, rulesets_with
from support.seeking import Seeking, first_of

SKIRMISH = rulesets_with("skirmish")


def passes(who):
    return lambda game, player, options, prompt: first_of(options, "pass") if player.name == who and prompt == "the next action" else None


def promotion(game, name):
    return game.player(name).props["promotion"]


@pytest.mark.parametrize("ruleset_id", SKIRMISH)
def test_the_templars_win_with_25_promotion_points_by_sabotage(ruleset_id):
    # the Lutherans pass every turn: with no warrior of theirs in play, the Templars sabotage
    agents = lambda name: Seeking(fights_for_points("Templars"), passes("Lutherans"))
    game = first_won(ruleset_id, "skirmish", range(1, 6), agents, lambda g: g.winner is not None)
    assert game.winner.name == "Templars"
    assert promotion(game, "Templars") >= 25 > promotion(game, "Lutherans")
    assert replays(game)


@pytest.mark.parametrize("ruleset_id", SKIRMISH)
def test_the_lutherans_win_with_25_promotion_points_by_kills(ruleset_id):
    # the Templars only put warriors into play; the Lutherans attack them, or sabotage
    agents = lambda name: Seeking(fights_for_points("Lutherans"), feeds_warriors("Templars"))
    game = first_won(ruleset_id, "skirmish", range(1, 6), agents, lambda g: g.winner is not None)
    assert game.winner.name == "Lutherans"
    assert promotion(game, "Lutherans") >= 25 > promotion(game, "Templars")
    assert any(e["what"] == "log" and e["text"].endswith("is killed") for e in game.log)
    assert replays(game)
