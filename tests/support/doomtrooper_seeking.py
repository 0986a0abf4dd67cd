"""Policies of the goal-seeking agent (support/seeking.py) for the Doomtrooper skirmish: a
player who fights for points (Sabotage, kills, the best warriors, every point as promotion),
and one who only puts warriors into play for the other to kill."""

from __future__ import annotations

from .seeking import Policy, best, first_of

FOR_POINTS = ("sabotage", "attack", "warrior", "leave cover", "transfer", "destiny")


def fights_for_points(who: str) -> Policy:
    def policy(game, player, options, prompt):
        if player.name != who:
            return None
        if prompt == "the next action":
            return first_of(options, *FOR_POINTS)
        if prompt == "how many of the points are promotion points":
            return best(options, lambda n: -n)
        if prompt in ("which warrior", "who sabotages", "who attacks", "who goes onto the station"):
            return best(options, lambda w: -game.get(w, "value"))
        return None

    return policy


def feeds_warriors(who: str) -> Policy:
    def policy(game, player, options, prompt):
        if player.name != who:
            return None
        if prompt == "the next action":
            return first_of(options, "warrior", "pass")
        return None

    return policy
