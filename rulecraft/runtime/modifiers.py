"""Continuous modifiers: temporary changes to a property, with a duration and an order.

The effective value of a property is its base value with every active modifier applied
in (order, creation) order: `=` replaces, `+=` adds (or appends to a list), `-=` subtracts.
Durations end at a turn's end, a round's end, the end of the next phase of a name, or
the next time an event happens; `next round` modifiers only start with the next round.
The part `rt.mods` owns the active modifiers: it adds them (`modify`), applies them when a
property is read, and logs the ones that expire.
"""

from __future__ import annotations

from bisect import insort
from dataclasses import dataclass
from typing import Any

from .errors import BudgetExceeded
from .history import History
from .state import Entity

MAX_MODIFIERS = 10_000  # active at once: each read of a property applies every one of its modifiers


@dataclass(slots=True)
class Modifier:
    target: int
    prop: str
    op: str
    value: Any
    order: int
    seq: int
    duration: str
    event: str | None
    start_round: int

    def describe(self) -> str:
        return f"#{self.target}.{self.prop} {self.op} {self.value!r} ({self.duration})"


class Modifiers:
    """Owns the active modifiers, by (thing id, property); `active` counts them (0: reads skip them)."""

    def __init__(self, history: History) -> None:
        self.history = history
        self.by_target: dict[tuple[int, str], list[Modifier]] = {}
        self.active = 0

    def modify(self, e: Entity, prop: str, op: str, value: Any, duration: str, event: str | None,
               order: int) -> None:
        history = self.history
        history.seq += 1
        start_round = history.round + 1 if duration == "next_round" else 0
        if self.active >= MAX_MODIFIERS:
            raise BudgetExceeded(f"more than {MAX_MODIFIERS} modifiers at once (do they ever end?)")
        mods = self.by_target.setdefault((e.id, prop), [])
        insort(mods, Modifier(e.id, prop, op, value, order, history.seq, duration, event, start_round),
               key=_applied_order)
        self.active += 1
        history.record("modify", thing=e, prop=prop, op=op, value=value,
                       duration=duration + (f":{event}" if event else ""))

    def apply(self, target: int, prop: str, base: Any) -> Any:
        """The effective value of a property whose base value is `base`."""
        mods = self.by_target.get((target, prop))
        if not mods:
            return base
        round_ = self.history.round
        value = base
        for m in mods:
            if m.start_round and round_ < m.start_round:
                continue
            value = combine(m.op, value, m.value)
        return value

    def expire(self, trigger: str, name: str | None = None, started: int = 0) -> None:
        """Drop the modifiers that end now, and log them."""
        if not self.by_target:  # the common case: no modifier at all
            return
        round_ = self.history.round
        gone: list[str] = []
        for key in list(self.by_target):
            keep = []
            for m in self.by_target[key]:
                if _ends(m, trigger, name, started, round_):
                    gone.append(m.describe())
                else:
                    keep.append(m)
            if keep:
                self.by_target[key] = keep
            else:
                del self.by_target[key]
        self.active -= len(gone)
        if gone:
            self.history.record("expire", modifiers=gone)

    def drop_target(self, target: int) -> None:
        for key in [k for k in self.by_target if k[0] == target]:
            self.active -= len(self.by_target.pop(key))

    def snapshot(self) -> list[str]:
        return [m.describe() for key in sorted(self.by_target) for m in self.by_target[key]]


def _applied_order(m: Modifier) -> tuple[int, int]:
    return (m.order, m.seq)


def combine(op: str, value: Any, by: Any) -> Any:
    """A modifier's operation: `=` replaces, `+=` adds (or appends to a list), `-=` subtracts (or removes)."""
    if op == "=":
        return by
    if op == "+=":
        return value + (list(by) if isinstance(value, list) else by)
    return [v for v in value if v not in by] if isinstance(value, list) else value - by


def _ends(m: Modifier, trigger: str, name: str | None, started: int, round_: int) -> bool:
    d = m.duration
    if trigger == "this_turn":
        return d == "this_turn"
    if trigger == "this_round":
        return d == "this_round" or (d == "next_round" and round_ >= m.start_round)
    if trigger == "end_of_next":
        return d == "end_of_next" and m.event == name and started > m.seq
    if trigger == "until":
        return d == "until" and m.event == name and started > m.seq
    return False
