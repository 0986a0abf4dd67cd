"""Determinisation: a searching agent's playout draws afresh what its player has not seen.

It takes a game at a decision point (a playout's copy: search.py calls it there), the deciding
player and a seeded stream of the runtime's (`Seeded`, from that player's stream). It gives
`determinise`, which changes the copy in place into one of the games the player cannot tell
from it, drawn at random:

- what the player has seen stays where it is: every thing shown to them (`reveal`, `reveal ...
  to`), and every thing face up outside the hidden zones (runtime/knowledge.py, `Knowledge.sees`);
- what its own hidden zones hold the player knows, not the order of what it has not seen there
  (its hand; its own deck, as its deck list less what it drew): each is drawn among its own places;
- every other thing it has not seen in a hidden zone (a shared deck, another player's hand or
  deck, a pile set aside) or lying face down on a thing (a counter on a space) is drawn among all
  those places together, wherever they are, with the things that look the same from behind: of
  the same kind (its first ancestor) and the same owner. A card of a shared deck can so be in an
  opponent's hand, and a face-down counter on another space; a card of one deck is never drawn
  into a deck of another kind of card or another owner's.

Each zone keeps its size. Only which thing lies at a place changes: a place keeps whether its
thing lies face down and who has looked at it (`seen_by`), so the drawn game shows every player
what the real one shows them. Things in zones open to all keep their identity, even face down (a
pool fills its zone face down, and such things may stand on a board), as do things on a board or
nowhere, and things out of the game. The order is deterministic: zones by owner and name, things
by id, never a set.

Known limit: a thing once shown to the player stays where it is in their playouts even after it
went back into a hidden zone that was shuffled (the runtime does not record that a shuffle or a
hidden draw made its place unknown again).

A newcomer may change here what a player is taken to know; what the runtime records of who has
seen what is knowledge.py's.
"""

from __future__ import annotations

from typing import Any

from ..runtime.chance import Seeded
from ..runtime.state import Entity, Zone

Back = tuple[str, int | None]  # what a thing shows from behind: its first ancestor kind and its owner's id
Place = tuple[Zone | Entity, int, Entity]  # where (a zone, or the thing it lies on), the index in a zone, what lies there


def determinise(game: Any, player: Entity, stream: Seeded) -> None:
    """Draw afresh, in `game`, everything `player` has not seen (see the module's docstring).
    The groups of places are drawn in the order they are first met, so where what a player knows
    is the same, the same draws of `stream` give the same game."""
    sees = game.knowledge.sees
    groups: dict[tuple[Any, ...], list[Place]] = {}  # ("own", zone name) or ("back", Back) -> its places
    for (name, owner), zone in sorted(game.things.zones.items(), key=lambda kv: (kv[0][1] or 0, kv[0][0])):
        if not zone.hidden:
            continue
        for i, e in enumerate(zone.items):
            if not sees(player, e):
                key = ("own", name) if owner == player.id else ("back", _back(game, e))
                groups.setdefault(key, []).append((zone, i, e))
    for e in game.things.entities.values():
        if e.face_down and e.alive and isinstance(e.location, Entity) and not sees(player, e):
            groups.setdefault(("back", _back(game, e)), []).append((e.location, -1, e))
    for places in groups.values():
        _deal(places, stream)


def _back(game: Any, e: Entity) -> Back:
    kinds = game.rules.kinds
    kind = e.kind
    while kind in kinds and kinds[kind].parent is not None:
        kind = kinds[kind].parent
    return kind, e.owner.id if e.owner is not None else None


def _deal(places: list[Place], stream: Seeded) -> None:
    """Shuffle the things of `places` among them (Fisher-Yates on `stream`), each place keeping
    whether its thing lies face down and who has seen it."""
    things = [e for _, _, e in places]
    for i in range(len(things) - 1, 0, -1):
        j = stream.below(i + 1)
        things[i], things[j] = things[j], things[i]
    marks = [(e.face_down, e.seen_by) for _, _, e in places]
    for (where, i, _), e, (face_down, seen_by) in zip(places, things, marks):
        if isinstance(where, Zone):
            where.items[i] = e
        e.location = where
        e.face_down, e.seen_by = face_down, seen_by
