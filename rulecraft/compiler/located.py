"""Triggers located by place: `on EVENT at PLACE { ... }`.

Takes the table of declarations (mods applied, abilities shared out) and gives it back with each
located trigger's `at PLACE` turned into the condition it stands for. An event says where it
happens by naming one of its parameters (`event entered(by: player, room: room) at room`);
`on entered at this.location when C` is then the trigger `on entered when room ==
this.location and C`, checked, lowered and indexed as if written so (`at this` compares the
place with the trigger's thing, which the runtime's trigger index keys on). E0130 reports an
event whose place is not one of its parameters, and a trigger located by an event that names
no place (or a built-in one).

A newcomer may change here which parameter `at` compares with, or how the test is placed in
the condition (first, so a trigger elsewhere stops at the cheapest test).
"""

from __future__ import annotations

import dataclasses

from . import nodes as n
from .diagnostics import Diagnostics
from .symbols import BUILTIN_EVENTS, Symbols


def locate_triggers(sym: Symbols, diags: Diagnostics) -> Symbols:
    """`sym` with every `on EVENT at PLACE` written as its condition; the events' places checked."""
    places = _places(sym, diags)
    triggers = [t for d in sym.things.values() for t in d.triggers] + [d.trigger for d in sym.triggers]
    if not any(t.at is not None for t in triggers):
        return sym
    things = {name: dataclasses.replace(d, triggers=tuple(_located(t, places, sym, diags) for t in d.triggers))
              if any(t.at is not None for t in d.triggers) else d for name, d in sym.things.items()}
    top = tuple(dataclasses.replace(d, trigger=_located(d.trigger, places, sym, diags)) if d.trigger.at is not None
                else d for d in sym.triggers)
    return dataclasses.replace(sym, things=things, triggers=top)


def _places(sym: Symbols, diags: Diagnostics) -> dict[str, str]:
    """Event -> the parameter its declaration names as its place (`at PARAM`), where it is one."""
    out: dict[str, str] = {}
    for event in sym.events.values():
        if event.place is None:
            continue
        names = [p.name for p in event.params]
        if event.place in names:
            out[event.name] = event.place
        else:
            diags.add("E0130", f"event `{event.name}` has no parameter `{event.place}` to say where it happens",
                      event.place_span or event.name_span,
                      f"name one of its parameters ({', '.join(names)})" if names else "give it the parameter first")
    return out


def _located(trig: n.Trigger, places: dict[str, str], sym: Symbols, diags: Diagnostics) -> n.Trigger:
    at = trig.at
    if at is None:
        return trig
    place = places.get(trig.event)
    if place is None:
        declared = sym.events.get(trig.event)
        # an unknown event is reported when checked; a wrong place where it is declared
        if trig.event in BUILTIN_EVENTS or (declared is not None and declared.place is None):
            diags.add("E0130", f"event `{trig.event}` names no place, so `at` has nothing to compare with", at.span,
                      f"declare the parameter that says where it happens: `event {trig.event}(...) at PARAM`"
                      if declared is not None else "a built-in event has no place: write the test in `when`")
        return dataclasses.replace(trig, at=None)
    test = n.Binary(at.span, n.BinOp.EQ, n.Name(at.span, place), at)
    when = test if trig.when is None else n.Binary(trig.when.span, n.BinOp.AND, test, trig.when)
    return dataclasses.replace(trig, when=when, at=None)
