"""A reference page as Markdown (GitHub's dialect: tables, fenced code, `<a id>` anchors)."""

from __future__ import annotations

import re

from .model import Block, Code, Heading, Items, Line, Link, Page, Para, Picture, Row, Table, Verbatim


def markdown(page: Page) -> str:
    return "\n\n".join(_block(b) for b in page.blocks) + "\n"


def _block(b: Block) -> str:
    if isinstance(b, Heading):
        return _anchor(b.anchor) + "#" * b.level + " " + _line(b.text)
    if isinstance(b, Para):
        return _line(b.text)
    if isinstance(b, Items):
        return "\n".join("- " + _line(line) for line in b.lines)
    if isinstance(b, Table):
        head = "| " + " | ".join(b.head) + " |\n|" + "---|" * len(b.head)
        return head + "".join("\n" + _row(r) for r in b.rows)
    if isinstance(b, Verbatim):
        fence = "`" * max(3, 1 + max((len(m) for m in re.findall(r"`+", b.text)), default=0))
        return f"{fence}\n{b.text.rstrip(chr(10))}\n{fence}"
    assert isinstance(b, Picture)
    return f"![{_plain(b.caption)}]({b.file})"


def _anchor(anchor: str | None) -> str:
    return f'<a id="{anchor}"></a>\n' if anchor else ""


def _row(r: Row) -> str:
    cells = [_line(c).replace("|", "\\|").replace("\n", " ") for c in r.cells]
    if r.anchor:
        cells[0] = f'<a id="{r.anchor}"></a>' + cells[0]
    return "| " + " | ".join(cells) + " |"


def _line(line: Line) -> str:
    return "".join(_inline(part) for part in line)


def _inline(part: str | Code | Link) -> str:
    if isinstance(part, Code):
        ticks = "``" if "`" in part.text else "`"
        pad = " " if part.text.startswith("`") or part.text.endswith("`") else ""
        return f"{ticks}{pad}{part.text}{pad}{ticks}"
    if isinstance(part, Link):
        target = (f"{part.page}.md" if part.page else "") + (f"#{part.anchor}" if part.anchor else "")
        return f"[{_plain(part.text)}]({target})"
    return _plain(part)


def _plain(text: str) -> str:
    """Text with what Markdown would read as markup escaped."""
    return re.sub(r"([\\`*_\[\]<>#])", r"\\\1", text)
