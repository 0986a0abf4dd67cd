"""Deck files: read (YAML or a pasted "4x Card Name" list), validate, resolve, check.

Every problem with the file itself is reported with `file:line:col` and a hint, all of
them at once (DeckError); a readable deck is then laid out in a game of its format and
the format's checks report every rule it breaks.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

import jsonschema
from ruamel.yaml import YAML
from ruamel.yaml.error import MarkedYAMLError

from .compiler.diagnostics import suggest
from .compiler.loader import MAIN, bundled_ids, folder_of, load
from .export import schema
from .pools import apply_pools, read_pool
from .problems import DeckError, Problem, position

__all__ = ["DeckError", "Problem", "check_deck"]
from .runtime.game import Game
from .runtime.ruleset import Ruleset

SCALAR_PARAM = (str, int, bool)


@dataclass
class Deck:
    """A deck as read: its format, parameters and sections (card name/id -> copies, with positions)."""

    file: str
    format: str | None = None
    name: str | None = None
    params: dict[str, Any] = field(default_factory=dict)
    sections: dict[str, list[tuple[str, int, tuple[int, int]]]] = field(default_factory=dict)
    positions: dict[str, tuple[int, int]] = field(default_factory=dict)  # key -> (line, column)


# ---- reading --------------------------------------------------------------


def read_deck(path: Path) -> Deck:
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as err:
        raise DeckError([Problem(str(path), 1, 1, f"cannot read the file: {err}")]) from None
    if path.suffix.lower() in (".txt", ".dek", ".list"):
        return read_text_deck(text, str(path))
    return read_yaml_deck(text, str(path))


def read_yaml_deck(text: str, file: str) -> Deck:
    yaml = YAML(typ="rt")
    try:
        data = yaml.load(text)
    except MarkedYAMLError as err:
        mark = err.problem_mark
        raise DeckError([Problem(file, mark.line + 1, mark.column + 1, f"invalid YAML: {err.problem}",
                                 "check the indentation and the `key: value` pairs around here")]) from None
    if not isinstance(data, dict):
        raise DeckError([Problem(file, 1, 1, "a deck file is a mapping with at least a `format:` key")])
    problems = []
    for error in sorted(jsonschema.Draft202012Validator(schema("deck")).iter_errors(data), key=lambda e: list(e.path)):
        line, column = position(data, list(error.absolute_path))
        where = "/".join(map(str, error.absolute_path)) or "the deck"
        problems.append(Problem(file, line, column, f"{where}: {_schema_message(error)}"))
    if problems:
        raise DeckError(problems)
    deck = Deck(file, format=data.get("format"), name=data.get("name"))
    for key, value in data.items():
        scalar = isinstance(value, SCALAR_PARAM)
        deck.positions[key] = position(data, [key], value=scalar or key in ("format", "name"))
        if key in ("format", "name"):
            continue
        if scalar:
            deck.params[key] = value
        else:
            deck.sections[key] = [(str(card), copies, position(value, [card], value=False))
                                  for card, copies in (value or {}).items()]
    return deck


def _schema_message(error: jsonschema.ValidationError) -> str:
    if error.validator == "minimum":
        return f"{error.instance} copies? a card is listed at least once"
    if error.validator == "type" and error.validator_value == "integer":
        return f"the number of copies must be a whole number, not {error.instance!r}"
    if error.validator == "required":
        return "the deck names no format; add `format: GAME/FORMAT` (`rulecraft games` lists the formats)"
    return error.message


LINE = re.compile(r"^\s*(\d+)\s*[xX×]?\s+(.+?)\s*$")
SECTION = re.compile(r"^\s*([A-Za-z][\w -]*):\s*$")
SETTING = re.compile(r"^\s*([a-z_][\w-]*):\s*(\S.*?)\s*$")


def read_text_deck(text: str, file: str) -> Deck:
    """"4x Card Name" lines; `Sideboard:` starts a section; `format: ...` and parameters on top."""
    deck, section, problems = Deck(file), "main", []
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip() or line.lstrip().startswith(("#", "//")):
            continue
        if m := LINE.match(line):
            copies = int(m.group(1))
            if copies < 1:
                problems.append(Problem(file, number, 1, f"{copies} copies? a card is listed at least once"))
                continue
            deck.sections.setdefault(section, []).append((m.group(2), copies, (number, m.start(2) + 1)))
        elif m := SECTION.match(line):
            section = m.group(1).strip().lower()
        elif m := SETTING.match(line):
            key, value = m.group(1), m.group(2)
            if key == "format":
                deck.format = value
            elif key == "name":
                deck.name = value
            else:
                deck.params[key] = int(value) if value.isdigit() else value
            deck.positions[key] = (number, m.start(2) + 1)
        else:
            problems.append(Problem(file, number, 1, f"cannot read `{line.strip()}`",
                                    'write cards as "4x Card Name", sections as "Sideboard:"'))
    if problems:
        raise DeckError(problems)
    return deck


# ---- resolving and checking -------------------------------------------------


FORMAT_HEADER = re.compile(r'^\s*format\s+"([^"]+)"', re.MULTILINE)


@lru_cache(maxsize=1)
def bundled_formats() -> dict[str, str]:
    """Format id -> bundled ruleset id, read from the `format` headers without compiling anything
    (so that a format is found even while another bundled ruleset does not compile)."""
    out = {}
    for rid in bundled_ids():
        folder = folder_of(rid)
        if folder is None:
            continue
        try:
            head = (folder / MAIN).read_text(encoding="utf-8")
        except OSError:
            continue
        if m := FORMAT_HEADER.search(head):
            out[m.group(1)] = rid
    return out


@lru_cache(maxsize=16)
def load_format(ruleset_id: str) -> Ruleset:
    """A bundled format, compiled once per process."""
    return load(ruleset_id)


def resolve_format(deck: Deck, override: str | None = None) -> Ruleset:
    format_id = override or deck.format
    line, column = deck.positions.get("format", (1, 1))
    if not format_id:
        raise DeckError([Problem(deck.file, 1, 1, "the deck names no format",
                                 "add `format: ...` or pass --format")])
    formats = bundled_formats()
    if format_id not in formats:
        raise DeckError([Problem(deck.file, line, column, f"unknown format `{format_id}`",
                                 suggest(format_id, list(formats)) or f"known formats: {', '.join(formats)}")])
    return load_format(formats[format_id])


@dataclass
class Resolved:
    params: dict[str, Any]
    sections: dict[str, list[tuple[str, int]]]


def resolve(deck: Deck, rules: Ruleset, extra_params: dict[str, str] | None = None) -> Resolved:
    problems: list[Problem] = []
    params: dict[str, Any] = {}
    given = dict(deck.params) | (extra_params or {})
    for name, value in given.items():
        line, column = deck.positions.get(name, (1, 1))
        if name not in rules.params:
            problems.append(Problem(deck.file, line, column, f"the format has no parameter `{name}`",
                                    suggest(name, rules.params) or
                                    f"its parameters: {', '.join(rules.params) or 'none'}"))
            continue
        param = rules.params[name]
        members = rules.enums.get(param.type)
        if members is not None and value not in members:
            problems.append(Problem(deck.file, line, column, f"`{value}` is not a {param.type}",
                                    suggest(str(value), members) or f"one of: {', '.join(members)}"))
            continue
        if param.type == "int" and isinstance(value, str) and value.lstrip("-").isdigit():
            value = int(value)  # from the command line or a pasted list
        elif param.type == "bool" and isinstance(value, str) and value.lower() in ("true", "false"):
            value = value.lower() == "true"
        expected = {"int": int, "bool": bool, "text": str}.get(param.type)
        if expected is not None and (not isinstance(value, expected) or (expected is int and isinstance(value, bool))):
            problems.append(Problem(deck.file, line, column, f"`{name}` must be {_a(param.type)}, not {value!r}"))
            continue
        params[name] = value
    for name, param in rules.params.items():
        if name not in given and not param.has_default:
            problems.append(Problem(deck.file, 1, 1, f"the deck does not say its `{name}`",
                                    f"add `{name}: ...` ({', '.join(rules.enums.get(param.type, ())) or param.type})"))
    by_name = card_names(rules)
    sections: dict[str, list[tuple[str, int]]] = {}
    for section, cards in deck.sections.items():
        line, column = deck.positions.get(section, (1, 1))
        if section not in rules.zones or rules.zones[section].per_player:
            sections_known = [z for z, info in rules.zones.items() if not info.per_player and not info.in_play]
            problems.append(Problem(deck.file, line, column, f"the format has no deck section `{section}`",
                                    suggest(section, sections_known) or f"its sections: {', '.join(sections_known)}"))
            continue
        resolved = sections.setdefault(section, [])
        for card, copies, (card_line, card_column) in cards:
            def_id = card if card in rules.definitions else by_name.get(card.casefold())
            if def_id is None:
                problems.append(Problem(deck.file, card_line, card_column, f"unknown card `{card}`",
                                        suggest(card, list(rules.definitions) + list(by_name.values()) + list(_shown_names(rules)))))
                continue
            resolved.append((def_id, copies))
    if problems:
        raise DeckError(problems)
    return Resolved(params, sections)


def deck_settings(rules: Ruleset) -> dict[str, Any]:
    """The game's `decks.yaml` (next to the game's or format's main.rules), if it has one:
    e.g. `alternative_names: [czech]`, text properties that also name a card in deck files."""
    for rid in (rules.id, rules.extends):
        folder = folder_of(rid) if rid else None
        path = folder / "decks.yaml" if folder else None
        if path is not None and path.is_file():
            data = YAML(typ="safe").load(path.read_text(encoding="utf-8"))
            return data if isinstance(data, dict) else {}
    return {}


def card_names(rules: Ruleset) -> dict[str, str]:
    """Every name a deck file may use for a card (casefolded) -> the definition id."""
    if "deck_names" in rules.derived:
        return rules.derived["deck_names"]
    extra = [p for p in deck_settings(rules).get("alternative_names", []) if isinstance(p, str)]
    names: dict[str, str] = {}
    for d in rules.definitions.values():
        for prop in extra:
            value = d.props.get(prop)
            if isinstance(value, str) and value:
                names.setdefault(value.casefold(), d.id)
    for d in rules.definitions.values():  # a card's own name wins over another card's alternative name
        names[d.name.casefold()] = d.id
    rules.derived["deck_names"] = names
    return names


def _shown_names(rules: Ruleset):
    extra = [p for p in deck_settings(rules).get("alternative_names", []) if isinstance(p, str)]
    for d in rules.definitions.values():
        yield d.name
        for prop in extra:
            if isinstance(d.props.get(prop), str) and d.props[prop]:
                yield d.props[prop]


MAX_DECK_CARDS = 10_000


def _templates(rules: Ruleset, game: Game) -> dict[str, dict[str, Any]]:
    """def id -> its properties (defaults and assumptions resolved); made once per ruleset for
    the default assumptions, so laying a deck out only makes one object per card."""
    default = game.assume == {name: a.value for name, a in rules.assumptions.items()}
    if default and "deck_templates" in rules.derived:
        return rules.derived["deck_templates"]
    out = {d.id: game.things.props_of(d.kind, d.props) for d in rules.definitions.values()}
    if default:
        rules.derived["deck_templates"] = out
    return out


def _a(type_: str) -> str:
    return {"int": "a whole number", "bool": "true or false", "text": "text"}.get(type_, f"a {type_}")


def check(rules: Ruleset, resolved: Resolved, assumptions: dict[str, Any] | None = None) -> list[dict[str, Any]]:
    """Lay the deck out in a game of the format and run every check; returns the violations.
    The copies of a card are laid out together, in the order the deck file lists them."""
    total = sum(copies for cards in resolved.sections.values() for _, copies in cards)
    if total > MAX_DECK_CARDS:
        return [{"rule": None, "message": f"the deck lists {total} cards; at most {MAX_DECK_CARDS} can be checked",
                 "cards": []}]
    # The cards share their definition's property values (one object per card) until one changes.
    game = Game(rules, players=("deck",), params=resolved.params, assumptions=assumptions, shared_props=True)
    templates = _templates(rules, game)
    for section, cards in resolved.sections.items():
        zone = game.zone(section)
        for def_id, copies in cards:
            game.things.lay_out(def_id, copies, zone, templates[def_id])
    return game.run_checks()


def check_deck(source: str | Path | dict, format_id: str | None = None,
               params: dict[str, str] | None = None, pools: list[str | Path] | None = None,
               assumptions: dict[str, Any] | None = None) -> dict[str, Any]:
    """The contract's deck check: {"legal", "format", "violations"}; raises DeckError for unreadable decks.
    `pools`: card-pool files whose cards join the game's (and whose `set:` values override the
    format's assumptions); `assumptions`: overrides given directly (they win over the pools')."""
    if isinstance(source, dict):
        deck = read_yaml_deck(json.dumps(source), "<deck>")
    else:
        deck = read_deck(Path(source))
    rules = resolve_format(deck, format_id)
    settings: dict[str, Any] = {}
    if pools:
        rules, settings = apply_pools(rules, [read_pool(Path(p)) for p in pools])
    settings |= assumptions or {}
    violations = check(rules, resolve(deck, rules, params), settings or None)
    return {"legal": not violations, "format": rules.id, "violations": violations}
