"""Card pools: definitions from outside the bundled rulesets, added to a game for a deck check.

A pool is a YAML file (`rulecraft import` writes them; a user may write one by hand):

    game: mygame                      # the game whose kinds the cards use
    source: "where the cards come from"
    set:                              # optional: values for the format's assumptions,
      banned_cards: [some_card]       #   e.g. a league's banned list
    cards:
      - {id: db_07035, kind: hero, name: Night Watch, strength: 7, clans: [owls]}

Every card is type-checked against the game's kinds (its kind must exist, every property must
be declared by that kind, with a value of the declared type); every problem is reported with
its `file:line:col`. Nothing here knows any game.
"""

from __future__ import annotations

import copy
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ruamel.yaml import YAML
from ruamel.yaml.error import MarkedYAMLError

from .compiler.diagnostics import suggest
from .problems import DeckError, Problem, position
from .runtime.ruleset import Definition, Ruleset

ID = re.compile(r"^[a-z][a-z0-9_]*$")
RESERVED = {"id", "kind", "name", "count"}
MAX_POOL_CARDS = 20_000


@dataclass
class PoolCard:
    id: str
    kind: str
    name: str
    props: dict[str, Any]
    position: tuple[int, int]
    prop_positions: dict[str, tuple[int, int]] = field(default_factory=dict)


@dataclass
class Pool:
    file: str
    game: str | None
    cards: list[PoolCard]
    settings: dict[str, Any]
    setting_positions: dict[str, tuple[int, int]]


def read_pool(path: Path) -> Pool:
    file = str(path)
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as err:
        raise DeckError([Problem(file, 1, 1, f"cannot read the pool: {err}")]) from None
    try:
        data = YAML(typ="rt").load(text)
    except MarkedYAMLError as err:
        mark = err.problem_mark
        raise DeckError([Problem(file, mark.line + 1, mark.column + 1, f"invalid YAML: {err.problem}")]) from None
    if not isinstance(data, dict) or not isinstance(data.get("cards", []), list):
        raise DeckError([Problem(file, 1, 1, "a pool is a mapping with a `cards:` list",
                               "write e.g. `cards:` then `- {id: my_card, kind: ..., name: ...}`")])
    problems = []
    cards: list[PoolCard] = []
    raw = data.get("cards") or []
    if len(raw) > MAX_POOL_CARDS:
        raise DeckError([Problem(file, 1, 1, f"the pool has {len(raw)} cards; at most {MAX_POOL_CARDS} are read")])
    for i, item in enumerate(raw):
        line, column = position(raw, [i], value=False)
        if not isinstance(item, dict):
            problems.append(Problem(file, line, column, f"cards[{i}]: a card is a mapping with `id`, `kind` and `name`"))
            continue
        missing = [k for k in ("id", "kind", "name") if not isinstance(item.get(k), str) or not item.get(k)]
        if missing:
            problems.append(Problem(file, line, column, f"cards[{i}]: missing {', '.join('`' + m + '`' for m in missing)}"))
            continue
        props = {k: _plain(v) for k, v in item.items() if k not in RESERVED}
        cards.append(PoolCard(str(item["id"]), str(item["kind"]), str(item["name"]), props, (line, column),
                              {k: position(item, [k]) for k in props}))
    settings = data.get("set") or {}
    if not isinstance(settings, dict):
        problems.append(Problem(file, *position(data, ["set"]), "`set:` is a mapping of assumption -> value"))
        settings = {}
    if problems:
        raise DeckError(problems)
    game = data.get("game")
    return Pool(file, str(game) if game else None, cards, {k: _plain(v) for k, v in settings.items()},
                {k: position(settings, [k]) for k in settings})


def _plain(value: Any) -> Any:
    if isinstance(value, list):
        return [_plain(v) for v in value]
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, str):
        return str(value)
    return value


# ---- type checking against the game --------------------------------------


def _fields(rules: Ruleset, kind: str) -> dict[str, str]:
    out: dict[str, str] = {}
    chain = []
    k: str | None = kind
    while k is not None and k in rules.kinds:
        chain.append(rules.kinds[k])
        k = rules.kinds[k].parent
    for info in reversed(chain):
        out.update({f.name: f.type for f in info.fields.values()})
    return out


def type_error(rules: Ruleset, type_: str, value: Any, known_defs: set[str]) -> str | None:
    """Why `value` is not a `type_` (as the compiled ruleset writes types), or None."""
    if type_.startswith("list<") and type_.endswith(">"):
        if not isinstance(value, list):
            return f"must be a list ({type_}), not {value!r}"
        for v in value:
            why = type_error(rules, type_[5:-1], v, known_defs)
            if why:
                return why
        return None
    if type_ == "int":
        return None if isinstance(value, int) and not isinstance(value, bool) else f"must be a whole number, not {value!r}"
    if type_ == "num":
        return None if isinstance(value, (int, float)) and not isinstance(value, bool) else f"must be a number, not {value!r}"
    if type_ == "bool":
        return None if isinstance(value, bool) else f"must be true or false, not {value!r}"
    if type_ in ("text", "any"):
        return None if isinstance(value, str) or type_ == "any" else f"must be text, not {value!r}"
    if type_ in rules.enums:
        members = rules.enums[type_]
        if value not in members:
            hint = suggest(str(value), members)
            return f"`{value}` is not a {type_}" + (f"; {hint}" if hint else f" (one of: {', '.join(members)})")
        return None
    if type_.startswith("definition of "):
        if value not in known_defs:
            hint = suggest(str(value), sorted(known_defs))
            return f"no card `{value}`" + (f"; {hint}" if hint else "")
        return None
    return f"a pool cannot give a value of type {type_}"


def apply_pools(rules: Ruleset, pools: list[Pool]) -> tuple[Ruleset, dict[str, Any]]:
    """A copy of `rules` with the pools' cards added, and the assumption values the pools set."""
    problems = []
    definitions = dict(rules.definitions)
    kinds = [k for k in rules.kinds if k != "player"]
    for pool in pools:
        if pool.game and pool.game != _game_of(rules):
            problems.append(Problem(pool.file, 1, 1, f"the pool is for `{pool.game}`, the deck's format is a "
                                                       f"format of `{_game_of(rules)}`"))
            continue
        for card in pool.cards:
            line, column = card.position
            where = f"card `{card.id}`"
            if not ID.match(card.id):
                problems.append(Problem(pool.file, line, column, f"{where}: an id is lower case [a-z0-9_], starting with a letter"))
                continue
            if card.id in definitions:
                problems.append(Problem(pool.file, line, column, f"{where}: the game already has a card with this id",
                                         "give the pool's card its own id"))
                continue
            if card.kind not in rules.kinds or card.kind == "player":
                problems.append(Problem(pool.file, line, column, f"{where}: unknown kind `{card.kind}`",
                                         suggest(card.kind, kinds) or f"kinds: {', '.join(kinds)}"))
                continue
            fields = _fields(rules, card.kind)
            for prop in card.props:
                pline, pcol = card.prop_positions.get(prop, card.position)
                if prop not in fields:
                    problems.append(Problem(pool.file, pline, pcol, f"{where}: a {card.kind} has no property `{prop}`",
                                             suggest(prop, list(fields))))
                    continue
            definitions[card.id] = Definition(card.id, card.kind, card.name, 1, dict(card.props), (),
                                              f"{pool.file}:{line}:{column}")
    known = set(definitions)
    for pool in pools:  # values are checked once every pool's cards are known
        for card in pool.cards:
            d = definitions.get(card.id)
            if d is None or d.where != f"{pool.file}:{card.position[0]}:{card.position[1]}":
                continue
            fields = _fields(rules, card.kind)
            for prop, value in card.props.items():
                if prop in fields:
                    why = type_error(rules, fields[prop], value, known)
                    if why:
                        pline, pcol = card.prop_positions.get(prop, card.position)
                        problems.append(Problem(pool.file, pline, pcol, f"card `{card.id}`: `{prop}` {why}"))
    settings: dict[str, Any] = {}
    for pool in pools:
        for name, value in pool.settings.items():
            line, column = pool.setting_positions.get(name, (1, 1))
            if name not in rules.assumptions:
                problems.append(Problem(pool.file, line, column, f"the format has no assumption `{name}`",
                                         suggest(name, list(rules.assumptions)) or
                                         f"its assumptions: {', '.join(rules.assumptions) or 'none'}"))
                continue
            why = type_error(rules, rules.assumptions[name].type, value, known)
            if why:
                problems.append(Problem(pool.file, line, column, f"`{name}` {why}"))
                continue
            settings[name] = value
    if problems:
        raise DeckError(problems)
    out = copy.copy(rules)
    out.definitions = definitions
    out.derived = {}  # its caches follow from other definitions
    return out, settings


def _game_of(rules: Ruleset) -> str:
    return rules.extends.split("/")[0] if rules.extends else rules.id.split("/")[0]
