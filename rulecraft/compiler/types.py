"""Types of the language: primitives, kinds of things, lists, enums, die faces."""

from __future__ import annotations

from dataclasses import dataclass

PRIMITIVES = ("int", "num", "bool", "text", "none", "any", "zone", "player")


@dataclass(frozen=True, slots=True)
class Ty:
    name: str  # a primitive, a kind, an enum, "list", "def", "face"
    arg: Ty | str | None = None  # list element; def's kind; face's die

    def __str__(self) -> str:
        if self.name == "list":
            return f"list<{self.arg}>"
        if self.name == "def":
            return f"definition of {self.arg}"
        if self.name == "face":
            return f"face of die {self.arg}"
        return self.name


INT, NUM, BOOL, TEXT, NONE, ANY, ZONE, PLAYER = (Ty(n) for n in PRIMITIVES)


def list_of(t: Ty) -> Ty:
    return Ty("list", t)


def parse_signature_type(text: str, bindings: dict[str, Ty] | None = None) -> Ty:
    """Types written in builtins' signatures: `int`, `list<T>`, `T`..."""
    text = text.strip()
    if text.startswith("list<"):
        return list_of(parse_signature_type(text[5:-1], bindings))
    if text == "def":
        return Ty("def", "any")
    if text == "T":
        return bindings.get("T", ANY) if bindings is not None else Ty("T")
    return Ty(text)
