"""The types of built-ins' signatures (`int`, `list<T>`, `T`...) as compiler types (runtime.types.Ty),
and `named`: the type of a name alone (`int`, a kind), made once per name (types are immutable)."""

from __future__ import annotations

from functools import lru_cache

from ..runtime.types import ANY, Ty, list_of

TYPES_KEPT = 4096  # types of a name alone kept made: more than every bundled ruleset names


@lru_cache(maxsize=TYPES_KEPT)
def named(name: str) -> Ty:
    """`Ty(name)`, the same object each time (a check asks for the same few types again and again)."""
    return Ty(name)


def parse_signature_type(text: str, bindings: dict[str, Ty] | None = None) -> Ty:
    """The type a built-in's signature writes; `T` is bound by the arguments."""
    text = text.strip()
    if text.startswith("list<"):
        return list_of(parse_signature_type(text[5:-1], bindings))
    if text == "def":
        return Ty("def", "any")
    if text == "T":
        return bindings.get("T", ANY) if bindings is not None else named("T")
    return named(text)
