"""The AST is built as the parser reduces (compiler/reductions.py), with the positions Lark's
own tree would give: a node spans from its first child's container to its last's, a container
includes the tokens its rule drops (brackets), and a rule that passes its one child up keeps
the child's own position."""

from __future__ import annotations

from rulecraft.compiler import nodes as n
from rulecraft.compiler import parser
from rulecraft.compiler.build import build_module
from rulecraft.compiler.diagnostics import Diagnostics


def returned(expr: str):
    """The expression `expr` as the AST holds it, returned from a fn on line 2."""
    diags = Diagnostics()
    module = build_module(f'game "g" "G"\nfn f(a: int, b: int, c: int) -> int {{ return {expr} }}\n', "g.rules", diags)
    assert module is not None
    assert not diags.items
    (fn,) = [d for d in module.decls if isinstance(d, n.FnDecl)]
    (ret,) = fn.body.stmts
    return ret.value


def columns(node) -> tuple[int, int]:
    return node.span.column, node.span.end_column


def test_a_node_starts_at_the_bracket_that_opens_its_first_child():
    product = returned("(a + b) * c")  # the expression starts at column 46
    assert columns(product) == (46, 57)
    assert columns(product.left) == (47, 52)  # the sum's own position: inside the brackets


def test_a_rule_that_passes_its_child_up_keeps_the_childs_position():
    assert columns(returned("a")) == (46, 47)
    assert columns(returned("((a))")) == (48, 49)


def test_nesting_deeper_than_the_limit_is_one_error_at_the_node_that_passes_it():
    depth = parser.MAX_TREE_DEPTH + 5
    diags = Diagnostics()
    text = 'game "g" "G"\nconst X = ' + "[" * depth + "1" + "]" * depth + "\n"
    assert build_module(text, "g.rules", diags) is None
    assert [(d.code, d.span.line) for d in diags.items] == [("E0602", 2)]


def test_what_the_builder_reports_is_dropped_when_the_file_has_a_syntax_error():
    diags = Diagnostics()
    text = 'game "g" "G"\nconst BIG = 12345678901234567890\nfn broken( {\n'
    assert build_module(text, "g.rules", diags) is None
    assert [d.code for d in diags.items] == ["E0001"]  # and not E0007, the number's


def test_a_placeholder_is_built_inside_its_text_at_the_texts_position():
    diags = Diagnostics()
    module = build_module('game "g" "G"\nfn f(a: int) { log "a is {a + 1}" }\n', "g.rules", diags)
    assert module is not None
    assert not diags.items
    (fn,) = [d for d in module.decls if isinstance(d, n.FnDecl)]
    (log,) = fn.body.stmts
    parts = [p for p in log.parts if not isinstance(p, str)]
    assert parts
    assert all(p.span == parts[0].span for p in parts)
