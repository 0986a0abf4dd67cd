"""Continuous modifiers: temporary changes to a property, with a duration and an order.

The effective value of a property is its base value with every active modifier applied
in (order, creation) order: `=` replaces, `+=` adds (or appends to a list), `-=` subtracts.
Durations end at a turn's end, a round's end, the end of the next phase of a name, or
the next time an event happens; `next round` modifiers only start with the next round.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


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
    created_round: int

    def describe(self) -> str:
        return f"#{self.target}.{self.prop} {self.op} {self.value!r} ({self.duration})"


class Modifiers:
    def __init__(self) -> None:
        self.by_target: dict[tuple[int, str], list[Modifier]] = {}
        self.active = 0

    def add(self, target: int, prop: str, op: str, value: Any, order: int, seq: int, duration: str,
            event: str | None, start_round: int, phase_seq: int, created_round: int) -> None:
        mods = self.by_target.setdefault((target, prop), [])
        mods.append(Modifier(target, prop, op, value, order, seq, duration, event, start_round, created_round))
        mods.sort(key=lambda m: (m.order, m.seq))
        self.active += 1

    def apply(self, target: int, prop: str, base: Any, round_: int) -> Any:
        mods = self.by_target.get((target, prop))
        if not mods:
            return base
        value = base
        for m in mods:
            if m.start_round and round_ < m.start_round:
                continue
            if m.op == "=":
                value = m.value
            elif m.op == "+=":
                value = value + (list(m.value) if isinstance(value, list) else m.value)
            else:
                value = [v for v in value if v not in m.value] if isinstance(value, list) else value - m.value
        return value

    def expire(self, trigger: str, name: str | None, started: int, round_: int) -> list[str]:
        """Drop the modifiers that end now; returns their descriptions for the log."""
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
        return gone

    def drop_target(self, target: int) -> None:
        for key in [k for k in self.by_target if k[0] == target]:
            self.active -= len(self.by_target.pop(key))

    def snapshot(self) -> list[str]:
        return [m.describe() for key in sorted(self.by_target) for m in self.by_target[key]]


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
