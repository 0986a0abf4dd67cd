"""`play in A, B { ... }`: a card playable in several windows with one effect, exactly as if the
play were written once for each window (same targets, condition and body)."""

import rulecraft
from rulecraft.compiler.loader import check_source

SOURCE = '''game "t" "T"
kind player { points: int = 0 }
kind trick { gain: int = 1 }
zone hand per_player
zone discard
trick cheer "Cheer" {
  play in duel, feast when player.points < 3 {
    rule W-001
    player.points += this.gain
    move this to discard
  }
}
trick sulk "Sulk" { play in feast { player.points -= 1 } }
action duel() { window duel from hand }
action feast() { window feast from hand }
'''


def game_with(source, answers):
    game = rulecraft.Game(rulecraft.compile_source(source, "t.rules"),
                          agents=[rulecraft.ScriptedAgent(answers), rulecraft.ScriptedAgent([])])
    for card in ("cheer", "cheer"):
        game.create(card, 1, game.zone("hand", game.players[0]))
    return game


def test_one_effect_is_offered_in_every_window_it_names():
    game = game_with(SOURCE, [1, None, 1, None])
    game.act("duel")
    game.act("feast")
    p1 = game.players[0]
    assert p1.props["points"] == 2
    assert [e["card"].split("#")[0] for e in game.log if e["what"] == "play"] == ["cheer", "cheer"]
    assert len(game.zone("discard").items) == 2
    assert [spec.definition for spec in game.rules.plays["feast"]] == ["cheer", "sulk"]


def test_it_is_the_plays_written_one_window_each():
    single = SOURCE.replace("play in duel, feast when player.points < 3 {", "play in duel when player.points < 3 {"
                            " rule W-001 player.points += this.gain move this to discard }\n"
                            "  play in feast when player.points < 3 {")
    logs = []
    for source in (SOURCE, single):
        game = game_with(source, [1, None, 1, None])
        game.act("duel")
        game.act("feast")
        logs.append([(e["what"], e.get("card"), e.get("player")) for e in game.log])
    assert logs[0] == logs[1]


def test_a_window_named_twice_is_two_effects_for_it():
    diags = check_source(SOURCE.replace("play in duel, feast", "play in duel, duel"), "t.rules")
    assert [(d.code, d.line, d.column) for d in diags.errors] == [("E0301", 7, 17)]
