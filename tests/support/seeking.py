"""A goal-seeking agent for scenario tests: it plays towards a goal through legal play only.

A policy looks at one question (the game, the player asked, the offered options, the prompt)
and returns the index of the option it wants, or None when it has no opinion; the agent asks
its policies in order and answers any question none of them takes at random, from the game's
seeded stream. It only ever picks among the offered options, so a game it plays is a legal
game, and the same seed and policies always give the same game (its log replays)."""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from rulecraft.runtime.agents import Agent, RandomAgent

Policy = Callable[[Any, Any, Sequence[Any], str], int | None]


class Seeking(Agent):
    name = "seeking"

    def __init__(self, *policies: Policy):
        self.policies = policies
        self.fallback = RandomAgent()

    def choose(self, game, player, options, prompt) -> int:
        for policy in self.policies:
            i = policy(game, player, options, prompt)
            if i is not None:
                if not 0 <= i < len(options):
                    raise AssertionError(f"a policy picked {i}, not one of the {len(options)} options for {prompt!r}")
                return i
        return self.fallback.choose(game, player, options, prompt)


def first_of(options: Sequence[Any], *wanted: Any) -> int | None:
    """The index of the first wanted value that is offered (in the order wanted)."""
    for w in wanted:
        for i, o in enumerate(options):
            if o == w or getattr(o, "def_id", None) == w:
                return i
    return None


def best(options: Sequence[Any], score: Callable[[Any], float]) -> int | None:
    """The index of the option with the lowest score (the first of equals); None if none is offered."""
    if not options:
        return None
    return min(range(len(options)), key=lambda i: score(options[i]))


# ---- square grids: walking distances ------------------------------------------------------

WALKABLE = ("floor", "hazard", "open_door", "door")  # a closed door is a way through: it opens


def walking_distances(game: Any, goals: Iterable[int], board: str = "map") -> dict[int, int]:
    """Steps (8 directions) from every space to the nearest goal, over walkable terrain,
    whether or not an area is revealed yet, ignoring figures."""
    b = game.things.boards[board]
    far = {s: 0 for s in goals}
    queue = deque(far)
    while queue:
        s = queue.popleft()
        x, y = b.xy(s)
        for dx in (-1, 0, 1):
            for dy in (-1, 0, 1):
                n = (y + dy) * b.width + x + dx
                if 0 <= x + dx < b.width and 0 <= y + dy < b.height and n not in far and b.terrain[n] in WALKABLE:
                    far[n] = far[s] + 1
                    queue.append(n)
    return far


def spaces_marked(game: Any, mark: str, board: str = "map") -> list[int]:
    """Every space with the mark, revealed or not."""
    b = game.things.boards[board]
    return [s for s, m in enumerate(b.mark) if m == mark]


def where(game: Any, figure: Any, board: str = "map") -> int:
    """The top-left space of a figure, or -1 off the board (or before the board is built)."""
    b = game.things.boards.get(board)
    return b.anchor.get(figure.id, -1) if b is not None and figure is not None else -1
