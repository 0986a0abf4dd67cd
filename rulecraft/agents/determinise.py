"""Determinisation: a searching agent's playout draws afresh what its player has not seen.

It takes a game at a decision point (a playout's copy: search.py calls it there), the deciding
player and a seeded stream of the runtime's (`Seeded`, from that player's stream). It gives
`determinise`, which changes the copy in place into one of the games the player cannot tell
from it, drawn at random:

- what the player has seen stays where it is: every thing shown to them, and every thing face up
  outside the hidden zones (runtime/knowledge.py, `Knowledge.sees`);
- what its own zones hold the player knows, not the order of what it has not seen there (its
  hand; its own deck, as its deck list less what it drew): each of its own zones is drawn among
  its own places;
- every other thing it has not seen (in a shared deck, another player's hand or deck, a pile set
  aside, face down on a thing of the table) is drawn among all those places together, wherever
  they are, with the things that look the same from the back: the same kind (its first ancestor)
  and the same owner. A card of a shared deck can so be in an opponent's hand; a card of the
  invaders' deck is never drawn into the marines'.

Each zone keeps its size. Only which thing lies at a place changes: a place keeps whether its
thing lies face down and who has looked at it (`seen_by`), so the drawn game shows every player
what the real one shows them. Things on a board or nowhere (no zone and no thing to lie on) keep
their identity. The order is deterministic: zones by owner and name, things by id, never a set.

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
    """Draw afresh, in `game`, everything `player` has not seen (see the module's docstring)."""
    sees = game.knowledge.sees
    own: list[list[Place]] = []
    others: dict[Back, list[Place]] = {}
    for (_, owner), zone in sorted(game.things.zones.items(), key=lambda kv: (kv[0][1] or 0, kv[0][0])):
        unseen = [(zone, i, e) for i, e in enumerate(zone.items) if not sees(player, e)]
        if owner == player.id:
            own.append(unseen)
            continue
        for place in unseen:
            others.setdefault(_back(game, place[2]), []).append(place)
    for e in game.things.entities.values():
        if e.face_down and isinstance(e.location, Entity) and not sees(player, e):
            others.setdefault(_back(game, e), []).append((e.location, -1, e))
    for places in [*own, *others.values()]:
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
