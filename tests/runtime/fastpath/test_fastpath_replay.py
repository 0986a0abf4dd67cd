"""The playout fast path (runtime/fastpath.py) gives the normal path's simulation log byte for byte:
every bundled scenario and example, played by random agents for 20 seeds to the scenario's own end,
on both paths. Where the fast path does not apply (a ruleset with turn-scoped triggers), a game
silently stays on the normal path."""

from pathlib import Path

import pytest

import rulecraft
from rulecraft.compiler.loader import bundled_ids
from rulecraft.runtime import fastpath, history
from rulecraft.runtime.errors import BudgetExceeded
from rulecraft.runtime.events import Events
from rulecraft.runtime.fastpath import FastEvents, QuietHistory, applies
from rulecraft.runtime.history import MAX_LOG, History
from rulecraft.runtime.play import run, start

EXAMPLES = Path(__file__).resolve().parents[3] / "examples"
SEEDS = range(20)
RULESETS = bundled_ids() + [str(p) for p in sorted(EXAMPLES.iterdir()) if any(p.glob("*.rules"))]
CASES = [(rid, scenario) for rid in RULESETS for scenario in sorted(rulecraft.load(rid).scenarios)]


def _fast(rules) -> bool:
    return applies(start(rules, log="simulation"))


FAST = [case for case in CASES if _fast(rulecraft.load(case[0]))]
NORMAL = [case for case in CASES if case not in FAST]


def played(rules, scenario: str, seed: int, fast_path: bool):
    return run(start(rules, scenario, seed=seed, log="simulation", fast_path=fast_path), scenario)


@pytest.mark.parametrize(("ruleset_id", "scenario"), FAST, ids=[f"{Path(r).name if r.startswith('/') else r}/{s}" for r, s in FAST])
def test_the_fast_path_logs_what_the_normal_path_logs(ruleset_id, scenario):
    rules = rulecraft.load(ruleset_id)
    for seed in SEEDS:
        fast, normal = played(rules, scenario, seed, True), played(rules, scenario, seed, False)
        assert (type(fast.history), type(fast.events)) == (QuietHistory, FastEvents)
        assert (type(normal.history), type(normal.events)) == (History, Events)
        assert fast.log_lines() == normal.log_lines(), f"seed {seed}"
        assert (fast.history.seq, fast.history.recorded, fast.budget.steps) == \
            (normal.history.seq, normal.history.recorded, normal.budget.steps), f"seed {seed}"
        assert fast.history.tally == normal.history.tally
        assert fast.history.touched == normal.history.touched
        assert fast.digest() == normal.digest(), f"seed {seed}"


def test_most_bundled_scenarios_take_the_fast_path_and_the_others_are_those_with_turn_triggers():
    assert len(FAST) >= 9
    for ruleset_id, _ in NORMAL:
        triggers = rulecraft.load(ruleset_id).triggers
        assert "turn_start" in triggers or "turn_end" in triggers, ruleset_id


@pytest.mark.parametrize(("ruleset_id", "scenario"), NORMAL[:1])
def test_a_game_where_the_fast_path_does_not_apply_plays_on_the_normal_path(ruleset_id, scenario):
    game = played(rulecraft.load(ruleset_id), scenario, 1, True)
    assert (type(game.history), type(game.events)) == (History, Events)
    assert game.log_lines() == played(rulecraft.load(ruleset_id), scenario, 1, False).log_lines()


def test_the_full_log_never_takes_the_fast_path():
    game = start(rulecraft.load(str(EXAMPLES / "connect-four")), "classic", seed=1)
    assert not applies(game)
    assert type(game.history) is History


@pytest.mark.parametrize("quiet", [False, True])
def test_a_choice_past_the_logs_limits_is_refused_on_both_paths(quiet, monkeypatch):
    game = start(rulecraft.load(str(EXAMPLES / "connect-four")), "classic", seed=1, log="simulation", fast_path=quiet)
    assert type(game.history) is (QuietHistory if quiet else History)
    red = game.players[0]
    game.history.recorded = MAX_LOG
    with pytest.raises(BudgetExceeded, match=f"the game log passed {MAX_LOG} entries"):
        game.choices.choose(red, [1, 2], "pick")
    game.history.recorded = 0
    monkeypatch.setattr(history, "MAX_LOG_VOLUME", 10)
    monkeypatch.setattr(fastpath, "MAX_LOG_VOLUME", 10)
    with pytest.raises(BudgetExceeded, match="the game log passed 10 items and characters"):
        game.choices.choose(red, [[1, 2, 3, 4, 5, 6, 7]], "a long prompt")
