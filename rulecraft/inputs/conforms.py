"""Whether a document meets a JSON Schema, decided without jsonschema for the keywords rulecraft's
own schemas use, so that a valid deck or pool does not load jsonschema (a tenth of a second).

`conforms(data, schema)` is True or False only where the answer is certain, as
`jsonschema.Draft202012Validator` would give it; None wherever it is not (a keyword it does not
know, a key that is not text, `enum` of lists, ...). A caller takes True as "valid" and asks
jsonschema otherwise, which also words the problems. The answer for a text, number, truth value
or null under a schema is kept (KEPT_ANSWERS): a batch of decks checks the same copies alike.
A newcomer adds a keyword to KEYWORDS, with its answer for every value it may meet.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any

Answer = bool | None  # None: this module cannot tell

# Keywords that never make a document invalid (`format` is only an annotation, as
# jsonschema applies it by default).
ANNOTATIONS = frozenset({"$schema", "$id", "$comment", "$defs", "title", "description", "default", "examples",
                         "format", "x-messages", "x-codes"})


PLAIN = (dict, list, str, int, float, type(None))  # what JSON holds (bool is an int); YAML may hold more


def conforms(data: Any, schema: dict[str, Any]) -> Answer:
    if not _plain(data):
        return None
    try:
        return _check(data, schema, schema)
    except RecursionError:  # a schema referring to itself without end
        return None


def _plain(data: Any) -> bool:
    """Whether the document holds only JSON values (a YAML date, for one, is left to jsonschema)."""
    stack = [data]
    while stack:
        value = stack.pop()
        if not isinstance(value, PLAIN):
            return False
        if isinstance(value, dict):
            stack.extend(value.values())
        elif isinstance(value, list):
            stack.extend(value)
    return True


SCALARS = (str, int, float, bool, type(None))  # values whose answers `_check` keeps (a value of each is its key)
KEPT_ANSWERS = 4_096  # answers for a scalar under a (sub)schema kept: a cache (a deck's copies are checked alike)
_answers: dict[tuple[int, int, type, Any], tuple[Any, Any, Answer]] = {}


def _check(data: Any, schema: Any, root: dict[str, Any]) -> Answer:
    """Whether `data` meets `schema` (within `root`, for references); a scalar's answer under
    a schema is kept (KEPT_ANSWERS), with the schemas it was found under, which stay alive with it."""
    if data.__class__ not in SCALARS or not isinstance(schema, dict):
        return _decided(data, schema, root)
    key = (id(schema), id(root), data.__class__, data)
    kept = _answers.get(key)
    if kept is not None and kept[0] is schema and kept[1] is root:
        return kept[2]
    answer = _decided(data, schema, root)
    if len(_answers) < KEPT_ANSWERS:
        _answers[key] = (schema, root, answer)
    return answer


def _decided(data: Any, schema: Any, root: dict[str, Any]) -> Answer:
    if schema is True or schema == {}:
        return True
    if schema is False:
        return False
    if not isinstance(schema, dict):
        return None
    answer: Answer = True
    for keyword, value in schema.items():
        if keyword in ANNOTATIONS:
            continue
        check = KEYWORDS.get(keyword)
        found = check(data, value, schema, root) if check is not None else None
        if found is False:
            return False
        if found is None:
            answer = None
    return answer


# ---- types ---------------------------------------------------------------------------


def _is_type(data: Any, name: str) -> Answer:
    if name == "object":
        return isinstance(data, dict)
    if name == "array":
        return isinstance(data, list)
    if name == "string":
        return isinstance(data, str)
    if name == "boolean":
        return isinstance(data, bool)
    if name == "null":
        return data is None
    if name == "number":
        return _number(data)
    if name == "integer":
        return (isinstance(data, int) and not isinstance(data, bool)) or (isinstance(data, float) and data.is_integer())
    return None


def _number(data: Any) -> bool:
    return isinstance(data, (int, float)) and not isinstance(data, bool)


def _type(data: Any, value: Any, schema: dict, root: dict) -> Answer:
    names = value if isinstance(value, list) else [value]
    answers = [_is_type(data, name) for name in names]
    return True if True in answers else None if None in answers else False


def _same(one: Any, two: Any) -> Answer:
    """JSON equality of two values (a boolean is no number); None for lists and mappings."""
    if isinstance(one, str) or isinstance(two, str):
        return one == two
    if isinstance(one, (list, dict)) or isinstance(two, (list, dict)):
        return None
    if isinstance(one, bool) or isinstance(two, bool):
        return isinstance(one, bool) and isinstance(two, bool) and one == two
    return one == two


def _const(data: Any, value: Any, schema: dict, root: dict) -> Answer:
    return _same(data, value)


def _enum(data: Any, value: Any, schema: dict, root: dict) -> Answer:
    answers = [_same(data, v) for v in value] if isinstance(value, list) else [None]
    return True if True in answers else None if None in answers else False


# ---- strings and numbers ---------------------------------------------------------------


@lru_cache(maxsize=64)
def _pattern(text: str) -> re.Pattern[str]:
    return re.compile(text)


def _matches(data: Any, value: Any, schema: dict, root: dict) -> Answer:
    if not isinstance(data, str):
        return True
    return None if not isinstance(value, str) else _pattern(value).search(data) is not None


def _bound(test):
    """A keyword that limits a number, a length or a count: `test(measure, limit)`, on the
    values it applies to (numbers for `minimum`, texts for `minLength`, ...)."""
    def keyword(measure):
        def check(data: Any, value: Any, schema: dict, root: dict) -> Answer:
            if not _number(value):
                return None
            size = measure(data)
            return True if size is None else test(size, value)
        return check
    return keyword


_at_least = _bound(lambda size, limit: size >= limit)
_at_most = _bound(lambda size, limit: size <= limit)


def _of_number(data: Any) -> Any:
    return data if _number(data) else None


def _of_text(data: Any) -> int | None:
    return len(data) if isinstance(data, str) else None


def _of_list(data: Any) -> int | None:
    return len(data) if isinstance(data, list) else None


def _of_mapping(data: Any) -> int | None:
    return len(data) if isinstance(data, dict) else None


# ---- mappings and lists -----------------------------------------------------------------


def _text_keys(data: dict) -> bool:
    return all(isinstance(key, str) for key in data)


def _properties(data: Any, value: Any, schema: dict, root: dict) -> Answer:
    if not isinstance(data, dict):
        return True
    if not isinstance(value, dict) or not _text_keys(data):
        return None
    return _all(_check(data[key], sub, root) for key, sub in value.items() if key in data)


def _additional(data: Any, value: Any, schema: dict, root: dict) -> Answer:
    if not isinstance(data, dict):
        return True
    if "patternProperties" in schema or not _text_keys(data):
        return None
    known = schema.get("properties", {})
    return _all(_check(item, value, root) for key, item in data.items() if key not in known)


def _required(data: Any, value: Any, schema: dict, root: dict) -> Answer:
    if not isinstance(data, dict):
        return True
    return None if not isinstance(value, list) else all(key in data for key in value)


def _items(data: Any, value: Any, schema: dict, root: dict) -> Answer:
    if not isinstance(data, list):
        return True
    if "prefixItems" in schema:
        return None
    return _all(_check(item, value, root) for item in data)


def _all(answers) -> Answer:
    """False at the first False; else None if any answer was None, else True."""
    result: Answer = True
    for answer in answers:
        if answer is False:
            return False
        if answer is None:
            result = None
    return result


# ---- combinations and references ----------------------------------------------------------


def _one_of(data: Any, value: Any, schema: dict, root: dict) -> Answer:
    if not isinstance(value, list):
        return None
    answers = [_check(data, sub, root) for sub in value]
    if None in answers:
        return None
    return answers.count(True) == 1


def _any_of(data: Any, value: Any, schema: dict, root: dict) -> Answer:
    answers = [_check(data, sub, root) for sub in value] if isinstance(value, list) else [None]
    return True if True in answers else None if None in answers else False


def _all_of(data: Any, value: Any, schema: dict, root: dict) -> Answer:
    return _all(_check(data, sub, root) for sub in value) if isinstance(value, list) else None


def _ref(data: Any, value: Any, schema: dict, root: dict) -> Answer:
    """A reference within the schema's own `$defs` (any other is not followed)."""
    if not isinstance(value, str) or not value.startswith("#/$defs/") or value.count("/") != 2:
        return None
    target = root.get("$defs", {}).get(value.removeprefix("#/$defs/"))
    return None if target is None else _check(data, target, root)


KEYWORDS = {
    "type": _type, "const": _const, "enum": _enum, "pattern": _matches,
    "minimum": _at_least(_of_number), "maximum": _at_most(_of_number),
    "minLength": _at_least(_of_text), "maxLength": _at_most(_of_text),
    "minItems": _at_least(_of_list), "maxItems": _at_most(_of_list),
    "minProperties": _at_least(_of_mapping), "maxProperties": _at_most(_of_mapping),
    "properties": _properties, "additionalProperties": _additional, "required": _required, "items": _items,
    "oneOf": _one_of, "anyOf": _any_of, "allOf": _all_of, "$ref": _ref,
}
