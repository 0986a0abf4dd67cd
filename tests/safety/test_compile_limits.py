"""Hostile sources must be refused with a diagnostic: never a raw RecursionError or crash."""

from __future__ import annotations

import pytest

import rulecraft


def nested(kind: str, depth: int) -> str:
    if kind == "sum":
        return "fn f() -> int { return " + "1 + " * depth + "1 }"
    if kind == "neg":
        return "fn f() -> int { return " + "- " * depth + "1 }"
    if kind == "not":
        return "fn f() -> bool { return " + "not " * depth + "true }"
    if kind == "parens":
        return "fn f() -> int { return " + "(" * depth + "1" + ")" * depth + " }"
    if kind == "list":
        return "fn f() { let x = " + "[" * depth + "1" + "]" * depth + " }"
    if kind == "call":
        return "fn f() -> int { return " + "abs(" * depth + "1" + ")" * depth + " }"
    if kind == "if":
        return "fn f() { " + "if true { " * depth + "}" * depth + " }"
    if kind == "while":
        return "action f() { " + "while false { " * depth + "}" * depth + " }"
    if kind == "ifexpr":
        return "fn f() -> int { return " + "if true then " * depth + "1" + " else 1" * depth + " }"
    raise ValueError(kind)


KINDS = ["sum", "neg", "not", "parens", "list", "call", "if", "while", "ifexpr"]
OK_DEEP = {"parens"}  # parentheses make no AST node, so any depth is fine


@pytest.mark.parametrize(("kind", "depth"), [(k, d) for k in KINDS for d in (100, 1000, 5000)])
def test_deep_nesting_is_a_diagnostic(kind, depth):
    source = 'game "deep" "Deep"\n' + nested(kind, depth)
    if kind in OK_DEEP:
        rulecraft.compile_source(source)
        return
    with pytest.raises(rulecraft.CompileError) as info:
        rulecraft.compile_source(source)
    assert "E0602" in {d.code for d in info.value.diagnostics}


def test_nesting_just_under_the_limit_compiles():
    assert "f" in rulecraft.compile_source('game "deep" "Deep"\n' + nested("sum", 50)).callables
    assert "f" in rulecraft.compile_source('game "deep" "Deep"\n' + nested("if", 30)).callables


def test_huge_int_literal_is_a_diagnostic(refused):
    assert refused("fn f() -> int { return " + "9" * 5000 + " }") == {"E0007"}


def test_long_call_chain_is_checked_without_recursion_error(compile_ok):
    chain = "\n".join(f"fn f{i}() {{ f{i + 1}() }}" for i in range(1500)) + "\nfn f1500() { }"
    assert len(compile_ok(chain).callables) == 1501


def test_many_syntax_errors_are_capped(refused):
    codes = refused("fn f( { }\n" * 500)
    assert codes <= {"E0001", "E0002", "E0004", "E0009"}
    assert "E0009" in codes  # E0009: stopped after the cap


def test_unclosed_string_and_odd_characters_are_diagnostics(refused):
    assert "E0003" in refused('fn f() -> text { return "abc }\n')
    assert "E0002" in refused("fn f() { let x = 1 ; `rm -rf /` }\n")
    assert refused("fn f() { let x = \x00 }\n")
