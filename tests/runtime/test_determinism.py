"""Same seed and same agents give a byte-identical log, also across processes; the log replays."""

import subprocess
import sys

import pytest

import rulecraft
from rulecraft.runtime.agents import Agent, AgentError
from rulecraft.runtime.play import replay, run, start

GAME = "twilight-imperium"


def play(seed, agents=None):
    rules = rulecraft.load(GAME)
    game = start(rules, "small_galaxy", seed=seed, agents=agents)
    return run(game, "small_galaxy")


def test_same_seed_gives_the_same_log_in_one_process():
    assert play(5).log_lines() == play(5).log_lines()


def test_different_seeds_give_different_games():
    assert play(5).log_lines() != play(6).log_lines()


def test_same_seed_gives_byte_identical_logs_in_two_processes():
    command = [sys.executable, "-m", "rulecraft", "run", f"{GAME}/small_galaxy", "--seed", "11", "--json"]
    first = subprocess.run(command, capture_output=True, check=True).stdout
    second = subprocess.run(command, capture_output=True, check=True).stdout
    assert first == second
    assert first.count(b"\n") > 50
    assert first.decode().splitlines() == play(11).log_lines()


def test_the_log_replays_to_the_same_state():
    """Every choice is in the log: replaying them from the logged seed reaches the same state."""
    original = play(21)
    again = replay(rulecraft.load(GAME), original.log)
    assert again.digest() == original.digest()
    assert again.log_lines() == original.log_lines()


SPY = '''game "spy" "Spy"
fn worth() -> int { return 3 }
fn peek() -> int {
  step look { }
  return 1
}
scenario one "One" {
  players: ["a", "b"]
  rounds: 1
  round {
    for p in players() {
      let x = choose from [1, 2] by p "a number"
      if x == 1 { end game winner p }
    }
  }
}
'''


class Asking(Agent):
    """Calls a function of the ruleset while choosing, then picks the first option."""

    def __init__(self, fn):
        self.fn, self.got = fn, []

    def choose(self, game, player, options, prompt):
        self.got.append(game.call(self.fn))
        return 0


def test_an_agent_may_read_the_game_but_not_change_it():
    rules = rulecraft.compile_source(SPY, filename="spy.rules")
    reader = Asking("worth")
    game = run(start(rules, "one", seed=1, agents=[reader, Asking("worth")]), "one")
    assert reader.got == [3]
    assert game.winner.name == "a"
    changer = start(rules, "one", seed=1, agents=[Asking("peek"), Asking("peek")])
    with pytest.raises(AgentError) as caught:
        run(changer, "one")
    assert str(caught.value) == "spy.rules:4:3: the agent of a changed the game while choosing (a `step` happened)"
    assert [e["what"] for e in changer.log] == ["scenario", "round"]  # nothing the agent did reached the log
