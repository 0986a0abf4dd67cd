"""The project's own "Fly in the Web" puts the scenario's extra Trite (DOOMX-167, DOOMX-168) and
an officer (DOOMX-068) in play, and is won like the Airlock, through the red door."""

import pytest

from rulecraft.runtime.play import run, start
from tests.rulesets.doom_expansion.test_x_offers import TowardsTheDoor


@pytest.mark.rules("DOOMX-167", "DOOMX-168", "DOOMX-068")
def test_the_web_trite_and_the_officer_are_in_play(expansion):
    game = run(start(expansion, "fly_in_the_web", seed=1), "fly_in_the_web")   # random agents
    asked = [e for e in game.log if e["what"] == "choice" and e.get("prompt") == "place a Trite (The Fly in the Web)"]
    assert asked, "the invader is never offered the scenario's Trite"
    assert [e["thing"] for e in game.log if e["what"] == "create" and str(e["thing"]).startswith("officer_token#")] \
        == ["officer_token#186"]
    assert game.log[-1]["what"] == "final"


@pytest.mark.rules("DOOMX-157", "DOOMX-158")
def test_the_fly_in_the_web_is_won_by_the_marines_going_out(expansion):
    game = run(start(expansion, "fly_in_the_web", seed=2, agents=[TowardsTheDoor() for _ in range(3)]), "fly_in_the_web")
    marines = [p for p in game.players if p.props["role"] == "marine"]
    [end] = [e for e in game.log if e["what"] == "end"]
    assert end["winner"] in [p.name for p in marines]
    assert all(p.props["exited"] for p in marines)
