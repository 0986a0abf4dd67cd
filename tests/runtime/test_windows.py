"""Timing windows: players in turn play cards with an effect in the window until all pass."""

import pytest

import rulecraft

SOURCE = '''game "t" "T"
kind player { points: int = 0 }
kind trick {}
zone hand per_player
zone discard
trick cheer "Cheer" {
  play in duel when player.points < 3 {
    rule W-001
    player.points += 2
    move this to discard
  }
}
trick sulk "Sulk" {
  play in feast { player.points -= 1 }
}
action duel() { window duel from hand }
'''


def game_with(answers_p1, answers_p2, cards=("cheer", "cheer")):
    rules = rulecraft.compile_source(SOURCE, "t.rules")
    game = rulecraft.Game(rules, agents=[rulecraft.ScriptedAgent(answers_p1), rulecraft.ScriptedAgent(answers_p2)])
    for player in game.players:
        for card in cards:
            game.create(card, 1, game.zone("hand", player))
    return game


def test_players_alternate_until_everyone_passes_in_a_row():
    # p1 plays, p2 passes, p1 plays again (a pass would not end it: p2 could still answer), p2 plays, then both pass
    game = game_with([1, 1, None], [None, 1, None])
    game.act("duel")
    assert [p.props["points"] for p in game.players] == [4, 2]
    plays = [(e["player"], e["card"]) for e in game.log if e["what"] == "play"]
    assert [p for p, _ in plays] == ["p1", "p1", "p2"]
    assert "W-001" in game.history.touched


def test_a_card_is_offered_only_while_its_condition_holds():
    game = game_with([1, 1], [None, None])
    game.act("duel")
    p1 = game.players[0]
    assert p1.props["points"] == 4  # the third play is not offered: points < 3 no longer holds
    assert len(game.zone("hand", p1).items) == 0
    assert len(game.zone("discard").items) == 2


def test_cards_without_an_effect_in_the_window_are_never_offered():
    game = game_with([], [], cards=("sulk",))
    game.act("duel")
    assert not [e for e in game.log if e["what"] == "choice"]


def test_playable_in_lists_what_a_window_would_offer_before_it_is_opened():
    source = SOURCE + 'fn ready(p: player) -> int { return count(playable_in("duel", "hand", p)) }\n' \
                      'fn typo(p: player) -> int { return count(playable_in("duell", "hand", p)) }\n'
    game = rulecraft.Game(rulecraft.compile_source(source, "t.rules"))
    p1 = game.players[0]
    game.create("cheer", 1, game.zone("hand", p1))
    game.create("sulk", 1, game.zone("hand", p1))  # no effect in the duel window
    assert game.call("ready", p1) == 1
    game.set(p1, "points", 3)  # cheer's condition no longer holds
    assert game.call("ready", p1) == 0
    with pytest.raises(rulecraft.GameError, match="no window `duell`"):
        game.call("typo", p1)
