"""The parts of a ruleset's reference page about its things and data: definitions (with pictures
where the runtime draws them), dice, tables, pools, zones, enums, abilities, records, scenarios
(with their boards after setup), a format's parameters and checks, a mod's changes, tests and
the rule ids the ruleset carries."""

from __future__ import annotations

from ..compiler import nodes as n
from ..compiler.driver import rule_ids
from ..inputs.names import other_names
from ..views.export import value
from ..views.listing import text
from .declarations import Declaration
from .model import Code, Heading, Items, Line, Link, Para, Picture, Row, Table, anchor_of
from .pages import Context, described, joined, params_of, rules_line


def definitions(ctx: Context) -> None:
    own = [d for d in ctx.of("definition") if d.name in ctx.rules.definitions]
    if not own:
        return
    ctx.page.add(Heading(2, ("Definitions",), "definitions"),
                 Para(("The things of the game: cards, units, tokens, counters. Each is made ", Code("xN"),
                       " times when a scenario fills its pools or creates it; the properties it does not set take "
                       "its kind's defaults.",)))
    kinds = list(dict.fromkeys(ctx.rules.definitions[d.name].kind for d in own))
    for kind in kinds:
        of_kind = [d for d in own if ctx.rules.definitions[d.name].kind == kind]
        ctx.page.add(Heading(3, ("Definitions of kind ", *ctx.ref("kind", kind), f" ({len(of_kind)})"), f"definitions-{kind}"))
        for d in of_kind:
            definition(ctx, d)


def definition(ctx: Context, d: Declaration) -> None:
    item = ctx.rules.definitions[d.name]
    aka = other_names(ctx.rules, d.name)
    anchor = ctx.page.anchor("definition", d.name, ctx.name, (item.name, *(name for _, name in aka)))
    ctx.page.add(Heading(4, (Code(d.name), f" {item.name}", f" ×{item.count}"), anchor))
    more: list[Line] = [rules_line(item.rules)]
    if aka:
        more.insert(0, ("Other names: ", ", ".join(f"{name} ({lang})" if lang else name for lang, name in aka), "."))
    ctx.page.add(*described(ctx, d, *more))
    if item.props:
        ctx.page.add(Table(("property", "value"), tuple(Row(((Code(k),), ctx.value_of(v))) for k, v in item.props.items())))
    node = d.node
    if isinstance(node, n.ThingDecl) and (node.triggers or node.plays):
        reacts: list[tuple[str, n.Trigger | n.Play]] = [(f"on {t.event}" + (" (once)" if t.once else ""), t)
                                                        for t in node.triggers]
        reacts += [(f"played in {p.window}", p) for p in node.plays]
        ctx.page.add(Items(tuple((Code(what), f" at {where.span.file}:{where.span.line}",
                                  *((" — rules ", ", ".join(rule_ids(where))) if rule_ids(where) else ()))
                                 for what, where in reacts)))
    picture = token_picture(ctx, d.name)
    if picture is not None:
        ctx.page.add(picture)


def token_picture(ctx: Context, definition_id: str) -> Picture | None:
    """A token drawn from its per-side properties (rulecraft render), if it has any."""
    from ..views.render import _per_side, render_token

    item = ctx.rules.definitions[definition_id]
    props = ctx.rules.kind_defaults(item.kind) | {k: value(v, ctx.rules) for k, v in item.props.items()}
    if not any(_per_side(v) for v in props.values()):
        return None
    svg = render_token(ctx.rules, definition_id)
    return Picture(f"pictures/{ctx.page.slug}.{definition_id}.svg", svg, f"{definition_id}: its token, front (side 0) east")


def dice(ctx: Context) -> None:
    own = [d for d in ctx.of("die") if d.name in ctx.rules.dice]
    if not own:
        return
    ctx.page.add(Heading(2, ("Dice",), "dice"))
    for d in own:
        die = ctx.rules.dice[d.name]
        faces = ctx.rules.faces(d.name)
        ctx.page.add(Heading(3, ("die ", Code(d.name), f" {die.name}"), ctx.page.anchor("die", d.name, ctx.name)))
        source: Line = ()
        if die.table is not None:
            source = ("Faces from the assumption ", *ctx.ref("assumption", die.table[0]), ", one row of numbers a face.")
        ctx.page.add(*described(ctx, d, source, rules_line(die.rules)))
        fields = list(faces[0]) if faces and isinstance(faces[0], dict) else ["value"]
        rows = tuple(Row(((str(i),), *((Code(text(f[k] if isinstance(f, dict) else f)),) for k in fields)))
                     for i, f in enumerate(faces, 1))
        ctx.page.add(Table(("face", *fields), rows))


def tables(ctx: Context) -> None:
    own = [d for d in ctx.of("table") if d.name in ctx.rules.tables]
    if not own:
        return
    ctx.page.add(Heading(2, ("Tables",), "tables"))
    for d in own:
        t = ctx.rules.tables[d.name]
        node = d.node
        assert isinstance(node, n.TableDecl)
        ctx.page.add(Heading(3, ("table ", Code(f"{d.name}({params_of(ctx, node.params)})"), f" {t.name}"),
                             ctx.page.anchor("table", d.name, ctx.name)))
        ctx.page.add(*described(ctx, d, ("Rolled with the die ", *ctx.ref("die", t.die), "; ",
                                         Code(f"rulecraft odds GAME {d.name}"), " gives each row's chance."),
                                rules_line(t.rules)))
        rows = tuple(Row(((f"{r.low}" if r.low == r.high else f"{r.low}..{r.high}",), (r.label,),
                          joined([(Code(i),) for i in rule_ids(r.body)]))) for r in node.rows)
        ctx.page.add(Table(("roll", "result", "rules"), rows))


def small_tables(ctx: Context) -> None:
    """Pools, zones, enums, abilities and records: one table each."""
    _table(ctx, "pool", "Pools", ("pool", "title", "of", "holds", "declared at"),
           lambda d: ((Code(d.name),), (d.node.title or "",), ctx.ref("kind", d.node.of),
                      (f"{sum(x.count for x in ctx.rules.defs_of(d.node.of))} things",), (ctx.where(d),)))
    _table(ctx, "zone", "Zones", ("zone", "flags", "declared at"),
           lambda d: ((Code(d.name),), (" ".join(d.node.flags),), (ctx.where(d),)))
    _table(ctx, "enum", "Enums", ("enum", "members", "declared at"),
           lambda d: ((Code(d.name),), _members(ctx, d.node), (ctx.where(d),)))
    for d in ctx.of("enum member"):
        aka = tuple(name for _, name in other_names(ctx.rules, d.name))
        ctx.page.also(d.name, "enum member", anchor_of(f"enum-{d.owner}"), ctx.name, aka)
    _table(ctx, "ability", "Abilities", ("ability", "title", "parameters", "declared at"),
           lambda d: ((Code(d.name),), (d.node.title or "",), (Code(params_of(ctx, d.node.params)),), (ctx.where(d),)))
    _table(ctx, "record", "Records", ("record", "fields", "declared at"),
           lambda d: ((Code(d.name),), (Code(", ".join(f"{f.name}: {ctx.type_of(f.type)}" for f in d.node.fields)),),
                      (ctx.where(d),)))


def _members(ctx: Context, enum: n.EnumDecl) -> Line:
    shown: list[Line] = []
    for m in enum.members:
        aka = [name for _, name in other_names(ctx.rules, m)]
        shown.append((Code(m),) + ((f" ({', '.join(aka)})",) if aka else ()))
    return joined(shown)


def _table(ctx: Context, what: str, title: str, head: tuple[str, ...], cells) -> None:
    own = ctx.of(what)
    if own:
        ctx.page.add(Heading(2, (title,), f"{what}s"),
                     Table(head, tuple(Row(cells(d), ctx.page.anchor(what, d.name, ctx.name)) for d in own)))


def scenarios(ctx: Context) -> None:
    own = [d for d in ctx.of("scenario") if d.name in ctx.rules.scenarios]
    if not own:
        return
    ctx.page.add(Heading(2, ("Scenarios",), "scenarios"))
    for d in own:
        s = ctx.rules.scenarios[d.name]
        ctx.page.add(Heading(3, ("scenario ", Code(d.name), f" {s.name}"), ctx.page.anchor("scenario", d.name, ctx.name)))
        ctx.page.add(*described(ctx, d, ("Played with ", Code(f"rulecraft run {d.origin}/{d.name} --seed 1{ctx.mod_flags}"), "."),
                                ("Parts: ", ", ".join(s.parts), "."), rules_line(s.rules)))
        if s.props:
            ctx.page.add(Table(("setting", "value"), tuple(Row(((Code(k),), (Code(text(v)),))) for k, v in s.props.items())))
        ctx.page.add(*board_pictures(ctx, d.name))


def board_pictures(ctx: Context, scenario: str) -> list[Picture]:
    """The scenario's boards after its setup (seed 1), as `rulecraft render GAME board --scenario` draws them."""
    from ..runtime.errors import GameError
    from ..runtime.play import start
    from ..views.render import GridBoard, HexBoard, render_board

    try:
        game = start(ctx.rules, scenario, seed=1)
    except GameError:
        return []  # a setup that stops (it asks a player, or ends the game) has no position to draw
    boards = sorted(name for name, b in game.boards.items() if isinstance(b, (HexBoard, GridBoard)))
    return [Picture(f"pictures/{ctx.page.slug}.{scenario}.{anchor_of(name)}.svg", render_board(game, name),
                    f"board {name} after the setup of {scenario} (seed 1)") for name in boards]


def deck_format(ctx: Context) -> None:
    params = [(d, d.node) for d in ctx.of("param") if isinstance(d.node, n.ParamDecl)]
    checks = [c for c in ctx.st.sym.checks if ctx.whole or ctx.st.origins.get(c.span.file) == ctx.st.own]
    if not params and not checks:
        return
    ctx.page.add(Heading(2, ("Deck format",), "format"),
                 Para(("A deck names the format and gives its parameters; ", Code("rulecraft deck check DECK"),
                       " reports every check it breaks, with the check's rule id.")))
    if params:
        ctx.page.add(Table(("parameter", "type", "about", "declared at"), tuple(
            Row(((Code(d.name),), (Code(ctx.type_of(p.type)),), (p.doc or "",), (ctx.where(d),)),
                ctx.page.anchor("param", d.name, ctx.name)) for d, p in params)))
    if checks:
        ctx.page.add(Table(("check", "what it requires", "declared at"), tuple(
            Row(((Link(c.name, None, anchor_of(f"rule-{c.name}")),), (c.title or "",), (f"{c.span.file}:{c.span.line}",)))
            for c in checks)))


def changes(ctx: Context) -> None:
    """What a mod changes in the rulesets it extends (as `rulecraft mod diff` lists it)."""
    own = [c for c in ctx.st.sym.changes if ctx.whole or c.origin == ctx.st.own]
    if own:
        ctx.page.add(Heading(2, ("Changes",), "changes"),
                     Table(("mod", "changes", "how", "detail", "at"), tuple(
                         Row(((Code(c.origin),), (Code(c.target),), (c.what,), (c.detail,), (f"{c.span.file}:{c.span.line}",)))
                         for c in own)))


def tests(ctx: Context) -> None:
    own = [(d, d.node) for d in ctx.of("test") if isinstance(d.node, n.TestDecl)]
    if own:
        ctx.page.add(Heading(2, ("Rule tests",), "tests"), Para(("Run with ", Code(f"rulecraft test {ctx.name}{ctx.mod_flags}"), ".")),
                     Table(("test", "checks", "declared at"), tuple(
                         Row(((d.name,), joined([(Link(i, None, anchor_of(f"rule-{i}")),) for i in t.checks]),
                              (ctx.where(d),)), ctx.page.anchor("test", d.name, ctx.name)) for d, t in own)))


def rule_index(ctx: Context) -> None:
    """Every rule id the page's declarations carry, with the declarations and statements that carry it."""
    rows = []
    for rule, sites in sorted(ctx.st.rule_sites.items()):
        mine = [s for s in sites if ctx.whole or ctx.st.origins.get(s.span.file) == ctx.st.own]
        if not mine:
            continue
        holders = list(dict.fromkeys(s.holder for s in mine))
        rows.append(Row(((Code(rule),), joined([ctx.ref(h.what, h.name) for h in holders]),
                         (", ".join(f"{s.span.file}:{s.span.line}" for s in mine),)),
                        ctx.page.anchor("rule", rule, ctx.name)))
    if rows:
        ctx.page.add(Heading(2, ("Rule ids",), "rules"),
                     Para(("The catalogue rules this ruleset encodes; ", Code("rulecraft explain RULE-ID"),
                           " also names the tests that check one.")),
                     Table(("rule", "carried by", "at"), tuple(rows)))

