"""Nesting costs linear work when compiling: 21 selections nested in one another's `where` and 40
`text(text(...))` are each checked and lowered once per expression (counted, not timed), and give
their results."""

from __future__ import annotations

from collections import Counter

import pytest

import rulecraft
from rulecraft.compiler import bodies, driver, lower
from rulecraft.compiler import nodes as n

RULES = 'game "t" "T"\nkind unit { hp: int = 1 }\nunit u1 "U" { hp: 2 }\nunit u2 "V" { hp: 3 }\n'


def selections(deep: int) -> str:
    sel = "all unit where it.hp > 2"
    for _ in range(deep):
        sel = f"all unit where ({sel}) != []"
    return sel


def texts(deep: int) -> str:
    inner = "xs"
    for _ in range(deep):
        inner = f"text({inner})"
    return inner


@pytest.mark.parametrize(("body", "args", "result", "nested", "written"), [
    (f"fn f() -> int {{ return count({selections(21)}) }}", [], 2, n.Select, 22),
    (f"fn f(xs: int) -> text {{ return {texts(40)} }}", [7], "7", n.Call, 40),
])
def test_each_expression_is_checked_and_lowered_once(monkeypatch, body, args, result, nested, written):
    checked: Counter[int] = Counter()
    lowered: Counter[int] = Counter()
    kinds: Counter[type] = Counter()
    for table, seen in ((bodies.EXPRESSIONS, checked), (lower.EXPRESSIONS, lowered)):
        for cls, method in list(table.items()):
            def counted(self, e, *rest, _method=method, _seen=seen):
                _seen[id(e)] += 1
                kinds[type(e)] += _seen is lowered
                return _method(self, e, *rest)
            monkeypatch.setitem(table, cls, counted)
    driver.forget_parsed()  # checked and lowered now, not taken again from an earlier compile
    game = rulecraft.Game(rulecraft.compile_source(RULES + body + "\n"))
    game.create("u1")
    game.create("u2")  # the only unit of more than 2 hp: every `where` holds, and `all unit` is both
    assert game.call("f", *args) == result
    assert max(checked.values()) == 1
    assert max(lowered.values()) == 1
    assert kinds[nested] == written  # every one of them lowered, each once
