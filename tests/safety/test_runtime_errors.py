"""At run time a ruleset meets only rulecraft errors (GameError subclasses), never raw Python ones."""

from __future__ import annotations

import subprocess
import sys
import textwrap

import pytest

import rulecraft

BOX = 'kind box { n: int }\nbox crate "Crate" { n: 1 }\n'


def fails_cleanly(game: rulecraft.Game, action: str, *args) -> rulecraft.GameError:
    try:
        game.act(action, *args)
    except rulecraft.GameError as err:
        return err
    except Exception as err:  # noqa: BLE001 - the point of the test
        pytest.fail(f"raw Python exception escaped: {type(err).__name__}: {err}")
    pytest.fail("the hostile action ran without any error")


# ---- built-ins given wrong values through `any` / `none` (fixed in runtime/builtins.py)

@pytest.mark.parametrize("call", [
    "link(1, 2)", "link(none, none)", "unlink(3, players()[0])", "let b = linked(1, 2)", "let n = neighbours(x)",
    "let k = knows(players()[0], 5)", "let i = items(x)", "let s = size(x)", "let c = count(x)",
    "let t = sum([x, 1])", "let m = max([x, 1])", "let m = min([x, 1])", "let a = abs(x)",
    "let s = sample(x, 2)", "let c = ceil(x)", "let f = floor(x)",
])
def test_builtins_refuse_wrong_values(game_of, call):
    game = game_of(BOX + f"action a() {{ let x = none\n {call} }}")
    assert isinstance(fails_cleanly(game, "a"), rulecraft.IllegalAction)


def test_text_of_a_huge_number_is_a_budget_error(game_of):
    game = game_of("action a() { let x = 2\n for i in range(1, 14) { x = x * x }\n log \"{x}\" }")
    assert isinstance(fails_cleanly(game, "a"), rulecraft.BudgetExceeded)


# ---- raw Python errors inside handlers become a RuleFault naming the ruleset line


@pytest.mark.parametrize("body", [
    pytest.param("let z = 0\n let y = 5 // z", id="floordiv-by-zero->ZeroDivisionError"),
    pytest.param("let z = 0\n let y = 5 % z", id="mod-by-zero->ZeroDivisionError"),
    pytest.param("let z = 0\n let y = 5 / z", id="div-by-zero-is-clean"),
    pytest.param("let l = [1, 2]\n let y = l[5]", id="index-out-of-range->IndexError"),
    pytest.param("let x = none\n let y = x < 1", id="none-compare->TypeError"),
    pytest.param("let x = none\n let y = x + 1", id="none-arith->TypeError"),
    pytest.param("let x = none\n for i in x { }", id="for-over-none->TypeError"),
    pytest.param("let x = none\n let y = x.n", id="attr-of-none-is-clean"),
    pytest.param("let x = 3\n let y = f(x)", id="attr-of-int->AttributeError"),
    pytest.param("let y = g(players()[0])", id="missing-prop->KeyError"),
    pytest.param("let x = 3\n x.n = 4", id="set-on-int->AttributeError"),
])
def test_bad_values_fail_cleanly(game_of, body):
    game = game_of(BOX + "fn f(x: any) -> int { return x.n }\nfn g(x: any) -> int { return x.nosuch }\n"
                   f"fn h(x: any) {{ x.n = 1 }}\naction a() {{ {body} }}".replace("x.n = 4", "h(x)"))
    fails_cleanly(game, "a")


# ---- memory: work inside one step is not bounded (run in a child with a memory cap and a timeout)

CHILD = """
import resource, sys, rulecraft
resource.setrlimit(resource.RLIMIT_AS, (700_000_000, 700_000_000))
game = rulecraft.Game(rulecraft.compile_source(sys.argv[1]))
try:
    game.act("a")
except rulecraft.GameError as err:
    print("GameError", type(err).__name__, err)
    sys.exit(0)
except BaseException as err:
    print("RAW", type(err).__name__, str(err)[:200])
    sys.exit(3)
print("finished")
sys.exit(4)
"""

@pytest.mark.parametrize("body", [
    pytest.param('let s = "xxxxxxxx"\n while true { s = s + s }', id="text-doubling"),
    pytest.param("let l = [1, 2, 3, 4]\n while true { l = l + l }", id="list-doubling"),
    pytest.param("let x = 3\n while true { x = x * x }", id="int-squaring"),
    pytest.param("while true { " + 'log "flood" ' * 200 + "}", id="log-flood"),
    pytest.param("while true { let r = range(1, 1000) }", id="range-in-a-loop"),
])
def test_memory_and_time_stay_bounded(body):
    source = 'game "m" "M"\n' + f"action a() {{ {body} }}"
    try:
        done = subprocess.run([sys.executable, "-c", textwrap.dedent(CHILD), source], capture_output=True,
                              text=True, timeout=6)
    except subprocess.TimeoutExpired:
        pytest.fail("still running after 6 s")
    assert done.returncode == 0, done.stdout + done.stderr[-500:]
    assert "BudgetExceeded" in done.stdout
