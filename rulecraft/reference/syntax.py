"""The comment lines right above a declaration (`doc_comment`), what the reference and the language
server's hovers show as its documentation.

It takes a compiler node and its source; it gives a text. The trees themselves are walked with the
compiler's one walker (compiler/nodes.py: `walk`, `children`). The language server
(rulecraft/authoring/lsp/) imports it from above; a newcomer changes how a doc comment is found
here, once for both.
"""

from __future__ import annotations

from ..compiler import nodes as n
from ..compiler.source import Source


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
