"""Every scenario of every bundled ruleset and mod has a test that wins it (tests/scenarios/test_won_*.py
names it): a new scenario without one fails here."""

from pathlib import Path

from support.soak import cases


def test_every_bundled_scenario_is_won_in_a_test():
    here = Path(__file__)
    tests = "".join(p.read_text(encoding="utf-8") for p in sorted(here.parent.glob("test_won_*.py")) if p != here)
    scenarios = sorted({scenario for _, scenario in cases()})
    assert "knee_deep" in scenarios
    assert "duel" in scenarios
    assert [s for s in scenarios if f'"{s}"' not in tests] == []
