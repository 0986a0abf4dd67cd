"""Small galaxies for the domain counter tests."""

import pytest

import rulecraft
from rulecraft import IllegalAction
from tests.support.located import located_message


@pytest.fixture(scope="session")
def ti():
    return rulecraft.load("twilight-imperium")


class Galaxy:
    """A game with two races (a, b) and helpers to lay out systems, planets and units."""

    def __init__(self, rules, seed=1, players=("a", "b"), assumptions=None):
        self.game = rulecraft.Game(rules, seed=seed, players=players, assumptions=assumptions)
        self.a, self.b = self.game.players[0], self.game.players[1]

    def system(self, definition="deep_space"):
        return self.game.create(definition)

    def planet(self, definition, system, counter=None, controller=None):
        """A planet in `system`; `counter` puts a face-down domain counter of that id on it."""
        pl = self.game.create(definition, 1, system)
        if controller is not None:
            self.game.set(pl, "controller", controller)
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

    def hand(self, player):
        return self.game.zone("hand", player).items

    def discard(self):
        return self.game.zone("discard").items

    def act(self, action, *args, phase="invasion"):
        with self.game.phase(phase):
            return self.game.act(action, *args)

    def refused(self, action, *args, phase="invasion"):
        """The action is illegal: returns the message. The refusal is caught inside the
        phase, so that the phase still ends normally (Game.phase has no try/finally)."""
        with self.game.phase(phase):
            with pytest.raises(IllegalAction) as refusal:
                self.game.act(action, *args)
        return located_message(refusal.value)

    def counter(self, planet):
        return self.game.call("counter_on", planet)

    def get(self, thing, prop):
        return self.game.get(thing, prop)

    def alive(self, things):
        return [t.alive for t in things]

    def on(self, definition, where, owner=None):
        return self.game.select(definition, at=where, owner=owner, by_definition=True)

    def events(self, name):
        """The arguments (as log references) of every `name` event so far."""
        return [e["args"] for e in self.game.log if e["what"] == "event" and e["event"] == name]

    def texts(self):
        """Every sentence the log says so far."""
        return [e["text"] for e in self.game.log if e["what"] == "log"]

    def rolls(self, die="d10"):
        return [e["face"] for e in self.game.log if e["what"] == "roll" and e["die"] == die]

    def next_round(self):
        self.game.end_round()
        self.game.begin_round()


@pytest.fixture
def galaxy(ti):
    g = Galaxy(ti)
    g.game.begin_round()
    return g


@pytest.fixture
def new_galaxy(ti):
    """A factory for galaxies with other seeds, players or assumptions (round not begun)."""
    return lambda **kwargs: Galaxy(ti, **kwargs)
