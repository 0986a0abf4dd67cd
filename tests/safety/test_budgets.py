"""Hostile programs that would run forever are stopped with a rulecraft error."""

from __future__ import annotations

import re

import pytest

import rulecraft
from rulecraft.runtime.builtins import MAX_RANGE
from rulecraft.runtime.events import MAX_EMIT_DEPTH
from rulecraft.runtime.things import MAX_ENTITIES

BOX = 'kind box { n: int }\nbox crate "Crate" { n: 1 }\n'


def stops(game: rulecraft.Game, action: str, where: str) -> rulecraft.BudgetExceeded:
    """The action stops with BudgetExceeded, naming `file:line:col` of the statement it stopped."""
    with pytest.raises(rulecraft.BudgetExceeded) as info:
        game.act(action)
    if where == "*":  # wherever Python's own limit on nested calls is met
        assert re.fullmatch(r"hostile\.rules:\d+:\d+", info.value.where or ""), str(info.value)
    else:
        assert info.value.where == f"hostile.rules:{where}", str(info.value)
    assert str(info.value).startswith(f"{info.value.where}: ")
    return info.value


def test_endless_while_stops_within_the_step_budget(game_of):
    game = game_of("action spin() { while true { } }")
    err = stops(game, "spin", "2:17")
    assert "step budget" in str(err)
    assert game.budget.steps == game.budget.limit + 1


def test_endless_while_with_a_small_budget(game_of):
    game = game_of("action spin() { let n = 0\n while n >= 0 { n += 1 } }", budget=1000)
    stops(game, "spin", "3:2")
    assert game.budget.steps == 1001


def test_nested_loops_are_bounded_by_the_budget_too(game_of):
    game = game_of("action spin() { while true { for i in [1, 2, 3] { while true { } } } }", budget=5000)
    assert "step budget" in str(stops(game, "spin", "2:51"))
    assert 5000 < game.budget.steps <= 5000 + 3  # the last charge is one `for` loop's 3 rounds at most


def test_trigger_that_re_emits_its_own_event_stops(game_of):
    game = game_of("event boom()\non boom { emit boom() }\naction light() { emit boom() }")
    err = stops(game, "light", "3:11")
    assert "nest" in str(err)
    assert game.budget.steps == MAX_EMIT_DEPTH + 1  # one step per event: the 65th is refused


def test_a_refused_re_emit_leaves_the_game_usable(game_of):
    game = game_of('event boom()\nevent fine()\non boom { emit boom() }\non fine { log "ok" }\n'
                   "action light() { emit boom() }\naction calm() { emit fine() }")
    for _ in range(MAX_EMIT_DEPTH + 2):
        with pytest.raises(rulecraft.BudgetExceeded):
            game.act("light")
    assert game.events.depth == 0
    game.act("calm")


def test_trigger_that_emits_twice_stops_at_the_nesting_limit(game_of):
    game = game_of("event boom()\non boom { emit boom()\n emit boom() }\naction light() { emit boom() }",
                   budget=20_000)
    assert "nest" in str(stops(game, "light", "3:11"))
    assert game.budget.steps == MAX_EMIT_DEPTH + 1  # the first `emit` of each level goes 64 deep; no second runs


def test_two_triggers_ping_pong_stop(game_of):
    game = game_of("event ping()\nevent pong()\non ping { emit pong() }\non pong { emit ping() }\n"
                   "action serve() { emit ping() }")
    assert "nest" in str(stops(game, "serve", "5:11"))
    assert game.budget.steps == MAX_EMIT_DEPTH + 1


def test_re_emitting_through_a_chain_of_fns_stops(game_of):
    chain = "\n".join(f"fn f{i}() {{ f{i + 1}() }}" for i in range(15)) + "\nfn f15() { emit again() }\n"
    game = game_of("event again()\n" + chain + "on again { f0() }\naction go() { emit again() }")
    assert "nest" in str(stops(game, "go", "*"))  # the events' or Python's calls: whichever limit comes first
    assert game.budget.steps <= MAX_EMIT_DEPTH + 1


@pytest.mark.parametrize("source", [
    "fn a() { a() }",
    "fn a() { b() }\nfn b() { a() }",
    "fn a() -> int { return b() + 1 }\nfn b() -> int { return c() }\nfn c() -> int { return a() }",
    "action a() { b() }\nfn b() { let x = if true then c() else 0 }\nfn c() -> int { a()\n return 1 }",
    "kind box { n: int }\nfn a(x: box) -> bool { return all box where b(it) }\nfn b(x: box) -> bool { return a(x) }",
])
def test_recursion_is_a_compile_error(refused, source):
    assert "E0601" in refused(source)


def test_creating_things_in_an_endless_loop_stops(game_of):
    game = game_of(BOX + "action flood() { while true { let c = create crate } }", budget=10**9)
    err = stops(game, "flood", "4:31")
    assert "things" in str(err)
    assert len(game.things.entities) == MAX_ENTITIES


def test_creating_a_huge_count_stops(game_of):
    game = game_of(BOX + "action flood() { let c = create crate x999999999999 }")
    stops(game, "flood", "4:18")
    assert len(game.things.entities) == MAX_ENTITIES


def test_a_pool_of_huge_counts_stops(game_of):
    game = game_of(BOX + "box pebble \"Pebble\" x999999999999 { n: 1 }\npool bag of box\n"
                   "action fill_it() { fill bag }")
    stops(game, "fill_it", "6:20")


def test_huge_range_is_refused_without_allocating(game_of):
    game = game_of("action big() { for i in range(1, 1000000000) { } }")
    err = stops(game, "big", "2:16")
    assert "range" in str(err)
    assert game.budget.steps == 0  # refused before looping


def test_range_at_the_cap_is_charged_to_the_budget(game_of):
    game = game_of(f"action big() {{ while true {{ let r = 1..{MAX_RANGE} }} }}")
    assert "step budget" in str(stops(game, "big", "2:29"))
    assert game.budget.steps == 2 * (MAX_RANGE + 1)  # each round: 1 step, and a million for the range


def test_small_ranges_still_work(game_of):
    game = game_of("fn f() -> int { return sum(1..4) + count(5..1) + count(-2..2) }\n"
                   "fn g() -> int { return sum(range(1, 4)) + count(range(5, 1)) + count(range(-2, 2)) }")
    assert game.call("f") == 10 + 0 + 5
    assert game.call("g") == 6 + 0 + 4  # `range` leaves out its end, as in Python


def test_huge_interval_loop_is_refused_without_allocating(game_of):
    game = game_of("action big() { for i in 1..1000000000 { } }")
    assert "1..1000000000 would hold" in str(stops(game, "big", "2:16"))
    assert game.budget.steps == 0
