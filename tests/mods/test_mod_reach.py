"""Mods reach all of a game: constants and lists the base declares, the base's tests, groups of
mods of which one may be loaded, optional dependencies, and silent hook points."""

import pytest

import rulecraft
from rulecraft.compiler.loader import load
from rulecraft.runtime.ruletests import run_test
from tests.support.folders import arena_mod, write

BASE = '''game "arena" "Arena"
kind unit { hp: int = 1 }
unit grunt "Grunt" { hp: 2 }
unit archer "Archer" { hp: 1 }
kind player { score: int = 0 }
const recruits = [grunt, archer]
const bonus = 10
fn muster(p: player) {
  for d in recruits { create d owned by p }
  hook mustered
  step score { p.score += bonus }
}
action play(p: player) { muster(p) }
test "two recruits" { let p = players()[0]  muster(p)  expect count(all unit owned by p) == 2 }
test "the bonus" { let p = players()[0]  muster(p)  expect p.score == 10 }
'''


@pytest.fixture
def arena(tmp_path):
    return write(tmp_path / "arena", BASE)


def codes(arena, *mods):
    with pytest.raises(rulecraft.CompileError) as info:
        load(arena, mods)
    return [d.code for d in info.value.diagnostics]


def mustered(rules) -> tuple[list[str], int]:
    game = rulecraft.Game(rules, players=["a"])
    p = game.players[0]
    game.act("play", p)
    return sorted(t.def_id for t in game.select("unit")), p.props["score"]


def test_a_mod_adds_to_a_list_constant_the_base_loops_over(tmp_path, arena):
    m = arena_mod(tmp_path, "ogres", 'unit ogre "Ogre" { hp: 5 }\npatch const recruits += [ogre]\n')
    assert mustered(load(arena, [m]))[0] == ["archer", "grunt", "ogre"]
    assert mustered(load(arena))[0] == ["archer", "grunt"]  # the base alone is unchanged


def test_a_mod_takes_from_or_sets_a_constant(tmp_path, arena):
    m = arena_mod(tmp_path, "lean", "patch const recruits -= [archer]\npatch const bonus = 25\n")
    assert mustered(load(arena, [m])) == (["grunt"], 25)


def test_patching_a_constant_is_checked(tmp_path, arena):
    m = arena_mod(tmp_path, "bad", "patch const recruts += [grunt]\npatch const bonus += [1]\npatch const recruits = 3\n")
    # the last one is refused where the base loops over the constant, now a number
    assert codes(arena, m) == ["E0201", "E0108", "E0702"]


def test_two_mods_patching_one_constant_conflict_unless_one_overrides(tmp_path, arena):
    a = arena_mod(tmp_path, "a", "patch const bonus = 1\n")
    b = arena_mod(tmp_path, "b", "patch const bonus = 2\n")
    assert codes(arena, a, b) == ["E0701"]
    c = arena_mod(tmp_path, "c", "patch const bonus = 3\n", ' overrides "arena/a"')
    assert mustered(load(arena, [a, c]))[1] == 3


def test_a_mod_replaces_removes_and_adds_tests(tmp_path, arena):
    m = arena_mod(tmp_path, "three", 'unit ogre "Ogre" {}\npatch const recruits += [ogre]\n'
                               'replace test "two recruits" { let p = players()[0]  muster(p)\n'
                               '  expect count(all unit owned by p) == 3 }\n'
                               'remove test "the bonus"\n'
                               'test "an ogre" { let p = players()[0]  muster(p)  expect count(all ogre) == 1 }\n')
    rules = load(arena, [m])
    assert sorted(t.title for t in rules.tests) == ["an ogre", "two recruits"]
    assert all(run_test(rules, t).passed for t in rules.tests)
    base = load(arena)
    assert [run_test(base, t).passed for t in base.tests] == [True, True]


def test_a_test_a_mod_changes_must_exist(tmp_path, arena):
    assert codes(arena, arena_mod(tmp_path, "bad", 'remove test "two recruit"\n')) == ["E0108"]


def test_a_mod_still_cannot_declare_a_test_the_base_has(tmp_path, arena):
    assert codes(arena, arena_mod(tmp_path, "dup", 'test "the bonus" { expect true }\n')) == ["E0301"]


def test_only_one_mod_of_a_group_is_loaded(tmp_path, arena):
    easy = arena_mod(tmp_path, "easy", "patch const bonus = 20\n", ' group "difficulty"')
    hard = arena_mod(tmp_path, "hard", "patch grunt { hp = 9 }\n", ' group "difficulty"')
    other = arena_mod(tmp_path, "other", "", ' group "looks"')
    assert codes(arena, easy, hard) == ["E0703"]
    assert mustered(load(arena, [easy, other]))[1] == 20


def test_an_optional_dependency_is_applied_first_when_loaded(tmp_path, arena):
    base_ogres = arena_mod(tmp_path, "ogres", 'unit ogre "Ogre" {}\npatch const recruits += [ogre]\n')
    more = arena_mod(tmp_path, "more", "patch const recruits += [grunt]\n", ' optional "arena/ogres" overrides "arena/ogres"')
    # given after its dependency or before it, `more` is applied after `ogres`
    for order in ([base_ogres, more], [more, base_ogres]):
        assert mustered(load(arena, order))[0] == ["archer", "grunt", "grunt", "ogre"]
    assert mustered(load(arena, [more]))[0] == ["archer", "grunt", "grunt"]  # and works without it


def test_a_hook_is_silent_until_a_mod_fills_it(tmp_path, arena):
    def log_whats(rules) -> list[tuple[str, str]]:
        game = rulecraft.Game(rules, players=["a"])
        game.act("play", game.players[0])
        return [(e["what"], e.get("name", e.get("text", ""))) for e in game.log if e["what"] in ("step", "log")]

    assert log_whats(load(arena)) == [("step", "score")]
    m = arena_mod(tmp_path, "cheer", 'after step mustered in muster { log "the recruits cheer" }\n')
    assert log_whats(load(arena, [m])) == [("log", "the recruits cheer"), ("step", "score")]
    r = arena_mod(tmp_path, "fill", 'replace step mustered in muster { p.score += 1 }\n')
    assert mustered(load(arena, [r]))[1] == 11


@pytest.mark.parametrize(("body", "hint"), [
    ("const recruits = [grunt]", "`patch const recruits = ...`"),
    ("unit grunt \"Grunt\" {}", "`patch grunt { property = value }`"),
    ("fn muster(p: player) {}", "`before|after|replace step STEP in muster { ... }`"),
])
def test_redefining_what_the_base_declares_hints_the_change_that_works(tmp_path, arena, body, hint):
    with pytest.raises(rulecraft.CompileError) as info:
        load(arena, [arena_mod(tmp_path, "again", body + "\n")])
    (d,) = info.value.diagnostics
    assert d.code == "E0301"
    assert hint in d.help
