"""The skirmish offers each turn every action the turn rules allow at that moment, and only
those: with all of a player's warriors in cover the first action must bring one out (DT-093),
so gaining destiny is not offered then and leaving cover is. Random players finish every game."""

import pytest

import rulecraft
from rulecraft.runtime.agents import RandomAgent
from rulecraft.runtime.play import run, start


class CoverWatcher(RandomAgent):
    """A random player that notes the actions offered when its first action must end cover."""

    def __init__(self, offered):
        self.offered = offered

    def choose(self, game, player, options, prompt):
        if prompt == "the next action" and game.call("first_action", player) \
                and game.call("all_in_cover", player) and not game.call("must_transfer", player):
            self.offered.append(tuple(options))
        return super().choose(game, player, options, prompt)


def test_every_seed_plays_to_the_end_offering_only_legal_actions():
    rules = rulecraft.load("doomtrooper")
    games = [run(start(rules, "skirmish", seed=seed), "skirmish") for seed in range(1, 61)]
    assert [g.log[-1]["what"] for g in games] == ["final"] * 60  # an offered action refused would stop it
    taken = {e["picked"] for g in games for e in g.log if e["what"] == "choice" and e.get("prompt") == "the next action"}
    assert {"seek cover", "leave cover", "warzone", "warrior", "destiny", "attack"} <= taken


def test_with_every_warrior_in_cover_the_first_action_brings_one_out_dt_093():
    rules = rulecraft.load("doomtrooper")
    offered = []
    for seed in (19, 21, 25):  # seeds in which a turn begins with all of a player's warriors in cover
        run(start(rules, "skirmish", seed=seed, agents=[CoverWatcher(offered), CoverWatcher(offered)]), "skirmish")
    assert offered
    for options in offered:
        assert "destiny" not in options
        assert "attack" not in options
        assert "leave cover" in options


class Scripted(RandomAgent):
    """Plays the given next actions in turn (then passes), noting what each turn offered."""

    def __init__(self, plan, offered):
        self.plan, self.offered = list(plan), offered

    def choose(self, game, player, options, prompt):
        if prompt == "the next action":
            self.offered.append(tuple(options))
            want = self.plan.pop(0) if self.plan else "pass"
            return options.index(want)
        if prompt == "whether the warrior gets in at once":
            return options.index(True)
        return 0


@pytest.mark.rules("DT-051", "DT-053", "DT-057", "DT-071")
def test_vehicles_and_animals_in_hand_are_offered_and_a_vehicle_is_left_and_boarded():
    rules = rulecraft.load("doomtrooper")
    game = start(rules, "skirmish", seed=1)
    p = game.players[0]
    w = game.create("templar_legionnaire", 1, game.zone("station", p), p)
    game.set(w, "may_have_animal", True)
    game.create("blitztank", 1, game.zone("hand", p), p)
    game.create("eclipse_mammoth", 1, game.zone("hand", p), p)
    offered = []
    game.choices.agents[p.id] = Scripted(["vehicle", "get out", "get in"], offered)
    game.call("take_turn", p)
    assert "vehicle" in offered[0]
    assert "animal" in offered[0]
    assert "get out" in offered[1]
    assert "animal" not in offered[1]
    assert "get in" in offered[2]
    assert game.call("inside_vehicle", w)  # a warrior has an animal or a vehicle
