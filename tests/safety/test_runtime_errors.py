"""At run time a ruleset meets only rulecraft errors (GameError subclasses), never raw Python ones."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap

import pytest

import rulecraft
from rulecraft.runtime.arith import MAX_BITS, MAX_LENGTH
from rulecraft.runtime.budget import DEFAULT_BUDGET
from rulecraft.runtime.errors import RuleFault
from rulecraft.runtime.history import MAX_LOG

BOX = 'kind box { n: int }\nbox crate "Crate" { n: 1 }\n'


def fails_cleanly(game: rulecraft.Game, action: str, *args) -> rulecraft.GameError:
    try:
        game.act(action, *args)
    except rulecraft.GameError as err:
        return err
    except Exception as err:  # catching everything is the point of the test
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
    err = fails_cleanly(game, "a")
    assert isinstance(err, rulecraft.IllegalAction)
    assert str(err).startswith("hostile.rules:5:2: `")  # the statement's place, then the built-in's name


def test_text_of_a_huge_number_is_a_budget_error(game_of):
    game = game_of("action a() { let x = 2\n for i in 1..14 { x = x * x }\n log \"{x}\" }")
    err = fails_cleanly(game, "a")
    assert isinstance(err, rulecraft.BudgetExceeded)
    assert str(err) == "hostile.rules:3:19: a number larger than 4096 bits"  # `x = x * x` in the loop


# ---- raw Python errors inside handlers become a RuleFault naming the ruleset line

BAD_VALUES = BOX + ("fn f(x: any) -> int { return x.n }\n"      # line 4
                    "fn g(x: any) -> int { return x.nosuch }\n"  # line 5
                    "fn h(x: any) { x.n = 1 }\n"                 # line 6
                    "action a() { BODY }")                        # lines 7-8 (`action a() {`, then the body's 2nd line)
FAULT = RuleFault


@pytest.mark.parametrize(('body', 'error', 'message'), [
    pytest.param("let z = 0\n let y = 5 // z", FAULT, "hostile.rules:8:2: division by zero (5 // 0)", id="floordiv-by-zero"),
    pytest.param("let z = 0\n let y = 5 % z", FAULT, "hostile.rules:8:2: division by zero (5 % 0)", id="mod-by-zero"),
    pytest.param("let z = 0\n let y = 5 / z", rulecraft.IllegalAction, "hostile.rules:8:2: division by zero (5 / 0)",
                 id="div-by-zero"),
    pytest.param("let l = [1, 2]\n let y = l[5]", FAULT, "hostile.rules:8:2: a list has no item at index 5 (it has 2 items)",
                 id="index-out-of-range"),
    pytest.param("let l = [1, 2]\n let k = [0, 7]\n let y = l[k[0]] + l[k[1]]", FAULT,
                 "hostile.rules:9:2: a list has no item at index 7 (it has 2 items)", id="index-of-an-index"),
    pytest.param("let l = [1, 2]\n create crate\n let y = count(all box where l[3] == 1)", FAULT,
                 "hostile.rules:9:2: a list has no item at index 3 (it has 2 items)", id="index-in-a-selection"),
    pytest.param("let l = [1, 2]\n let y = l[-3]", FAULT,
                 "hostile.rules:8:2: a list has no item at index -3 (it has 2 items)", id="index-below-the-start"),
    pytest.param("let l = [1, 2]\n let y = l[-1]", FAULT,
                 "hostile.rules:8:2: a list has no item at index -1 (it has 2 items)", id="no-index-from-the-end"),
    pytest.param("let x = none\n let y = x < 1", FAULT,
                 "hostile.rules:8:2: `<`, `<=`, `>` and `>=` compare numbers, not none", id="none-compare"),
    pytest.param("let x = none\n let y = x + 1", FAULT,
                 "hostile.rules:8:2: TypeError: unsupported operand type(s) for +: 'NoneType' and 'int'", id="none-arith"),
    pytest.param("let x = none\n for i in x { }", FAULT, "hostile.rules:8:2: TypeError: object of type 'NoneType' has no len()",
                 id="for-over-none"),
    pytest.param("let x = none\n let y = x.n", rulecraft.IllegalAction,
                 "hostile.rules:8:2: cannot read `n` of nothing (the value is none)",
                 id="attr-of-none"),
    pytest.param("let x = 3\n let y = f(x)", rulecraft.IllegalAction, "hostile.rules:4:23: 3 has no `n`", id="attr-of-int"),
    pytest.param("let y = g(players()[0])", FAULT, "hostile.rules:5:23: KeyError: 'nosuch'", id="missing-prop"),
    pytest.param("let x = 3\n h(x)", FAULT, "hostile.rules:6:16: AttributeError: 'int' object has no attribute 'props'",
                 id="set-on-int"),
])
def test_bad_values_fail_cleanly(game_of, body, error, message):
    """Given a bad value reaching an operation, when the action runs, then exactly this rulecraft
    error (a RuleFault for a raw Python error, else a refusal), naming the file, line and column
    of the statement that failed and the values involved."""
    game = game_of(BAD_VALUES.replace("BODY", body))
    err = fails_cleanly(game, "a")
    assert type(err) is error
    assert str(err) == message


# ---- memory: work inside one step is not bounded by the step budget; size guards stop it.
# Each program runs in a child with a memory cap, which reports how far it got: the steps taken,
# the log entries written and the size of the largest value the guards allow.

CHILD = """
import json, resource, sys, rulecraft
resource.setrlimit(resource.RLIMIT_AS, (700_000_000, 700_000_000))
game = rulecraft.Game(rulecraft.compile_source(sys.argv[1]))
try:
    game.act("a")
except rulecraft.GameError as err:
    outcome = {"error": type(err).__name__, "message": str(err)}
except BaseException as err:
    outcome = {"error": "RAW " + type(err).__name__, "message": str(err)[:200]}
else:
    outcome = {"error": None, "message": "finished"}
print(json.dumps(outcome | {"steps": game.budget.steps, "log": len(game.log)}))
"""


@pytest.mark.parametrize(('body', 'message', 'steps', 'log', 'where'), [
    # 8 * 2**17 = 1,048,576 > MAX_LENGTH: the 17th round stops; rounds 1..16 made texts of 8 * 2**k items,
    # each charged 2**k steps (a step per 8 items made)
    pytest.param('let s = "xxxxxxxx"\n while true { s = s + s }', f"longer than {MAX_LENGTH} items",
                 17 + sum(2**k for k in range(1, 17)), 1, "2:15", id="text-doubling"),
    pytest.param("let l = [1, 2, 3, 4]\n while true { l = l + l }", f"longer than {MAX_LENGTH} items",
                 18 + sum(2**(k - 1) for k in range(1, 18)), 1, "2:15", id="list-doubling"),  # 4 * 2**18
    pytest.param("let x = 3\n while true { x = x * x }", f"larger than {MAX_BITS} bits", 12, 1, "2:15",
                 id="int-squaring"),  # 3**(2**12) has 6,492 bits
    pytest.param("while true { " + 'log "flood" ' * 200 + "}", f"passed {MAX_LOG} entries", MAX_LOG // 200, MAX_LOG,
                 "1:2415", id="log-flood"),  # the 200th `log` of the round,
    pytest.param("while true { let r = 1..1000 }", "step budget", (DEFAULT_BUDGET // 1001 + 1) * 1001, 1,
                 "1:27", id="range-in-a-loop"),  # each round: 1 step, and 1,000 for the range
])
def test_memory_and_time_stay_bounded(body, message, steps, log, where):
    """Given a program whose values or log grow without end, when it runs, then a guard stops it with
    BudgetExceeded after exactly so many steps and log entries, within the memory cap, naming the
    line and column (after the one-line game header) of the statement it stopped."""
    source = 'game "m" "M"\n' + f"action a() {{ {body} }}"
    done = subprocess.run([sys.executable, "-c", textwrap.dedent(CHILD), source], capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr[-500:]
    outcome = json.loads(done.stdout)
    assert outcome["error"] == "BudgetExceeded", outcome
    assert message in outcome["message"]
    line, col = where.split(":")
    assert outcome["message"].startswith(f"<source>:{int(line) + 1}:{col}: ")
    assert (outcome["steps"], outcome["log"]) == (steps, log)
