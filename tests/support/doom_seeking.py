"""Policies of the goal-seeking agent (support/seeking.py) for Doom and its modes: a marine who
walks towards a goal, opening the doors on his way; a marine who hunts enemies; a marine who
waits; an invader who hunts marines; in Deathmatch, a marine who hunts with one weapon and
marines who walk into his reach. Each answers only the questions it knows, for the players
it concerns; everything else is left to the next policy, or to chance."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .seeking import Policy, best, first_of, walking_distances, where

Goal = Callable[[Any, Any], list[int]]  # (game, player) -> the spaces he heads for ([]: none)

TURN_PROMPTS = ("which action the marine takes", "what the marine does next", "where the marine moves",
                "which door the marine opens", "which weapon the marine uses", "which space the marine attacks")
MOVE_CHOICES = ("dm_move_choices", "move_choices")  # the Deathmatch turn's, then the base game's


def is_marine(player: Any) -> bool:
    return player.props.get("role") == "marine"


def figure_space(game: Any, player: Any) -> int:
    return where(game, game.call("figure_of", player))


def move_choices(game: Any, player: Any) -> list[int]:
    for name in MOVE_CHOICES:
        if name in game.rules.callables:
            return game.call(name, player)
    return []


def heads_for(goal: Goal, action: str = "sprint", attack: bool = False, avoid: Goal | None = None,
              first: tuple[str, ...] = ()) -> Policy:
    """A marine who walks to the nearest space of `goal`: he declares `action` (when he attacks
    and may attack from where he stands: unload), does any of `first` that is offered, attacks
    when he may (if `attack`), opens a door that brings him nearer, and moves to the reachable
    space nearest the goal while that is nearer than where he stands; he never ends a move on a
    space of `avoid`."""

    def policy(game, player, options, prompt):
        if not is_marine(player) or figure_space(game, player) < 0 or prompt not in TURN_PROMPTS:
            return None
        if prompt == "which action the marine takes":
            return first_of(options, "unload" if attack and may_attack_now(game, player) else action)
        goals = goal(game, player)
        if not goals:
            return first_of(options, "stop") if prompt == "what the marine does next" else None
        far = walking_distances(game, goals)
        banned = set(avoid(game, player)) if avoid else set()
        distance = lambda s: far.get(s, 10_000) + (10_000 if s in banned else 0)
        here = distance(figure_space(game, player))
        if prompt == "what the marine does next":
            if first_of(options, *first) is not None:
                return first_of(options, *first)
            if attack and "attack" in options:
                return options.index("attack")
            if "move" in options and min(map(distance, move_choices(game, player)), default=here) < here:
                return options.index("move")
            if "door" in options and min(map(distance, game.call("door_choices", player))) < here:
                return options.index("door")
            return first_of(options, "stop")
        if prompt in ("where the marine moves", "which door the marine opens"):
            return best(options, distance)
        if attack and prompt == "which weapon the marine uses":
            return best(options, lambda w: weapon_rank(game, w))
        if attack and prompt == "which space the marine attacks":
            return best(options, lambda s: wounds_left(game, s))
        return None

    return policy


def may_attack_now(game: Any, player: Any) -> bool:
    """Whether some weapon of the marine has a target from where he stands."""
    targets = "dm_targets" if "dm_targets" in game.rules.callables else "attack_targets"
    return any(game.call(targets, player, w) for w in game.call("weapons_of", player))


def weapon_rank(game: Any, weapon: str) -> tuple[bool, int]:
    """Weapons without a blast (which may hit the thrower) first, then those rolling more dice."""
    return game.properties.defprop(weapon, "blast") > 0, -len(game.properties.defprop(weapon, "dice"))


def waits(action: str = "ready") -> Policy:
    """A marine who declares `action` and does nothing more."""

    def policy(game, player, options, prompt):
        if not is_marine(player):
            return None
        if prompt == "which action the marine takes":
            return first_of(options, action)
        if prompt == "what the marine does next":
            return first_of(options, "stop")
        return None

    return policy


def marine_spaces(game: Any, player: Any = None) -> list[int]:
    """Where the marines stand (on the board)."""
    spaces = [figure_space(game, p) for p in game.call("marines")]
    return [s for s in spaces if s >= 0]


def hunts_marines() -> Policy:
    """An invader player who plays every card he may, spawns the bigger half of a card, spawns
    and moves as near the marines as he can, and attacks the marine with the fewest wounds
    left whenever he may."""

    def policy(game, player, options, prompt):
        if player.props.get("role") != "invader":
            return None
        if prompt in ("play a spawn card", "play this event card", "play an event card now",
                      "remove a figure from the board to spawn it anew"):
            return first_of(options, True)
        if prompt == "what the activated invader does next":   # attack when it may, else close in
            return first_of(options, "attack") if "attack" in options else first_of(options, "move")
        if prompt == "which half of the spawn card":
            return first_of(options, 1)
        if prompt in ("where the invader spawns", "where the invader moves"):
            far = walking_distances(game, marine_spaces(game))
            return best(options, lambda s: far.get(s, 10_000))
        if prompt == "which marine the invader attacks":
            return best(options, lambda s: wounds_left(game, s))
        return None

    return policy


def invader_spaces(game: Any, player: Any = None) -> list[int]:
    """Where the invaders stand (every space of their figures)."""
    board = game.things.boards.get("map")
    if board is None:
        return []
    return sorted(s for fid, f in board.figures.items() if game.properties.is_a(f, "invader") for s in board.spaces_of(fid))


def wounds_left(game: Any, space: int) -> int:
    """The wounds left on the bin of the marine standing on `space` (many for anyone else)."""
    figure = game.things.boards["map"].figures.get(game.things.boards["map"].occupant.get(space, -1))
    if figure is None or not game.properties.is_a(figure, "marine"):
        return 10_000
    return game.get(game.call("bin_of", figure.owner), "wounds")


def enemy_spaces(game: Any, player: Any) -> list[int]:
    """Where the marines of other groups stand (Deathmatch: another commander; CTF: another team)."""
    group = player.props.get("group")
    return [figure_space(game, p) for p in game.call("marines")
            if p.props.get("group") != group and figure_space(game, p) >= 0]


def weapons_to_take(game: Any, player: Any) -> list[int]:
    """Deathmatch and CTF: the spaces of weapon tokens the marine has not got and the item pool
    still holds a copy of (his weapon is lost when fragged, and with an ammo icon)."""
    pool = game.zone("item_pool")
    held = game.get(game.call("bin_of", player), "weapons")
    out = []
    for t in game.zone("map_items").items:
        gives = game.get(t, "gives")
        if game.get(t, "sort") == "weapon" and not set(gives) & set(held) \
                and any(c.def_id == t.def_id for c in pool.items):
            out.append(game.get(t, "space"))
    return out


def armed_then_hunting(game: Any, player: Any) -> list[int]:
    """First a weapon (if one is left to take), then the enemies."""
    return weapons_to_take(game, player) or enemy_spaces(game, player)


def flag_run(game: Any, player: Any) -> list[int]:
    """Capture the Flag: to the other team's flag, and with it back to his own base."""
    team = player.props["team"]
    other = game.call("flag_of", game.call("other_team", team))
    if other is None:
        return []
    if game.get(other, "carrier") is player:
        return game.call("base_spaces", team)
    return [game.call("flag_spot", other)]


def group_spaces(group: str) -> Goal:
    """Where the marines of a group (a commander's, or a team) stand."""
    return lambda game, player: [figure_space(game, p) for p in game.call("marines")
                                 if p.props.get("group") == group and figure_space(game, p) >= 0]


# ---- Deathmatch: a hunter with a melee weapon, and marines who walk into his reach ----------

def hunts_with(weapon: str) -> Policy:
    """A Deathmatch marine who first fetches a token of `weapon`, then hits the enemy marine with
    the fewest wounds left as often as he may: twice (unload) when one stands where `weapon`
    reaches him, else he advances on the nearest and attacks once, with `weapon` when it reaches."""
    fetch = heads_for(lambda game, player: [] if holds(game, player, weapon) else token_spaces(game, weapon))
    hunt = heads_for(enemy_spaces, action="advance", attack=True)

    def policy(game, player, options, prompt):
        if not is_marine(player) or figure_space(game, player) < 0:
            return None
        if not holds(game, player, weapon):
            return fetch(game, player, options, prompt)
        if prompt == "which action the marine takes":
            return first_of(options, "unload" if game.call("dm_targets", player, weapon) else "advance")
        if prompt == "which weapon the marine uses" and weapon in options:
            return options.index(weapon)
        return hunt(game, player, options, prompt)

    return policy


def holds(game: Any, player: Any, weapon: str) -> bool:
    return weapon in game.get(game.call("bin_of", player), "weapons")


def token_spaces(game: Any, weapon: str) -> list[int]:
    """Deathmatch: the spaces of the tokens of `weapon` while the item pool still holds a copy."""
    pool = {c.def_id for c in game.zone("item_pool").items}
    return [game.get(t, "space") for t in game.zone("map_items").items
            if t.def_id in pool and weapon in game.get(t, "gives")]


def walks_into_reach(group: str) -> Policy:
    """A Deathmatch marine who never attacks: he sprints, a space at a time, to a space next to
    a marine of `group` and stays there. He never steps on a token (a medical token would heal
    him, Invisibility hide him), a teleporter or a hazard, and he comes back from a frag (or
    starts) on the re-entry point nearest that group."""

    def policy(game, player, options, prompt):
        if not is_marine(player):
            return None
        hunters = group_spaces(group)(game, player)
        if prompt in ("the re-entry point where the marine comes back", "the re-entry point where the marine starts"):
            near = walking_distances(game, hunters)
            return best(options, lambda s: near.get(s, 10_000))
        here = figure_space(game, player)
        if here < 0 or prompt not in TURN_PROMPTS:
            return None
        if prompt == "which action the marine takes":
            return first_of(options, "sprint")
        far = walking_distances(game, next_to(game, hunters))
        distance = lambda s: far.get(s, 10_000)
        steps = set(next_to(game, [here])) - shunned(game)
        nearer = [s for s in move_choices(game, player) if s in steps and distance(s) < distance(here)]
        if prompt == "what the marine does next":
            if distance(here) > 0 and nearer and "move" in options:
                return options.index("move")
            if distance(here) > 0 and "door" in options and min(map(distance, game.call("door_choices", player))) < distance(here):
                return options.index("door")
            return first_of(options, "stop")
        if prompt == "where the marine moves":
            return options.index(min(nearer, key=distance)) if nearer else None
        if prompt == "which door the marine opens":
            return best(options, distance)
        return None

    return policy


def next_to(game: Any, spaces: list[int]) -> list[int]:
    """The board's spaces around these spaces (8 directions)."""
    b = game.things.boards["map"]
    around = set()
    for s in spaces:
        x, y = b.xy(s)
        around |= {(y + dy) * b.width + x + dx for dx in (-1, 0, 1) for dy in (-1, 0, 1)
                   if (dx, dy) != (0, 0) and b.on_board(x + dx, y + dy)}
    return sorted(around)


def shunned(game: Any) -> set[int]:
    """Deathmatch: the spaces of tokens, teleporters and hazards."""
    b = game.things.boards["map"]
    tokens = {game.get(t, "space") for t in game.zone("map_items").items}
    return tokens | {s for s in range(len(b.mark)) if b.mark[s] == "teleporter" or b.terrain[s] == "hazard"}
