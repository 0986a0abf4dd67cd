"""Doomtrooper: the game, its formats, and a table helper for the rule tests."""

from pathlib import Path

import pytest

import rulecraft
from rulecraft.decks.legality import load_format

ROOT = Path(__file__).resolve().parents[3]
GALLERY = ROOT / "examples" / "decks"
FIXTURES = Path(__file__).parent / "fixtures"


@pytest.fixture(scope="session")
def dt():
    return rulecraft.load("doomtrooper")


@pytest.fixture(scope="session")
def league():
    return load_format("doomtrooper/prague-league-2010")


@pytest.fixture(scope="session")
def standard():
    return load_format("doomtrooper/standard")


class Picker:
    """An agent that answers by prompt: `picks` maps a piece of the prompt to the value wanted
    (an option, or a card's definition id), or to a list of them used in turn (the last one
    repeats); any other question gets the first option (a window's "pass"). It notes every
    question asked: `asked` holds (prompt, options) in order."""

    name = "picker"

    def __init__(self, picks=None):
        self.picks = {k: (list(v) if isinstance(v, list) else v) for k, v in (picks or {}).items()}
        self.asked = []

    def choose(self, game, player, options, prompt):
        self.asked.append((prompt, list(options)))
        for key, want in self.picks.items():
            if key in prompt:
                if isinstance(want, list):
                    want = want.pop(0) if len(want) > 1 else want[0]
                for i, o in enumerate(options):
                    if o == want or getattr(o, "def_id", None) == want:
                        return i
                if want is None or want == "pass":
                    return 0
                raise AssertionError(f"{want!r} is not an option for {prompt!r}: {options}")
        return 0

    def offered(self, prompt_part):
        """The definition ids (or values) offered in each question whose prompt holds `prompt_part`."""
        return [[getattr(o, "def_id", o) for o in opts] for prompt, opts in self.asked if prompt_part in prompt]


def logged(t, text):
    """The log's sentences so far that contain `text`."""
    return [e["text"] for e in t.g.log if e["what"] == "log" and text in e["text"]]
