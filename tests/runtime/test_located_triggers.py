"""Triggers located by place (`on EVENT at PLACE`): the event's declaration names the parameter
that says where it happens (`event invaded(...) at planet`); a trigger at a place runs only for
the things whose place it is, exactly as `when planet == PLACE` would."""

import pytest

import rulecraft
from rulecraft.compiler.loader import check_source

RULES = '''game "t" "T"
kind planet { hits: int = 0 }
kind counter { hits: int = 0 }
event invaded(by: int, planet: planet) at planet
event left(by: int, planet: planet)
counter mine "Mine" x2 {
  on invaded at this.location { this.hits += by }
  once on invaded at this.location when by > 1 { this.hits += 100 }
}
planet outpost "Outpost" {
  on invaded at this { this.hits += 1 }
}
planet mars "Mars" {}
planet venus "Venus" {}
fn invade(by: int, pl: planet) { emit invaded(by, pl) }
fn put(c: counter, pl: planet) { move c to pl }
'''


@pytest.fixture
def game():
    return rulecraft.Game(rulecraft.compile_source(RULES))


def test_only_the_things_at_the_place_react_and_once_stays_once(game):
    mars, venus = game.create("mars"), game.create("venus")
    here, there = game.create("mine"), game.create("mine")
    game.call("put", here, mars)
    game.call("put", there, venus)
    game.call("invade", 2, mars)
    assert (here.props["hits"], there.props["hits"]) == (102, 0)
    game.call("invade", 3, mars)
    assert (here.props["hits"], there.props["hits"]) == (105, 0)  # the `once` trigger fired once
    game.call("invade", 1, venus)
    assert (here.props["hits"], there.props["hits"]) == (105, 1)  # `by > 1` fails: the once trigger waits


def test_a_trigger_at_its_own_thing_is_keyed_by_the_trigger_index(game):
    keyed = [spec.keyed for spec in game.rules.triggers["invaded"] if spec.definition == "outpost"]
    assert keyed == [1]  # `at this` is `planet == this`: only the named thing is asked
    mars, outpost = game.create("mars"), game.create("outpost")
    game.call("invade", 4, mars)
    game.call("invade", 2, outpost)
    assert (mars.props["hits"], outpost.props["hits"]) == (0, 1)


def test_at_is_the_condition_it_stands_for():
    written = RULES.replace("on invaded at this.location {", "on invaded when planet == this.location {")
    written = written.replace("once on invaded at this.location when by > 1", "once on invaded when planet == "
                              "this.location and by > 1")
    outcomes = []
    for source in (RULES, written):
        game = rulecraft.Game(rulecraft.compile_source(source))
        mars, venus = game.create("mars"), game.create("venus")
        mines = [game.create("mine"), game.create("mine")]
        game.call("put", mines[0], venus)
        game.call("put", mines[1], mars)
        for by, planet in ((1, mars), (2, venus), (3, venus), (5, mars)):
            game.call("invade", by, planet)
        outcomes.append([m.props["hits"] for m in mines])
    assert outcomes[0] == outcomes[1] == [105, 106]


def errors(source):
    return [(d.code, d.line, d.column) for d in check_source(source, "t.rules").errors]


def test_an_event_without_a_place_cannot_locate_a_trigger():
    source = RULES.replace("on invaded at this.location { this.hits += by }", "on left at this.location { }")
    assert errors(source) == [("E0130", 7, 14)]


def test_a_built_in_event_has_no_place():
    assert errors(RULES.replace("on invaded at this {", "on turn_start at this {")) == [("E0130", 11, 20)]


def test_a_place_that_is_not_a_parameter_is_reported_once_at_the_declaration():
    assert errors(RULES.replace(") at planet", ") at plnet")) == [("E0130", 4, 43)]


def test_the_place_is_compared_by_type():
    assert errors(RULES.replace("on invaded at this {", "on invaded at 3 {")) == [("E0201", 11, 17)]
