"""Constants at compile time are charged before they are made: what a value holds counts its
nested items each time it holds them, past the limit is E0603 at the constant (once, with the
other errors still reported); a constant made of itself is E0604 naming the cycle, in a ruleset
and through a mod; a constant nesting too deep is E0602. Statements that the compiled handler
runs in a block of its own nest at most Python's limit (E0602 past it, never an internal error).
Every test counts items, diagnostics or evaluations: none is timed."""

from __future__ import annotations

import pytest

import rulecraft
from rulecraft.compiler import bodies, constants
from rulecraft.compiler.loader import check_source, load
from rulecraft.compiler.resolved import Resolution
from tests.support.folders import write, write_mod

HEAD = 'game "t" "T"\n'


def errors(text: str) -> list[tuple[str, int, int]]:
    return [(d.code, d.line, d.column) for d in check_source(text, "main.rules").errors]


def laughs(levels: int, copies: int = 10) -> str:
    """`const a0 = [1, 1, ...]`, then each level a list of `copies` of the one before."""
    lines = ["const a0 = [" + ", ".join(["1"] * copies) + "]"]
    lines += [f"const a{i} = [" + ", ".join([f"a{i - 1}"] * copies) + "]" for i in range(1, levels)]
    return "\n".join(lines) + "\n"


def test_the_billion_laughs_is_reported_once_at_the_first_constant_too_large_with_the_other_errors(monkeypatch):
    made: list[int] = []
    valued = Resolution.valued
    monkeypatch.setattr(Resolution, "valued", lambda res, e, v: made.append(1) or valued(res, e, v))
    text = HEAD + laughs(10) + "fn f() -> int { return count(a9) }\nfn g() -> int { return \"x\" }\n"
    diags = check_source(text, "main.rules")
    # a5 holds 10 + 100 + ... + 10**6 items, counted each time held: the first past 1,000,000
    assert [(d.code, d.line, d.column) for d in diags.errors] == [("E0603", 7, 7), ("E0201", 13, 24)]
    assert "`a5` holds more than 1000000 items" in diags.errors[0].message
    assert len(made) <= 11 * 10 + 5  # each expression of the constants evaluated once, not 10**10 times


def test_a_list_held_many_times_counts_each_time(monkeypatch):
    monkeypatch.setattr(constants, "MAX_CONST_ITEMS", 100)
    ten = "const a = [" + ", ".join(["1"] * 10) + "]\n"
    assert errors(HEAD + ten + "const b = [" + ", ".join(["a"] * 9) + "]\n") == []  # 9 + 9 * 10 = 99 items
    assert errors(HEAD + ten + "const b = [" + ", ".join(["a"] * 10) + "]\n") == [("E0603", 3, 7)]  # 110


def test_the_values_a_ruleset_holds_are_bounded_all_told_where_each_is_read(monkeypatch):
    monkeypatch.setattr(constants, "MAX_CONST_ITEMS", 100)
    ten = HEAD + "const a = [" + ", ".join(["1"] * 10) + "]\n"
    reads = "".join(f"fn f{i}() -> int {{ return count(a) }}\n" for i in range(10))  # 10 reads of 10 items
    assert errors(ten + reads) == []
    found = check_source(ten + reads + "fn f10() -> int { return count(a) }\n", "main.rules").errors
    assert [(d.code, d.line, d.column) for d in found] == [("E0603", 13, 32)]  # the read that passes 100
    assert "hold more than 100 items" in found[0].message


def test_a_large_value_held_by_a_definition_is_charged_where_it_is(monkeypatch):
    monkeypatch.setattr(constants, "MAX_CONST_ITEMS", 100)
    text = HEAD + "const a = [" + ", ".join(["1"] * 10) + "]\nkind unit { xs: list<list<int>> = [] }\n"
    assert errors(text + 'unit u "U" { xs: [' + ", ".join(["a"] * 9) + "] }\n") == []
    assert errors(text + 'unit u "U" { xs: [' + ", ".join(["a"] * 10) + "] }\n") == [("E0603", 4, 18)]


def test_a_constant_within_the_limit_keeps_its_value():
    game = rulecraft.Game(rulecraft.compile_source(HEAD + laughs(3, 4) + "fn f() -> int { return count(a2[3][1]) }\n"))
    assert game.call("f") == 4


@pytest.mark.parametrize(("text", "where", "cycle"), [
    ("const a = b\nconst b = a\nfn f() -> int { return count(a) }\n", (2, 11), "a -> b -> a"),
    ("const cc = cc\n", (2, 12), "cc -> cc"),
    ("const a = [1, b]\nconst b = [[a]]\nkind unit { xs: list<any> = a }\n", (2, 11), "a -> b -> a"),
])
def test_a_constant_made_of_itself_is_one_error_naming_the_cycle(text, where, cycle):
    [d] = check_source(HEAD + text, "main.rules").errors
    assert (d.code, d.line, d.column) == ("E0604", *where)
    assert d.message.endswith(f"is made of itself: {cycle}")


def test_a_mod_making_a_constant_of_itself_is_reported_in_the_mod(tmp_path):
    base = write(tmp_path / "base", 'game "base" "Base"\nconst a = 1\nconst b = [a]\nfn f() -> int { return count(b) }\n')
    mod = write_mod(tmp_path, "base", "loop", "patch const a = b\n")
    with pytest.raises(rulecraft.CompileError) as info:
        load(base, [mod])
    [d] = info.value.diagnostics
    assert (d.code, d.file.rsplit("/", 2)[-2], d.line, d.column) == ("E0604", "loop", 2, 17)
    assert d.message.endswith("`a` is made of itself: a -> b -> a")


@pytest.mark.parametrize(("backwards", "reported"), [(False, [5, 11, 17, 23, 29, 35]), (True, [39, 33, 27, 21, 15, 9])])
def test_a_chain_of_constants_too_deep_is_reported_at_the_constants_past_the_limit(monkeypatch, backwards, reported):
    monkeypatch.setattr(constants, "MAX_CONST_DEPTH", 10)
    chain = ["const c0 = 1"] + [f"const c{i} = [c{i - 1}]" for i in range(1, 40)]  # c{i} nests 2i + 1 levels
    found = check_source(HEAD + "\n".join(reversed(chain) if backwards else chain) + "\n", "main.rules").errors
    # one report per 10 levels, not one per constant: a constant reported has no value, so the next
    # ones start again from nothing
    assert [(d.code, d.message.split("`")[1]) for d in found] == [("E0602", f"c{i}") for i in reported]
    assert all(d.message.endswith("nests deeper than 10 levels (each list in a list and each constant naming a "
                                  "constant is a level)") for d in found)


def test_constants_nesting_within_the_limit_compile_and_keep_their_value():
    chain = ["const c0 = 7"] + [f"const c{i} = [c{i - 1}]" for i in range(1, 60)]
    read = "c59" + "[0]" * 59
    game = rulecraft.Game(rulecraft.compile_source(HEAD + "\n".join(reversed(chain)) + f"\nfn f() -> int {{ return {read} }}\n"))
    assert game.call("f") == 7


# ---- statements nesting in blocks of the compiled handler -------------------------------------

OPENERS = {
    "for": ("for v{i} in [1] {{", "}}"),
    "while": ("while t == 0 {{", "}}"),
    "phase": ("phase p{i} {{", "}}"),
    "step": ("step s{i} {{", "}}"),
    "turn": ("turn players()[0] {{", "}}"),
}


def nested(opener: str, deep: int, inner: str = "t += 1") -> str:
    head, tail = OPENERS[opener]
    lines = [head.format(i=i) for i in range(deep)] + [inner] + [tail.format(i=i) for i in range(deep)]
    return HEAD + "fn f() -> int {\n  let t = 0\n" + "\n".join(lines) + "\n  return t\n}\n"


@pytest.mark.parametrize("opener", sorted(OPENERS))
def test_blocks_nest_as_deep_as_python_allows_and_one_more_is_an_error_where_it_opens(opener):
    game = rulecraft.Game(rulecraft.compile_source(nested(opener, bodies.MAX_BLOCKS)))
    assert game.call("f") == 1
    assert errors(nested(opener, bodies.MAX_BLOCKS + 1)) == [("E0602", 4 + bodies.MAX_BLOCKS, 1)]


def test_an_expected_refusal_opens_two_blocks():
    def test_nesting(deep: int) -> str:
        loops = "".join(f"for v{i} in [1] {{\n" for i in range(deep))
        return HEAD + "action act(p: player) { require false }\n" + \
            f'test "refused" {{\n{loops}expect refused act(players()[0])\n{"}" * deep}\n}}\n'
    assert errors(test_nesting(bodies.MAX_BLOCKS - 2)) == []
    assert errors(test_nesting(bodies.MAX_BLOCKS - 1)) == [("E0602", 3 + bodies.MAX_BLOCKS, 1)]


def test_loops_nested_past_the_limit_are_reported_once():
    assert errors(nested("for", 40)) == [("E0602", 4 + bodies.MAX_BLOCKS, 1)]


def branching(count: int, inner: str = "") -> str:
    """`if x == 0 { return 0 } elif x == 1 { return 1 } ...`, `inner` in the last branch."""
    arms = " elif ".join(f"x == {i} {{ {inner if i == count - 1 else ''} return {i} }}" for i in range(count))
    return f"if {arms}"


def test_elifs_nest_as_deep_as_the_limit_and_one_more_is_an_error_at_the_if():
    deep = "x"
    for _ in range(60):
        deep = f"({deep} + 0)"  # the deepest expression beside them, within the checker's limit
    last = bodies.MAX_BRANCHES - 1
    text = HEAD + f"fn f(x: int) -> int {{\n{branching(bodies.MAX_BRANCHES)}\nreturn {deep}\n}}\n"
    game = rulecraft.Game(rulecraft.compile_source(text.replace(f"x == {last} {{", f"{deep} == {last} {{")))
    assert [game.call("f", x) for x in (0, last, last + 1)] == [0, last, last + 1]
    assert errors(HEAD + f"fn f(x: int) -> int {{\n{branching(bodies.MAX_BRANCHES + 1)}\nreturn -1\n}}\n") == [("E0602", 3, 1)]


def test_elifs_count_with_those_of_the_ifs_enclosing_them():
    inner = branching(bodies.MAX_BRANCHES - 199)
    outer = branching(200, inner)
    assert errors(HEAD + f"fn f(x: int) -> int {{\n{outer}\nreturn -1\n}}\n") == [("E0602", 3, outer.rindex(inner) + 1)]
    assert errors(HEAD + f"fn f(x: int) -> int {{\n{branching(200, branching(bodies.MAX_BRANCHES - 200))}\nreturn -1\n}}\n") == []
