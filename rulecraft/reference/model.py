"""The pages of the generated reference as data: headings, paragraphs, tables, source text and
pictures, with the search entries they hold. Built once (reference_pages, reference_language),
written twice: as Markdown (reference_markdown) and as HTML (reference_html)."""

from __future__ import annotations

import re
from dataclasses import dataclass, field


@dataclass(frozen=True)
class Code:
    """Text shown as code: a name, a value, a type."""

    text: str


@dataclass(frozen=True)
class Link:
    """A link to a page of the reference (None: this page) and an anchor in it."""

    text: str
    page: str | None
    anchor: str | None = None


Inline = str | Code | Link
Line = tuple[Inline, ...]


@dataclass(frozen=True)
class Heading:
    level: int
    text: Line
    anchor: str | None = None


@dataclass(frozen=True)
class Para:
    text: Line


@dataclass(frozen=True)
class Items:
    lines: tuple[Line, ...]


@dataclass(frozen=True)
class Row:
    cells: tuple[Line, ...]
    anchor: str | None = None


@dataclass(frozen=True)
class Table:
    head: tuple[str, ...]
    rows: tuple[Row, ...]


@dataclass(frozen=True)
class Verbatim:
    """Text shown as it is written (a ruleset's source, a command and what it prints)."""

    text: str


@dataclass(frozen=True)
class Picture:
    """An SVG picture, written to `file` (a path relative to the reference's folder)."""

    file: str
    svg: str
    caption: str


Block = Heading | Para | Items | Table | Verbatim | Picture


@dataclass(frozen=True)
class Entry:
    """What the search finds: a name, its other names, what it is, and where it is described."""

    name: str
    what: str
    page: str
    anchor: str
    context: str = ""  # the ruleset or part of the language
    aka: tuple[str, ...] = ()


@dataclass
class Page:
    """One page: its file name (without extension), title, blocks and search entries."""

    slug: str
    title: str
    blocks: list[Block] = field(default_factory=list)
    entries: list[Entry] = field(default_factory=list)
    anchors: set[str] = field(default_factory=set)

    def add(self, *blocks: Block) -> None:
        self.blocks.extend(blocks)

    def anchor(self, what: str, name: str, context: str = "", aka: tuple[str, ...] = ()) -> str:
        """A new anchor for `name` on this page, filed in the search (unique within the page)."""
        base = anchor_of(f"{what}-{name}")
        found, n = base, 1
        while found in self.anchors:
            n += 1
            found = f"{base}-{n}"
        self.anchors.add(found)
        self.entries.append(Entry(name, what, self.slug, found, context, aka))
        return found


    def also(self, name: str, what: str, anchor: str, context: str = "", aka: tuple[str, ...] = ()) -> None:
        """File another name in the search, at an anchor the page has (an enum's member, at its enum)."""
        self.entries.append(Entry(name, what, self.slug, anchor, context, aka))


def anchor_of(text: str) -> str:
    """An HTML id made of the text: letters, digits, `-` and `_`."""
    return re.sub(r"[^A-Za-z0-9_-]+", "-", text).strip("-").lower() or "x"


def slug_of(ruleset_id: str) -> str:
    """A page's file name for a ruleset id (`game/mods/x` -> `game.mods.x`)."""
    return re.sub(r"[^A-Za-z0-9_-]+", ".", ruleset_id).strip(".") or "ruleset"
