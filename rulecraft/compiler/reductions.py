"""Lark's reductions handed straight to a builder, with the positions Lark would give its tree.

Lark builds a parse tree and works out every node's position (`propagate_positions`); the
builder then walks that tree into the AST. Here each reduction calls the builder at once: no
parse tree is made or walked, and positions are worked out as Lark does. A node starts where
its first child's *container* starts and ends where its last child's container ends. A
container includes the tokens its rule drops, so `(a + b) * c` starts at the `(`. A rule that
passes its one child up (`?sum: product`) keeps the child's own position and gives it its
container. A fold of Lark's (`_items*`) is spliced into its parent as Lark splices it.

This leans on two parts of Lark that are not its documented interface (the parser's callback
table, and `ParseTreeBuilder` for the child filtering); `install` checks for them, and
tests/compiler/test_reductions.py pins what the builder is given.

Takes the Lark parser (`install`) and text (`run`); gives what the builder (build.py) makes of
each reduction. A newcomer changing the grammar changes nothing here; a newcomer upgrading Lark
runs test_reductions.py first.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any, Protocol

from lark import Lark, Token
from lark.grammar import Rule
from lark.parse_tree_builder import ParseTreeBuilder


class Builder(Protocol):
    def reduce(self, rule: str, meta: Reduced, children: list) -> Any: ...


class Reduced:
    """What a rule reduced to (`value`) and where: its own position (the `meta` a builder
    reads: line, column, end_line, end_column, empty) and its container's; `height` counts the
    nodes on its longest path down, as the parse tree would have them."""

    __slots__ = (
        "c_column",
        "c_end_column",
        "c_end_line",
        "c_line",
        "column",
        "empty",
        "end_column",
        "end_line",
        "height",
        "line",
        "value",
    )
    value: Any
    empty: bool
    line: int
    column: int
    end_line: int
    end_column: int
    c_line: int
    c_column: int
    c_end_line: int
    c_end_column: int
    height: int

    def __init__(self, value: Any = None) -> None:
        self.value = value


class _Made:
    """A node Lark's child filter makes (as it would make a tree): its rule and kept children."""

    __slots__ = ("children", "data")

    def __init__(self, data: str, children: list) -> None:
        self.data = data
        self.children = children


class Parse:
    """The state of one parse: the builder, and the first node found nested too deep."""

    def __init__(self, builder: Builder, max_height: int) -> None:
        self.builder = builder
        self.max_height = max_height
        self.too_deep: Reduced | None = None


_current = threading.local()  # the Parse each thread is in (a placeholder's parse nests in its file's)


def run(parser: Lark, text: str, start: str, state: Parse) -> Any:
    """Parse `text` from `start`, building with `state.builder`; the built value. Raises Lark's
    UnexpectedInput as `Lark.parse` does."""
    outer = getattr(_current, "parse", None)
    _current.parse = state
    try:
        result = parser.parse(text, start=start)
    finally:
        _current.parse = outer
    return result.value if result.__class__ is Reduced else result


def install(parser: Lark) -> bool:
    """Make `parser` hand its reductions to the current Parse's builder; False (parser unchanged)
    if this Lark is not built as expected."""
    callbacks = getattr(getattr(getattr(parser.parser, "parser", None), "parser", None), "callbacks", None)
    if not isinstance(callbacks, dict) or not all(isinstance(rule, Rule) for rule in callbacks):
        return False
    filters = ParseTreeBuilder(parser.rules, _Made, maybe_placeholders=parser.options.maybe_placeholders)
    for rule, chain in filters.create_callback(None).items():
        if rule in callbacks:
            callbacks[rule] = _only_child if _passes_one(rule) else _reduction(chain)
    return True


def _passes_one(rule: Rule) -> bool:
    """A rule like `?sum: product`, which hands its one child up as it is, position and all.
    An expression passes about ten of them (`expr` → `or_expr` → … → `atom`)."""
    return (rule.options.expand1 and not rule.alias and len(rule.expansion) == 1 and not rule.expansion[0].is_term
            and not rule.expansion[0].name.startswith("_"))


def _only_child(raw: list) -> Any:
    return raw[0]


def _reduction(chain: Callable[[list], Any]) -> Callable[[list], Any]:
    def reduce(raw: list) -> Any:
        made = chain([c.value if c.__class__ is Reduced else c for c in raw])
        if made.__class__ is not _Made:  # the rule passed its one child up
            return _passed(made, raw)
        node = Reduced()
        _span(node, raw)
        height = 0
        for c in raw:
            if c.__class__ is Reduced and c.height > height:
                height = c.height
        if made.data[0] == "_":  # spliced into its parent: no level of its own
            node.value, node.height = made, height
            return node
        node.height = height = height + 1
        state: Parse = _current.parse
        if height > state.max_height and state.too_deep is None:
            state.too_deep = node
        node.value = state.builder.reduce(made.data, node, made.children)
        return node
    return reduce


def _passed(value: Any, raw: list) -> Any:
    """The one child a rule passes up, its container widened to the rule's own tokens."""
    child = next((c for c in raw if c.__class__ is Reduced and c.value is value), None)
    if child is None:  # a token, which Lark passes up as it is
        return value
    if len(raw) == 1:
        return child
    node = Reduced(value)
    _span(node, raw)
    node.height = child.height
    if not child.empty:  # its own position stays (Lark sets only what the child lacks)
        node.line, node.column, node.end_line, node.end_column = child.line, child.column, child.end_line, child.end_column
    return node


def _span(node: Reduced, raw: list) -> None:
    """Own and container position of a new node: from its first child's container start to its
    last child's container end; empty if no child has a position."""
    first = last = None
    for c in raw:
        if _placed(c):
            first = c
            break
    for c in reversed(raw):
        if _placed(c):
            last = c
            break
    if first is None or last is None:
        node.empty = True
        node.line = node.column = node.end_line = node.end_column = 1
        node.c_line = node.c_column = node.c_end_line = node.c_end_column = 1
        return
    node.empty = False
    if first.__class__ is Reduced:
        node.line = node.c_line = first.c_line
        node.column = node.c_column = first.c_column
    else:
        token: Token = first  # the parser's tokens have positions (optional in Lark's types)
        node.line = node.c_line = token.line or 1
        node.column = node.c_column = token.column or 1
    if last.__class__ is Reduced:
        node.end_line = node.c_end_line = last.c_end_line
        node.end_column = node.c_end_column = last.c_end_column
    else:
        token = last
        node.end_line = node.c_end_line = token.end_line or 1
        node.end_column = node.c_end_column = token.end_column or 1


def _placed(child: Any) -> bool:
    """Whether a child has a position (a token, or a node that is not empty), as Lark asks."""
    return not child.empty if child.__class__ is Reduced else isinstance(child, Token)
