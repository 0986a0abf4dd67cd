"""Exact odds on a stranger's ruleset (issue 28): a table rolled on from its own row, outcomes
that are lists and maps, answers nested too deep. Each ends in an exact answer, a compile
diagnostic or a BudgetExceeded at its place, never a Python error."""

from fractions import Fraction

import pytest

import rulecraft
from rulecraft import cli
from rulecraft.runtime import odds
from rulecraft.runtime.odds import MAX_ANSWER_DEPTH

HEAD = 'game "t" "T"\ndie d6 "D6" { faces 1..6 }\n'


def codes(source: str) -> list[tuple[str, int, str]]:
    with pytest.raises(rulecraft.CompileError) as info:
        rulecraft.compile_source(HEAD + source)
    return [(d.code, d.line, d.message) for d in info.value.diagnostics]


def test_a_row_that_rolls_its_own_table_is_a_compile_error():
    assert codes('table t "T" () roll d6 {\n  1..3: "again" { t() }\n  4..6: "stop" { }\n}\n'
                 'query q() { t()  return 1 }\n') == [
        ("E0405", 3, "table `t` is rolled on again while its row runs (via t -> t)")]


def test_tables_and_fns_that_roll_each_other_in_a_ring_are_one_compile_error():
    assert codes('table a "A" () roll d6 { 1..6: "on" { b() } }\n'
                 'table b "B" () roll d6 { 1..6: "on" { again() } }\n'
                 'fn again() { a() }\n') == [
        ("E0405", 3, "table `a` is rolled on again while its row runs (via a -> b -> again -> a)")]


def test_a_fn_ring_without_a_table_keeps_its_own_code():
    assert [c for c, _, _ in codes('fn ping() { pong() }\nfn pong() { ping() }\n')] == ["E0601"]


def test_a_table_rolled_twice_from_one_row_of_another_is_no_ring():
    rules = rulecraft.compile_source(HEAD + 'table a "A" () roll d6 { 1..6: "on" { b()  b() } }\n'
                                            'table b "B" () roll d6 { 1..6: "off" { } }\n'
                                            'query q() { return a() }\n')
    assert odds.odds(rules, "q") == {n: Fraction(1, 6) for n in range(1, 7)}


def test_a_table_reached_again_through_an_event_stops_at_its_place():
    rules = rulecraft.compile_source(HEAD + 'event again()\n'
                                            'table t "T" () roll d6 { 1..6: "on" { emit again() } }\n'
                                            'on again { t() }\nquery q() { t()  return 1 }\n')
    with pytest.raises(rulecraft.GameError) as info:
        odds.odds(rules, "q")
    assert info.value.where == "<source>:4:39"  # the `emit`
    assert "events nest deeper than" in info.value.message


def test_die_faces_holding_lists_are_counted_and_shown_as_lists():
    rules = rulecraft.compile_source(HEAD + 'die fd "FD" { face { v: 1, w: [1] } face { v: 2, w: [2, 3] } '
                                            'face { v: 1, w: [1] } }\n')
    law = odds.odds(rules, "fd")
    assert law == {(("v", 1), ("w", (1,))): Fraction(2, 3), (("v", 2), ("w", (2, 3))): Fraction(1, 3)}
    assert [odds.thawed(k) for k in law] == [{"v": 1, "w": [1]}, {"v": 2, "w": [2, 3]}]


def test_a_list_of_pairs_stays_a_list_when_shown():
    rules = rulecraft.compile_source(HEAD + 'query pairs() { return [[roll d6 % 2, 0]] }\n')
    law = odds.odds(rules, "pairs")
    assert sorted(odds.thawed(k) for k in law) == [[[0, 0]], [[1, 0]]]


def test_an_answer_nested_deeper_than_the_limit_is_refused_at_the_query():
    rules = rulecraft.compile_source(HEAD + 'assume xs: list<any> = [] "a list"\n'
                                            'query q(n: int) {\n  let x = xs\n  for i in 1..n { x = [x] }\n'
                                            '  return [roll d6 % 2, x]\n}\n')
    deepest = MAX_ANSWER_DEPTH - 1  # the answer's own list, then x's lists
    assert odds.odds(rules, "q", [deepest]) == {(k, _nest(deepest)): Fraction(1, 2) for k in (0, 1)}
    for levels in (deepest + 1, 100_000):
        with pytest.raises(rulecraft.GameError) as info:
            odds.odds(rules, "q", [levels])
        assert info.value.where == "<source>:4:1"
        assert info.value.message == f"an outcome nests lists and maps deeper than {MAX_ANSWER_DEPTH}: " \
                                     "exact odds count outcomes of fewer"


def _nest(levels: int) -> tuple:
    value: tuple = ()
    for _ in range(levels):
        value = (value,)
    return value


@pytest.mark.parametrize(("source", "query", "code", "said"), [
    ('die fd "FD" { face { v: 1, w: [1] } face { v: 2, w: [2] } }\n', "fd", 0, "{'v': 2, 'w': [2]}"),
    ('table t "T" () roll d6 { 1..6: "again" { t() } }\nquery q() { t()  return 1 }\n', "q", 1, "E0405"),
    ('assume xs: list<any> = [] "a list"\nquery q() {\n  let x = xs\n  for i in 1..100000 { x = [x] }\n'
     '  return x\n}\n', "q", 1, "nests lists and maps deeper than 64"),
])
def test_the_odds_command_answers_or_refuses_without_an_internal_error(tmp_path, capsys, source, query, code, said):
    (tmp_path / "main.rules").write_text(HEAD + source, encoding="utf-8")
    assert cli.main(["odds", str(tmp_path), query]) == code
    out, err = capsys.readouterr()
    assert said in out + err
