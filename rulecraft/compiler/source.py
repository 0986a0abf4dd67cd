"""Source files and spans: where in which file a piece of the language came from."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cached_property

# What all the `.rules` files of one compile (a ruleset, the rulesets it extends, its mods) may
# hold: bytes, each file checked before it is read, and tokens (words, numbers, texts, symbols),
# which is what the parser's time follows (about 30,000 a second). The largest bundled game with
# its modes holds 140 KB and 23,000 tokens.
MAX_SOURCE_BYTES = 256 * 1024
MAX_SOURCE_TOKENS = 100_000
_TOKEN = re.compile(r'"(?:[^"\\\n]|\\.)*"|#[^\n]*|\w+|\S')


def tokens_in(text: str) -> int:
    """About how many tokens the parser will read in `text` (comments are not tokens)."""
    return sum(1 for m in _TOKEN.finditer(text) if text[m.start()] != "#")


def decoded(data: bytes) -> str:
    """A `.rules` file's text: UTF-8 (a byte-order mark dropped), line ends made `\n` as
    Python's text files read them (UnicodeDecodeError if it is not UTF-8)."""
    return data.decode("utf-8-sig").replace("\r\n", "\n").replace("\r", "\n")


@dataclass(frozen=True, slots=True)
class Span:
    file: str
    line: int
    column: int
    end_line: int
    end_column: int

    def __str__(self) -> str:
        return f"{self.file}:{self.line}:{self.column}"

    @classmethod
    def point(cls, file: str, line: int, column: int) -> Span:
        """The place of one character, e.g. where a value starts in a YAML file."""
        return cls(file, line, column, line, column + 1)


@dataclass(frozen=True)
class Source:
    """A source text and its name; lines are kept for rendering carets.

    Lines end at "\n" only, as the parser counts them: other characters Python counts as
    line breaks (U+2028, form feed, ...) stay inside their line."""

    file: str
    text: str

    @cached_property
    def lines(self) -> list[str]:
        return [line.removesuffix("\r") for line in self.text.split("\n")]

    def line(self, number: int) -> str:
        return self.lines[number - 1] if 0 < number <= len(self.lines) else ""
