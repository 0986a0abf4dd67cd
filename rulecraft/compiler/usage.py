"""Warnings: what a ruleset declares and no play, test or other declaration ever uses.

    W0001  an action no scenario, trigger, card effect or table row reaches (directly or
           through fns): no player can take it in play
    W0002  a `fn` never called, a `const` never read, an `event` never emitted nor listened to
    W0003  an `assume` never read: setting it changes nothing

They are looked for only after a check without errors (an unknown name would make what it
meant look unused), and only among the declarations of the ruleset being compiled: a mod's
own, not those of the base it extends (a base's are warned of when the base is checked, and
what a mod uses of its base counts as used when the two are checked together).

Never warned of: a declaration marked `export` (used from outside the ruleset: by the mods and
formats extending it, or by programs through the Python API), the fns the tools call by name
(TOOL_FNS), and what is named from outside anyway: scenarios and tests (run by name), queries
(`rulecraft odds`), definitions, kinds, enums, records, dice, tables, pools, zones, abilities,
format parameters and mod options (decks, card pools, the command line, listings). A ruleset
without scenarios is a library of declarations for others: it is not warned of at all.

Takes the check's context (what was read, called, emitted) and the call graph; gives warnings
only. A newcomer may add a warning here, with its code.
"""

from __future__ import annotations

from collections.abc import Iterable

from . import nodes as n
from .context import CheckContext

# The fns tools ask a ruleset for by name: `rulecraft render` its styles, the deck checks a format's
# counts, `simulate` and the searching agents a player's score
TOOL_FNS = frozenset({"render_styles", "deck_counts", "score"})


def warn_unused(ctx: CheckContext, played: Iterable[str], calls: dict[str, set[str]]) -> None:
    """Report every W00xx warning of the ruleset being checked. `played`: the fns and actions the
    bodies of play call; `calls`: what each fn, action and query calls."""
    sym = ctx.sym
    if not sym.scenarios or sym.header is None:
        return
    top = sym.header.name

    def own(decl: n.ConstDecl | n.AssumeDecl | n.EventDecl | n.FnDecl) -> bool:
        return sym.origins.get(decl.name) == top and not decl.exported

    offered = _reached(played, calls)
    for c in sym.callables.values():
        if not own(c):
            continue
        if c.role == n.Role.ACTION and c.name not in offered and not _forbidden(c):
            _warn(ctx, "W0001", f"action `{c.name}` is never offered in play", c.name_span,
                  "no scenario, trigger, card effect or table row calls it, nor a fn they call: "
                  "offer it in a turn (e.g. as a choice), or call it from a trigger")
        elif c.role == n.Role.FN and c.name not in ctx.used and c.name not in TOOL_FNS:
            _warn(ctx, "W0002", f"fn `{c.name}` is never called", c.name_span, "remove it, or call it")
    for k in sym.consts.values():
        if own(k) and k.name not in ctx.used:
            _warn(ctx, "W0002", f"const `{k.name}` is never read", k.name_span, "remove it, or use it")
    for e in sym.events.values():
        if own(e) and e.name not in ctx.used:
            _warn(ctx, "W0002", f"event `{e.name}` is never emitted nor listened to", e.name_span,
                  "remove it, or `emit` it where it happens")
    for a in sym.assumptions.values():
        if own(a) and a.name not in ctx.used:
            _warn(ctx, "W0003", f"assumption `{a.name}` is never read", a.name_span,
                  "nothing changes when it is set: remove it, or read it where the rule it assumes applies")


def _reached(played: Iterable[str], calls: dict[str, set[str]]) -> set[str]:
    """The callables `played` names and every one they call, directly or not."""
    reached: set[str] = set()
    pending = sorted(played)
    while pending:
        name = pending.pop()
        if name not in reached:
            reached.add(name)
            pending.extend(sorted(calls.get(name, ())))
    return reached


def _forbidden(c: n.FnDecl) -> bool:
    """An action that always refuses (`require false` at its top): a prohibition, stated as the
    action a player may not take; offering it would be wrong."""
    return any(isinstance(s, n.Require) and isinstance(s.cond, n.Literal) and s.cond.value is False for s in c.body.stmts)


def _warn(ctx: CheckContext, code: str, message: str, span, help: str) -> None:
    ctx.diags.add(code, message, span, help, severity="warning")
