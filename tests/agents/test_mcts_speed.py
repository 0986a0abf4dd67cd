"""What makes the searching agents fast keeps what they play: a copy of a game (play.copy_game,
fastpath_copy.py) plays on exactly as the game itself does, shares only what never changes; so does
a copy a template makes (fastpath_copy.Template, what the playouts of one checkpoint start from
after the first two: search.Starts); a playout runs on the fast path; the agent takes the same
decisions for a seed as before these speed-ups; and the bench's plain UCT (bench/search.py), against
which an MCTS decision is measured, plays Connect Four soundly."""

from dataclasses import dataclass
from pathlib import Path

import pytest

import rulecraft
from bench.search import PlainUct
from rulecraft.agents.search import MctsAgent, Starts, playout
from rulecraft.agents.specs import make_agent
from rulecraft.compiler.loader import bundled_ids, compile_source
from rulecraft.runtime.agents import RandomAgent
from rulecraft.runtime.chance import Seeded
from rulecraft.runtime.fastpath import FastEvents, QuietHistory
from rulecraft.runtime.fastpath_copy import Template
from rulecraft.runtime.play import Checkpoint, copy_game, run, start
from tests.agents.test_search import GUESS

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
MID_GAME = [("neuroshima", "duel", 5), ("doom", "knee_deep", 2), ("doomtrooper", "skirmish", 3),
            (str(EXAMPLES / "connect-four"), "classic", 4)]
EVERY_SCENARIO = [(rid, scenario) for rid in [*(r for r in bundled_ids() if not r.startswith("doom/variants/")),
                                              *(str(EXAMPLES / name) for name in ("connect-four", "breakthrough-grid"))]
                  for scenario in sorted(rulecraft.load(rid).scenarios)]


def assert_play_on_alike(one, other, scenario, rounds=None):
    """Play both games on (to the end, or `rounds` more rounds): the same log, state and steps."""
    for g in (one, other):
        run(g, scenario, rounds)
    assert one.log_lines() == other.log_lines()
    assert one.digest() == other.digest()
    assert one.budget.steps == other.budget.steps


@pytest.mark.parametrize(("ruleset_id", "scenario", "rounds"), MID_GAME, ids=[c[1] for c in MID_GAME])
def test_a_copy_of_a_game_plays_on_as_the_game_itself(ruleset_id, scenario, rounds):
    rules = rulecraft.load(ruleset_id)
    game = run(start(rules, scenario, seed=7, log="simulation"), scenario, rounds)
    twin = copy_game(game)
    assert twin.digest() == game.digest()
    game.history.entries.clear()
    twin.history.entries.clear()
    assert_play_on_alike(game, twin, scenario)


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


@pytest.mark.parametrize(("ruleset_id", "scenario"), EVERY_SCENARIO, ids=[f"{Path(r).name}/{s}" for r, s in EVERY_SCENARIO])
def test_a_templates_copy_plays_on_as_a_copy_of_the_game_does(ruleset_id, scenario):
    rules = rulecraft.load(ruleset_id)
    game = run(start(rules, scenario, seed=3, log="simulation"), scenario, 2)
    template = Template.of(copy_game(game), copy_game(game))
    assert template is not None
    ours, theirs = template.copy(), copy_game(game)
    assert ours.digest() == theirs.digest() == game.digest()
    assert_play_on_alike(ours, theirs, scenario, 4)


def test_a_templates_copies_share_what_a_copy_shares_and_own_the_rest():
    rules = rulecraft.load("neuroshima")
    game = run(start(rules, "duel", seed=5, log="simulation"), "duel", 5)
    template = Template.of(copy_game(game), copy_game(game))
    one, other = template.copy(), template.copy()
    (name, board), = game.boards.items()
    assert one.rules is other.rules is game.rules
    assert one.assume is game.assume
    assert one.boards[name].coords is other.boards[name].coords is board.coords
    assert one.boards[name] is not other.boards[name]
    assert one.log is one.history.entries is not other.history.entries
    assert one.things.emit.__self__ is one.events
    assert one.events.things is one.things
    thing, prop = next((e, k) for e in game.things.entities.values() for k, v in e.props.items() if v.__class__ is int)
    mine, theirs = one.things.entities[thing.id], other.things.entities[thing.id]
    assert mine is not theirs
    assert mine.props is not theirs.props
    assert mine.location is one.things.entities[thing.id].location
    before = other.digest()
    one.set(mine, prop, thing.props[prop] + 1)
    assert other.digest() == before == game.digest() != one.digest()


def test_a_template_is_not_made_of_copies_it_cannot_repeat():
    rules = rulecraft.load(str(EXAMPLES / "connect-four"))
    game = run(start(rules, "classic", seed=5, log="simulation"), "classic", 3)
    a, b = copy_game(game), copy_game(game)
    a.choices.picks.append(0)  # the two differ in shape
    assert Template.of(a, b) is None
    a, b = copy_game(game), copy_game(game)
    a.extra, b.extra = set(a.players), set(b.players)  # a set of things has no order to repeat
    assert Template.of(a, b) is None
    a, b = copy_game(game), copy_game(game)
    a.extra, b.extra = _Held(a.players[0]), _Held(b.players[0])  # set only through its own __setattr__
    assert Template.of(a, b) is None


@dataclass(frozen=True, slots=True)
class _Held:
    thing: object


def test_playouts_of_one_checkpoint_start_from_the_same_game():
    rules = rulecraft.load(str(EXAMPLES / "connect-four"))
    game = run(start(rules, "classic", seed=5, log="simulation"), "classic", 3)
    checkpoint, starts = Checkpoint(game, 0, False), Starts()
    copies = [starts.copy(checkpoint) for _ in range(6)]
    assert starts.template is not None  # the fourth on came from it
    assert len({id(c) for c in copies}) == 6
    assert {c.digest() for c in copies} == {game.digest()}
    for c in copies:
        run(c, "classic")
    assert len({"\n".join(c.log_lines()) for c in copies}) == 1


def _picks(rules, scenario: str, spec: str, seed: int, rounds: int | None = None) -> list:
    game = run(start(rules, scenario, seed=seed, agents=[make_agent(spec), RandomAgent()], log="simulation"),
               scenario, rounds)
    first = game.players[0].name
    return [e["picked"] for e in game.log if e["what"] == "choice" and e["player"] == first and e["options"] > 1]


def test_the_agent_decides_for_a_seed_as_it_did_before_it_was_made_fast():
    # the picks the agents made at 97e8715, before the templates and the driver's own random draws
    four = rulecraft.load(str(EXAMPLES / "connect-four"))
    assert _picks(four, "classic", "mcts:playouts=50", 3) == [3, 5, 1, 5, 6, 2, 0]
    assert _picks(four, "classic", "mcts:playouts=50", 4) == [2, 2, 3, 2, 2]
    guess = compile_source(GUESS, "guess.rules")  # a determinisation per playout
    assert [_picks(guess, "shuffled", "mcts:playouts=30", seed)[0] for seed in range(12)] == \
        [2, 3, 2, 3, 3, 1, 2, 2, 3, 1, 3, 1]
    assert _picks(rulecraft.load("doomtrooper"), "skirmish", "mcts:playouts=6,turns=1", 2, 2) == \
        ["warrior", "templar_legionnaire#9", "sabotage", 1, "destiny", "sabotage", 1, None]
