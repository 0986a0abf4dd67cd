"""Types of the language: primitives, kinds of things, lists, enums, die faces.

A type is its display text (`int`, `list<card>`, `definition of weapon`, `face of die d6`):
a `str` that also carries its structure (`name`, `arg`). Tools read the structure; code
that compares or prints the display text keeps working unchanged.
"""

from __future__ import annotations

from typing import Any

PRIMITIVES = ("int", "num", "bool", "text", "none", "any", "zone", "player")
BOARD_TYPES = ("board", "legend")  # declared by `board` and `legend`; their names stay free for other things


class Ty(str):
    """A type: `name` is a primitive, a kind, an enum, "list", "def" or "face"; `arg` is a
    list's element type, a definition's kind or a face's die. Immutable."""

    name: str
    arg: Ty | str | None
    val: Ty | None  # a map's value type

    def __new__(cls, name: str, arg: Ty | str | None = None, val: Ty | None = None) -> Ty:
        self = super().__new__(cls, _display(name, arg, val))
        object.__setattr__(self, "name", name)
        object.__setattr__(self, "arg", arg)
        object.__setattr__(self, "val", val)
        return self

    def __setattr__(self, key: str, value: Any) -> None:
        raise AttributeError(f"a type is immutable (tried to set `{key}`)")

    def __getnewargs__(self) -> tuple[str, Ty | str | None, Ty | None]:  # type: ignore[override]  # str's takes no structure
        return self.name, self.arg, self.val

    @property
    def element(self) -> Ty:
        """The type of a list's items."""
        assert isinstance(self.arg, Ty), f"{self} is not a list"
        return self.arg

    @property
    def key(self) -> Ty:
        """The type of a map's keys."""
        assert self.name == "map", f"{self} is not a map"
        assert isinstance(self.arg, Ty), f"{self} is not a map"
        return self.arg

    @property
    def value(self) -> Ty:
        """The type of a map's values."""
        assert self.name == "map", f"{self} is not a map"
        assert self.val is not None, f"{self} is not a map"
        return self.val

    def __repr__(self) -> str:
        if self.val is not None:
            return f"Ty({self.name!r}, {self.arg!r}, {self.val!r})"
        return f"Ty({self.name!r})" if self.arg is None else f"Ty({self.name!r}, {self.arg!r})"


def _display(name: str, arg: Ty | str | None, val: Ty | None = None) -> str:
    if name == "map":
        return f"map<{arg}, {val}>"
    if name == "list":
        return f"list<{arg}>"
    if name == "def":
        return f"definition of {arg}"
    if name == "face":
        return f"face of die {arg}"
    return name


INT, NUM, BOOL, TEXT, NONE, ANY, ZONE, PLAYER = (Ty(n) for n in PRIMITIVES)
BOARD, LEGEND = (Ty(n) for n in BOARD_TYPES)
DIE = Ty("die")  # names a die the ruleset declares (its id at run time); checked where it is written


def list_of(t: Ty) -> Ty:
    return Ty("list", t)


def map_of(k: Ty, v: Ty) -> Ty:
    return Ty("map", k, v)
