"""`aka LANG ...`: names from the sources in other languages, of definitions and enum members.

Checked here (every named target is declared; a `from` property is a text property of some
kind) and gathered into the ruleset's `other_names`: id -> ((language, name), ...) in load
order, for the targets the mods left.

A newcomer may add checks of other names here (a name two targets share, say).
"""

from __future__ import annotations

from typing import Any

from ..runtime.types import TEXT
from .diagnostics import Diagnostics, suggest
from .symbols import Symbols, unknown


def check_targets(sym: Symbols, diags: Diagnostics) -> None:
    """Every definition or enum member an `aka` block names is declared (checked on the table as
    collected, before the mods apply: a name may be of a definition a mod removes)."""
    for decl in sym.names:
        for target, span, _ in decl.entries:
            if target not in sym.things and target not in sym.enum_members:
                unknown(sym, diags, "E0101", f"`{target}` is neither a definition nor an enum member: it has no names",
                        span, suggest(target, sym.things, sym.enum_members))


def check_properties(sym: Symbols, diags: Diagnostics) -> None:
    """Every `aka LANG from PROP` names a text property of some kind (the mods applied)."""
    text_props = {f.name for kind in sym.kinds.values() for f in kind.fields if f.type.name == TEXT.name}
    for decl in sym.names:
        if decl.prop is not None and decl.prop not in text_props:
            unknown(sym, diags, "E0103", f"no kind has a text property `{decl.prop}` to give names in `{decl.name}`",
                    decl.prop_span or decl.span, suggest(decl.prop, text_props))


def other_names(sym: Symbols, props_of: dict[str, dict[str, Any]]) -> dict[str, tuple[tuple[str, str], ...]]:
    """Definition or enum member -> its names in other languages, each once, in load order.
    `props_of`: each definition's own property values (for `aka LANG from PROP`)."""
    out: dict[str, dict[tuple[str, str], None]] = {}
    for decl in sym.names:
        if decl.prop is not None:
            for def_id, props in props_of.items():
                value = props.get(decl.prop)
                if isinstance(value, str) and value.strip():
                    out.setdefault(def_id, {})[(decl.name, value.strip())] = None
        for target, _, names in decl.entries:
            if target not in props_of and target not in sym.enum_members:
                continue  # a definition a mod removed
            for name in names:
                if name.strip():
                    out.setdefault(target, {})[(decl.name, name.strip())] = None
    return {target: tuple(names) for target, names in out.items()}

