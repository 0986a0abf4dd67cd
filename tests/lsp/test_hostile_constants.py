"""The language server on hostile constants: the billion laughs is one diagnostic, found with each
expression of the constants evaluated once (counted); a constant made of itself is its cycle's
diagnostic; a hover on a large constant shows a bounded part of its value."""

from __future__ import annotations

from rulecraft.authoring.lsp import describe, navigation
from rulecraft.authoring.lsp.analysis import analyse
from rulecraft.compiler.resolved import Resolution


def lone(tmp_path, text: str):
    path = tmp_path / "lone.rules"
    path.write_text('game "lone" "Lone"\n' + text, encoding="utf-8")
    found = analyse(path.resolve(), {})
    return found, found.label_of(path.resolve())


def laughs(levels: int, copies: int) -> str:
    lines = ["const a0 = [" + ", ".join(["1"] * copies) + "]"]
    lines += [f"const a{i} = [" + ", ".join([f"a{i - 1}"] * copies) + "]" for i in range(1, levels)]
    return "\n".join(lines) + "\nfn f() -> int { return count(a9) }\n"


def test_the_billion_laughs_is_one_diagnostic(tmp_path, monkeypatch):
    made: list[int] = []
    valued = Resolution.valued
    monkeypatch.setattr(Resolution, "valued", lambda res, e, v: made.append(1) or valued(res, e, v))
    found, _ = lone(tmp_path, laughs(10, 10))
    assert [(d.code, d.line, d.column) for d in found.diagnostics] == [("E0603", 7, 7)]
    assert len(made) <= 11 * 10 + 5  # each expression of the constants once, not 10**10 times


def test_a_constant_made_of_itself_is_one_diagnostic(tmp_path):
    found, _ = lone(tmp_path, "const a = b\nconst b = a\n")
    [d] = found.diagnostics
    assert (d.code, d.line, d.column) == ("E0604", 2, 11)
    assert d.message.endswith("a -> b -> a")


def test_a_hover_shows_a_bounded_part_of_a_large_value(tmp_path):
    found, label = lone(tmp_path, laughs(5, 10).replace("a9", "a4"))  # a4 holds 111,110 items
    assert found.diagnostics == []
    target = navigation.resolve(found, label, (6, 8))  # the name `a4` where it is declared
    assert target is not None
    assert target.name == "a4"
    shown = describe.hover(found, target, label, (6, 8)).split("\n")[1]
    assert shown.startswith("const a4 = [[[[[1, 1, 1, 1, 1, 1, 1, 1, 1, 1], [1, 1,")
    assert shown.count("1") == 88  # of the 100 items shown, the others are the lists holding them
    assert shown.endswith("[1, 1, 1, 1, 1, 1, 1, 1, …], …], …], …], …]")
    assert len(shown) < 4 * describe.SHOWN_ITEMS
