"""A goal-seeking army for the Neuroshima duel: it sets out to destroy the other HQ.

It weighs every legal placement of a token by how many wounds its army would deal the other HQ
in one battle (its shots followed along the hex lines, through its own redirectors, with its
Officers' and Combat Processors' bonuses), and by how long the shooters would last (a unit
beside the other HQ takes the HQ's blow in every battle). It keeps the tokens that help, throws
the rest away, fills the hexes beside the other HQ with whatever else it holds (they fall in the
battle, and the board filling up again starts the next one) and plays a Battle when it pays.
The estimate is the agent's own and only steers its choices: every choice is one the game
offers, so the game is legal and replays from its log.

It reads the board without going through the hex library's lookups, which drop dead tokens as
they go: an agent must not change the game it looks at."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from support.seeking import Seeking, first_of

ARENA = "arena"
USELESS = ("push_back", "small_bomb")  # neither wounds an HQ (the bomb spares HQs, NS-047)
SHOOTER_WORTH = {"shooter_gamma": 12, "shooter_omega": 11, "shooter_delta": 10, "gauss_cannon": 10,
                 "shooter_alpha": 9}
BONUS_MODULES = ("officer", "combat_processor")
LIFE = 3  # battles a unit out of the other HQ's reach is counted for


class Board:
    """The units standing on the arena, as cell -> (token, rotation), with room for one more."""

    def __init__(self, game: Any, extra: tuple[Any, int, int] | None = None):
        self.game = game
        self.hex = game.things.boards[ARENA]
        self.at: dict[int, tuple[Any, int]] = {c: held for c, held in self.hex.tokens.items() if held[0].alive}
        if extra is not None:
            token, cell, rotation = extra
            self.at[cell] = (token, rotation)

    def get(self, token: Any, prop: str) -> Any:
        return self.game.get(token, prop)

    def facing(self, cell: int, prop: str, direction: int) -> int:
        """The value of a per-side property on the side of the unit at `cell` that faces `direction`."""
        token, rotation = self.at[cell]
        return self.get(token, prop)[(direction - rotation) % 6]

    def reach(self, module_cell: int) -> list[int]:
        """The hexes a module reaches (NS-051: two along each direction of effect when long-range)."""
        token, rotation = self.at[module_cell]
        far = 2 if "long_range" in self.get(token, "abilities") else 1
        out: list[int] = []
        for side, link in enumerate(self.get(token, "links")):
            if link:
                out += self.hex.ray(module_cell, (side + rotation) % 6, far)
        return out

    def bonuses(self, cell: int, owner: Any) -> tuple[int, bool]:
        """The shooting bonus and whether a Combat Processor is connected, for an own unit at `cell`."""
        officer, processor = 0, False
        for m, (token, _) in self.at.items():
            if m != cell and token.owner is owner and self.get(token, "module") and cell in self.reach(m):
                officer += self.get(token, "officer")
                processor = processor or "processor" in self.get(token, "abilities")
        return officer, processor

    def hits_on(self, target: int, owner: Any, start: int, direction: int) -> int:
        """How many times a shot leaving `start` in `direction` reaches the enemy at `target`,
        following own redirectors (a shot that comes round again is not counted)."""
        hits, work, seen = 0, [(start, direction)], set()
        while work:
            cell, d = work.pop()
            for c in self.hex.ray(cell, d):
                if c not in self.at:
                    continue
                token = self.at[c][0]
                if token.owner is owner:
                    if max(self.get(token, "outlet")) and self.facing(c, "inlet", (d + 3) % 6):
                        if (c, d) not in seen:
                            seen.add((c, d))
                            rotation = self.at[c][1]
                            work += [(c, (s + rotation) % 6) for s, o in enumerate(self.get(token, "outlet")) if o]
                        break
                    continue
                if c == target:
                    hits += 1
                if self.get(token, "shot") != "gauss":
                    break
        return hits

    def wounds_dealt(self, owner: Any, target: int, lasting: bool = True) -> float:
        """The wounds the owner's units would deal the enemy at `target` in a battle; `lasting`
        weighs each unit's by the battles it would last (one of 1 hit point beside the target
        falls in the first)."""
        total = 0.0
        for cell, (token, rotation) in self.at.items():
            if token.owner is not owner or self.get(token, "instant"):
                continue
            ranged, initiative = self.get(token, "ranged"), self.get(token, "initiative")
            if not max(ranged) or not initiative:
                continue
            officer, processor = self.bonuses(cell, owner)
            strength_bonus = 0 if self.get(token, "shot") == "gauss" else officer
            attacks = len(initiative) + (1 if processor and min(initiative) > 0 else 0)
            life = 1
            if lasting:
                life = min(self.get(token, "hit_points"), LIFE) if self.hex.distance(cell, target) == 1 else LIFE
            for side, strength in enumerate(ranged):
                if strength:
                    hits = self.hits_on(target, owner, cell, (side + rotation) % 6)
                    total += hits * (strength + strength_bonus) * attacks * life
        return total


def other_hq_cell(game: Any, player: Any) -> int:
    other = next(p for p in game.players if p is not player)
    hq = other.props["hq"]
    if hq is None or not hq.alive:
        return -1
    return game.things.boards[ARENA].where.get(hq.id, -1)


def in_line(game: Any, target: int) -> set[int]:
    hexes = game.things.boards[ARENA]
    return {c for d in range(6) for c in hexes.ray(target, d)}


def worth(game: Any, token: Any) -> int:
    """How much the army wants to keep a token in hand (the lowest is thrown away)."""
    kind = token.def_id
    if kind in SHOOTER_WORTH:
        return SHOOTER_WORTH[kind]
    if kind == "battle":
        return 8 if len(game.zone("deck", token.owner).items) > 3 else 1
    if kind in BONUS_MODULES:
        return 6
    if kind in USELESS:
        return 0
    return 3


def besieges(who: str):
    """The agents of a duel in which `who` sets out to destroy the other HQ and the other army only
    ends its turns; the questions neither policy takes (where the HQs stand, what the other army
    throws away) are answered at random."""
    plan: list[tuple[int, int]] = []  # the hex and the facing chosen for the unit being placed
    placing: list[Any] = []  # the unit being placed

    def placement(game: Any, player: Any, token: Any, cells: Sequence[int]) -> tuple[int, int]:
        target = other_hq_cell(game, player)
        now = Board(game).wounds_dealt(player, target)
        lines = in_line(game, target)
        hexes = game.things.boards[ARENA]
        shooter = token.def_id in SHOOTER_WORTH

        def score(cell: int, rotation: int) -> tuple[float, float]:
            gain = Board(game, (token, cell, rotation)).wounds_dealt(player, target) - now
            beside = hexes.distance(cell, target) == 1
            if shooter or gain > 0:
                return (-gain, hexes.distance(cell, target))
            # anything else stands beside the other HQ (it falls there and the board fills again),
            # else where no shooter would want to stand; a Trap faces the HQ to go off at it
            spare = 0 if beside else (1 if cell not in lines else 2)
            aim = 0 if token.def_id != "trap" or not beside or hexes.direction(cell, target) == rotation else 1
            return (-gain, spare * 2 + aim)

        return min(((c, r) for c in cells for r in range(6)), key=lambda cr: score(*cr))

    def policy(game: Any, player: Any, options: Sequence[Any], prompt: str) -> int | None:
        if player.name != who:
            return first_of(options, "end the turn") if prompt == "what to do" else None
        target = other_hq_cell(game, player)
        if target < 0:
            return None
        if prompt == "which token to discard":
            return min(range(len(options)), key=lambda i: worth(game, options[i]))
        if prompt == "what to do":
            return what_to_do(game, player, options, target)
        if prompt == "where the unit goes":
            cell, rotation = placement(game, player, placing[-1], options)
            plan[:] = [(cell, rotation)]
            return list(options).index(cell)
        if prompt == "which way it faces" and plan:
            return list(options).index(plan.pop()[1])
        return None

    def what_to_do(game: Any, player: Any, options: Sequence[Any], target: int) -> int:
        tokens = [o for o in options if o not in ("end the turn", "rotate a unit")]
        units = sorted((t for t in tokens if not game.get(t, "instant")), key=lambda t: -worth(game, t))
        if units:
            placing[:] = [units[0]]
            return list(options).index(units[0])
        battles = [t for t in tokens if t.def_id == "battle"]
        if battles:
            dealing = Board(game).wounds_dealt(player, target, lasting=False)
            left = game.call("hq_left", next(p for p in game.players if p is not player))
            if dealing >= min(4, left) or len(game.zone("deck", player).items) <= 3:
                return list(options).index(battles[0])
        return list(options).index("end the turn")

    return lambda name: Seeking(policy)
