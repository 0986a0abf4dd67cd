"""A user's YAML input file (a deck, a card pool, an importer mapping) read into data with
positions: its text, its YAML, its JSON Schema check; every problem is a Diagnostic at
`file:line:col`, raised together as an InputError. Only a regular file is read, never more than
its limit (rulecraft/files.py).

It takes a path (or standard input) and the code its problems get; it gives a Source, its YAML
data, and the diagnostics of its schema check. A newcomer changes a limit here (MAX_*); a plain
document is read by block_yaml.py, all others (and every problem) by ruamel here."""

from __future__ import annotations

import json
import re
import sys
import warnings
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .. import files
from ..compiler import package
from ..compiler.diagnostics import Diagnostic, InputError, suggest
from ..compiler.source import Source, Span
from . import block_yaml
from .conforms import conforms

if TYPE_CHECKING:
    import jsonschema


@cache
def schema(name: str) -> dict[str, Any]:
    """A JSON Schema shipped with the package (`rulecraft schema NAME`)."""
    return json.loads((package.folder(__package__) / "schemas" / f"{name}.schema.json").read_text(encoding="utf-8"))


def schema_names() -> list[str]:
    folder = package.folder(__package__) / "schemas"
    return sorted(p.name.removesuffix(".schema.json") for p in folder.iterdir() if p.name.endswith(".schema.json"))


def error(file: str, line: int, column: int, code: str, message: str, help: str | None = None) -> Diagnostic:
    return Diagnostic(code, message, Span.point(file, line, column), help)


MAX_INPUT_BYTES = 64 * 1024 * 1024  # a file larger than this is refused before it is read
MAX_YAML_BYTES = 384 * 1024  # the YAML reader keeps positions at 60-80 KB a second: this bounds it to seconds
MAX_YAML_VALUES = 1_000_000  # values a YAML document holds with its aliases expanded
MAX_YAML_DEPTH = 64


def read_source(path: Path, code: str, what: str = "the file") -> Source:
    """The text of a regular file, or an InputError with `code` if it cannot be read (a device, a
    FIFO, a folder: rulecraft/files.py), is too large or is not UTF-8."""
    try:
        return Source(str(path), files.read_text(path, MAX_INPUT_BYTES, encoding="utf-8-sig"))
    except files.TooLarge:
        raise InputError([error(str(path), 1, 1, code, f"{what} is larger than {MAX_INPUT_BYTES:,} bytes")]) from None
    except (OSError, UnicodeDecodeError) as err:
        raise InputError([error(str(path), 1, 1, code, f"cannot read {what}: {err}")]) from None


STDIN = "<stdin>"  # the file name of what standard input gave


def read_stdin(code: str, what: str = "the input") -> Source:
    """The text standard input gives (UTF-8, a byte-order mark allowed), as `read_source` reads a file."""
    try:
        data = sys.stdin.buffer.read(MAX_INPUT_BYTES + 1)
        if len(data) > MAX_INPUT_BYTES:
            raise InputError([error(STDIN, 1, 1, code, f"{what} is larger than {MAX_INPUT_BYTES:,} bytes")])
        return Source(STDIN, data.decode("utf-8-sig"))
    except (OSError, ValueError, AttributeError) as err:  # closed, not bytes, not UTF-8 (a ValueError)
        raise InputError([error(STDIN, 1, 1, code, f"cannot read {what} from standard input: {err}",
                                "give UTF-8 text")]) from None


def load_yaml(source: Source, code: str, help: str | None = None) -> Any:
    """The YAML document with its positions (ruamel round-trip; block_yaml.py's reader where the
    document is a plain block mapping, as most decks are), or an InputError with `code`.
    A document whose aliases expand past MAX_YAML_VALUES values, or that nests deeper than
    MAX_YAML_DEPTH, is refused (an "alias bomb" holds little text and vast data)."""
    if len(source.text) > MAX_YAML_BYTES:
        raise InputError([error(source.file, 1, 1, code, f"the YAML is larger than {MAX_YAML_BYTES:,} characters",
                                "a deck, a card pool or a mapping needs far less; split a larger pool into several")])
    quick = block_yaml.read(source.text)  # a plain deck, read without ruamel (None: anything else)
    if quick is not None:
        return quick
    from ruamel.yaml import YAML  # here, not above: only a document the fast reader leaves needs it
    from ruamel.yaml.error import MarkedYAMLError
    from ruamel.yaml.reader import ReaderError

    try:
        with warnings.catch_warnings():  # ruamel's warnings (a reused anchor) would echo the raw input
            warnings.simplefilter("ignore")
            data = YAML(typ="rt").load(source.text)
        bounded(data, source, code)
        return data
    except RecursionError:
        problem, line, column = f"the YAML nests deeper than {MAX_YAML_DEPTH} levels", 1, 1
    except TypeError:  # ruamel cannot hold a key that is a list or a mapping (`[a, b]: 1`)
        problem, line, column = "a key is a list or a mapping; keys are names", 1, 1
    except ValueError:  # Python refuses to read a number of thousands of digits
        long = re.search(r"\d{1000,}", source.text)
        before = source.text[:long.start()] if long else ""
        line, column = before.count("\n") + 1, len(before) - (before.rfind("\n") + 1) + 1
        problem = "a number with thousands of digits"
    except MarkedYAMLError as err:
        mark = err.problem_mark
        line, column = (mark.line + 1, mark.column + 1) if mark is not None else (1, 1)
        problem = err.problem
    except ReaderError as err:  # a character YAML does not allow
        before = source.text[:err.position]
        line, column = before.count("\n") + 1, len(before) - (before.rfind("\n") + 1) + 1
        char = ord(err.character) if isinstance(err.character, str) else err.character
        problem, help = f"character #x{char:04x} is not allowed", "remove it, or write it in a quoted string as an escape"
    raise InputError([error(source.file, line, column, code, f"invalid YAML: {problem}", help)], {source.file: source})


def bounded(data: Any, source: Source, code: str, form: str = "YAML") -> None:
    """Walk a YAML or JSON document as its readers will (aliases expanded), counting values and
    depth: more than MAX_YAML_VALUES values, or deeper than MAX_YAML_DEPTH, is an InputError."""
    count, stack = 0, [(data, 0)]
    while stack:
        value, depth = stack.pop()
        count += 1
        if count > MAX_YAML_VALUES or depth > MAX_YAML_DEPTH:
            line, column = position(value, []) if depth else (1, 1)
            if count > MAX_YAML_VALUES:
                aliases = form == "YAML"
                problem = error(source.file, line, column, code,
                                f"the {form} holds more than {MAX_YAML_VALUES} values"
                                + (" once its aliases are expanded" if aliases else ""),
                                "a deck or a pool needs far less: remove the aliases (`*name`)" if aliases else None)
            else:
                problem = error(source.file, line, column, code, f"the {form} nests deeper than {MAX_YAML_DEPTH} levels")
            raise InputError([problem], {source.file: source})
        if isinstance(value, dict):
            stack.extend((v, depth + 1) for v in value.values())
        elif isinstance(value, list):
            stack.extend((v, depth + 1) for v in value)


def validate(data: Any, schema_name: str, file: str, code: str, whole: str) -> list[Diagnostic]:
    """Every way `data` breaks the shipped schema, at its position, ordered by position. A schema
    may word its own messages and codes next to the failing keyword: `"x-messages": {"VALIDATOR":
    "text with {instance} or {instance!r}"}`, `"x-codes": {"VALIDATOR": CODE}`. A message
    starts with the value's path (or `whole`, for the document itself)."""
    if conforms(data, schema(schema_name)):  # the usual case, decided without loading jsonschema
        return []
    found = []
    import jsonschema  # here, not above: only a document with a problem needs it

    for err in jsonschema.Draft202012Validator(schema(schema_name)).iter_errors(data):
        path = list(err.absolute_path)
        where = "/".join(map(str, path)) or whole
        if err.validator == "additionalProperties" and err.validator_value is False:
            found.extend(_unknown_keys(err, data, path, file, code, where))
            continue
        line, column = position(data, path)
        found.append(error(file, line, column, _code(err, code), f"{where}: {_message(err)}"))
    return sorted(found, key=lambda d: (d.line or 0, d.column or 0, d.message))


def _unknown_keys(err: jsonschema.ValidationError, data: Any, path: list[Any], file: str, code: str,
                  where: str) -> list[Diagnostic]:
    """One diagnostic per key the schema does not know, at the key, with a "did you mean"."""
    known = list(err.schema.get("properties", {})) if isinstance(err.schema, dict) else []
    node = err.instance if isinstance(err.instance, dict) else {}
    return [error(file, *position(data, [*path, key], value=False), code, f"{where}: unknown key `{key}`",
                  suggest(str(key), known) or f"known keys: {', '.join(known)}")
            for key in node if key not in known]


def _code(err: jsonschema.ValidationError, default: str) -> str:
    codes = err.schema.get("x-codes", {}) if isinstance(err.schema, dict) else {}
    return str(codes.get(err.validator, default))


def _message(err: jsonschema.ValidationError) -> str:
    messages = err.schema.get("x-messages", {}) if isinstance(err.schema, dict) else {}
    text = messages.get(err.validator)
    if text is None:
        return err.message
    return str(text).replace("{instance!r}", repr(err.instance)).replace("{instance}", str(err.instance))


def plain(value: Any) -> Any:
    """A ruamel value as plain Python data (lists, dicts, str, int, float of those exact types:
    what marshal stores, so a parsed form can be cached)."""
    if isinstance(value, list):
        return [plain(v) for v in value]
    if isinstance(value, dict):
        return {str(k): plain(v) for k, v in value.items()}
    if isinstance(value, str):
        return str(value)
    if isinstance(value, float):  # ruamel's ScalarFloat
        return float(value)
    if isinstance(value, int) and not isinstance(value, bool):  # ruamel's ScalarInt, HexInt, ...
        return int(value)
    return value


def position(node: Any, path: list[Any], value: bool = True) -> tuple[int, int]:
    """Line and column (1-based) of the value (or key) at `path` in a ruamel document; where the
    path cannot be followed further, the position of the last node reached."""
    line, column = _own(node)
    for key in path:
        found = _child_position(node, key, value)
        if found is None:
            break
        line, column = found
        try:
            node = node[key]
        except (KeyError, IndexError, TypeError):
            break
    return line, column


def _child_position(node: Any, key: Any, value: bool) -> tuple[int, int] | None:
    lc = getattr(node, "lc", None)
    if lc is None:
        return None
    try:
        found = lc.value(key) if value else lc.key(key)
    except (KeyError, IndexError, TypeError):
        try:
            found = lc.item(key)  # a list element
        except (KeyError, IndexError, TypeError, AttributeError):
            return None
    return found[0] + 1, found[1] + 1


def _own(node: Any) -> tuple[int, int]:
    lc = getattr(node, "lc", None)
    return (lc.line + 1, lc.col + 1) if lc is not None and lc.line is not None else (1, 1)
