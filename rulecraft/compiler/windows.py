"""Windows that carry their own rules, and definitions that do what another one does.

`expand_does` gives each definition that says `does X` the plays and triggers of X (after
the mods are applied: a patched X is what is shared). `check_windows` checks the `window`
declarations: the kind of the cards played in them, their limits and their after-play
blocks; `check_targets` checks the targets a play declares (`target w from LIST`).

A newcomer may add a window's own rules (a new limit or after-play block) here.
"""

from __future__ import annotations

import dataclasses

from ..runtime.types import ANY, PLAYER, Ty
from . import nodes as n
from .bodies import BodyChecker, Scope, Site
from .context import CheckContext
from .diagnostics import Diagnostics, suggest
from .symbols import Symbols, unknown


def expand_does(sym: Symbols, diags: Diagnostics) -> Symbols:
    """Each `does X` member: the definition takes X's plays and triggers, as if written in it."""
    if not any(t.does for t in sym.things.values()):
        return sym
    things = dict(sym.things)
    for name, t in sym.things.items():
        triggers, plays = list(t.triggers), list(t.plays)
        props = list(t.props) + _given(t, diags)
        for d in t.does:
            source = sym.things.get(d.name)
            if source is None:
                unknown(sym, diags, "E0122", f"unknown definition `{d.name}`", d.span,
                        suggest(d.name, sym.things) or "`does` names a definition whose effects this one shares")
            elif source.does:
                diags.add("E0122", f"`{d.name}` shares the effects of another definition itself", d.span,
                          f"name the definition it shares them with ({', '.join(x.name for x in source.does)})")
            else:
                triggers += source.triggers
                plays += source.plays
        if t.does:
            things[name] = dataclasses.replace(t, triggers=tuple(triggers), plays=tuple(plays), props=tuple(props))
    return dataclasses.replace(sym, things=things)


def _given(t: n.ThingDecl, diags: Diagnostics) -> list[n.PropItem]:
    """The properties a definition gives in its `does X(...)`, each given once."""
    seen = {p.name: p for p in t.props}
    out = []
    for d in t.does:
        for p in d.props:
            if p.name in seen:
                diags.add("E0301", f"`{p.name}` is given twice", p.span, labels=[(seen[p.name].span, "given here")])
                continue
            seen[p.name] = p
            out.append(p)
    return out


def expand_abilities(sym: Symbols) -> Symbols:
    """Each trigger in an ability's body, given to every definition whose kind has an
    `abilities: list<ability>` field, guarded by `this has ABILITY` (asked when the event
    fires: a thing that loses the ability, by a mod or in play, stops doing it). Abilities
    in load order, then their triggers as written: the order is deterministic."""
    bodies = [a for a in sym.abilities.values() if a.triggers]
    if not bodies:
        return sym
    things = dict(sym.things)
    for name, t in sym.things.items():
        field = sym.fields_of(t.kind).get("abilities")
        if field is None or field.type.name != "list" or [a.name for a in field.type.args] != ["ability"]:
            continue
        added = tuple(_guarded(a, trig) for a in bodies for trig in a.triggers)
        things[name] = dataclasses.replace(t, triggers=t.triggers + added)
    return dataclasses.replace(sym, things=things)


def _guarded(ability: n.AbilityDecl, trig: n.Trigger) -> n.Trigger:
    span = trig.event_span
    has = n.Has(span, n.This(span), n.AbilityName(ability.name_span, ability.name))
    when = has if trig.when is None else n.Binary(trig.when.span, n.BinOp.AND, has, trig.when)
    return dataclasses.replace(trig, when=when)


def check_windows(ctx: CheckContext, bodies: BodyChecker) -> None:
    limits: dict[str, n.WindowDecl] = {}
    for w in ctx.sym.windows:
        this = ANY
        if w.kind is not None and ctx.sym.is_kind(w.kind):
            this = Ty(w.kind)
            _check_played_kinds(ctx, w, w.kind)
        elif w.kind is not None:
            ctx.unknown("E0102", f"unknown kind `{w.kind}`", w.name_span, suggest(w.kind, ctx.sym.kinds))
        if w.limit_per is not None and w.limit_per_span is not None:
            ctx.event_params(w.limit_per, w.limit_per_span)  # a known event
        if w.limit is not None:
            if w.limit < 1:
                ctx.err("E0204", "a window's limit is at least 1 card", w.name_span)
            for name in w.names:
                if name in limits:
                    ctx.err("E0301", f"window `{name}` is given two limits", w.name_span,
                            labels=[(limits[name].name_span, "the first one")])
                limits[name] = w
        site = Site(this, n.Body.TRIGGER)
        if w.after_when is not None:
            bodies.condition(w.after_when, Scope({"player": PLAYER}), site, 0, "a `when` condition")
        if w.after is not None:
            bodies.block(w.after, Scope({"player": PLAYER}), site)


def _check_played_kinds(ctx: CheckContext, w: n.WindowDecl, kind: str) -> None:
    """Every card played in the windows is of the declared kind (the after-play's `this`)."""
    allowed = ctx.sym.descendants.get(kind, set())
    for t in ctx.sym.things.values():
        for play in t.plays:
            if play.window in w.names and t.kind not in allowed:
                ctx.err("E0123", f"`{t.name}` is a {t.kind}, but what is played in `{play.window}` is a {kind}",
                        play.window_span, f"`window {play.window} of {kind}` says so")


def check_targets(ctx: CheckContext, bodies: BodyChecker, play: n.Play, scope: Scope, site: Site) -> Scope:
    """The targets' lists (in the play's scope); the body's scope has each target, picked from its list."""
    picked: dict[str, Ty] = {}
    for target in play.targets:
        got = bodies.expr(target.source, scope, site, 0)
        if target.name in picked or scope.lookup(target.name) is not None:
            ctx.err("E0301", f"`{target.name}` is named twice", target.span)
        if got.name == "list":
            picked[target.name] = got.element
        else:
            if got != ANY:
                ctx.err("E0201", f"a target is picked from a list, but this is {got}", target.source.span)
            picked[target.name] = ANY
    return Scope(picked, scope) if picked else scope
