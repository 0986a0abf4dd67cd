"""`rulecraft import SOURCE FILE...`: turn card files of a public layout into a card pool.

What the fields of SOURCE mean is data in the game's folder, `importers/SOURCE.yaml`; this
module knows no game. A mapping says which field gives each card's id, name and kind, and how
each other field becomes properties:

    id: {field: code, format: "db_{value}"}
    name: {field: name, case: title}
    kind: {field: type, values: {champion: hero, item: equipment}}
    properties:
      - {field: cost, to: value, type: int, skip: [0], otherwise: {"X": {variable: value}, "*": {printed: "value {value}"}}}
      - {field: factions, values: {red: {icons: red}, blue: {tribes: blue}}}   # a JSON list: each element

A value is converted to `type` (int, text, bool; default text) and set on `to`; a value listed in
`values` gives its mapped value (or, as a mapping, several property values); one that does not
convert goes through `otherwise` (`*` matches anything; `{value}` stands for the value). A list
property collects values; a text property given twice joins them with ", ". Empty values and
`skip` values are left out. The result is type-checked against the game (rulecraft/pools.py).
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ruamel.yaml import YAML
from ruamel.yaml.error import YAMLError

from .compiler.diagnostics import suggest
from .compiler.loader import bundled_ids, folder_of, load
from .pools import ID, _fields, type_error
from .problems import InputError, Problem

MAX_RECORDS = 20_000


class ImportFailed(InputError):
    """The mapping or the input files are wrong; carries every problem found."""


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
        raise ImportFailed([Problem("<command line>", 1, 1, f"no importer `{source}`" + (f" for {game}" if game else ""), hint)])
    if len(choices) > 1:
        raise ImportFailed([Problem("<command line>", 1, 1, f"several games import `{source}`",
                                    f"choose one with --game: {', '.join(g for g, _ in choices)}")])
    game_id, path = choices[0]
    try:
        spec = YAML(typ="safe").load(path.read_text(encoding="utf-8"))
    except (OSError, YAMLError) as err:
        raise ImportFailed([Problem(str(path), 1, 1, f"the mapping cannot be read: {err}")]) from None
    problems = []
    if not isinstance(spec, dict):
        raise ImportFailed([Problem(str(path), 1, 1, "a mapping file is a YAML mapping")])
    for key in ("id", "name", "kind"):
        if not isinstance(spec.get(key), dict) or "field" not in spec[key]:
            problems.append(Problem(str(path), 1, 1, f"the mapping needs `{key}: {{field: ...}}`"))
    if not isinstance(spec.get("properties", []), list):
        problems.append(Problem(str(path), 1, 1, "`properties` is a list of field mappings"))
    if problems:
        raise ImportFailed(problems)
    return Mapping(game_id, source, str(path), spec)


# ---- reading the input --------------------------------------------------


def read_records(path: Path, spec: dict[str, Any]) -> list[tuple[dict, tuple[int, int]]]:
    """The card objects of one input file, each with its line and column."""
    file = str(path)
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as err:
        raise ImportFailed([Problem(file, 1, 1, f"cannot read the file: {err}")]) from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as err:
        raise ImportFailed([Problem(file, err.lineno, err.colno, f"invalid JSON: {err.msg}")]) from None
    positions = _positions(text)
    records, where = data, positions
    if isinstance(data, dict):
        for key in spec.get("records_at", ["data", "cards"]):
            if isinstance(data.get(key), list):
                records = data[key]
                where = positions.get(key) if isinstance(positions, dict) else None
                break
    if not isinstance(records, list):
        raise ImportFailed([Problem(file, 1, 1, "expected a JSON list of card objects",
                                    "the file should look like [{\"code\": ..., \"name\": ...}, ...]")])
    if len(records) > MAX_RECORDS:
        raise ImportFailed([Problem(file, 1, 1, f"{len(records)} records; at most {MAX_RECORDS} are read")])
    out = []
    for i, r in enumerate(records):
        line, column = _item_position(where, i)
        out.append((r, (line, column)))
    return out


def _positions(text: str) -> Any:
    """The same document read as YAML (JSON is YAML), for line and column numbers."""
    try:
        return YAML(typ="rt").load(text)
    except Exception:  # noqa: BLE001 - positions are a nicety; JSON already parsed
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


def _title(text: str) -> str:
    small = {"of", "the", "a", "an", "to", "is", "by", "on", "in", "for", "and", "with", "at"}
    words = text.lower().split(" ")
    return " ".join(w if i and w in small else "-".join(p[:1].upper() + p[1:] for p in w.split("-"))
                    for i, w in enumerate(words))


def _convert(value: Any, type_: str) -> Any:
    """`value` as `type_`, or raise ValueError."""
    if type_ == "int":
        if isinstance(value, bool):
            raise ValueError
        if isinstance(value, int):
            return value
        if isinstance(value, str) and re.fullmatch(r"\s*[+-]?\d+\s*", value):
            return int(value)
        raise ValueError
    if type_ == "bool":
        if isinstance(value, bool):
            return value
        if str(value).lower() in ("true", "false"):
            return str(value).lower() == "true"
        raise ValueError
    return str(value)


def _key(value: Any) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)


def _put(props: dict[str, Any], fields: dict[str, str], prop: str, value: Any) -> None:
    type_ = fields.get(prop, "")
    if type_.startswith("list<"):
        items = value if isinstance(value, list) else [value]
        props[prop] = props.get(prop, []) + [v for v in items if v not in props.get(prop, [])]
    elif type_ == "text" and prop in props and props[prop]:
        props[prop] = f"{props[prop]}, {value}"
    else:
        props[prop] = value


def _apply(target: Any, default_prop: str | None, props: dict, fields: dict, value: Any) -> None:
    if isinstance(target, dict):
        for prop, v in target.items():
            _put(props, fields, prop, v.replace("{value}", _key(value)) if isinstance(v, str) else v)
    elif default_prop is not None:
        _put(props, fields, default_prop, target.replace("{value}", _key(value)) if isinstance(target, str) else target)


def convert_record(record: dict, spec: dict, rules, where: tuple[str, int, int]) -> tuple[dict | None, list[str]]:
    """One input record -> a pool card {id, kind, name, props...}; or None and the reasons."""
    why: list[str] = []
    if not isinstance(record, dict):
        return None, ["a card record is a JSON object"]

    def field(name_spec: dict, what: str) -> Any:
        f = name_spec["field"]
        if record.get(f) in (None, ""):
            why.append(f"no `{f}` (the card's {what})")
            return None
        return record[f]

    raw_id = field(spec["id"], "id")
    raw_name = field(spec["name"], "name")
    raw_kind = field(spec["kind"], "kind")
    if why:
        return None, why
    card_id = spec["id"].get("format", "{value}").replace("{value}", _key(raw_id)).lower()
    card_id = re.sub(r"[^a-z0-9_]+", "_", card_id).strip("_")
    if not ID.match(card_id):
        why.append(f"`{raw_id}` gives no usable id (lower case [a-z0-9_], starting with a letter)")
    name = str(raw_name).strip()
    if spec["name"].get("case") == "title":
        name = _title(name)
    kinds = spec["kind"].get("values") or {}
    kind = kinds.get(_key(raw_kind), raw_kind if not kinds else None)
    if kind is None or kind not in rules.kinds or kind == "player":
        why.append(f"type `{raw_kind}` maps to no kind of the game" +
                   (f" ({suggest(str(raw_kind), list(kinds))})" if suggest(str(raw_kind), list(kinds)) else ""))
        return None, why
    fields = _fields(rules, kind)
    props: dict[str, Any] = {}
    for m in spec.get("properties") or []:
        if not isinstance(m, dict) or "field" not in m:
            continue
        value = record.get(m["field"])
        if value is None or value == "" or value == []:
            continue
        values = value if isinstance(value, list) else [value]
        for v in values:
            if v in (None, "") or _key(v) in {_key(s) for s in m.get("skip", [])}:
                continue
            table = m.get("values") or {}
            if _key(v) in table:
                _apply(table[_key(v)], m.get("to"), props, fields, v)
                continue
            if m.get("to") and (m.get("type") or not table):
                try:
                    _put(props, fields, m["to"], _convert(v, m.get("type", "text")))
                    continue
                except ValueError:
                    pass
            otherwise = m.get("otherwise") or {}
            if _key(v) in otherwise:
                _apply(otherwise[_key(v)], m.get("to"), props, fields, v)
            elif "*" in otherwise:
                _apply(otherwise["*"], m.get("to"), props, fields, v)
            else:
                why.append(f"`{m['field']}`: cannot read {v!r}" +
                           (f" (known: {', '.join(map(str, table))})" if table else ""))
    for prop, value in props.items():
        if prop not in fields:
            why.append(f"the mapping sets `{prop}`, which a {kind} does not have")
        elif (problem := type_error(rules, fields[prop], value, set(rules.definitions))):
            why.append(f"`{prop}` {problem}")
    for prop, value in (spec.get("constant") or {}).items():
        props.setdefault(prop, value)
    if why:
        return None, why
    return {"id": card_id, "kind": kind, "name": name, **props}, []


def import_files(source: str, files: list[Path], game: str | None = None) -> tuple[dict, list[Problem]]:
    """The pool (as a mapping, ready to be written as YAML) and the records that could not be read."""
    mapping = mapping_for(source, game)
    rules = load(mapping.game)
    cards: list[dict] = []
    problems: list[Problem] = []
    seen: dict[str, str] = {}
    fatal: list[Problem] = []
    for path in files:
        try:
            records = read_records(path, mapping.spec)
        except ImportFailed as err:
            fatal.extend(err.problems)
            continue
        for record, (line, column) in records:
            card, why = convert_record(record, mapping.spec, rules, (str(path), line, column))
            if card is None:
                problems.extend(Problem(str(path), line, column, w) for w in why)
                continue
            if card["id"] in seen or card["id"] in rules.definitions:
                first = seen.get(card["id"], "the game's own cards")
                problems.append(Problem(str(path), line, column, f"card id `{card['id']}` again (first: {first})"))
                continue
            seen[card["id"]] = f"{path}:{line}:{column}"
            cards.append(card)
    if fatal:
        raise ImportFailed(fatal + problems)
    pool = {"game": mapping.game, "source": f"{mapping.source}: {', '.join(str(f) for f in files)}", "cards": cards}
    return pool, problems


def write_pool(pool: dict, out) -> None:
    yaml = YAML()
    yaml.default_flow_style = None
    yaml.width = 4096
    out.write("# A card pool written by `rulecraft import`; use it with `rulecraft deck check DECK --pool FILE`.\n")
    yaml.dump(pool, out)


# ---- the command ----------------------------------------------------------


def add_parser(sub) -> argparse.ArgumentParser:
    p = sub.add_parser("import", help="turn card files of a public layout into a card pool (see importers/ in a game)")
    p.add_argument("source", help="the layout, e.g. the name of an importers/*.yaml mapping")
    p.add_argument("files", nargs="+", metavar="FILE", help="input files")
    p.add_argument("--game", help="the game, if several games import this layout")
    p.add_argument("--out", "-o", metavar="POOL.yaml", help="write the pool here (default: standard output)")
    p.set_defaults(handler=cmd_import)
    return p


def cmd_import(args) -> int:
    try:
        pool, problems = import_files(args.source, [Path(f) for f in args.files], args.game)
    except InputError as err:  # the files, the mapping, or the game's kinds
        print("\n".join(map(str, err.problems)), file=sys.stderr)
        return 2
    for p in problems:
        print(f"{p} (record skipped)", file=sys.stderr)
    if args.out:
        with open(args.out, "w", encoding="utf-8") as out:
            write_pool(pool, out)
    else:
        write_pool(pool, sys.stdout)
    print(f"imported {len(pool['cards'])} cards for {pool['game']}" +
          (f"; {len(problems)} records skipped" if problems else ""), file=sys.stderr)
    return 1 if problems else 0  # the pool holds the readable records; the others are reported
