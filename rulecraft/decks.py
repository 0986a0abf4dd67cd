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
from importlib import resources
from pathlib import Path
from typing import Any

import jsonschema
from ruamel.yaml import YAML
from ruamel.yaml.error import MarkedYAMLError

from .compiler.diagnostics import suggest
from .compiler.loader import bundled_ids, load
from .runtime.game import Game
from .runtime.ruleset import Ruleset

SCALAR_PARAM = (str, int, bool)


@dataclass(frozen=True)
class Problem:
    file: str
    line: int
    column: int
    message: str
    hint: str | None = None

    def __str__(self) -> str:
        return f"{self.file}:{self.line}:{self.column}: {self.message}" + (f"\n  help: {self.hint}" if self.hint else "")


class DeckError(Exception):
    """The deck file cannot be read or resolved; carries every problem found."""

    def __init__(self, problems: list[Problem]):
        super().__init__("\n".join(map(str, problems)))
        self.problems = problems


@dataclass
class Deck:
    """A deck as read: its format, parameters and sections (card name/id -> copies, with positions)."""

    file: str
    format: str | None = None
    name: str | None = None
    params: dict[str, Any] = field(default_factory=dict)
    sections: dict[str, list[tuple[str, int, tuple[int, int]]]] = field(default_factory=dict)
    positions: dict[str, tuple[int, int]] = field(default_factory=dict)  # key -> (line, column)


@lru_cache(maxsize=1)
def schema() -> dict:
    return json.loads(resources.files("rulecraft").joinpath("schemas/deck.schema.json").read_text(encoding="utf-8"))


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
    for error in sorted(jsonschema.Draft202012Validator(schema()).iter_errors(data), key=lambda e: list(e.path)):
        line, column = _position(data, list(error.absolute_path))
        where = "/".join(map(str, error.absolute_path)) or "the deck"
        problems.append(Problem(file, line, column, f"{where}: {_schema_message(error)}"))
    if problems:
        raise DeckError(problems)
    deck = Deck(file, format=data.get("format"), name=data.get("name"))
    for key, value in data.items():
        scalar = isinstance(value, SCALAR_PARAM)
        deck.positions[key] = _position(data, [key], value=scalar or key in ("format", "name"))
        if key in ("format", "name"):
            continue
        if scalar:
            deck.params[key] = value
        else:
            deck.sections[key] = [(str(card), copies, _position(value, [card], value=False))
                                  for card, copies in (value or {}).items()]
    return deck


def _schema_message(error: jsonschema.ValidationError) -> str:
    if error.validator == "minimum":
        return f"{error.instance} copies? a card is listed at least once"
    if error.validator == "type" and error.validator_value == "integer":
        return f"the number of copies must be a whole number, not {error.instance!r}"
    if error.validator == "required":
        return "the deck names no format; add e.g. `format: doomtrooper/prague-league-2010`"
    return error.message


def _position(data: Any, path: list, value: bool = True) -> tuple[int, int]:
    """Line and column (1-based) of the value (or key) at `path` in a ruamel document."""
    node, line, column = data, 1, 1
    for key in path:
        lc = getattr(node, "lc", None)
        if lc is None:
            break
        try:
            line, column = lc.value(key) if value else lc.key(key)
            line, column = line + 1, column + 1
        except (KeyError, IndexError, TypeError):
            break
        try:
            node = node[key]
        except (KeyError, IndexError, TypeError):
            break
    return line, column


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


def resolve_format(deck: Deck, override: str | None = None) -> Ruleset:
    format_id = override or deck.format
    line, column = deck.positions.get("format", (1, 1))
    if not format_id:
        raise DeckError([Problem(deck.file, 1, 1, "the deck names no format",
                                 "add `format: ...` or pass --format")])
    formats = [i for i in bundled_ids() if load(i).kind == "format"]
    if format_id not in formats:
        raise DeckError([Problem(deck.file, line, column, f"unknown format `{format_id}`",
                                 suggest(format_id, formats) or f"known formats: {', '.join(formats)}")])
    return load(format_id)


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
        params[name] = value
    for name, param in rules.params.items():
        if name not in given and not param.has_default:
            problems.append(Problem(deck.file, 1, 1, f"the deck does not say its `{name}`",
                                    f"add `{name}: ...` ({', '.join(rules.enums.get(param.type, ())) or param.type})"))
    by_name = {d.name.casefold(): d.id for d in rules.definitions.values()}
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
                                        suggest(card, list(rules.definitions) + [d.name for d in rules.definitions.values()])))
                continue
            resolved.append((def_id, copies))
    if problems:
        raise DeckError(problems)
    return Resolved(params, sections)


def check(rules: Ruleset, resolved: Resolved) -> list[dict[str, Any]]:
    """Lay the deck out in a game of the format and run every check; returns the violations."""
    game = Game(rules, players=("deck",), params=resolved.params)
    for section, cards in resolved.sections.items():
        zone = game.zone(section)
        for def_id, copies in cards:
            d = rules.definitions[def_id]
            for _ in range(copies):
                e = game._new_entity(d.kind, d.id, d.name, dict(d.props))
                game._place(e, zone)
    return game.run_checks()


def check_deck(source: str | Path | dict, format_id: str | None = None,
               params: dict[str, str] | None = None) -> dict[str, Any]:
    """The contract's deck check: {"legal", "format", "violations"}; raises DeckError for unreadable decks."""
    if isinstance(source, dict):
        deck = read_yaml_deck(json.dumps(source), "<deck>")
    else:
        deck = read_deck(Path(source))
    rules = resolve_format(deck, format_id)
    violations = check(rules, resolve(deck, rules, params))
    return {"legal": not violations, "format": rules.id, "violations": violations}
