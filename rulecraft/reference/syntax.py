"""The parsed tree of a module as the reference and the language server read it: every node inside
a node (`walk`, depth first; `children`, one level) and the comment lines right above a declaration
(`doc_comment`, what the reference and hovers show as its documentation).

It takes compiler nodes (rulecraft/compiler/nodes.py) and sources; it gives nodes and texts. It
reads the node classes' dataclass fields, so a new kind of node needs nothing here. The language
server (rulecraft/authoring/lsp/) imports it from above; a newcomer changes how a doc comment is
found here, once for both.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator

from ..compiler import nodes as n
from ..compiler.source import Source

_FIELDS: dict[type, tuple[str, ...]] = {}


def children(node: n.Node) -> Iterator[n.Node]:
    cls = type(node)
    if cls not in _FIELDS:
        _FIELDS[cls] = tuple(f.name for f in dataclasses.fields(cls) if f.name != "span")
    for name in _FIELDS[cls]:
        yield from _nodes(getattr(node, name))


def _nodes(value: object) -> Iterator[n.Node]:
    if isinstance(value, n.Node):
        yield value
    elif isinstance(value, tuple):
        for item in value:
            yield from _nodes(item)


def walk(node: n.Node) -> Iterator[n.Node]:
    """The node and every node inside it, depth first."""
    stack = [node]
    while stack:
        item = stack.pop()
        yield item
        stack.extend(reversed(list(children(item))))


def doc_comment(source: Source | None, decl: n.Node | None) -> str:
    """The comment lines right above a declaration, without their `#`."""
    if source is None or decl is None:
        return ""
    lines: list[str] = []
    number = decl.span.line - 1
    while number >= 1 and source.line(number).strip().startswith("#"):
        lines.append(source.line(number).strip().removeprefix("#").strip())
        number -= 1
    return "\n".join(reversed(lines))
