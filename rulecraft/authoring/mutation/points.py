"""Where to mutate: every piece of ruleset code a catalogue id tags, and the one-edit mutants of it.

Code belongs to the nearest `rule` tag before it: a `rule` statement (or a run of them) tags the
statements after it in its block, up to the next `rule` statement of that block (nested blocks
included, unless they carry tags of their own); a block that opens with `rule` also tags its owner's
header (the `if` condition, the trigger's `when`); a definition's own ids (and a `check`'s name) tag
the rest of it, together with the ids its body opens with. A branch that only carries tags (`else {
rule X }`: the rule is that nothing happens) is encoded by the conditions that decide whether it is
reached, so they carry its ids too. A tagged definition with nothing inside to mutate is dropped
whole. Each mutant is one edit of the source text at a span the parser reports; the files are never
written here."""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from ...compiler import nodes as n
from ...compiler.diagnostics import Diagnostics
from ...compiler.source import Source, Span

Tag = tuple[str, ...]
SWAPS = {"<": "<=", "<=": "<", ">": ">=", ">=": ">", "==": "!=", "!=": "=="}
ROW = re.compile(r"(?:\d+\s*\.\.\s*)?(\d+)")  # a table row's values, `LOW..HIGH` or `VALUE`
CONDITIONS = ("cond", "when", "where")  # the fields that hold a condition (a branch's is its first half)


@dataclass(frozen=True)
class Mutant:
    file: str  # as the rulesets root names it, e.g. `game/main.rules`
    line: int
    column: int
    start: int  # character offsets of the replaced text
    end: int
    replacement: str
    mutation: str  # what the edit does, for a reader
    ids: Tag
    context: str = ""  # the source line the edit starts on, stripped: names the mutant across line shifts

    @property
    def place(self) -> str:
        return f"{self.file}:{self.line}:{self.column}"

    def key(self) -> tuple:
        return (self.file, self.start, self.end, self.replacement)

    def apply(self, text: str) -> str:
        return text[:self.start] + self.replacement + text[self.end:]


class FileText:
    """A module's text, with spans turned into character offsets."""

    def __init__(self, label: str, text: str):
        self.label, self.text = label, text
        self.starts = [0]
        for line in text.split("\n"):
            self.starts.append(self.starts[-1] + len(line) + 1)

    def offsets(self, span: Span) -> tuple[int, int]:
        return self.starts[span.line - 1] + span.column - 1, self.starts[span.end_line - 1] + span.end_column - 1

    def at(self, span: Span) -> str:
        start, end = self.offsets(span)
        return self.text[start:end]

    def mutant(self, span: Span, replacement: str, mutation: str, ids: Tag, start_end: tuple[int, int] | None = None) -> Mutant:
        start, end = start_end or self.offsets(span)
        line = self.text[self.starts[span.line - 1]:self.starts[span.line] - 1].strip()
        return Mutant(self.label, span.line, span.column, start, end, replacement, mutation, ids, line)


def short(text: str, width: int = 60) -> str:
    one = " ".join(text.split())
    return one if len(one) <= width else one[:width - 1] + "…"


def head_tag(block: n.Block | None) -> Tag:
    """The ids of the `rule` statements a block opens with."""
    ids: list[str] = []
    for stmt in block.stmts if block else ():
        if not isinstance(stmt, n.RuleRef):
            break
        ids.extend(stmt.ids)
    return tuple(ids)


def own_tag(node: object, current: Tag) -> Tag:
    """A node whose body opens with `rule` belongs to those ids; else to the enclosing tag."""
    body = getattr(node, "body", None)
    return head_tag(body if isinstance(body, n.Block) else None) or current


def silent(block: n.Block | None) -> bool:
    """Whether a block does nothing but carry tags."""
    return block is not None and all(isinstance(s, n.RuleRef) or marker_only(s) for s in block.stmts)


def marker_only(node: object) -> bool:
    """Whether a statement does nothing but carry tags (`step x { rule ID }`, `if c { rule A } else { rule B }`):
    dropping it changes nothing."""
    if isinstance(node, n.If):
        return all(silent(b) for _, b in node.branches) and (node.otherwise is None or silent(node.otherwise))
    body = getattr(node, "body", None)
    return isinstance(body, n.Block) and silent(body) \
        and all(not isinstance(getattr(node, f.name), n.Expr) for f in dataclasses.fields(node))  # type: ignore[arg-type]


def unique(*tags: Tag) -> Tag:
    return tuple(dict.fromkeys(i for tag in tags for i in tag))


def silent_ids(block: n.Block | None) -> Tag:
    """The ids a block carries if it does nothing else."""
    if block is None or not silent(block):
        return ()
    return unique(*(s.ids for s in block.stmts if isinstance(s, n.RuleRef)))


class Finder:
    """Walks one module and collects its mutants, each with the ids that tag its place."""

    def __init__(self, source: FileText):
        self.src = source
        self.found: list[Mutant] = []

    def module(self, module: n.Module) -> list[Mutant]:
        for decl in module.decls:
            if isinstance(decl, n.TestDecl):
                continue  # tests check rules; they encode none
            tag = (decl.name,) if isinstance(decl, n.CheckDecl) else tuple(getattr(decl, "rules", ()))
            before = len(self.found)
            body = getattr(decl, "body", None)
            self.node(decl, unique(tag, head_tag(body if isinstance(body, n.Block) else None)), own=True)
            if isinstance(decl, n.ThingDecl) and tag and len(self.found) == before:
                self.found.append(self.src.mutant(decl.span, "", f"drop the definition `{decl.name}`", tag))
        return self.found

    def block(self, block: n.Block, tag: Tag, extend: bool = False) -> None:
        """`extend`: the block's opening `rule`s add to the tag (a definition's body) instead of replacing it."""
        current, run = tag, extend  # run: the statement before was a `rule` too
        for stmt in block.stmts:
            if isinstance(stmt, n.RuleRef):
                current, run = (unique(current, stmt.ids) if run else stmt.ids), True
                continue
            run = False
            mine = own_tag(stmt, current)
            if mine and not marker_only(stmt):
                self.found.append(self.src.mutant(stmt.span, "", f"drop `{short(self.src.at(stmt.span))}`", mine))
            self.node(stmt, current)

    def node(self, node: object, tag: Tag, own: bool = False) -> None:
        """The mutants inside a node: its blocks by their own tags, its header by the node's (`own`: a
        definition, whose tag is already its own)."""
        if isinstance(node, n.If):
            self.branches(node, tag)
            return
        mine = tag if own else own_tag(node, tag)
        if mine:
            self.whole_number(node, mine)
        for f in dataclasses.fields(node):  # type: ignore[arg-type]
            value = getattr(node, f.name)
            if f.name in CONDITIONS and isinstance(value, n.Expr):
                self.negate(value, mine)
            if isinstance(value, n.Block):
                self.block(value, tag, extend=own)
            else:
                self.child(value, mine)

    def branches(self, node: n.If, tag: Tag) -> None:
        """An `if`: each condition belongs to its branch's tag, and to the silent branches it decides on
        (its own, and those after it: a false condition leads there)."""
        later = [silent_ids(b) for _, b in node.branches] + [silent_ids(node.otherwise)]
        for i, (cond, body) in enumerate(node.branches):
            decides = unique(head_tag(body) or tag, *later[i:])
            self.negate(cond, decides)
            self.expr(cond, decides)
            self.block(body, tag)
        if node.otherwise is not None:
            self.block(node.otherwise, tag)

    def child(self, value: object, tag: Tag) -> None:
        if isinstance(value, n.Block):
            self.block(value, tag)
        elif isinstance(value, n.Expr):
            self.expr(value, tag)
        elif isinstance(value, n.Node):
            self.node(value, tag)
        elif isinstance(value, tuple):
            for item in value:
                self.child(item, tag)

    def whole_number(self, node: object, tag: Tag) -> None:
        """The integers the tree keeps outside expressions: a definition's count (`x3`), a table row's last value."""
        if isinstance(node, n.ThingDecl) and node.count_span is not None and self.src.at(node.count_span) == f"x{node.count}":
            self.found.append(self.src.mutant(node.count_span, f"x{node.count + 1}", f"x{node.count} -> x{node.count + 1}", tag))
        elif isinstance(node, n.TableRow):
            start = self.src.offsets(node.span)[0]
            bounds = ROW.match(self.src.text, start)
            if bounds and int(bounds.group(1)) == node.high:
                at = bounds.start(1)
                self.found.append(self.src.mutant(node.span, str(node.high + 1), f"{node.high} -> {node.high + 1}", tag,
                                                  (at, bounds.end(1))))

    def negate(self, cond: n.Expr, tag: Tag) -> None:
        if tag:
            text = self.src.at(cond.span)
            self.found.append(self.src.mutant(cond.span, f"not ({text})", f"negate `{short(text)}`", tag))

    def expr(self, expr: n.Expr, tag: Tag) -> None:
        if not tag:
            return
        for item in walk(expr):
            if isinstance(item, n.Literal) and type(item.value) is int and self.src.at(item.span) == str(item.value):
                self.found.append(self.src.mutant(item.span, str(item.value + 1), f"{item.value} -> {item.value + 1}", tag))
            elif isinstance(item, n.Binary) and item.op.value in SWAPS:
                self.swap(item, tag)

    def swap(self, item: n.Binary, tag: Tag) -> None:
        start = self.src.offsets(item.left.span)[1]
        end = self.src.offsets(item.right.span)[0]
        op, new = item.op.value, SWAPS[item.op.value]
        at = self.src.text.find(op, start, end)
        if at >= 0:
            self.found.append(self.src.mutant(item.span, new, f"`{op}` -> `{new}` in `{short(self.src.at(item.span))}`", tag,
                                              (at, at + len(op))))


def walk(expr: object) -> Iterator[object]:
    """An expression and every expression inside it (not inside blocks: they have their own tags)."""
    stack = [expr]
    while stack:
        item = stack.pop()
        if isinstance(item, tuple):
            stack.extend(reversed(item))
        elif isinstance(item, n.Expr):
            yield item
            stack.extend(reversed([getattr(item, f.name) for f in dataclasses.fields(item)]))


def find_mutants(root: Path) -> list[Mutant]:
    """Every mutant of every `.rules` file under a rulesets root, in a stable order."""
    from ...compiler.driver import parse_module

    found: list[Mutant] = []
    for path in sorted(root.rglob("*.rules")):
        label = path.relative_to(root).as_posix()
        text = path.read_text(encoding="utf-8")
        module = parse_module(Source(label, text), Diagnostics())
        if module is not None:
            found.extend(Finder(FileText(label, text)).module(module))
    unique = {m.key(): m for m in found}  # a place reached twice (a shared node) is one mutant
    return sorted(unique.values(), key=lambda m: (m.file, m.start, m.end, m.replacement))
