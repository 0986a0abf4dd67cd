"""Deck files: read (YAML or a pasted "4x Card Name" list), validate, resolve, check.

Every problem with the file itself is a Diagnostic (codes E08xx) at `file:line:col` with a
hint, all of them raised at once (DeckError); a readable deck is then laid out in a game of
its format and the format's checks report every rule it breaks.

A resolved deck is what it holds: each section's (definition, copies) in the deck's order and its
parameters' values. A format's checks see nothing else (a game of the format, laid out with those
cards, the same every time), so a DeckChecker lays out and checks each holding once and gives a
deck that holds the same again the same report (`Examined`, EXAMINED_KEPT holdings kept). A
deck is laid out in a game of its format left by an earlier deck with the same parameter values,
emptied as new, when that deck's checks only read it (`_keep`, DECK_GAMES_KEPT games kept); a
definition's properties are made when a deck first lays it out (`Templates`). A newcomer changes
how a deck is read or resolved here; what a format checks is the format's.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .. import files
from ..compiler import cache, store
from ..compiler.diagnostics import CompileError, Diagnostic, Diagnostics, InputError, bounded_suggestions, suggest
from ..compiler.loader import MAIN, bundled_ids, folder_of, load
from ..compiler.source import MAX_SOURCE_BYTES, Source
from ..inputs import names
from ..inputs.documents import STDIN, error, load_yaml, plain, position, read_source, read_stdin, schema, validate
from ..inputs.values import BadValue, typed

__all__ = ["DeckChecker", "DeckError", "check_deck"]
from ..runtime.errors import GameError
from ..runtime.game import Game
from ..runtime.ruleset import Ruleset
from ..runtime.state import to_json

if TYPE_CHECKING:
    from ..compiler import nodes
    from .pools import Pool

DeckError = InputError  # the API's name for a deck check's unusable input (the deck's or a pool's Diagnostics)
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
    source: Source | None = None  # the text, for showing a problem's line
    problems: list[Diagnostic] = field(default_factory=list)  # found as it was read, reported with the rest

    def error(self, line: int, column: int, code: str, message: str, help: str | None = None) -> Diagnostic:
        return error(self.file, line, column, code, message, help)

    def fail(self, problems: list[Diagnostic]) -> DeckError:
        """Every problem of the deck: those found as it was read, then `problems`."""
        return DeckError(self.problems + problems, {self.file: self.source} if self.source else {})


# ---- reading --------------------------------------------------------------

BOM = "\ufeff"  # a byte-order mark at the start of a text given as text (files and standard input lose it as read)
TEXT_SUFFIXES = (".txt", ".dek", ".list")  # a pasted list; .yaml, .yml and .json are YAML, others as they look
YAML_SUFFIXES = (".yaml", ".yml", ".json")


def read_deck(path: Path, defer: bool = False) -> Deck:
    """A deck file, or standard input for `-`: a pasted list (a text suffix, or no YAML suffix
    and lines that list cards), else YAML. `defer`: a pasted list's unreadable lines are kept in
    `Deck.problems`, for `resolve` to report with the deck's other problems, not raised here."""
    source = read_stdin("E0801", "the deck") if str(path) == "-" else read_source(path, "E0801")
    suffix = path.suffix.lower()
    if suffix in TEXT_SUFFIXES or (suffix not in YAML_SUFFIXES and first_card_line(source.text) is not None):
        return read_text_deck(source.text, source.file, defer)
    return read_yaml_deck(source.text, source.file)


def read_yaml_deck(text: str, file: str) -> Deck:
    """A YAML deck; a pasted list saved as YAML gets a hint instead of the bare YAML error."""
    source = Source(file, text.removeprefix(BOM))
    try:
        data = load_yaml(source, "E0802", "check the indentation and the `key: value` pairs around here")
        return _deck_of_data(data, Deck(file, source=source))
    except DeckError:
        at = first_card_line(source.text)
        if at is None:
            raise
        line, column, shown = at
        raise DeckError([error(file, line, column, "E0802", f"this looks like a text decklist (`{shown}`), not YAML",
                               "save it as .txt, or pass it on standard input (`rulecraft deck check - < FILE`)")],
                        {file: source}) from None


def _deck_of_data(data: Any, deck: Deck) -> Deck:
    """The deck a document describes (positions where the document has them), or DeckError."""
    problems = validate(data, "deck", deck.file, "E0803", "the deck")
    if not problems and isinstance(data, dict):  # JSON Schema sees only text keys: YAML has others
        problems = [deck.error(*position(data, [key], value=False), "E0803",
                               f"a key must be a name, not {key!r}") for key in data if not isinstance(key, str)]
    if problems:
        raise deck.fail(problems)
    deck.format, deck.name = data.get("format"), data.get("name")
    for key, value in data.items():
        scalar = isinstance(value, SCALAR_PARAM)
        deck.positions[key] = position(data, [key], value=scalar or key in ("format", "name"))
        if key in ("format", "name"):
            continue
        if scalar:
            deck.params[key] = value
            continue
        cards: list[tuple[str, int, tuple[int, int]]] = []
        deck.sections[key] = cards
        for card, written in (value or {}).items():
            copies = read_copies(written)
            if copies is None:
                problems.append(deck.error(*position(value, [card]), "E0804",
                                           f"{key}/{card}: {copies_problem(written)}", COPIES_HELP))
            else:
                cards.append((str(card), copies, position(value, [card], value=False)))
    if problems:
        raise deck.fail(problems)
    return deck


MAPPING = "<deck>"  # the file name of a deck given as a mapping


def read_mapping_deck(data: dict) -> Deck:
    """A deck given as a mapping, read as its JSON text would be, with positions in that text."""
    return read_yaml_deck(json.dumps(data), MAPPING)


def _quick_mapping_deck(data: dict) -> Deck | None:
    """A deck given as a mapping, read without positions (a JSON round trip instead of a YAML
    parse), or None if it has a problem: read_mapping_deck then says where."""
    try:
        plain_data = json.loads(json.dumps(data))
        return _deck_of_data(plain_data, Deck(MAPPING))
    except DeckError:
        return None


COUNT_FIRST = re.compile(r"^\s*(\d+)\s*[xX×]?\s+(\S.*?)\s*$")  # "4x Card Name", "4 x Card Name", "4 Card Name"
COUNT_LAST = re.compile(r"^\s*(\S.*?)\s+[xX×]\s*(\d+)\s*$")  # "Card Name x4", "Card Name × 4"
# "Sideboard:", "SIDEBOARD", "Sideboard (25):", "Sideboard: 25"
HEADER = re.compile(r"^\s*([^\W\d_][^\d:()\[\]]*?)\s*(\(\s*\d+\s*\))?\s*(:\s*(\d+)?)?\s*$")
SETTING = re.compile(r"^\s*([A-Za-z_][\w-]*):\s*(\S.*?)\s*$")  # "format: ...", "Format: ...", a parameter
# A header's words (as `names.loose_key` compares them: no case, no accents) -> the section they
# name, in English and Czech; other headers name the section of their own words ("Proxies:").
SECTION_WORDS = {"main": "main", "main deck": "main", "maindeck": "main", "mainboard": "main", "deck": "main",
                 "balicek": "main", "hlavni balicek": "main",
                 "sideboard": "sideboard", "side board": "sideboard", "side": "sideboard", "sb": "sideboard",
                 "postranni balicek": "sideboard", "bocni balicek": "sideboard",
                 "proxy": "proxies", "proxy karty": "proxies"}
MAX_COPIES = 999  # as the deck schema reads a YAML deck's copies
COPIES_HELP = "write the number of copies of the card"


def read_copies(written: Any) -> int | None:
    """A card's number of copies as any deck writes it (a pasted list's digits, a YAML or JSON
    number): the whole number from 1 to MAX_COPIES it is, else None (4.0, true, 1e3, "²", 0)."""
    if isinstance(written, str):
        if not (written.isascii() and written.isdigit()) or len(written) > len(str(MAX_COPIES)):
            return None
        written = int(written)
    return written if type(written) is int and 1 <= written <= MAX_COPIES else None


def copies_problem(written: Any) -> str:
    """What E0804 says of copies `read_copies` refuses."""
    if isinstance(written, int) and not isinstance(written, bool) and abs(written) > 10 ** 8:
        shown = "over 99999999"  # never written out: a number of thousands of digits cannot be
    else:
        shown = str(written) if isinstance(written, (str, int, float)) and not isinstance(written, bool) else repr(written)
        shown = shown if len(shown) <= 8 else shown[:8] + "…"
    whole = " (a whole number, without a decimal point)" if isinstance(written, float) else ""
    return f"{shown} copies? a card is listed from 1 to {MAX_COPIES} times{whole}"


def read_text_deck(text: str, file: str, defer: bool = False) -> Deck:
    """A pasted list: a card a line ("4x Card Name", "4 Card Name", "Card Name x4"), sections
    started by a header ("Sideboard:", "SIDEBOARD", "Sideboard (25):", "Postranní balíček"),
    `format: ...` and the format's parameters as `name: value` lines, `#` and `//` comments.
    Every unreadable line is a Diagnostic; `defer`: see `read_deck`."""
    source = Source(file, text.removeprefix(BOM))
    deck, section = Deck(file, source=source), "main"
    problems: list[Diagnostic] = []
    for number, line in enumerate(source.lines, 1):
        if not line.strip() or line.lstrip().startswith(("#", "//")):
            continue
        if m := COUNT_FIRST.match(line):
            _add_card(deck, section, m, 2, 1, number, problems)
        elif (header := _header(line)) is not None:
            section = header
            deck.positions.setdefault(section, (number, len(line) - len(line.lstrip()) + 1))
        elif (m := SETTING.match(line)) and (m.group(1).islower() or not COUNT_LAST.match(line)):
            _setting(deck, m.group(1).lower(), m.group(2), (number, m.start(2) + 1))  # "Card: Title x4" is a card
        elif m := COUNT_LAST.match(line):
            _add_card(deck, section, m, 1, 2, number, problems)
        else:
            problems.append(deck.error(number, len(line) - len(line.lstrip()) + 1, "E0805",
                                       f"cannot read `{line.strip()}`",
                                       'write a card as "4x Card Name" or "Card Name x4", a section as "Sideboard:"'))
    if problems and not defer:
        raise deck.fail(problems)
    deck.problems = problems
    return deck


def _add_card(deck: Deck, section: str, m: re.Match, name: int, count: int, line: int,
              problems: list[Diagnostic]) -> None:
    """The card of a list's line: group `name` of `m` names it, group `count` gives its copies."""
    digits, column = m.group(count), m.start(count) + 1
    copies = read_copies(digits)
    if copies is None:
        problems.append(deck.error(line, column, "E0804", copies_problem(digits), COPIES_HELP))
        return
    deck.sections.setdefault(section, []).append((m.group(name), copies, (line, m.start(name) + 1)))


def _header(line: str) -> str | None:
    """The section a line starts, if it is a header: words the table knows, however decorated,
    or other words with a colon or a count ("Proxies:", "Proxies (2)"); else None."""
    m = HEADER.match(line)
    if m is None:
        return None
    words = names.loose_key(m.group(1))
    if words in SECTION_WORDS:
        return SECTION_WORDS[words]
    if m.group(2) or (m.group(3) and not m.group(4)):
        return names.key(m.group(1)).replace(" ", "_")
    return None


def first_card_line(text: str) -> tuple[int, int, str] | None:
    """Where the first line that lists a card as a pasted list does ("4x Card", "Card x4") is,
    with the line; None if no line does. YAML lines (`key: value`) are no such lines."""
    for number, line in enumerate(text.removeprefix(BOM).split("\n"), 1):
        line = line.rstrip()
        if ":" in line or line.lstrip().startswith(("#", "//")):
            continue
        if COUNT_FIRST.match(line) or COUNT_LAST.match(line):
            return number, len(line) - len(line.lstrip()) + 1, line.strip()
    return None


def _setting(deck: Deck, key: str, value: str, where: tuple[int, int]) -> None:
    if key == "format":
        deck.format = value
    elif key == "name":
        deck.name = value
    else:
        deck.params[key] = value  # text: resolve() reads it as the parameter's type
    deck.positions[key] = where


# ---- resolving and checking -------------------------------------------------


def format_header(path: Path) -> nodes.FormatDecl | None:
    """The `format` header of a ruleset's main module, read by the compiler's parser (None for a
    module larger than a ruleset may be, which the compiler then refuses)."""
    from ..compiler import nodes  # the parser: only when the formats are not in the cache
    from ..compiler.driver import parse_module

    try:
        text = files.read_text(path, MAX_SOURCE_BYTES)
    except (OSError, UnicodeDecodeError):
        return None
    module = parse_module(Source(str(path), text), Diagnostics())
    decls = module.decls if module is not None else ()
    return next((d for d in decls if isinstance(d, nodes.FormatDecl)), None)


@lru_cache(maxsize=1)
def bundled_formats() -> dict[str, str]:
    """Format id -> bundled ruleset id, read from the `format` headers without compiling anything
    (so that a format is found even while another bundled ruleset does not compile). Kept in the
    cache under the bytes of every bundled main module."""
    mains = [(rid, folder / MAIN) for rid in bundled_ids() if (folder := folder_of(rid)) is not None]
    key = cache.digest(store.compiler_hash(), *(part for rid, path in mains for part in (rid, path.read_bytes())))
    known = cache.read("formats", "bundled")  # one entry, for the bundled rulesets of `key`
    if isinstance(known, tuple) and len(known) == 2 and known[0] == key:
        return known[1]
    out = {}
    for rid, path in mains:
        header = format_header(path)
        if header is not None:
            out[header.name] = rid
    cache.write("formats", "bundled", (key, out))
    return out


@lru_cache(maxsize=16)
def load_format(ruleset_id: str, mods: tuple[str, ...] = ()) -> Ruleset:
    """A format (a bundled id or a folder) with mods applied in order, compiled once per process."""
    return load(ruleset_id, mods)


def resolve_format(deck: Deck, override: str | None = None, mods: Sequence[str] = ()) -> Ruleset:
    """The deck's format, or `override` (the command line's), with `mods` applied in order."""
    return load_format(format_source(deck, override), tuple(mods))


FORMAT_ID = re.compile(schema("deck")["properties"]["format"]["pattern"])  # what a deck's `format:` may be


def format_source(deck: Deck, override: str | None = None) -> str:
    """What the format is loaded from: the id of a bundled ruleset, or a folder holding a
    format's main.rules. `override` (the command line's) may be any folder, from the working
    folder; a deck's own `format:` a folder below the deck's, written as an id is (`my-league`)."""
    format_id = override or deck.format
    line, column = deck.positions.get("format", (1, 1))
    if not format_id:
        raise deck.fail([deck.error(1, 1, "E0806", "the deck names no format", "add `format: ...` or pass --format")])
    if _format_named(format_id) is not None:
        return format_id
    formats = bundled_formats()
    if format_id in formats:
        return formats[format_id]
    base = Path.cwd() if override else _deck_folder(deck)
    folder = _format_folder(deck, format_id, base, (line, column)) if override or FORMAT_ID.match(format_id) else None
    if folder is None:
        raise deck.fail([deck.error(line, column, "E0806", f"unknown format `{format_id}`",
                                    suggest(format_id, list(formats)) or f"known formats: {', '.join(formats)}; or "
                                    "a folder holding a format's main.rules")])
    return str(folder)


def _deck_folder(deck: Deck) -> Path:
    """The folder a deck's file is in (the working folder for a deck not read from a file)."""
    return Path(deck.file).parent if deck.file not in (MAPPING, STDIN) else Path.cwd()


def _format_folder(deck: Deck, name: str, base: Path, at: tuple[int, int]) -> Path | None:
    """The folder `name` names from `base`, if it holds a ruleset: a format's, else DeckError."""
    try:
        folder = base / name
        if not (folder / MAIN).is_file():
            return None
    except (OSError, ValueError):  # a name the file system refuses: too long, a NUL character
        return None
    if format_header(folder / MAIN) is None:
        raise deck.fail([deck.error(*at, "E0806", f"`{name}` holds a ruleset but no deck format",
                                    'a format\'s main.rules starts with `format "ID" "Title" extends "GAME"`')])
    return folder


def _format_named(format_id: str) -> Ruleset | None:
    """The bundled format whose id is `format_id` (a format's id is the name its header gives),
    without reading every bundled ruleset's header; None if there is none or it does not compile
    (the search through the headers then has the last word)."""
    if folder_of(format_id) is None:
        return None
    try:
        rules = load_format(format_id)
    except CompileError:
        return None
    return rules if rules.kind == "format" and rules.id == format_id else None


@dataclass
class Resolved:
    params: dict[str, Any]
    sections: dict[str, list[tuple[str, int]]]


def resolve(deck: Deck, rules: Ruleset, extra_params: dict[str, str] | None = None) -> Resolved:
    problems: list[Diagnostic] = []
    params = _params(deck, rules, extra_params or {}, problems)
    sections = _sections(deck, rules, problems)
    if problems or deck.problems:
        raise deck.fail(problems)
    return Resolved(params, sections)


def _params(deck: Deck, rules: Ruleset, extra: dict[str, str], problems: list[Diagnostic]) -> dict[str, Any]:
    """The deck's (and the command line's) parameters as values of their declared types."""
    params: dict[str, Any] = {}
    given = dict(deck.params) | extra
    for name, value in given.items():
        line, column = deck.positions.get(name, (1, 1))
        if name not in rules.params:
            problems.append(deck.error(line, column, "E0807", f"the format has no parameter `{name}`",
                                       suggest(name, rules.params) or f"its parameters: {', '.join(rules.params) or 'none'}"))
            continue
        try:
            params[name] = typed(value, rules.params[name].type, rules, text=True)
        except BadValue as bad:
            problems.append(deck.error(line, column, "E0808", bad.of(f"`{name}`"), bad.help))
    for name, param in rules.params.items():
        if name not in given and not param.has_default:
            problems.append(deck.error(1, 1, "E0809", f"the deck does not say its `{name}`",
                                       f"add `{name}: ...` ({', '.join(rules.enums.get(param.type, ())) or _a(param.type)})"))
    return params


def _sections(deck: Deck, rules: Ruleset, problems: list[Diagnostic]) -> dict[str, list[tuple[str, int]]]:
    """The deck's sections with every card named by its definition id (rulecraft.inputs.names: its id,
    name or another of its names)."""
    index, named = names.definitions(rules), _known_names(rules)
    shown: list[str] = []  # the names a "did you mean" offers, gathered at the first unknown card
    sections: dict[str, list[tuple[str, int]]] = {}
    for section, cards in deck.sections.items():
        line, column = deck.positions.get(section, (1, 1))
        if section not in rules.zones or rules.zones[section].per_player:
            known = [z for z, info in rules.zones.items() if not info.per_player and not info.in_play]
            problems.append(deck.error(line, column, "E0810", f"the format has no deck section `{section}`",
                                       suggest(section, known) or f"its sections: {', '.join(known)}"))
            continue
        resolved = sections.setdefault(section, [])
        for card, copies, (card_line, card_column) in cards:
            found = named.get(card)
            if found is None:
                found = index.find(card) or index.find(without_suffix(card))
                if len(named) < MAX_KNOWN_NAMES:
                    named[card] = found
            if len(found) == 1:
                resolved.append((found[0], copies))
            elif found:
                problems.append(deck.error(card_line, card_column, "E0811", f"`{card}` names several cards: "
                                           f"{', '.join(found)}", "give the id of the one you mean"))
            else:
                shown = shown or list(_shown_names(rules))
                problems.append(deck.error(card_line, card_column, "E0811", f"unknown card `{card}`",
                                           suggest(without_suffix(card), rules.definitions, shown)))
    return sections


SET_SUFFIX = re.compile(r"\s*[(\[][\w.-]{1,6}[)\]]$")  # "(pl)", "[PL]", "(cz)": a set's or a language's short code


def without_suffix(card: str) -> str:
    """A card's name as a list writes it without a short set or language code after it
    ("Card (pl)"), for a name that names no card with it."""
    return SET_SUFFIX.sub("", card) or card


MAX_KNOWN_NAMES = 100_000  # card names remembered per format: a hostile batch of made-up names cannot fill memory


def _known_names(rules: Ruleset) -> dict[str, list[str]]:
    """Card name as a deck writes it -> the definitions it names (`names.definitions(rules).find`),
    kept with the ruleset: a batch names the same cards again and again."""
    known = rules.derived.get("deck card names")
    if known is None:
        known = rules.derived["deck card names"] = {}
    return known


def deck_settings(rules: Ruleset, folder: Path | None = None) -> dict[str, Any]:
    """The game's `decks.yaml` (next to the format's main.rules, in `folder` or bundled, or the
    game's), if it has one: e.g. `identity: [code]`, the properties that make a pool's card one
    of the game's own. Kept in the user's cache (area SETTINGS_AREA) by the text's digest."""
    for place in (folder, *(folder_of(rid) if rid else None for rid in (rules.id, rules.extends))):
        path = place / "decks.yaml" if place else None
        if path is not None and path.is_file():
            text = read_source(path, "E0901", "the deck settings").text
            key = cache.digest(text)
            known = cache.read(SETTINGS_AREA, key)
            if isinstance(known, dict):
                return known
            from ruamel.yaml import YAML  # imported only when a ruleset's deck settings are not in the cache

            data = YAML(typ="safe").load(text)
            settings = plain(data) if isinstance(data, dict) else {}
            cache.write(SETTINGS_AREA, key, settings)
            return settings
    return {}


SETTINGS_AREA = "deck_settings"  # the cache's area for a game's decks.yaml, as plain data


def _shown_names(rules: Ruleset) -> Iterable[str]:
    for d in rules.definitions.values():
        yield d.name
        yield from (name for _, name in names.other_names(rules, d.id))


MAX_DECK_CARDS = 10_000


def _templates(rules: Ruleset, game: Game) -> Templates:
    """def id -> its properties (defaults and assumptions resolved); kept with the ruleset for
    the assumption values they were made with, so that checking many decks with the same values
    makes them once, and laying a deck out only makes one object per card."""
    made = rules.derived.get("deck_templates")
    if made is not None and made[0] == game.assume:
        return made[1]
    out = Templates(rules, game)
    rules.derived["deck_templates"] = (dict(game.assume), out)
    return out


class Templates(dict):
    """A definition's properties (`Things.props_of`) by its id, each made when a deck first
    lays the definition out: a deck holds a few dozen of a format's definitions (hundreds, or
    a pool's thousands)."""

    def __init__(self, rules: Ruleset, game: Game) -> None:
        super().__init__()
        self.definitions = rules.definitions
        self.props_of = game.things.props_of  # what it reads (the ruleset, the assumption values) is every game's alike

    def __missing__(self, def_id: str) -> dict[str, Any]:
        d = self.definitions[def_id]
        made = self[def_id] = self.props_of(d.kind, d.props)
        return made


def _a(type_: str) -> str:
    return {"int": "a whole number", "bool": "true or false", "text": "text"}.get(type_, f"a {type_}")


def check(rules: Ruleset, resolved: Resolved, assumptions: dict[str, Any] | None = None) -> list[dict[str, Any]]:
    """Lay the deck out in a game of the format and run every check; returns the violations."""
    return examine(rules, resolved, assumptions)[0]


COUNTS = "deck_counts"  # a format's function: records of what a deck holds (`name`, `value`, bounds)


def examine(rules: Ruleset, resolved: Resolved, assumptions: dict[str, Any] | None = None,
            counts: bool = False) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """Lay the deck out in a game of the format and run every check: the violations, and with
    `counts` the records the format's `deck_counts()` gives (none if it declares none), as JSON.
    The copies of a card are laid out together, in the order the deck file lists them."""
    total = sum(copies for cards in resolved.sections.values() for _, copies in cards)
    if total > MAX_DECK_CARDS:
        return [{"rule": None, "message": f"the deck lists {total} cards; at most {MAX_DECK_CARDS} can be checked",
                 "cards": []}], []
    game = _game(rules, resolved.params, assumptions)
    templates = _templates(rules, game)
    try:
        for section, cards in resolved.sections.items():
            game.things.lay_out_all(game.zone(section), [(def_id, copies, templates[def_id]) for def_id, copies in cards])
        found = game.run_checks(), (_counts(game) if counts else [])
    except BaseException:
        game.things.release()
        raise
    _keep(rules, resolved.params, assumptions, game)
    return found


DECK_GAMES_KEPT = 16  # games of a format kept to lay the next decks out in, one per parameter values: a cache (0: none)


def _game(rules: Ruleset, params: dict[str, Any], assumptions: dict[str, Any] | None) -> Game:
    """A game of the format with these parameter and assumption values and nothing laid out: one
    an earlier deck left (`_keep`), taken out of the ruleset's while in use, else a new one. The
    cards share their definition's property values (one object per card) until one changes."""
    key = _params_key(params)
    kept = _kept_games(rules, assumptions)
    game = kept.pop(key, None) if key is not None and DECK_GAMES_KEPT else None
    if game is None:
        game = Game(rules, players=("deck",), params=params, assumptions=assumptions, shared_props=True)
    return game


def _keep(rules: Ruleset, params: dict[str, Any], assumptions: dict[str, Any] | None, game: Game) -> None:
    """Give `game` back for the next deck with the same values, emptied as new, if the checks only
    read it: nothing happened in it (nothing logged, no link, no board), so all that differs from
    a new game is what was laid out, the steps taken, the violations found and the rules touched.
    Otherwise (or with DECK_GAMES_KEPT games kept, or parameter values that cannot be a key) it is
    released."""
    key, history, things = _params_key(params), game.history, game.things
    kept = _kept_games(rules, assumptions)
    if key is None or history.seq or history.recorded or things.boards or things.graph.edges \
            or len(kept) >= DECK_GAMES_KEPT:
        things.release()
        return
    things.reset()
    game.checks.violations = []
    game.budget.steps = 0
    history.touched = set()
    kept[key] = game


def _kept_games(rules: Ruleset, assumptions: dict[str, Any] | None) -> dict[Any, Game]:
    """The games `_keep` gave back, by parameter values, for these assumption values (kept with
    the ruleset for the last assumption values checked with)."""
    given = dict(assumptions or {})
    kept = rules.derived.get("deck games")
    if kept is None or kept[0] != given:
        kept = rules.derived["deck games"] = (given, {})
    return kept[1]


def _counts(game: Game) -> list[dict[str, Any]]:
    if COUNTS not in game.rules.callables:
        return []
    found = game.call(COUNTS)
    if not isinstance(found, list) or not all(isinstance(item, dict) for item in found):
        raise GameError(f"`{COUNTS}()` of {game.rules.id} must give a list of records, not {to_json(found)!r}")
    return [to_json(item) for item in found]


DeckSource = str | Path | dict | Deck  # a deck file, a mapping, or a deck already read
EXAMINED_KEPT = 1_024  # holdings (a deck's cards and parameters) whose checks a DeckChecker keeps: a cache, none refused


class Examined:
    """What the checks of a format found in each holding checked so far (`examine`'s violations
    and counts), by the holding: a deck that holds what one checked before is not laid out
    again. At most EXAMINED_KEPT holdings, the oldest forgotten first; a holding whose parameter
    values cannot be compared (none a format declares today) is checked every time."""

    def __init__(self) -> None:
        self.found: dict[Any, tuple[list[dict[str, Any]], list[dict[str, Any]]]] = {}

    def examine(self, rules: Ruleset, resolved: Resolved, settings: dict[str, Any] | None,
                counts: bool) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
        """`examine(rules, resolved, settings, counts)`, found again for a holding checked
        before; each caller gets its own lists (a report is the caller's to change)."""
        key = _holding(rules, resolved, settings)
        found = self.found.get(key) if key is not None else None
        if found is None:
            found = examine(rules, resolved, settings, counts)
            if key is not None:
                if len(self.found) >= EXAMINED_KEPT:
                    del self.found[next(iter(self.found))]
                self.found[key] = found
        return _fresh(found[0]), _fresh(found[1])


def _holding(rules: Ruleset, resolved: Resolved, settings: dict[str, Any] | None) -> Any:
    """What a format's checks see of a deck, as a key: the format and assumption values checked
    with (the checker's: alive while it is), the parameters' values with their types, and each
    section's cards in order; None if a value is not hashable."""
    params = _params_key(resolved.params)
    if params is None:
        return None
    sections = tuple((section, tuple(cards)) for section, cards in resolved.sections.items())
    return id(rules), id(settings), params, sections


def _params_key(params: dict[str, Any]) -> Any:
    """Parameter values as a key, their types with them (`_comparable`); None if one is not hashable."""
    key = tuple((name, _comparable(value)) for name, value in params.items())
    try:
        hash(key)
    except TypeError:
        return None
    return key


def _comparable(value: Any) -> Any:
    """A parameter's value with its type (`1` and `true` are different values), lists as tuples."""
    if isinstance(value, list):
        return list, tuple(_comparable(v) for v in value)
    return type(value), value


def _fresh(value: Any) -> Any:
    """A JSON value's copy: its lists and objects new, the rest shared (immutable)."""
    if isinstance(value, list):
        return [_fresh(v) for v in value]
    if isinstance(value, dict):
        return {k: _fresh(v) for k, v in value.items()}
    return value


class DeckChecker:
    """Checks many decks: each format is found (and compiled) once, the pools are read once and
    added to each format once, and every deck is then resolved, and laid out and checked unless
    it holds what a deck checked before did (`Examined`). A report is exactly the one
    `check_deck` gives for the same deck (`check_deck` is a checker of one).

    `format`: a format id or folder (or a compiled ruleset) that replaces the one each deck
    names; `pools`: card-pool files whose cards join the game's (their `set:` values override
    the format's assumptions); `params`: format parameters given as text (the command line's);
    `assumptions`: overrides given directly (they win over the pools'); `mods`: mods (bundled
    ids or folders) applied to each format in order, as `--mod` applies them to a game;
    `counts`: each report also gives, as `counts`, what the format's `deck_counts()` counts in
    the deck (a list of JSON objects, each with the `name` and `value` of a count and the
    bounds the format sets, e.g. `at_least`)."""

    def __init__(self, format: str | Ruleset | None = None, pools: Sequence[str | Path] = (),
                 params: dict[str, str] | None = None, assumptions: dict[str, Any] | None = None,
                 mods: Sequence[str] = (), counts: bool = False):
        self.format = format
        self.counts = counts
        self.pool_files = [Path(p) for p in pools]
        self.params = params
        self.assumptions = assumptions or {}
        self.mods = tuple(m if folder_of(m) is not None else _mod_folder(m) for m in mods)
        self._pools: list[Pool] | None = None  # read when a deck first needs them (after its own problems)
        # format id (with the deck's folder, for a folder the deck names) -> with the pools' cards,
        # the assumption values, and the pools' warnings
        self._formats: dict[Any, tuple[Ruleset, dict[str, Any] | None, list[Diagnostic]]] = {}
        self._examined = Examined()

    def check(self, source: DeckSource) -> dict[str, Any]:
        """{"legal", "format", "violations"} (and "warnings", diagnostics as JSON, when the pools
        disagree with the game's cards); raises DeckError for a deck that cannot be used."""
        if isinstance(source, dict):
            deck = _quick_mapping_deck(source)
            if deck is not None:
                try:
                    return self._report(deck)
                except DeckError:
                    pass  # read again with positions, to say where
            return self._report(read_mapping_deck(source))
        return self._report(source if isinstance(source, Deck) else read_deck(Path(source), defer=True))

    def check_many(self, sources: Iterable[DeckSource]) -> list[dict[str, Any]]:
        """The reports of many decks, in order; the first deck that cannot be used raises DeckError."""
        return [self.check(source) for source in sources]

    def ruleset(self, deck: Deck) -> Ruleset:
        """The format `deck` is checked against, with the pools' cards (found once, as `check` finds it)."""
        return self._rules(deck)[0]

    def _report(self, deck: Deck) -> dict[str, Any]:
        rules, settings, warnings = self._rules(deck)
        with bounded_suggestions():
            violations, counts = self._examined.examine(rules, resolve(deck, rules, self.params), settings, self.counts)
        report: dict[str, Any] = {"legal": not violations, "format": rules.id, "violations": violations}
        if self.counts:
            report["counts"] = counts
        if warnings:
            report["warnings"] = [w.to_json() for w in warnings]
        return report

    def _rules(self, deck: Deck) -> tuple[Ruleset, dict[str, Any] | None, list[Diagnostic]]:
        """The deck's format with the pools' cards, the assumption values to check with, and
        the pools' warnings."""
        key: Any = self.format.id if isinstance(self.format, Ruleset) else self.format or deck.format
        if key in self._formats:
            return self._formats[key]
        if self.format is None and key is not None and folder_of(key) is None and key not in bundled_formats():
            key = (key, _deck_folder(deck))  # a folder below the deck's
        if key not in self._formats:
            base = self.format if isinstance(self.format, Ruleset) else resolve_format(deck, self.format, self.mods)
            rules, settings, warnings = self._with_pools(base, deck)
            self._formats[key] = (rules, (settings | self.assumptions) or None, warnings)
        return self._formats[key]

    def _with_pools(self, base: Ruleset, deck: Deck) -> tuple[Ruleset, dict[str, Any], list[Diagnostic]]:
        if not self.pool_files:
            return base, {}, []
        from .pools import apply_pools, read_pool  # only for a check with pools

        if self._pools is None:
            self._pools = [read_pool(p) for p in self.pool_files]
        source = None if isinstance(self.format, Ruleset) else format_source(deck, self.format)
        folder = Path(source) if source is not None and folder_of(source) is None else None  # a format of the user's
        identity = [p for p in deck_settings(base, folder).get("identity", []) if isinstance(p, str)]
        return apply_pools(base, self._pools, identity)


def _mod_folder(mod: str) -> str:
    """A mod given as a folder (`ruleset_folder`: the folder holding its main.rules)."""
    from ..inputs.given import ruleset_folder  # only for a check with mods

    return str(ruleset_folder(mod))


def check_deck(source: DeckSource, format_id: str | None = None,
               params: dict[str, str] | None = None, pools: list[str | Path] | None = None,
               assumptions: dict[str, Any] | None = None, mods: Sequence[str] | None = None) -> dict[str, Any]:
    """The contract's deck check: {"legal", "format", "violations"}; raises DeckError for unreadable decks.
    `pools`: card-pool files whose cards join the game's (and whose `set:` values override the
    format's assumptions); `assumptions`: overrides given directly (they win over the pools');
    `mods`: mods applied to the format in order (a card a mod defines is a card of the deck's)."""
    return DeckChecker(format_id, pools or (), params, assumptions, mods or ()).check(source)
