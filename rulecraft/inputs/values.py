"""A value given from outside a ruleset (a deck file, a card pool, an importer's input, the
command line) as a value of a type the ruleset declares: the one place that knows how.

Types are the ruleset's own (`runtime.types.Ty`): `int`, `num`, `bool`, `text`, `any`, an
enum, a definition of a kind, a list of any of these; a plain name stands for a scalar type. A value given as text (`text=True`: the command
line, a pasted deck list, a field of an imported file) is read first: `3`, `true`, a definition's
id or name (or another of its names: rulecraft.inputs.names), a comma-separated or JSON list. A value of
a typed file (YAML) must already have its type; a definition or an enum member may still be named.
A number given from outside has at most MAX_DIGITS digits and is finite, whatever gives it: a
text, a file's number, or a JSON text read with `json_int` reading its whole numbers.

It takes a value and a type; it gives the value of that type or a BadValue saying why not. A
newcomer adds a scalar type to SCALARS here, or changes the limits.
"""

from __future__ import annotations

import json
import math
import re
from typing import Any

from ..compiler.diagnostics import suggest
from ..runtime.ruleset import Ruleset
from ..runtime.types import Ty
from . import names

WHOLE = re.compile(r"[ \t]*[+-]?[0-9]+[ \t]*")  # ASCII digits and blanks only: what int() and float() read alike
NUMBER = re.compile(r"[ \t]*[+-]?([0-9]+\.?[0-9]*|\.[0-9]+)[ \t]*")
MAX_LISTED = 20  # "one of: ..." names at most this many choices
MAX_DIGITS = 100  # a number given from outside has at most this many characters
MAX_NESTING = 64  # lists in lists: a value nested deeper is refused (a stranger's input must not exhaust the stack)


class BadValue(ValueError):
    """Why a value is not of its type; `help` says what would be. A message either names the
    value itself (`names_value`: "`x` is not a colour") or goes after its subject ("must be ...")."""

    def __init__(self, message: str, help: str | None = None, names_value: bool = False):
        super().__init__(message)
        self.message = message
        self.help = help
        self.names_value = names_value

    def of(self, subject: str) -> str:
        """The message about `subject`, e.g. "`count` must be a whole number, not 'x'"."""
        return self.message if self.names_value else f"{subject} {self.message}"


def typed(value: Any, type_: Ty | str, rules: Ruleset | None = None, text: bool = False) -> Any:
    """`value` as a value of `type_`, or BadValue. `rules` gives enums and definitions."""
    ty = type_ if isinstance(type_, Ty) else Ty(type_)
    if ty.name == "list":
        return [typed(v, ty.element, rules, text) for v in _items(value, ty, text)]
    if ty.name in SCALARS:
        return SCALARS[ty.name](value, text)
    if rules is not None and ty.name in rules.enums:
        return _member(value, ty.name, rules)
    if ty.name == "def" and rules is not None:
        return definition(rules, str(ty.arg), value)
    if ty.name == "die" and rules is not None:
        if isinstance(value, str) and value in rules.dice:
            return value
        raise BadValue(f"no die `{value}`", choices(str(value), sorted(rules.dice)), names_value=True)
    raise BadValue(f"cannot give a value of type {ty} here")


def _items(value: Any, type_: Ty, text: bool) -> list[Any]:
    if isinstance(value, list):
        return value
    if not text or not isinstance(value, str):
        raise BadValue(f"must be a list ({type_}), not {_shown(value)}")
    if value.lstrip().startswith("["):  # JSON, e.g. a table of numbers: [[0,4,1,0],[0,3,0,0]]
        try:
            items = json.loads(value, parse_int=json_int)
        except RecursionError:
            raise BadValue(f"is nested more than {MAX_NESTING} lists deep") from None
        except BadValue as bad:
            raise BadValue(f"holds a number that {bad.message}") from None
        except ValueError as err:
            raise BadValue(f"is not a JSON list ({err})") from None
        if not isinstance(items, list):
            raise BadValue(f"must be a list ({type_}), not {_shown(value)}")
        return items
    return [item.strip() for item in value.split(",") if item.strip()]


def json_int(digits: str) -> int:
    """A whole number of a JSON text (`json.loads(text, parse_int=json_int)`): more than
    MAX_DIGITS digits is a BadValue, where Python's own reader fails at 4,300 with a ValueError."""
    if len(digits) > MAX_DIGITS:
        raise BadValue(f"has more than {MAX_DIGITS} digits")
    return int(digits)


def _bounded(value: int | float) -> int | float:
    """A number given as a number: at most MAX_DIGITS digits, and finite."""
    if isinstance(value, int) and abs(value) >= 10 ** MAX_DIGITS:
        raise BadValue(f"has more than {MAX_DIGITS} digits")
    if isinstance(value, float) and not math.isfinite(value):
        raise BadValue(f"must be a finite number, not {value}")
    return value


def _whole(value: Any, text: bool) -> int:
    if isinstance(value, int) and not isinstance(value, bool):
        return int(_bounded(value))
    if text and isinstance(value, str) and WHOLE.fullmatch(value):
        return int(_digits(value))
    raise BadValue(f"must be a whole number, not {_shown(value)}")


def _number(value: Any, text: bool) -> int | float:
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return _bounded(value)
    if text and isinstance(value, str) and NUMBER.fullmatch(value):
        return int(_digits(value)) if WHOLE.fullmatch(value) else _bounded(float(_digits(value)))
    raise BadValue(f"must be a number, not {_shown(value)}")


def _digits(text: str) -> str:
    if len(text.strip()) > MAX_DIGITS:
        raise BadValue(f"has more than {MAX_DIGITS} digits")
    return text


def _shown(value: Any) -> str:
    """A value in a message, cut short if long (a number of thousands of digits is never written out)."""
    try:
        shown = repr(value)
    except (ValueError, RecursionError):  # Python writes no number of more than 4,300 digits
        return f"a value with a number of more than {MAX_DIGITS} digits"
    return shown if len(shown) <= 60 else shown[:57] + "..."


def _truth(value: Any, text: bool) -> bool:
    if isinstance(value, bool):
        return value
    if text and isinstance(value, str) and value.lower() in ("true", "false"):
        return value.lower() == "true"
    raise BadValue(f"must be true or false, not {_shown(value)}")


def _text(value: Any, text: bool) -> str:
    if isinstance(value, str):
        return value
    if text and isinstance(value, (int, float)) and not isinstance(value, bool):
        return str(_bounded(value))
    raise BadValue(f"must be text, not {_shown(value)}")


def _anything(value: Any, text: bool) -> Any:
    """A value of type `any`, kept as given, but never nested deeper than MAX_NESTING."""
    level, layer = 0, [value]
    while layer:
        layer = [v for item in layer if isinstance(item, (list, dict))
                 for v in (item.values() if isinstance(item, dict) else item)]
        level += bool(layer)
        if level > MAX_NESTING:
            raise BadValue(f"is nested more than {MAX_NESTING} lists deep")
    return value


SCALARS = {"int": _whole, "num": _number, "bool": _truth, "text": _text, "any": _anything}


def _member(value: Any, type_: str, rules: Ruleset) -> str:
    """The member of enum `type_` that `value` names: itself, or one of its other names."""
    found = names.members(rules, type_).find(value) if isinstance(value, str) else []
    if len(found) == 1:
        return found[0]
    raise BadValue(f"`{value}` is not a {type_}", choices(str(value), rules.enums[type_]), names_value=True)


def definition(rules: Ruleset, kind: str, value: Any) -> str:
    """The id of the definition of `kind` (or a subkind) that `value` names: its id, its name or
    another of its names, compared as rulecraft.inputs.names says."""
    found = names.definitions(rules, kind).find(value) if isinstance(value, str) else []
    if len(found) == 1:
        return found[0]
    if found:
        raise BadValue(f"`{value}` names several {kind} definitions: {', '.join(found)}",
                       "give the id of the one you mean", names_value=True)
    raise BadValue(f"no {kind} `{value}`", choices(str(value), [d.id for d in rules.defs_of(kind)]), names_value=True)


def choices(value: str, candidates: Any) -> str | None:
    """A "did you mean" for a misspelt choice, else the choices themselves when they are few."""
    pool = list(candidates)
    hint = suggest(value, pool)
    if hint or not pool or len(pool) > MAX_LISTED:
        return hint
    return f"one of: {', '.join(pool)}"
