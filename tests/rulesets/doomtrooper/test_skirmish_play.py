"""The skirmish offers each turn every action the turn rules allow at that moment, and only
those: with all of a player's warriors in cover the first action must bring one out (DT-093),
so gaining destiny is not offered then and leaving cover is. Random players finish every game."""

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
        assert "destiny" not in options and "attack" not in options and "leave cover" in options
