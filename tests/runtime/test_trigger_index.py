"""A definition's trigger whose condition starts with `PARAM == this` runs for the thing the event
names, not for every thing of the definition: given many things, when an event names one, then
exactly the triggers that pass their condition fire, in the same order as if every thing were asked."""

import pytest

import rulecraft

RULES = '''
game "t" "T"
kind unit { hits: int = 0, armour: int = 0 }
event struck(u: unit, by: int)
event swapped(by: int, u: unit)
unit grunt "Grunt" x3 {
  on struck when u == this { this.hits += by }
  on struck when this == u and this.armour == 0 and by > 1 { this.hits += 10 }
  on swapped when u == this { this.hits += 100 * by }
}
unit tank "Tank" {
  on struck when u == this { this.hits += 1000 }
  on struck when by > 0 or u == this { this.armour += 1 }
}
on struck { log "struck {u} by {by}" }
fn strike(u: unit, by: int) { emit struck(u, by) }
fn swap(u: unit, by: int) { emit swapped(by, u) }
'''


@pytest.fixture
def game():
    return rulecraft.Game(rulecraft.compile_source(RULES))


def keyed(rules, event):
    return [spec.keyed for spec in rules.triggers[event] if spec.definition is not None]


def test_the_trigger_knows_which_argument_names_its_thing(game):
    assert keyed(game.rules, "struck") == [0, 0, 0, None]  # `by > 0 or u == this` asks every tank
    assert keyed(game.rules, "swapped") == [1]


def test_only_the_named_thing_fires_and_every_other_trigger_still_runs(game):
    grunts = [game.create("grunt") for _ in range(3)]
    tank = game.create("tank")
    game.call("strike", grunts[1], 2)
    assert [g.props["hits"] for g in grunts] == [0, 12, 0]
    assert tank.props == {"hits": 0, "armour": 1}  # the unkeyed tank trigger asked its tank
    game.call("swap", grunts[2], 3)
    assert [g.props["hits"] for g in grunts] == [0, 12, 300]
    game.call("strike", tank, 1)
    assert tank.props == {"hits": 1000, "armour": 2}
    assert [g.props["hits"] for g in grunts] == [0, 12, 300]
    game.set(grunts[0], "armour", 1)
    game.call("strike", grunts[0], 5)
    assert grunts[0].props["hits"] == 5  # the second condition failed after `this == u`


def test_a_thing_out_of_play_does_not_fire(game):
    grunt = game.create("grunt")
    game.things.destroy(grunt)
    game.call("strike", grunt, 4)
    assert grunt.props["hits"] == 0
    assert [e["text"] for e in game.log if e["what"] == "log"] == ["struck Grunt by 4"]  # the event still ran
