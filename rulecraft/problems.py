"""Problems with a user's input file (a deck, a card pool, a card database export), each at
`file:line:col`, and where a value stands in a ruamel YAML document."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Problem:
    file: str
    line: int
    column: int
    message: str
    hint: str | None = None

    def __str__(self) -> str:
        return f"{self.file}:{self.line}:{self.column}: {self.message}" + (f"\n  help: {self.hint}" if self.hint else "")


class InputError(Exception):
    """The input cannot be used; carries every problem found, not only the first."""

    def __init__(self, problems: list[Problem]):
        super().__init__("\n".join(map(str, problems)))
        self.problems = problems


class DeckError(InputError):
    """A deck check's input (the deck, or a card pool given with it) cannot be used."""


def position(node: Any, path: list, value: bool = True) -> tuple[int, int]:
    """Line and column (1-based) of the value (or key) at `path` in a ruamel document; where the
    path cannot be followed further, the position of the last node reached."""
    line, column = _own(node)
    for key in path:
        lc = getattr(node, "lc", None)
        if lc is None:
            break
        try:
            found = lc.value(key) if value else lc.key(key)
        except (KeyError, IndexError, TypeError):
            try:
                found = lc.item(key)  # a list element
            except (KeyError, IndexError, TypeError, AttributeError):
                break
        line, column = found[0] + 1, found[1] + 1
        try:
            node = node[key]
        except (KeyError, IndexError, TypeError):
            break
    return line, column


def _own(node: Any) -> tuple[int, int]:
    lc = getattr(node, "lc", None)
    return (lc.line + 1, lc.col + 1) if lc is not None and lc.line is not None else (1, 1)
