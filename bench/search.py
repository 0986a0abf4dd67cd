"""(l) Searching agents: what a checkpoint copy, a playout and a decision cost, against a plain UCT.

A Neuroshima duel played by random agents for 5 rounds gives the state copied (`copy_game`: what a
checkpoint is, and the first playouts of one start from; a template's copy, `Template.copy`: what
the later playouts of a checkpoint start from, search.Starts). Then one seeded game each of Connect Four (MCTS, 50 playouts a
decision, against random) and of a Neuroshima duel (MCTS, 8 playouts a decision with a horizon of 2
turns, against random) is played. The CPU time (`time.process_time`) is divided by the decisions the
MCTS player took and by its playouts. The Connect Four figure is set against a plain hand-written
UCT (`PlainUct`: the same game, 50 playouts a decision, UCB1 with the same exploration constant,
random playouts to the game's end) playing the same kind of game, measured in the same run.
"""

from __future__ import annotations

import math
import random
import time
from pathlib import Path

import rulecraft
from rulecraft.agents.search import MctsAgent
from rulecraft.runtime.agents import RandomAgent
from rulecraft.runtime.fastpath_copy import Template
from rulecraft.runtime.play import copy_game, run, start

from .twins.connect_four import COLUMNS, four_through

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"
COPIES = 200
PLAYOUTS = 50
ROUNDS = 3  # each Connect Four figure is the best of this many games, the two searches in turn


class Counting(MctsAgent):
    """MCTS, counting its decisions."""

    decisions = 0

    def choose(self, game, player, options, prompt) -> int:
        self.decisions += 1
        return super().choose(game, player, options, prompt)


def copy_costs(rules) -> tuple[float, float]:
    """CPU seconds to copy a mid-game Neuroshima duel once: by copy_game, and by a template."""
    game = run(start(rules, "duel", seed=5, log="simulation"), "duel", 5)
    template = Template.of(copy_game(game), copy_game(game))
    assert template is not None, "a duel's copies can be taken apart"
    costs = []
    for copy in (lambda: copy_game(game), template.copy):
        began = time.process_time()
        for _ in range(COPIES):
            copy()
        costs.append((time.process_time() - began) / COPIES)
    return costs[0], costs[1]


def decision_cost(rules, scenario: str, agent: Counting, seed: int) -> tuple[float, int]:
    """CPU seconds a game took, and the MCTS player's decisions in it."""
    began = time.process_time()
    run(start(rules, scenario, seed=seed, agents=[agent, RandomAgent()], log="simulation"), scenario)
    return time.process_time() - began, agent.decisions


# ---- a plain UCT on Connect Four, by hand -------------------------------------------------------

def _moves(board: list[int]) -> list[int]:
    return [c for c in range(COLUMNS) if board[35 + c] == 0]


def _drop(board: list[int], col: int, disc: int) -> bool:
    """Drops `disc` into `col`; whether it makes four in a line."""
    cell = col
    while board[cell]:
        cell += COLUMNS
    board[cell] = disc
    return four_through(board, cell)


class _Node:
    __slots__ = ("children", "untried", "visits", "wins")

    def __init__(self, board: list[int]):
        self.children: dict[int, _Node] = {}
        self.untried = _moves(board)
        self.visits = 0
        self.wins = 0.0  # for the player who moved into this node


class PlainUct:
    """UCT for the player to move: `playouts` descents from the root, each down the tree by UCB1,
    one new node, a random playout to the end, and the result backed up; the most visited move."""

    def __init__(self, playouts: int, seed: int):
        self.playouts = playouts
        self.random = random.Random(seed)

    def choose(self, board: list[int], disc: int) -> int:
        root = _Node(board)
        for _ in range(self.playouts):
            self._descend(root, list(board), disc)
        return max(root.children.items(), key=lambda kv: kv[1].visits)[0]

    def _descend(self, root: _Node, board: list[int], disc: int) -> None:
        node, path, mover, winner = root, [(root, 0)], disc, None
        while not node.untried and node.children and winner is None:
            col, node = max(node.children.items(), key=lambda kv: self._ucb(kv[1], path[-1][0].visits))
            winner = mover if _drop(board, col, mover) else None
            path.append((node, mover))
            mover = 3 - mover
        if winner is None and node.untried:
            col = node.untried.pop(self.random.randrange(len(node.untried)))
            winner = mover if _drop(board, col, mover) else None
            node.children[col] = child = _Node(board)
            path.append((child, mover))
            mover = 3 - mover
        while winner is None and 0 in board[35:]:
            moves = _moves(board)
            winner = mover if _drop(board, moves[self.random.randrange(len(moves))], mover) else None
            mover = 3 - mover
        for visited, moved in path:
            visited.visits += 1
            visited.wins += 0.5 if winner is None else float(winner == moved)

    @staticmethod
    def _ucb(node: _Node, parent_visits: int) -> float:
        return node.wins / node.visits + math.sqrt(2) * math.sqrt(math.log(parent_visits) / node.visits)


def plain_decision_cost(seed: int) -> tuple[float, int]:
    """CPU seconds a game of the plain UCT (first player) against random moves took, and its decisions."""
    board, uct, rival, decisions = [0] * 42, PlainUct(PLAYOUTS, seed), random.Random(seed + 1), 0
    began = time.process_time()
    while True:
        decisions += 1
        if _drop(board, uct.choose(board, 1), 1) or 0 not in board[35:]:
            break
        moves = _moves(board)
        if _drop(board, moves[rival.randrange(len(moves))], 2) or 0 not in board[35:]:
            break
    return time.process_time() - began, decisions


def connect_four_rows(rules) -> list[tuple[str, str, str]]:
    """One rulecraft MCTS decision against one plain UCT decision, the best of ROUNDS games each."""
    ours = theirs = math.inf
    for seed in range(3, 3 + ROUNDS):
        agent = Counting(playouts=PLAYOUTS)
        seconds, decisions = decision_cost(rules, "classic", agent, seed)
        ours = min(ours, seconds / decisions)
        seconds, decisions = plain_decision_cost(seed)
        theirs = min(theirs, seconds / decisions)
    return [(f"Connect Four, mcts:playouts={PLAYOUTS}", f"{ours * 1000:.1f} ms a decision",
             f"{PLAYOUTS / ours:.0f} playouts/s"),
            (f"Connect Four, plain hand-written UCT, {PLAYOUTS} playouts", f"{theirs * 1000:.2f} ms a decision",
             f"rulecraft / plain = {ours / theirs:.1f}x (target <= 2)")]


def run_bench(quick: bool = False) -> list[tuple[str, str, str]]:
    neuroshima, connect_four = rulecraft.load("neuroshima"), rulecraft.load(str(EXAMPLES / "connect-four"))
    walked, templated = copy_costs(neuroshima)
    rows = [("copy of a Neuroshima duel after 5 rounds", f"{walked * 1000:.2f} ms", "CPU time, copy_game"),
            ("the same, by a template", f"{templated * 1000:.2f} ms", f"{walked / templated:.1f}x faster")]
    rows += connect_four_rows(connect_four)
    agent = Counting(playouts=8, turns=2)
    seconds, decisions = decision_cost(neuroshima, "duel", agent, seed=3)
    rows.append(("Neuroshima duel, mcts:playouts=8,turns=2", f"{seconds / decisions * 1000:.0f} ms a decision",
                 f"{decisions * agent.playouts / seconds:.0f} playouts/s ({decisions} decisions)"))
    return rows


if __name__ == "__main__":
    for row in run_bench():
        print("  ".join(row))
