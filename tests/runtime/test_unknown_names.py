"""A name the game does not know, asked for through the Python API, is an `UnknownName`: a
GameError (never a KeyError) with the kind of name, the name and the names the game knows. A
name a ruleset's own rules ask for and miss is the ruleset's fault, a RuleFault at its place."""

from __future__ import annotations

import pickle

import pytest

import rulecraft
from rulecraft.compiler.loader import bundled_ids
from rulecraft.runtime.errors import GameError, RuleFault, UnknownName

TINY = """\
game "tiny" "Tiny"

kind card { power: int = 1 }
kind token { }
card ace "Ace" { }
token chip "Chip" { }
die d2 "Two-sided die" { faces 1..2 }
zone hand per_player hidden
assume edge: int = 3 "how far ahead a player must be"

action nod(p: player) { log "{p.name} nods" }
fn power_of(d: def<card>) -> int { return d.power }

scenario duel "Two players" {
  players: ["north", "south"]
  rounds: 1
  round { }
}
"""


@pytest.fixture
def tiny():
    return rulecraft.compile_source(TINY)


def test_an_unknown_name_carries_its_kind_the_name_and_the_known_names():
    with pytest.raises(UnknownName) as info:
        rulecraft.new_game("doom/deathmatch", options=["slow"])
    assert (info.value.kind, info.value.name, info.value.known) == ("option", "slow", ("long_match", "short_match"))
    assert str(info.value) == "unknown option 'slow' (known: long_match, short_match)"


@pytest.mark.parametrize(("ask", "kind", "message"), [
    (lambda rules: rulecraft.new_game(rules, assumptions={"egde": 2}), "assumption",
     "unknown assumption 'egde' (known: edge)"),
    (lambda rules: rulecraft.new_game(rules, scenario="trio"), "scenario", "no scenario 'trio' in tiny (has: duel)"),
    (lambda rules: rulecraft.new_game(rules).player("west"), "player", "no player named 'west'"),
    (lambda rules: rulecraft.new_game(rules).find("ace"), "thing", "0 live things match 'ace'"),
    (lambda rules: rulecraft.new_game(rules).zone("discard"), "zone", "no zone 'discard'"),
    (lambda rules: rulecraft.new_game(rules).zone("hand"), "zone", "no zone 'hand' without an owner"),
    (lambda rules: (g := rulecraft.new_game(rules)).zone("hand", g.create("chip")), "zone", "no zone 'hand' of Chip"),
    (lambda rules: rulecraft.new_game(rules).force("d6", 6), "die", "unknown die 'd6'"),
    (lambda rules: rulecraft.new_game(rules).act("shout"), "action", "no action 'shout' in tiny"),
    (lambda rules: rulecraft.new_game(rules).call("shout"), "function or query", "no function or query 'shout' in tiny"),
    (lambda rules: rulecraft.new_game(rules).properties.defprop("ace", "colour"), "property", "card has no property 'colour'"),
    (lambda rules: rulecraft.odds(rules, "d3"), "chance query", "no chance query 'd3' in tiny"),
    (lambda rules: rulecraft.load("no-such-game"), "ruleset", f"no ruleset 'no-such-game' (bundled: {', '.join(bundled_ids())})"),
], ids=["assumption", "scenario", "player", "thing", "zone", "zone-of-no-one", "zone-of-a-token", "die", "action",
        "function", "property", "odds", "ruleset"])
def test_the_api_raises_an_unknown_name_and_no_key_error(tiny, ask, kind, message):
    with pytest.raises(GameError) as info:
        ask(tiny)
    assert isinstance(info.value, UnknownName)
    assert not isinstance(info.value, KeyError)
    assert info.value.kind == kind
    assert str(info.value) == message


def test_an_unknown_name_survives_the_trip_back_from_a_worker_process():
    err = UnknownName("die", "d6", "unknown die 'd6'", ["d2"])
    back = pickle.loads(pickle.dumps(err))
    assert (type(back), back.kind, back.name, back.known, str(back)) == (UnknownName, "die", "d6", ("d2",),
                                                                        "unknown die 'd6'")


def test_a_name_a_ruleset_itself_asks_for_and_misses_is_the_rulesets_fault(tiny):
    game = rulecraft.new_game(tiny)
    with pytest.raises(RuleFault) as info:
        game.call("power_of", "chip")  # the API passes a token where the function takes a card
    assert str(info.value) == "<source>:12:36: token has no property 'power'"
