"""The simulation log mode keeps only what a replay needs; the full log stays the default, and a
replay from a simulation's log writes the full log byte for byte."""

from pathlib import Path

import pytest

import rulecraft
from rulecraft.runtime.history import REPLAY_NEEDS
from rulecraft.runtime.play import replay, run, start

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
CASES = [("twilight-imperium", "small_galaxy", 21), ("neuroshima", "duel", 2),
         (str(EXAMPLES / "breakthrough"), "classic", 4)]


def played(game_id, scenario, seed, log="full"):
    return run(start(rulecraft.load(game_id), scenario, seed=seed, log=log), scenario)


@pytest.mark.parametrize(("game_id", "scenario", "seed"), CASES)
def test_a_simulation_log_is_the_full_log_without_what_replay_does_not_need(game_id, scenario, seed):
    full = played(game_id, scenario, seed)
    simulation = played(game_id, scenario, seed, log="simulation")
    kept = [e for e in full.log if e["what"] in REPLAY_NEEDS]
    assert kept[-1]["what"] == "final"
    assert kept[-1]["digest"] == full.digest()
    kept[-1] = kept[-1] | {"digest": None}  # a simulation does not hash its state
    assert simulation.log == kept
    assert len(kept) < len(full.log)
    assert any(e["what"] == "choice" for e in kept)
    assert simulation.digest() == full.digest()


@pytest.mark.parametrize(("game_id", "scenario", "seed"), CASES)
def test_a_simulation_log_replays_to_the_full_log(game_id, scenario, seed):
    full = played(game_id, scenario, seed)
    simulation = played(game_id, scenario, seed, log="simulation")
    again = replay(rulecraft.load(game_id), simulation.log)
    assert again.log_lines() == full.log_lines()


def test_the_full_log_is_the_default_and_an_unknown_mode_is_refused():
    rules = rulecraft.load(str(EXAMPLES / "connect-four"))
    assert rulecraft.new_game(rules, seed=3, scenario="classic").log_lines() == \
        rulecraft.new_game(rules, seed=3, scenario="classic", log="full").log_lines()
    with pytest.raises(ValueError, match="unknown log mode 'quiet'"):
        rulecraft.new_game(rules, seed=3, scenario="classic", log="quiet")


LOGGING = '''
game "t" "T"
kind counter { n: int = 0 }
counter tally "Tally" { }
fn bump(c: counter) -> int {
  c.n += 1
  return c.n
}
fn talk(c: counter) -> int {
  log "plain {c.name}"
  log "bumped to {bump(c)}"
  log "now {c.name}"
  return c.n
}
'''


@pytest.mark.parametrize("mode", ["full", "simulation"])
def test_a_simulation_makes_no_log_text_but_still_runs_what_a_log_line_calls(mode):
    game = rulecraft.new_game(rulecraft.compile_source(LOGGING), log=mode)
    c = game.create("tally")
    assert game.call("talk", c) == 1
    assert c.props["n"] == 1  # `bump` ran in both modes
    texts = [e["text"] for e in game.log if e["what"] == "log"]
    assert texts == (["plain Tally", "bumped to 1", "now Tally"] if mode == "full" else [])
    assert game.history.seq == 5  # create, log, set, log, log: numbered alike in both modes
