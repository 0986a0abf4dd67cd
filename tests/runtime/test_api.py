"""The Python API: load, new_game from a scenario, actions and their refusals."""

from fractions import Fraction

import pytest

import rulecraft


def test_new_game_uses_the_scenario_players_and_setup():
    game = rulecraft.new_game("twilight-imperium", seed=3, scenario="small_galaxy")
    assert [p.name for p in game.players] == ["Sol", "Letnev", "Hacan"]
    planets = game.select("planet")
    on_planets = [c for c in game.select("domain_counter") if c.location in planets]
    assert len(on_planets) == 10
    assert all(c.face_down for c in on_planets)


def test_a_refused_action_inside_a_phase_leaves_the_phase():
    game = rulecraft.new_game("twilight-imperium", seed=3, scenario="small_galaxy")
    with pytest.raises(rulecraft.IllegalAction) as info:
        with game.phase("invasion"):
            game.act("explore", game.player("Sol"), game.find("lodor"))
    assert not game.events.in_phase("invasion")
    assert str(info.value) == ("twilight-imperium/exploration.rules:30:3: "  # the `require` that refused
                               "exploring needs a Carrier and a Fighter in the planet's system")


def test_break_and_continue_steer_loops():
    rules = rulecraft.compile_source('''
game "t" "T"
fn first_even_after(n: int) -> int {
  let found = 0
  for i in n..n + 10 {
    if i % 2 == 1 { continue }
    found = i
    break
  }
  return found
}
fn count_to(n: int) -> int {
  let i = 0
  while true {
    i += 1
    if i >= n { break }
  }
  return i
}
''')
    game = rulecraft.Game(rules)
    assert game.call("first_even_after", 7) == 8
    assert game.call("count_to", 5) == 5


def test_break_outside_a_loop_is_an_error():
    with pytest.raises(rulecraft.CompileError) as info:
        rulecraft.compile_source('game "t" "T"\nfn f() { break }\n')
    assert [(d.code, d.line, d.column) for d in info.value.diagnostics] == [("E0209", 2, 10)]


def test_minus_equals_takes_items_out_of_lists():
    rules = rulecraft.compile_source('''
game "t" "T"
kind bag { items: list<text> = ["a", "b", "c", "b"] }
bag sack "Sack" {}
action drop(b: bag) {
  b.items -= ["b"]
  let mine = ["x", "y"]
  mine -= ["x"]
  b.items += mine
}
''')
    game = rulecraft.Game(rules)
    sack = game.create("sack")
    game.act("drop", sack)
    assert sack.props["items"] == ["a", "c", "y"]


def test_definitions_chosen_at_run_time_selections_over_several_places_and_distinct():
    rules = rulecraft.compile_source('''
game "t" "T"
kind card { cost: int = 0 }
card ace "Ace" { cost: 3 }
card king "King" { cost: 2 }
zone main
zone side
action build(d: def<card>, n: int) {
  for i in 1..n { let c = create d at main }
  create king at side
}
fn costs() -> list<int> {
  let out = []
  for d in definitions(all card at [main, side]) { out += [d.cost] }
  return out
}
fn kinds_seen() -> list<text> { return distinct(["a", "b", "a", "c", "b"]) }
''')
    game = rulecraft.Game(rules)
    game.act("build", "ace", 2)
    assert [e.def_id for e in game.select("card", game.zone("main"))] == ["ace", "ace"]
    assert game.call("costs") == [3, 2]
    assert game.call("kinds_seen") == ["a", "b", "c"]
    with pytest.raises(rulecraft.IllegalAction, match="no definition `joker`") as info:
        game.act("build", "joker", 1)
    assert info.value.where == "<source>:9:19"  # `create d at main` in the loop


def test_a_cast_narrows_a_general_thing_to_its_kind_and_checks_it():
    rules = rulecraft.compile_source('''
game "t" "T"
kind figure { hp: int = 1 }
kind hero: figure { courage: int = 3 }
figure rat "Rat" {}
hero knight "Knight" {}
fn courage_of(f: figure) -> int { return (f as hero).courage }
''')
    game = rulecraft.Game(rules)
    assert game.call("courage_of", game.create("knight")) == 3
    with pytest.raises(rulecraft.IllegalAction, match="is not a hero") as info:
        game.call("courage_of", game.create("rat"))
    assert info.value.where == "<source>:7:35"  # the `return` of courage_of
    with pytest.raises(rulecraft.CompileError) as info:
        rulecraft.compile_source('game "t" "T"\nkind a {}\nfn f(x: int) -> int { return (x as a).id }\nfn g(y: a) { let z = y as b }\n')
    assert [(d.code, d.line) for d in info.value.diagnostics] == [("E0201", 3), ("E0102", 4)]


def test_the_public_api_of_the_contract():
    report = rulecraft.check_deck({"format": "doomtrooper/prague-league-2010", "faction": "templars",
                                   "main": {"gendarme": 4}})
    assert report["legal"] is False
    assert report["format"] == "doomtrooper/prague-league-2010"
    assert "DT-009" in [v["rule"] for v in report["violations"]]
    with pytest.raises(rulecraft.DeckError):
        rulecraft.check_deck({"format": "doomtrooper/prague-league-2010", "faction": "templarz", "main": {}})
    game = rulecraft.new_game("doom", seed=2, scenario="knee_deep", mods=["doom/variants/super-shotgun"])
    assert rulecraft.run(game, "knee_deep", 3).round == 3
    assert game.rules.mods == ("doom/variants/super-shotgun",)
    assert rulecraft.odds(rulecraft.load("twilight-imperium"), "devastation")["no consequences"] == Fraction(7, 10)


def test_every_handler_operation_is_on_the_game_or_one_of_its_parts():
    from rulecraft.runtime.interface import HANDLER_CALLS, HANDLER_DATA

    game = rulecraft.Game(rulecraft.compile_source('game "t" "T"\n'))
    for op, part in HANDLER_CALLS.items():
        assert callable(getattr(getattr(game, part) if part else game, op)), op
    for table, part in HANDLER_DATA.items():
        assert getattr(getattr(game, part) if part else game, table) is not None, table


def test_rule_listeners_hear_the_rules_every_game_runs_until_they_stop():
    from rulecraft.runtime.history import listen_to_rules

    rules = rulecraft.compile_source('game "t" "T"\nevent bell()\non bell {\n rule R-001\n log "ding"\n}\n'
                                     'action ring() { emit bell() }\n')
    heard: set[str] = set()
    stop = listen_to_rules(heard.update)
    first, second = rulecraft.Game(rules), rulecraft.Game(rules)
    first.act("ring")
    assert heard == first.history.touched == {"R-001"}
    heard.clear()
    second.act("ring")
    assert heard == {"R-001"}
    heard.clear()
    stop()
    rulecraft.Game(rules).act("ring")
    assert heard == set()


def test_shared_props_give_a_laid_out_thing_its_own_copy_on_its_first_change():
    rules = rulecraft.compile_source('game "t" "T"\nkind card { n: int }\ncard a "A" { n: 1 }\nzone deck\n')
    for shared, expected in ((True, [2, 1, 1]), (False, [2, 2, 2])):
        game = rulecraft.Game(rules, shared_props=shared)
        props = game.things.props_of("card", {"n": 1})
        game.things.lay_out("a", 3, game.zone("deck"), props)
        first = game.zone("deck").items[0]
        game.set(first, "n", 2)
        assert [game.get(c, "n") for c in game.zone("deck").items] == expected


def test_a_definitions_own_rules_run_when_one_is_made_or_its_data_is_read():
    rules = rulecraft.compile_source('game "t" "T"\nkind tool { weight: int = 1 }\ntool hammer "Hammer" { rule R-002  weight: 3 }\n'
                                     'tool saw "Saw" { rule R-003 }\nfn heavy(t: def<tool>) -> bool { return t.weight > 2 }\n'
                                     'fn make() { create saw }\n')
    game = rulecraft.Game(rules)
    assert game.history.touched == set()
    assert game.call("heavy", "hammer")
    assert game.history.touched == {"R-002"}
    game.call("make")
    assert game.history.touched == {"R-002", "R-003"}
