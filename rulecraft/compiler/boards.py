"""Boards as data: terrains and legends, checked when a ruleset compiles.

Takes the collected `terrain` and `legend` declarations (symbols.py). Gives the diagnostics of
`check_boards` (an unknown terrain or base legend is E0126; a terrain property or a legend entry
that does not hold is E0404, each at its own place) and `legend_value`, the constant a legend's
name stands for in an expression (type `legend`), which the square grid (runtime/grid.py) builds
a board from:

    [cells, terrains]
    cells:    [[character, terrain, cost, mark, area], ...]   the base legend's first
    terrains: [[name, symbol, passable, blocks_sight, colour], ...]   every terrain, in declaration order

Every terrain travels with every legend, so a rule may change a space to a terrain that its board's
legend does not draw (a door opening). The runtime knows no terrain by name: what a space lets
through is its terrain's `passable` and `blocks_sight`, what it is drawn as its `symbol` (in
text) and its optional `colour` (#rrggbb, in a picture: `rulecraft render`).
A newcomer may add a terrain property or a legend option here (and read it in runtime/grid.py).
"""

from __future__ import annotations

import re
from typing import Any

from ..runtime.types import BOOL, TEXT, Ty
from . import nodes as n
from .context import CheckContext
from .diagnostics import suggest
from .symbols import Symbols

TERRAIN_PROPS: dict[str, tuple[Ty, Any]] = {"symbol": (TEXT, None), "passable": (BOOL, True), "blocks_sight": (BOOL, False),
                                             "colour": (TEXT, "")}
COLOUR = re.compile(r"#[0-9a-fA-F]{6}")
LEGEND_OPTIONS = {"cost": "a whole number of movement points, 1 to 99", "mark": "a name", "area": "a name"}
MAX_COST = 99


def check_boards(ctx: CheckContext) -> None:
    """Report what does not hold in the terrains and legends, each at its place."""
    symbols: dict[str, str] = {}
    for t in ctx.sym.terrains.values():
        _check_terrain(ctx, t)
        symbol = _prop(t, "symbol")
        if isinstance(symbol, str) and symbol in symbols:
            ctx.err("E0404", f"terrains `{symbols[symbol]}` and `{t.name}` are both drawn as {symbol!r}", t.name_span,
                    "give each terrain its own symbol: a board's picture shows them")
        symbols.setdefault(symbol, t.name)
    for legend in ctx.sym.legends.values():
        _check_legend(ctx, legend)


def _check_terrain(ctx: CheckContext, t: n.TerrainDecl) -> None:
    given = set()
    for name, span, value in t.props:
        if name not in TERRAIN_PROPS:
            ctx.err("E0103", f"a terrain has no property `{name}`", span,
                    suggest(name, TERRAIN_PROPS) or f"its properties: {', '.join(TERRAIN_PROPS)}")
            continue
        if name in given:
            ctx.err("E0301", f"terrain `{t.name}` sets `{name}` twice", span)
        given.add(name)
        if not isinstance(value, n.Literal):
            ctx.err("E0204", f"a terrain's `{name}` must be a constant", value.span)
            continue
        if not _fits(name, value.value):
            shown = {"symbol": "one character other than a space", "colour": "a colour written #rrggbb"}
            ctx.err("E0404", f"a terrain's `{name}` is {shown.get(name, 'true or false')}", value.span)
    if "symbol" not in given:
        ctx.err("E0404", f"terrain `{t.name}` has no `symbol`", t.name_span,
                'say how a board draws it, e.g. `symbol: "#"`')


def _fits(name: str, value: Any) -> bool:
    if name == "symbol":
        return isinstance(value, str) and len(value) == 1 and value != " "
    if name == "colour":
        return isinstance(value, str) and COLOUR.fullmatch(value) is not None
    return isinstance(value, bool)


def _check_legend(ctx: CheckContext, legend: n.LegendDecl) -> None:
    if legend.base is not None and legend.base_span is not None and legend.base not in ctx.sym.legends:
        ctx.unknown("E0126", f"unknown legend `{legend.base}`", legend.base_span, suggest(legend.base, ctx.sym.legends))
    elif legend.base is not None and legend.name in _chain(ctx.sym, legend.base):
        ctx.err("E0305", f"legend `{legend.name}` extends itself", legend.name_span)
        return
    seen = {cell[0] for cell in _cells(ctx.sym, legend.base)} if legend.base in ctx.sym.legends else set()
    for entry in legend.entries:
        if len(entry.symbol) != 1 or entry.symbol == " ":
            ctx.err("E0404", f"a legend entry is one character other than a space, not {entry.symbol!r}", entry.span,
                    "a space is never a board's space")
        elif entry.symbol in seen:
            ctx.err("E0404", f"the character {entry.symbol!r} is in legend `{legend.name}` twice", entry.span)
        seen.add(entry.symbol)
        if entry.terrain not in ctx.sym.terrains:
            ctx.unknown("E0126", f"unknown terrain `{entry.terrain}`", entry.terrain_span,
                        suggest(entry.terrain, ctx.sym.terrains) or
                        f"declare it: `terrain {entry.terrain} {{ symbol: \"?\" }}`")
        _check_options(ctx, entry)


def _check_options(ctx: CheckContext, entry: n.LegendEntry) -> None:
    given = set()
    for key, span, value in entry.options:
        if key not in LEGEND_OPTIONS:
            ctx.err("E0404", f"a legend entry has no option `{key}`", span,
                    suggest(key, LEGEND_OPTIONS) or f"its options: {', '.join(f'{k}=' for k in LEGEND_OPTIONS)}")
        elif key in given:
            ctx.err("E0301", f"the option `{key}` is given twice", span)
        elif (key == "cost") != isinstance(value, int) or (key == "cost" and not 1 <= int(value) <= MAX_COST):
            ctx.err("E0404", f"`{key}=` takes {LEGEND_OPTIONS[key]}, not {value!r}", span)
        given.add(key)


def _chain(sym: Symbols, name: str | None) -> list[str]:
    """The legend and the legends it extends, itself first (stopping at an unknown one or a cycle)."""
    out: list[str] = []
    while name is not None and name in sym.legends and name not in out:
        out.append(name)
        name = sym.legends[name].base
    return out


def _cells(sym: Symbols, name: str | None) -> list[list[Any]]:
    cells: list[list[Any]] = []
    for legend in reversed(_chain(sym, name)):
        for e in sym.legends[legend].entries:
            options = {key: value for key, _, value in e.options}
            cells.append([e.symbol, e.terrain, options.get("cost", 1), options.get("mark", ""), options.get("area", "")])
    return cells


def _prop(t: n.TerrainDecl, name: str) -> Any:
    given = [value.value for key, _, value in t.props if key == name and isinstance(value, n.Literal)]
    return given[0] if given else TERRAIN_PROPS[name][1]


def legend_value(sym: Symbols, name: str) -> list[Any]:
    """The constant a legend's name stands for (see the module's docstring)."""
    terrains = [[t.name, *(_prop(t, name) for name in TERRAIN_PROPS)] for t in sym.terrains.values()]
    return [_cells(sym, name), terrains]
