"""`rulecraft import SOURCE FILE...`: turn card files of a public layout into a card pool.

What the fields of SOURCE mean is data in the game's folder, `importers/SOURCE.yaml`; this
module knows no game. A mapping says which field gives each card's id, name and kind, and how
each other field becomes properties:

    id: {field: code, format: "db_{value}"}
    name: {field: name, case: title}
    kind: {field: type, values: {champion: hero, item: equipment}}
    properties:
      - {field: cost, to: value, type: int, skip: [0], otherwise: {"X": {variable: value}, "*": {printed: "value {value}"}}}
      - {field: factions, values: {red: {icons: red}, blue: {tribes: blue}},   # a JSON list: each element
         cases: [{when: {set: old}, values: {blue: {icons: blue}}}]}  # in some records, other meanings

A value is converted to `type` (int, text, bool; default text) and set on `to`; a value listed in
`values` gives its mapped value (or, as a mapping, several property values); one that does not
convert goes through `otherwise` (`*` matches anything; `{value}` stands for the value). A case
replaces some of the `values` in the records whose fields have the values its `when` gives. A list
property collects values; a text property given twice joins them with ", ". Empty values and
`skip` values are left out. Values are read, and the result type-checked against the game's
kinds, by rulecraft/inputs/values.py. The mapping follows `rulecraft schema importer`; its problems,
the input files' and the records' are Diagnostics (E09xx) at `file:line:col`; an input file's whole
number of more than values.MAX_DIGITS digits is one of them (E0902 at the number), before Python's
own reader would fail on it.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..compiler.diagnostics import Diagnostic, InputError, suggest
from ..compiler.loader import bundled_ids, folder_of, load
from ..inputs.documents import MAX_YAML_BYTES, MAX_YAML_DEPTH, bounded, error, load_yaml, plain, read_source, validate
from ..inputs.values import MAX_DIGITS, BadValue, json_int, typed
from ..runtime.ruleset import Ruleset
from ..runtime.types import Ty
from .pools import ID, fields_of

MAX_RECORDS = 20_000
SKIPPED = "the record is skipped"


@dataclass
class Mapping:
    game: str
    source: str
    file: str
    spec: dict[str, Any]


def find_mappings() -> dict[str, list[tuple[str, Path]]]:
    """source -> [(game id, mapping file)] over every bundled game folder."""
    out: dict[str, list[tuple[str, Path]]] = {}
    for rid in bundled_ids():
        folder = folder_of(rid)
        if folder is None or "/" in rid:
            continue
        for path in sorted((folder / "importers").glob("*.yaml")):
            out.setdefault(path.stem, []).append((rid, path))
    return out


def mapping_for(source: str, game: str | None) -> Mapping:
    found = find_mappings()
    choices = [(g, p) for g, p in found.get(source, []) if game is None or g == game]
    if not choices:
        hint = suggest(source, list(found)) or (f"known sources: {', '.join(found)}" if found else "no game declares an importer")
        raise InputError([Diagnostic("E0911", f"no importer `{source}`" + (f" for {game}" if game else ""), None, hint)])
    if len(choices) > 1:
        raise InputError([Diagnostic("E0911", f"several games import `{source}`", None,
                                     f"choose one with --game: {', '.join(g for g, _ in choices)}")])
    game_id, path = choices[0]
    return Mapping(game_id, source, str(path), read_mapping(path))


def read_mapping(path: Path) -> dict[str, Any]:
    """An importer mapping file, checked against `rulecraft schema importer`."""
    text = read_source(path, "E0901", "the mapping")
    data = load_yaml(text, "E0902")
    problems = validate(data, "importer", text.file, "E0904", "the mapping")
    if problems:
        raise InputError(problems, {text.file: text})
    return plain(data)


# ---- reading the input --------------------------------------------------


def read_records(path: Path, spec: dict[str, Any]) -> list[tuple[Any, tuple[int, int]]]:
    """The card objects of one input file, each with its line and column."""
    source = read_source(path, "E0901")
    file = source.file
    try:
        data = json.loads(source.text, parse_int=json_int)
    except json.JSONDecodeError as err:
        raise InputError([error(file, err.lineno, err.colno, "E0902", f"invalid JSON: {err.msg}")]) from None
    except BadValue as bad:
        raise InputError([error(file, *_long_number(source.text), "E0902", f"a number {bad.message}",
                                "no card's value needs so many: is the file what the source exports?")]) from None
    except RecursionError:
        raise InputError([error(file, 1, 1, "E0902", f"the JSON nests deeper than {MAX_YAML_DEPTH} levels")]) from None
    bounded(data, source, "E0902", "JSON")
    positions = _positions(source.text)
    records, where = data, positions
    if isinstance(data, dict):
        for key in spec.get("records_at", ["data", "cards"]):
            if isinstance(data.get(key), list):
                records = data[key]
                where = positions.get(key) if isinstance(positions, dict) else None
                break
    if not isinstance(records, list):
        raise InputError([error(file, 1, 1, "E0912", "expected a JSON list of card objects",
                                "the file should look like [{\"code\": ..., \"name\": ...}, ...]")])
    if len(records) > MAX_RECORDS:
        raise InputError([error(file, 1, 1, "E0914", f"{len(records)} records; at most {MAX_RECORDS} are read")])
    return [(r, _item_position(where, i)) for i, r in enumerate(records)]


LONG_NUMBER = re.compile(rf'"(?:[^"\\]|\\.)*"|-?[0-9]{{{MAX_DIGITS + 1},}}(?![0-9.eE])')  # a JSON text, or a long whole number


def _long_number(text: str) -> tuple[int, int]:
    """Line and column of the first whole number of more than MAX_DIGITS digits outside a JSON text."""
    found = next((m.start() for m in LONG_NUMBER.finditer(text) if m.group()[0] != '"'), 0)
    return text.count("\n", 0, found) + 1, found - (text.rfind("\n", 0, found) + 1) + 1


def _positions(text: str) -> Any:
    """The same document read as YAML (JSON is YAML), for line and column numbers; none for a
    file larger than the YAML reader's limit (its records are then reported at 1:1)."""
    from ruamel.yaml import YAML  # here: the command line imports this module for its options only

    if len(text) > MAX_YAML_BYTES:
        return None
    try:
        return YAML(typ="rt").load(text)
    except Exception:
        return None


def _item_position(node: Any, index: int) -> tuple[int, int]:
    lc = getattr(node, "lc", None)
    if lc is None:
        return 1, 1
    try:
        line, column = lc.item(index)
        return line + 1, column + 1
    except (KeyError, IndexError, TypeError, AttributeError):
        return 1, 1


# ---- converting ---------------------------------------------------------


SMALL_WORDS = {"of", "the", "a", "an", "to", "is", "by", "on", "in", "for", "and", "with", "at"}
ROMAN = re.compile(r"\W*(?=[IVX])X{0,3}(?:IX|IV|V?I{0,3})\W*")


def _title(text: str) -> str:
    """A name the source writes in capitals (`AC-40 "JUSTIFIER"`), in title case (`AC-40
    "Justifier"`): each word's first letter upper case, after any quote or bracket, short
    joining words lower case; as written: Roman numerals, abbreviations (`M.I.A.`), parts with a
    digit and the short letters beside them (a model code, `AC-40`). A name in mixed case is
    kept as the source writes it."""
    if text != text.upper():
        return text
    return " ".join(w.lower() if i and w.lower() in SMALL_WORDS else _title_word(w) for i, w in enumerate(text.split(" ")))


def _title_word(word: str) -> str:
    coded = any(c.isdigit() for c in word)
    return "-".join(part if ROMAN.fullmatch(part) or any(c.isdigit() for c in part) or (coded and len(part) <= 3)
                    or "." in part.strip(".") else _capitalised(part) for part in word.split("-"))


def _capitalised(part: str) -> str:
    lower = part.lower()
    first = next((i for i, c in enumerate(lower) if c.isalpha()), 0)
    return lower[:first] + lower[first:first + 1].upper() + lower[first + 1:]


def _key(value: Any) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)


def _put(props: dict[str, Any], fields: dict[str, Ty], prop: str, value: Any) -> None:
    type_ = fields.get(prop)
    if type_ is not None and type_.name == "list":
        items = value if isinstance(value, list) else [value]
        props[prop] = props.get(prop, []) + [v for v in items if v not in props.get(prop, [])]
    elif type_ is not None and type_.name == "text" and prop in props and props[prop]:
        props[prop] = f"{props[prop]}, {value}"
    else:
        props[prop] = value


def _apply(target: Any, default_prop: str | None, props: dict, fields: dict, value: Any) -> None:
    if isinstance(target, dict):
        for prop, v in target.items():
            _put(props, fields, prop, v.replace("{value}", _key(value)) if isinstance(v, str) else v)
    elif default_prop is not None:
        _put(props, fields, default_prop, target.replace("{value}", _key(value)) if isinstance(target, str) else target)


@dataclass
class Identity:
    id: str
    name: str
    kind: str


def identity(record: dict, spec: dict, rules: Ruleset, why: list[str]) -> Identity | None:
    """A record's card id, name and kind, as the mapping's `id`, `name` and `kind` say."""
    raw = {}
    for what in ("id", "name", "kind"):
        f = spec[what]["field"]
        if record.get(f) in (None, ""):
            why.append(f"no `{f}` (the card's {what})")
        raw[what] = record.get(f)
    if why:
        return None
    card_id = spec["id"].get("format", "{value}").replace("{value}", _key(raw["id"])).lower()
    card_id = re.sub(r"[^a-z0-9_]+", "_", card_id).strip("_")
    if not ID.match(card_id):
        why.append(f"`{raw['id']}` gives no usable id (lower case [a-z0-9_], starting with a letter)")
    name = str(raw["name"]).strip()
    if spec["name"].get("case") == "title":
        name = _title(name)
    kinds = spec["kind"].get("values") or {}
    kind = kinds.get(_key(raw["kind"]), raw["kind"] if not kinds else None)
    if kind is None or kind not in rules.kinds or kind == "player":
        hint = suggest(str(raw["kind"]), list(kinds))
        why.append(f"type `{raw['kind']}` maps to no kind of the game" + (f" ({hint})" if hint else ""))
        return None
    return Identity(card_id, name, kind)


def _field_values(record: dict, m: dict, props: dict, fields: dict[str, Ty], why: list[str]) -> None:
    """The properties one field mapping gives a card from the record."""
    value = record.get(m["field"])
    if value is None or value == "" or value == []:
        return
    skip = {_key(s) for s in m.get("skip", [])}
    table = dict(m.get("values") or {})
    for case in m.get("cases") or []:  # values that mean something else in some records
        if _matches(record, case["when"]):
            table.update(case["values"])
    otherwise = m.get("otherwise") or {}
    for v in value if isinstance(value, list) else [value]:
        if v in (None, "") or _key(v) in skip:
            continue
        if _key(v) in table:
            _apply(table[_key(v)], m.get("to"), props, fields, v)
        elif m.get("to") and (m.get("type") or not table) and _converted(v, m, props, fields):
            continue
        elif _key(v) in otherwise or "*" in otherwise:
            _apply(otherwise.get(_key(v), otherwise.get("*")), m.get("to"), props, fields, v)
        else:
            why.append(f"`{m['field']}`: cannot read {v!r}" + (f" (known: {', '.join(map(str, table))})" if table else ""))


def _matches(record: dict, when: dict[str, Any]) -> bool:
    """Whether every field `when` names has (one of) the values given (a list field: among its items)."""
    for name, wanted in when.items():
        value = record.get(name)
        have = {_key(v) for v in (value if isinstance(value, list) else [value])}
        if not have & {_key(w) for w in (wanted if isinstance(wanted, list) else [wanted])}:
            return False
    return True


def _converted(value: Any, m: dict, props: dict, fields: dict[str, Ty]) -> bool:
    """Set the value, read as the mapping's `type`, on its `to` property; False if it does not read."""
    try:
        _put(props, fields, m["to"], typed(value, m.get("type", "text"), text=True))
    except BadValue:
        return False
    return True


def convert_record(record: Any, spec: dict, rules: Ruleset) -> tuple[dict | None, list[str]]:
    """One input record -> a pool card {id, kind, name, props...}; or None and the reasons."""
    if not isinstance(record, dict):
        return None, ["a card record is a JSON object"]
    why: list[str] = []
    card = identity(record, spec, rules, why)
    if card is None:
        return None, why
    fields = fields_of(rules, card.kind)
    props: dict[str, Any] = {}
    for m in spec.get("properties") or []:
        _field_values(record, m, props, fields, why)
    for prop, value in props.items():
        if prop not in fields:
            why.append(f"the mapping sets `{prop}`, which a {card.kind} does not have")
            continue
        try:
            typed(value, fields[prop], rules)
        except BadValue as bad:
            why.append(bad.of(f"`{prop}`") + (f"; {bad.help}" if bad.help else ""))
    for prop, value in (spec.get("constant") or {}).items():
        props.setdefault(prop, value)
    if why:
        return None, why
    return {"id": card.id, "kind": card.kind, "name": card.name, **props}, []


def import_files(source: str, files: list[Path], game: str | None = None) -> tuple[dict, list[Diagnostic]]:
    """The pool (as a mapping, ready to be written as YAML) and the records that could not be read."""
    mapping = mapping_for(source, game)
    rules = load(mapping.game)
    cards: list[dict] = []
    problems: list[Diagnostic] = []
    fatal: list[Diagnostic] = []
    seen: dict[str, str] = {}
    for path in files:
        try:
            records = read_records(path, mapping.spec)
        except InputError as err:
            fatal.extend(err.diagnostics)
            continue
        for record, (line, column) in records:
            card, why = convert_record(record, mapping.spec, rules)
            problems.extend(error(str(path), line, column, "E0913", w, SKIPPED) for w in why)
            if card is None:
                continue
            if card["id"] in seen or card["id"] in rules.definitions:
                first = seen.get(card["id"], "the game's own cards")
                problems.append(error(str(path), line, column, "E0906", f"card id `{card['id']}` again (first: {first})",
                                      SKIPPED))
                continue
            seen[card["id"]] = f"{path}:{line}:{column}"
            cards.append(card)
    if fatal:
        raise InputError(fatal + problems)
    pool = {"game": mapping.game, "source": f"{mapping.source}: {', '.join(str(f) for f in files)}", "cards": cards}
    return pool, problems


def write_pool(pool: dict, out) -> None:
    from ruamel.yaml import YAML

    yaml = YAML()
    yaml.default_flow_style = None
    yaml.width = 4096
    out.write("# A card pool written by `rulecraft import`; use it with `rulecraft deck check DECK --pool FILE`.\n")
    yaml.dump(pool, out)
