"""The expansion's marine actions are offered in the marine's turn when their rules allow them,
so the Airlock scenario can be won in play: marines who walk to the red security door and go
out, one by one, win when the last is out (DOOMX-157, DOOMX-158)."""

import pytest

from rulecraft.runtime import grid
from rulecraft.runtime.agents import Agent, RandomAgent
from rulecraft.runtime.play import run, start


class TowardsTheDoor(Agent):
    """A marine who heads for the red door and goes out; the invader plays at random."""

    def __init__(self):
        self.random = RandomAgent()

    def choose(self, game, player, options, prompt):
        if player.props.get("role") != "marine":
            return self.random.choose(game, player, options, prompt)
        if prompt == "which action the marine takes":
            return options.index("sprint")
        if prompt == "what the marine does next":
            return next(options.index(o) for o in ("go out", "pass oxygen", "door", "move", "stop") if o in options)
        if prompt == "where the marine moves":
            door = grid.grid_marked(game, "map", "red_door")
            return min(range(len(options)), key=lambda i: min(grid.grid_range(game, "map", options[i], d) for d in door))
        return 0


@pytest.mark.rules("DOOMX-157", "DOOMX-158")
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_airlock_is_won_by_the_marines_going_out_through_the_red_door(expansion, seed):
    game = run(start(expansion, "mars_airlock", seed=seed, agents=[TowardsTheDoor() for _ in range(3)]), "mars_airlock")
    marines = [p for p in game.players if p.props["role"] == "marine"]
    [end] = [e for e in game.log if e["what"] == "end"]
    assert end["winner"] in [p.name for p in marines]
    assert all(p.props["exited"] for p in marines)
    out = [e["text"] for e in game.log if e["what"] == "log" and e["text"].endswith("goes out through the red security door")]
    assert len(out) == len(marines)


def test_random_airlock_games_play_to_their_end(expansion):
    for seed in range(1, 11):  # an offered action that its rules refuse would stop the game
        assert run(start(expansion, "mars_airlock", seed=seed), "mars_airlock").log[-1]["what"] == "final"

