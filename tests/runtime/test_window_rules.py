"""Windows that carry their own rules (a limit per player, what happens after each play),
cards that declare their targets (offered only while each target has a legal pick), and
definitions that share another's effects (`does X`)."""

import pytest

import rulecraft
from rulecraft.compiler.diagnostics import CompileError

SOURCE = '''game "t" "T"
kind player { points: int = 0 }
kind unit { hp: int = 2 }
zone hand per_player
zone discard per_player
zone field per_player
unit grunt "Grunt" {}
window duel of trick {
  limit 1 per player
  after play when this.location == hand(player) {
    rule W-002
    move this to discard(player)
  }
}
trick jab "Jab" {
  play in duel target u from all unit at field(rival(player)) "which unit" { u.hp -= 1 }
}
kind trick { gain: int = 1 }
trick cheer "Cheer" { play in duel { player.points += this.gain } }
trick encore "Encore" { does cheer }
trick ovation "Ovation" { does cheer(gain: 3) }
trick stash "Stash" { play in duel { move this to field(player) } }
fn rival(p: player) -> player { return if p == players()[0] then players()[1] else players()[0] }
action duel() { window duel from hand }
'''


def game_with(hand_p1, answers_p1=(), answers_p2=()):
    rules = rulecraft.compile_source(SOURCE, "t.rules")
    game = rulecraft.Game(rules, agents=[rulecraft.ScriptedAgent(list(answers_p1)),
                                         rulecraft.ScriptedAgent(list(answers_p2))])
    p1 = game.players[0]
    for card in hand_p1:
        game.create(card, 1, game.zone("hand", p1))
    return game


def plays(game):
    return [(e["player"], e["card"].split("#")[0]) for e in game.log if e["what"] == "play"]


def test_a_card_with_no_legal_target_is_not_offered():
    game = game_with(["jab"], answers_p1=[1])
    game.act("duel")
    assert plays(game) == []
    assert not [e for e in game.log if e["what"] == "choice"]  # not even a choice to pass
    assert len(game.zone("hand", game.players[0]).items) == 1


def test_a_card_with_a_target_is_played_on_the_picked_target_then_discarded_by_the_window():
    game = game_with(["jab"], answers_p1=[1, 1])
    p1, p2 = game.players
    first, second = game.create("grunt", 2, game.zone("field", p2))
    game.act("duel")
    assert plays(game) == [("p1", "jab")]
    assert (first.props["hp"], second.props["hp"]) == (2, 1)  # the second option was picked
    asked = [e["prompt"] for e in game.log if e["what"] == "choice"]
    assert asked == ["play a card in duel", "which unit"]
    assert [c.def_id for c in game.zone("discard", p1).items] == ["jab"]
    assert "W-002" in game.history.touched


def test_the_window_limits_each_player_to_one_card():
    game = game_with(["cheer", "cheer"], answers_p1=[1, 1])
    game.act("duel")
    p1 = game.players[0]
    assert plays(game) == [("p1", "cheer")]
    assert p1.props["points"] == 1
    assert len(game.zone("hand", p1).items) == 1
    assert len(game.zone("discard", p1).items) == 1


def test_a_card_that_does_another_has_its_effect():
    game = game_with(["encore"], answers_p1=[1])
    game.act("duel")
    assert plays(game) == [("p1", "encore")]
    assert game.players[0].props["points"] == 1


def test_a_card_does_another_with_its_own_parameters():
    game = game_with(["ovation"], answers_p1=[1])
    game.act("duel")
    assert plays(game) == [("p1", "ovation")]
    assert game.players[0].props["points"] == 3
    assert game.rules.definitions["ovation"].props["gain"] == 3


def test_a_parameter_of_does_is_a_checked_property_given_once():
    assert codes(SOURCE.replace("does cheer(gain: 3)", "does cheer(gian: 3)")) == ["E0103"]
    assert codes(SOURCE.replace("does cheer(gain: 3)", 'does cheer(gain: "x")')) == ["E0201"]
    twice = SOURCE.replace('trick ovation "Ovation" { does', 'trick ovation "Ovation" { gain: 2  does')
    assert codes(twice) == ["E0301"]


def test_the_after_play_rule_skips_a_card_that_left_the_hand():
    game = game_with(["stash"], answers_p1=[1])
    game.act("duel")
    p1 = game.players[0]
    assert [c.def_id for c in game.zone("field", p1).items] == ["stash"]
    assert game.zone("discard", p1).items == []


def codes(source):
    with pytest.raises(CompileError) as err:
        rulecraft.compile_source(source, "t.rules")
    return sorted(d.code for d in err.value.diagnostics)


def test_a_played_card_of_another_kind_than_the_window_declares_does_not_compile():
    source = SOURCE.replace('trick stash "Stash"', 'unit stash "Stash"')
    assert codes(source) == ["E0123"]


def test_does_names_a_known_definition():
    assert codes(SOURCE.replace("{ does cheer }", "{ does cheeer }")) == ["E0122"]


def test_a_target_is_picked_from_a_list():
    assert codes(SOURCE.replace("target u from all unit at field(rival(player))", "target u from 3")) \
        == ["E0201"]


SCOPED = SOURCE.replace("limit 1 per player\n", "limit 1 per player per combat\n").replace(
    "kind unit {", "event combat()\nkind unit {")


def test_a_limit_per_event_counts_across_openings_until_the_event_fires():
    game = rulecraft.Game(rulecraft.compile_source(SCOPED, "t.rules"),
                          agents=[rulecraft.ScriptedAgent([1, 1]), rulecraft.ScriptedAgent([])])
    p1 = game.players[0]
    for _ in range(3):
        game.create("cheer", 1, game.zone("hand", p1))
    game.act("duel")
    game.act("duel")  # the same combat: the limit is used up, nothing is offered
    assert p1.props["points"] == 1
    game.emit("combat")
    game.act("duel")
    assert p1.props["points"] == 2
    assert len(game.zone("hand", p1).items) == 1


def test_a_limit_per_an_unknown_event_does_not_compile():
    assert codes(SOURCE.replace("limit 1 per player\n", "limit 1 per player per combat\n")) == ["E0104"]
