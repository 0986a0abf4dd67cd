"""An action that no scenario, trigger, card effect or table row reaches (directly or through
fns) is reported as a warning, W0001: no player could ever take it in play."""

import pytest

from rulecraft.compiler.diagnostics import CompileError, Diagnostic
from rulecraft.compiler.loader import check_source, compile_source
from rulecraft.compiler.source import Span

GAME = '''game "t" "T"
action shout(p: player) { log "{p} shouts" }
action whisper(p: player) { log "{p} whispers" }
action wave(p: player) { log "{p} waves" }
fn offer(p: player) {
  let what = choose from ["shout", "pass"] by p "what now"
  if what == "shout" { shout(p) }
}
'''


def warnings(text):
    found = check_source(text, "t.rules").items
    assert [d for d in found if d.severity == "error"] == []
    return [(d.code, d.line, d.message) for d in found]


def test_an_action_no_scenario_reaches_is_reported_once():
    scenario = 'scenario s "S" { players: ["a"]  round { for p in players() { offer(p) } } }\n'
    assert warnings(GAME + scenario) == [("W0001", 3, "action `whisper` is never offered in play"),
                                         ("W0001", 4, "action `wave` is never offered in play")]


def test_a_trigger_or_a_table_row_offers_an_action_too():
    more = ('scenario s "S" { players: ["a"]  round { for p in players() { offer(p) } } }\n'
            'event rang(p: player)\nkind bell { }\nbell b "B" { on rang { whisper(p) } }\n'
            'die d2 "D2" { faces 1..2 }\ntable gesture "Gesture" (p: player) roll d2 { 1..2: "waves" { wave(p) } }\n')
    assert warnings(GAME + more) == []


def test_a_ruleset_without_scenarios_is_a_library_and_is_not_warned():
    assert warnings(GAME) == []


def test_an_action_that_always_refuses_is_a_stated_prohibition_not_a_missing_offer():
    scenario = 'scenario s "S" { players: ["a"]  round { for p in players() { offer(p) } } }\n'
    forbidden = 'action cheat(p: player) {\n  require false else "nobody may cheat"\n}\n'
    assert [w[2] for w in warnings(GAME + scenario + forbidden)] == ["action `whisper` is never offered in play",
                                                                    "action `wave` is never offered in play"]


def test_no_warning_is_looked_for_after_an_error():
    """An unknown name could make what it meant look unused."""
    broken = GAME + 'scenario s "S" { players: ["a"]  round { for p in players() { offer(p) } } }\nfn bad() -> int { return nothing }\n'
    with pytest.raises(CompileError) as err:
        compile_source(broken, "t.rules")
    assert [d.code for d in err.value.diagnostics] == ["E0101"]


def test_a_failure_is_summed_up_by_its_first_error_not_by_a_warning():
    warning = Diagnostic("W0001", "action `wave` is never offered in play", Span("t.rules", 4, 8, 4, 12), severity="warning")
    error = Diagnostic("E0101", "unknown name `nothing`", Span("t.rules", 10, 26, 10, 33))
    assert CompileError([warning, error]).summary() == "t.rules:10:26: E0101: unknown name `nothing`"
