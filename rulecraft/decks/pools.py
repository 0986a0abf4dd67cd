"""Card pools: definitions from outside the bundled rulesets, added to a game for a deck check.

A pool is a YAML file (`rulecraft import` writes them; a user may write one by hand), described
by `rulecraft schema pool`:

    game: mygame                      # the game whose kinds the cards use
    source: "where the cards come from"
    set:                              # optional: values for the format's assumptions,
      banned_cards: [some_card]       #   e.g. a league's banned list
    cards:
      - {id: db_07035, kind: hero, name: Night Watch, strength: 7, clans: [owls]}

The file is checked against the schema, then every card against the game's kinds (its kind
must exist, every property must be declared by that kind, with a value of the declared type);
every problem is a Diagnostic (codes E09xx) at its `file:line:col`. A pool card that is a card
the game already has (the same value of an identity property the game's `decks.yaml` names,
such as a database code, or else the same name) is that card under another name; where the two
disagree, a warning (W0915) says so. Nothing here knows any game.
"""

from __future__ import annotations

import copy
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..compiler import cache
from ..compiler.diagnostics import Diagnostic, InputError, suggest
from ..compiler.source import Source, Span
from ..inputs import names
from ..inputs.documents import error, load_yaml, plain, position, read_source, schema, validate
from ..inputs.values import BadValue, typed
from ..runtime.ruleset import AssumedValue, Definition, Ruleset
from ..runtime.types import Ty

RESERVED = {"id", "kind", "name", "count"}
ID = re.compile(schema("pool")["$defs"]["card"]["properties"]["id"]["pattern"])  # what a card id may be


@dataclass
class PoolCard:
    id: str
    kind: str
    name: str
    props: dict[str, Any]
    position: tuple[int, int]
    prop_positions: dict[str, tuple[int, int]] = field(default_factory=dict)

    def where(self, prop: str | None = None) -> tuple[int, int]:
        return self.prop_positions.get(prop, self.position) if prop else self.position


@dataclass
class Pool:
    file: str
    game: str | None
    cards: list[PoolCard]
    settings: dict[str, Any]
    setting_positions: dict[str, tuple[int, int]]
    source: Source | None = None


def read_pool(path: Path) -> Pool:
    """A pool file, parsed once per content: the parsed form is kept in this process and in
    the user's cache (compiler/cache.py, area `pools`: signed, in folders only the user can
    write), both keyed by the text's digest; only a pool that reads without a problem is kept,
    so a bad pool is parsed (and reported) every time."""
    source = read_source(path, "E0901", "the pool")
    key = cache.digest(source.text)
    parsed: Any = _parsed.get(key) or _stored(key)
    pool = _cached_pool(source, parsed)
    if pool is None:
        parsed = _parse(source)
        cache.write(AREA, key, (PARSED_LAYOUT, parsed))
        pool = _pool(source, parsed)
    _remember(key, parsed)
    return pool


AREA = "pools"  # the cache's area for parsed pools
PARSED_LAYOUT = 2  # the layout of `_parse`'s result; change it when that layout changes
MEMO_SIZE = 8  # pools kept parsed in this process
_parsed: dict[str, dict[str, Any]] = {}  # text digest -> parsed form


def _stored(key: str) -> Any | None:
    """The parsed form the cache holds for a text's digest, if it has this layout."""
    stored = cache.read(AREA, key)
    return stored[1] if isinstance(stored, tuple) and len(stored) == 2 and stored[0] == PARSED_LAYOUT else None


def _parse(source: Source) -> dict[str, Any]:
    """The pool's text as plain data (marshal-able): its game, cards (with positions) and settings."""
    data = load_yaml(source, "E0902")
    problems = validate(data, "pool", source.file, "E0903", "the pool")
    if problems:
        raise InputError(problems, {source.file: source})
    raw = data.get("cards") or []
    cards = [[str(item["id"]), str(item["kind"]), str(item["name"]),
              {k: plain(v) for k, v in item.items() if k not in RESERVED},
              position(raw, [i], value=False), {str(k): position(item, [k]) for k in item if k not in RESERVED}]
             for i, item in enumerate(raw)]
    settings = data.get("set") or {}
    game = data.get("game")
    return {"game": str(game) if game else None, "cards": cards,
            "settings": {str(k): plain(v) for k, v in settings.items()},
            "setting_positions": {str(k): position(settings, [k]) for k in settings}}


def _cached_pool(source: Source, parsed: Any) -> Pool | None:
    """The pool from a kept parsed form; None if there is none or it (a cache file) is malformed."""
    try:
        return _pool(source, parsed) if parsed is not None else None
    except (TypeError, ValueError, KeyError, AttributeError):
        return None


def _remember(key: str, parsed: dict[str, Any]) -> None:
    _parsed.pop(key, None)
    _parsed[key] = parsed
    while len(_parsed) > MEMO_SIZE:
        del _parsed[next(iter(_parsed))]


def _pool(source: Source, parsed: dict[str, Any]) -> Pool:
    cards = [PoolCard(card_id, kind, name, dict(props), _at(where), {k: _at(v) for k, v in positions.items()})
             for card_id, kind, name, props, where, positions in parsed["cards"]]
    return Pool(source.file, parsed["game"], cards, dict(parsed["settings"]),
                {k: _at(v) for k, v in parsed["setting_positions"].items()}, source)


def _at(where: Any) -> tuple[int, int]:
    line, column = where
    return int(line), int(column)


def fields_of(rules: Ruleset, kind: str) -> dict[str, Ty]:
    """Property -> its type, of a kind, its ancestors' properties included."""
    known = rules.derived.get(("fields_of", kind))
    if known is not None:
        return known
    out: dict[str, Ty] = {}
    chain = []
    k: str | None = kind
    while k is not None and k in rules.kinds:
        chain.append(rules.kinds[k])
        k = rules.kinds[k].parent
    for info in reversed(chain):
        out.update({f.name: f.type for f in info.fields.values()})
    rules.derived[("fields_of", kind)] = out
    return out


# ---- type checking against the game --------------------------------------


def apply_pools(rules: Ruleset, pools: list[Pool], identity: Sequence[str] = ()
                ) -> tuple[Ruleset, dict[str, Any], list[Diagnostic]]:
    """A copy of `rules` with the pools' cards added, the assumption values the pools set, and
    warnings: a pool card that is one of the game's cards (or an earlier pool's) is not added
    again but becomes another name of that card, and where the two disagree a warning says so.
    Two cards are the same when they give the same value of an `identity` property (e.g. a
    public database's code), or, when one of them gives none, the same name (rulecraft.inputs.names.key)."""
    problems: list[Diagnostic] = []
    out = copy.copy(rules)
    out.definitions = dict(rules.definitions)
    out.other_names = dict(rules.other_names)
    out.derived = {}  # its caches follow from other definitions
    added = [(pool, card) for pool in pools if _same_game(pool, rules, problems)
             for card in pool.cards if _add_card(out, pool, card, problems)]
    for pool, card in added:  # values are checked once every pool's cards are known
        _check_values(out, pool, card, problems)
    warnings = _merge_twins(out, rules, added, identity) if not problems else []
    out.derived = {}  # the names have changed
    settings = {name: value for pool in pools for name, value in _settings(out, pool, problems).items()}
    if problems:
        sources = {p.file: p.source for p in pools if p.source is not None}
        raise InputError(sorted(problems, key=lambda d: (d.file or "", d.line or 0, d.column or 0)), sources)
    return out, settings, warnings


def _merge_twins(rules: Ruleset, base: Ruleset, added: list[tuple[Pool, PoolCard]],
                 identity: Sequence[str]) -> list[Diagnostic]:
    """Each added card that is the same card as one before it: removed, its id and name kept as
    other names of the first; a warning for each property on which the two disagree."""
    first: dict[tuple[str, str], str] = {}  # (identity property or "", value or name key) -> definition id
    added_ids = {card.id for _, card in added}
    warnings: list[Diagnostic] = []
    for d in [d for d in base.definitions.values() if d.id not in added_ids]:
        _remember_card(first, d, identity)
    for pool, card in added:
        d = rules.definitions[card.id]
        twin = _twin(first, d, identity)
        if twin is None:
            _remember_card(first, d, identity)
            continue
        del rules.definitions[card.id]
        rules.other_names[twin] = (*rules.other_names.get(twin, ()), ("", card.id), ("", card.name))
        warnings += _disagreements(rules, pool, card, d, rules.definitions[twin])
    return warnings


def _identities(d: Definition, identity: Sequence[str]) -> list[tuple[str, str]]:
    values = [(prop, d.props[prop]) for prop in identity if isinstance(d.props.get(prop), str) and d.props[prop]]
    return values or [("", names.key(d.name))]


def _remember_card(first: dict[tuple[str, str], str], d: Definition, identity: Sequence[str]) -> None:
    for ident in _identities(d, identity):
        first.setdefault(ident, d.id)
    first.setdefault(("", names.key(d.name)), d.id)  # a card without the identity finds it by name


def _twin(first: dict[tuple[str, str], str], d: Definition, identity: Sequence[str]) -> str | None:
    for ident in _identities(d, identity):
        if ident in first:
            return first[ident]
    return None


def _disagreements(rules: Ruleset, pool: Pool, card: PoolCard, d: Definition, twin: Definition) -> list[Diagnostic]:
    """Where a pool card and the card it is the same as disagree: its kind, or a property it gives."""
    out: list[Diagnostic] = []
    same = f"card `{card.id}` is the same card as `{twin.id}` ({twin.where})"
    if twin.kind not in rules.descendants.get(d.kind, frozenset()):
        out.append(_warning(pool, card.position, f"{same}, which is a {twin.kind}, not a {d.kind}"))
    values = rules.kind_defaults(twin.kind) | twin.props
    for prop, value in d.props.items():
        theirs = values.get(prop, value)
        if not isinstance(theirs, AssumedValue) and _comparable(theirs) != _comparable(value):
            out.append(_warning(pool, card.where(prop), f"{same}, whose `{prop}` is {_plain(theirs)}, not {_plain(value)}"))
    return out


def _comparable(value: Any) -> Any:
    return sorted(map(str, value)) if isinstance(value, list) else value


def _plain(value: Any) -> str:
    return "[" + ", ".join(map(str, value)) + "]" if isinstance(value, list) else str(value)


def _warning(pool: Pool, at: tuple[int, int], message: str) -> Diagnostic:
    return Diagnostic("W0915", message, Span.point(pool.file, *at),
                      "the game's card is used; correct the pool (or the game's card) so that both agree",
                      severity="warning")


def _same_game(pool: Pool, rules: Ruleset, problems: list[Diagnostic]) -> bool:
    if pool.game and pool.game != _game_of(rules):
        problems.append(error(pool.file, 1, 1, "E0905", f"the pool is for `{pool.game}`, the deck's format is a "
                                                        f"format of `{_game_of(rules)}`"))
        return False
    return True


def _add_card(rules: Ruleset, pool: Pool, card: PoolCard, problems: list[Diagnostic]) -> bool:
    """Add the card's definition to `rules` if its id is free and its kind and properties exist."""
    line, column = card.position
    where = f"card `{card.id}`"
    kinds = [k for k in rules.kinds if k != "player"]
    if card.id in rules.definitions:
        problems.append(error(pool.file, line, column, "E0906", f"{where}: the game already has a card with this id",
                              "give the pool's card its own id"))
        return False
    if card.kind not in kinds:
        problems.append(error(pool.file, line, column, "E0907", f"{where}: unknown kind `{card.kind}`",
                              suggest(card.kind, kinds) or f"kinds: {', '.join(kinds)}"))
        return False
    fields = fields_of(rules, card.kind)
    for prop in card.props:
        if prop not in fields:
            problems.append(error(pool.file, *card.where(prop), "E0908", f"{where}: a {card.kind} has no property `{prop}`",
                                  suggest(prop, list(fields))))
    rules.definitions[card.id] = Definition(card.id, card.kind, card.name, 1, dict(card.props), (),
                                            f"{pool.file}:{line}:{column}")
    return True


def _check_values(rules: Ruleset, pool: Pool, card: PoolCard, problems: list[Diagnostic]) -> None:
    """Each property value of a card as a value of its declared type (definitions named by id)."""
    fields = fields_of(rules, card.kind)
    props = rules.definitions[card.id].props
    for prop, value in card.props.items():
        if prop not in fields:
            continue
        try:
            props[prop] = typed(value, fields[prop], rules)
        except BadValue as bad:
            problems.append(error(pool.file, *card.where(prop), "E0909", f"card `{card.id}`: {bad.of(f'`{prop}`')}",
                                  bad.help))


def _settings(rules: Ruleset, pool: Pool, problems: list[Diagnostic]) -> dict[str, Any]:
    """The pool's values for the format's assumptions, as values of their types."""
    settings: dict[str, Any] = {}
    for name, value in pool.settings.items():
        line, column = pool.setting_positions.get(name, (1, 1))
        if name not in rules.assumptions:
            problems.append(error(pool.file, line, column, "E0910", f"the format has no assumption `{name}`",
                                  suggest(name, list(rules.assumptions)) or
                                  f"its assumptions: {', '.join(rules.assumptions) or 'none'}"))
            continue
        try:
            settings[name] = typed(value, rules.assumptions[name].type, rules)
        except BadValue as bad:
            problems.append(error(pool.file, line, column, "E0909", bad.of(f"`{name}`"), bad.help))
    return settings


def _game_of(rules: Ruleset) -> str:
    return rules.extends.split("/")[0] if rules.extends else rules.id.split("/")[0]
