"""(l) Searching agents: what a checkpoint copy, a playout and a decision cost.

A Neuroshima duel played by random agents for 5 rounds gives the state copied (`copy_game`: what a
playout starts from). Then one seeded game each of Connect Four (MCTS, 50 playouts a
decision, against random) and of a Neuroshima duel (MCTS, 8 playouts a decision with a horizon of 2
turns, against random) is played. The CPU time (`time.process_time`) is divided by the decisions the
MCTS player took and by its playouts.
"""

from __future__ import annotations

import time
from pathlib import Path

import rulecraft
from rulecraft.agents.search import MctsAgent
from rulecraft.runtime.agents import RandomAgent
from rulecraft.runtime.play import copy_game, run, start

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"
COPIES = 200


class Counting(MctsAgent):
    """MCTS, counting its decisions."""

    decisions = 0

    def choose(self, game, player, options, prompt) -> int:
        self.decisions += 1
        return super().choose(game, player, options, prompt)


def copy_cost(rules) -> float:
    """CPU seconds to copy a mid-game Neuroshima duel once."""
    game = run(start(rules, "duel", seed=5, log="simulation"), "duel", 5)
    began = time.process_time()
    for _ in range(COPIES):
        copy_game(game)
    return (time.process_time() - began) / COPIES


def decision_cost(rules, scenario: str, agent: Counting, seed: int) -> tuple[float, int]:
    """CPU seconds a game took, and the MCTS player's decisions in it."""
    began = time.process_time()
    run(start(rules, scenario, seed=seed, agents=[agent, RandomAgent()], log="simulation"), scenario)
    return time.process_time() - began, agent.decisions


def run_bench(quick: bool = False) -> list[tuple[str, str, str]]:
    neuroshima, connect_four = rulecraft.load("neuroshima"), rulecraft.load(str(EXAMPLES / "connect-four"))
    rows = [("copy of a Neuroshima duel after 5 rounds", f"{copy_cost(neuroshima) * 1000:.2f} ms", "CPU time")]
    for title, rules, scenario, agent in [
            ("Connect Four, mcts:playouts=50", connect_four, "classic", Counting(playouts=50)),
            ("Neuroshima duel, mcts:playouts=8,turns=2", neuroshima, "duel", Counting(playouts=8, turns=2))]:
        seconds, decisions = decision_cost(rules, scenario, agent, seed=3)
        rows.append((title, f"{seconds / decisions * 1000:.0f} ms a decision",
                     f"{decisions * agent.playouts / seconds:.0f} playouts/s ({decisions} decisions)"))
    return rows


if __name__ == "__main__":
    for row in run_bench():
        print("  ".join(row))
