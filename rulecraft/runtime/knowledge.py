"""What each player knows of face-down things: the part `rt.knowledge`.

It takes the players and the log. It gives `reveal` (to everyone, or a peek by one player),
`hide`, whether a player knows a thing and what it sees of it (a face-down thing shows its
definition only to the players who have seen it), and whether a player has seen a thing where it
lies (`sees`: face down or in a hidden zone, only once shown to them), which the searching agents'
determinisation keeps. A peek is logged visible to its player only. A newcomer may add a way of
showing things here; the thing's `face_down` and `seen_by` and its zone's `hidden` are the state it
reads, and only `face_down` and `seen_by` the state it changes.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .history import History
from .state import Entity, Zone, many


class Knowledge:
    """Who has seen which face-down thing."""

    def __init__(self, players: Sequence[Entity], history: History):
        self.players = players
        self.history = history

    def reveal(self, what: Any, to: Entity | None = None) -> None:
        for e in many(what):
            if to is None:
                e.face_down = False
                e.seen_by = e.seen_by.union(p.id for p in self.players)
                self.history.record("reveal", thing=e, shows=e.def_id)
            else:
                e.seen_by = e.seen_by | {to.id}
                self.history.record("peek", thing=e, player=to, shows=e.def_id, visible_to=[to])

    def hide(self, what: Any) -> None:
        for e in many(what):
            e.face_down = True
            self.history.record("hide", thing=e)

    def knows(self, player: Entity, e: Entity) -> bool:
        return not e.face_down or player.id in e.seen_by

    def view(self, player: Entity, e: Entity) -> str:
        """What `player` sees of `e`: its definition, or `hidden`."""
        return e.def_id if self.knows(player, e) else "hidden"

    def sees(self, player: Entity, e: Entity) -> bool:
        """Whether `player` has seen `e` where it lies: shown to them, or face up outside every
        hidden zone. (What a hidden zone of their own holds they may know without having seen it
        there: that is the determinisation's to say, agents/determinise.py.)"""
        if player.id in e.seen_by:
            return True
        return not e.face_down and not (isinstance(e.location, Zone) and e.location.hidden)
