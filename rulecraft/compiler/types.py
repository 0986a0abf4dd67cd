"""The types of built-ins' signatures (`int`, `list<T>`, `T`...) as compiler types (runtime.types.Ty)."""

from __future__ import annotations

from ..runtime.types import ANY, Ty, list_of


def parse_signature_type(text: str, bindings: dict[str, Ty] | None = None) -> Ty:
    """The type a built-in's signature writes; `T` is bound by the arguments."""
    text = text.strip()
    if text.startswith("list<"):
        return list_of(parse_signature_type(text[5:-1], bindings))
    if text == "def":
        return Ty("def", "any")
    if text == "T":
        return bindings.get("T", ANY) if bindings is not None else Ty("T")
    return Ty(text)
