"""Small galaxies for the domain counter tests."""

import pytest

import rulecraft


@pytest.fixture(scope="session")
def ti():
    return rulecraft.load("twilight-imperium")


class Galaxy:
    """A game with two races (a, b) and helpers to lay out systems, planets and units."""

    def __init__(self, rules, seed=1, players=("a", "b")):
        self.game = rulecraft.Game(rules, seed=seed, players=players)
        self.a, self.b = self.game.players[0], self.game.players[1]

    def system(self, definition="deep_space"):
        return self.game.create(definition)

    def planet(self, definition, system, counter=None):
        """A planet in `system`; `counter` puts a face-down domain counter of that id on it."""
        pl = self.game.create(definition, 1, system)
        if counter is not None:
            self.game.create(counter, 1, pl, None, True)
        return pl

    def units(self, definition, count, where, owner):
        made = self.game.create(definition, count, where, owner)
        return made if isinstance(made, list) else [made]

    def cards(self, player, count):
        for _ in range(count):
            self.game.create("action_card_back", 1, self.game.zone("hand", player))

    def deck(self, count):
        for _ in range(count):
            self.game.create("action_card_back", 1, self.game.zone("action_deck"))

    def act(self, action, *args, phase="invasion"):
        with self.game.phase(phase):
            return self.game.act(action, *args)

    def counter(self, planet):
        return self.game.call("counter_on", planet)


@pytest.fixture
def galaxy(ti):
    return Galaxy(ti)
