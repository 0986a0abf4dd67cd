"""What makes the searching agents fast keeps what they play: a copy of a game (play.copy_game,
fastpath_copy.py) plays on exactly as the game itself does, shares only what never changes, and a
playout runs on the fast path; the bench's plain UCT (bench/search.py), against which an MCTS
decision is measured, plays Connect Four soundly."""

from pathlib import Path

import pytest

import rulecraft
from bench.search import PlainUct
from rulecraft.agents.search import MctsAgent, playout
from rulecraft.runtime.agents import RandomAgent
from rulecraft.runtime.chance import Seeded
from rulecraft.runtime.fastpath import FastEvents, QuietHistory
from rulecraft.runtime.play import copy_game, run, start

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
MID_GAME = [("neuroshima", "duel", 5), ("doom", "knee_deep", 2), ("doomtrooper", "skirmish", 3),
            (str(EXAMPLES / "connect-four"), "classic", 4)]


@pytest.mark.parametrize(("ruleset_id", "scenario", "rounds"), MID_GAME, ids=[c[1] for c in MID_GAME])
def test_a_copy_of_a_game_plays_on_as_the_game_itself(ruleset_id, scenario, rounds):
    rules = rulecraft.load(ruleset_id)
    game = run(start(rules, scenario, seed=7, log="simulation"), scenario, rounds)
    twin = copy_game(game)
    assert twin.digest() == game.digest()
    for g in (game, twin):
        g.history.entries.clear()
        run(g, scenario)
    assert twin.log_lines() == game.log_lines()
    assert twin.digest() == game.digest()
    assert twin.budget.steps == game.budget.steps


def test_a_copy_shares_what_never_changes_and_owns_its_state():
    rules = rulecraft.load("neuroshima")
    game = run(start(rules, "duel", seed=5, log="simulation"), "duel", 5)
    twin = copy_game(game)
    assert twin.rules is game.rules
    assert twin.assume is game.assume
    assert twin.things.assume is game.assume
    (name, board), = game.boards.items()
    assert twin.boards[name].coords is board.coords  # the cells of a hex board
    thing, prop = next((e, k) for e in game.things.entities.values() for k, v in e.props.items() if v.__class__ is int)
    copied = twin.things.entities[thing.id]
    assert copied is not thing
    assert copied.props is not thing.props
    assert copied.props == thing.props
    before = thing.props[prop]
    twin.set(copied, prop, before + 1)
    assert (thing.props[prop], copied.props[prop]) == (before, before + 1)
    assert twin.digest() != game.digest()
    assert twin.events.things is twin.things
    assert twin.things.emit.__self__ is twin.events
    assert twin.history is not game.history
    assert twin.history.entries == []
    assert not twin.history.full


def test_a_playout_runs_on_the_fast_path():
    rules = rulecraft.load(str(EXAMPLES / "connect-four"))
    seen = []

    class Looking(MctsAgent):
        def choose(self, game, player, options, prompt):
            played = playout(game, player, options, prompt, lambda g, p, o: 0, Seeded(1), None, self.starts)
            seen.append((type(played.game.history), type(played.game.events)))
            return 0

    run(start(rules, "classic", seed=1, agents=[Looking(), RandomAgent()]), "classic", 1)
    assert seen == [(QuietHistory, FastEvents)]


def test_a_searching_game_replays_byte_for_byte():
    rules = rulecraft.load(str(EXAMPLES / "connect-four"))
    logs = [run(start(rules, "classic", seed=4, agents=[MctsAgent(playouts=20), RandomAgent()]), "classic").log_lines()
            for _ in range(2)]
    assert logs[0] == logs[1]


def test_the_plain_uct_takes_a_win_and_blocks_a_loss():
    win = [1, 1, 1, 0, 2, 2, 0] + [0] * 35  # red has three across the bottom: column 3 wins
    assert PlainUct(50, seed=1).choose(win, 1) == 3
    block = [2, 2, 2, 0, 1, 0, 1] + [0] * 35  # yellow threatens column 3; red must take it
    assert PlainUct(200, seed=1).choose(block, 1) == 3
