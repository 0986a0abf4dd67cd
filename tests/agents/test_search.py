"""The searching agents (agents/search.py): checkpoints and playouts, hidden information and the
game's future kept from them (determinisation itself: test_determinise.py), the greedy agent's
use of `score`, MCTS's decisions, and their specs."""

from __future__ import annotations

import json

import pytest

from rulecraft.agents.search import GreedyAgent, MctsAgent
from rulecraft.agents.specs import make_agent
from rulecraft.compiler.loader import compile_source, load
from rulecraft.runtime import play
from rulecraft.runtime.agents import RandomAgent, ScriptedAgent
from rulecraft.runtime.errors import AgentError
from rulecraft.runtime.game import Game
from tests.support.watched import Watched

# A guess at what the rules hide: the top card of a pile shuffled in the setup (`shuffled`), or a
# number drawn after the guess (`drawn`). An agent that read the hidden order or the game's future
# would always guess right; one that cannot guesses right a third of the time.
GUESS = """\
game "guess" "Guess"

kind card { value: int = 0 }
card one "One" { value: 1 }
card two "Two" { value: 2 }
card three "Three" { value: 3 }
zone pile hidden

fn guessed(g: int, n: int) {
  if g == n { end game winner players()[0] }
  end game winner players()[1]
}

scenario shuffled "Guess the top card of a shuffled pile" {
  players: ["guesser", "other"]
  rounds: 1
  setup {
    create one at pile face_down
    create two at pile face_down
    create three at pile face_down
    shuffle pile
  }
  round {
    let g = choose from [1, 2, 3] by players()[0] "the top card's value"
    guessed(g, first(items(pile)).value)
  }
}

scenario drawn "Guess a number drawn after the guess" {
  players: ["guesser", "other"]
  rounds: 1
  round {
    let g = choose from [1, 2, 3] by players()[0] "the number to be drawn"
    guessed(g, random([1, 2, 3]))
  }
}
"""

# Each player in turn adds 1 or 3 to their points; 10 points win. `score` is the points.
RACE = """\
game "race" "Race"

kind player { points: int = 0 }

fn score(p: player) -> int { return p.points }

scenario race "First to ten" {
  players: ["north", "south"]
  rounds: 20
  round {
    for p in players() {
      turn p {
        p.points += choose from [1, 3] by p "how far to go"
        if p.points >= 10 { end game winner p }
      }
    }
  }
}
"""

def wins_of(rules, scenario: str, spec: str, seeds: range) -> int:
    wins = 0
    for seed in seeds:
        game = play.run(play.start(rules, scenario, seed=seed, agents=[make_agent(spec), RandomAgent()],
                                   log="simulation"), scenario)
        wins += game.winner is not None and game.winner.name == "guesser"
    return wins


@pytest.mark.parametrize("scenario", ["shuffled", "drawn"])
def test_mcts_cannot_read_what_is_hidden_or_still_to_come(scenario):
    # With the true order or the game's own future it would win all 60; it wins about 20.
    rules = compile_source(GUESS, "guess.rules")
    wins = wins_of(rules, scenario, "mcts:playouts=30", range(60))
    assert 10 <= wins <= 30


def test_greedy_goes_the_farthest_by_the_rulesets_score():
    rules = compile_source(RACE, "race.rules")
    game = play.run(play.start(rules, "race", seed=1, agents=[GreedyAgent(), ScriptedAgent([0] * 20)]), "race")
    picks = [e["picked"] for e in game.log if e["what"] == "choice" and e["player"] == "north"]
    assert picks == [3, 3, 3, 3]
    assert game.winner.name == "north"


def test_a_seeded_mcts_game_plays_and_replays_byte_for_byte():
    rules = load("examples/connect-four")
    logs = [play.run(play.start(rules, "classic", seed=7, agents=[make_agent("mcts:playouts=20"), RandomAgent()]),
                     "classic").log_lines() for _ in range(2)]
    assert logs[0] == logs[1]
    assert play.replay(rules, [json.loads(line) for line in logs[0]]).log_lines() == logs[0]


def test_a_search_leaves_the_real_game_as_it_was():
    rules = load("examples/connect-four")
    watched = Watched("mcts:playouts=10")  # it compares the state's digest around each decision
    play.run(play.start(rules, "classic", seed=3, agents=[watched, RandomAgent()]), "classic")
    assert watched.decisions >= 4


def test_a_searching_agent_outside_a_scenario_says_why():
    rules = compile_source(RACE, "race.rules")
    game = Game(rules, players=["north", "south"], agents=[MctsAgent(), RandomAgent()])
    with pytest.raises(AgentError, match="only in a scenario's game"):
        game.choices.choose(game.players[0], [1, 3], "how far to go")


@pytest.mark.parametrize(("spec", "message"), [
    ("mcts:playouts=0", "playouts must be more than 0"),
    ("mcts:depth=3", "mcts takes playouts, turns, seconds, exploration, not 'depth'"),
    ("greedy:samples=many", "samples takes a number, not 'many'"),
    ("greedy:playouts=3", "greedy takes samples, turns, not 'playouts'"),
])
def test_bad_specs_are_refused_with_the_reason(spec, message):
    with pytest.raises(ValueError, match=message):
        make_agent(spec)


def test_specs_set_the_budgets():
    mcts = make_agent("mcts:playouts=50,turns=2,exploration=0.5")
    assert (mcts.playouts, mcts.turns, mcts.exploration, mcts.seconds) == (50, 2, 0.5, None)
    greedy = make_agent("greedy:samples=2,turns=3")
    assert (greedy.samples, greedy.turns) == (2, 3)


def test_a_cut_off_playout_counts_won_where_the_margin_grew():
    from rulecraft.agents.search import Playout, rewards

    rules = compile_source(RACE, "race.rules")
    game = play.start(rules, "race", seed=1)
    north, south = game.players
    north.props["points"], south.props["points"] = 7, 4  # margins now: north +3, south -3
    assert rewards(Playout(game, True, {north.id: 1, south.id: -1})) == {north.id: 1.0, south.id: 0.0}
    assert rewards(Playout(game, True, {north.id: 3, south.id: -3})) == {north.id: 0.5, south.id: 0.5}
    assert rewards(Playout(game, True, {north.id: 5, south.id: -5})) == {north.id: 0.0, south.id: 1.0}
    game.events.over, game.events.winner = True, south
    assert rewards(Playout(game, False, None)) == {north.id: 0.0, south.id: 1.0}


# A turn of two choices in a row: a colour, then a number; the sum of the picks' values decides.
TWO_STEPS = """\
game "steps" "Two steps"

kind player { total: int = 0 }

scenario steps "Two choices a turn" {
  players: ["north", "south"]
  rounds: 3
  round {
    for p in players() {
      turn p {
        p.total += choose from [0, 1] by p "a colour"
        p.total += choose from [0, 2] by p "a number"
      }
    }
  }
  finish {
    let ps = players()
    if ps[0].total > ps[1].total { end game winner ps[0] }
    if ps[1].total > ps[0].total { end game winner ps[1] }
  }
}
"""


def test_mcts_reuses_its_tree_for_the_next_choice_of_its_turn():
    rules = compile_source(TWO_STEPS, "steps.rules")

    class Recording(MctsAgent):
        def choose(self, game, player, options, prompt):
            asked, kept = self.kept
            self.reused.append(sum(e.visits for e in kept.values()) if asked == len(game.choices.picks) else 0)
            return super().choose(game, player, options, prompt)

    agent = Recording(playouts=40)
    agent.reused = []
    game = play.run(play.start(rules, "steps", seed=5, agents=[agent, RandomAgent()]), "steps")
    # each turn's first choice starts afresh; its second starts from the tree below the colour taken
    assert [n == 0 for n in agent.reused] == [True, False] * 3
    # the colour taken was tried most, so in at least 20 of the 40 playouts; all of them but the one
    # that added it to the tree went on to a number in the tree
    assert all(n >= 19 for n in agent.reused[1::2])
    assert game.winner.name == "north"
