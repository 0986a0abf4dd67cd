"""A slice of the soak (python -m tests.support.soak, `make soak`: seeds 1-100): every scenario of
every bundled ruleset and mod, played to its end by random agents with one seed of its own,
ends without a fault and its log replays line for line."""

import pytest
from support.soak import cases, soak_one

CASES = [(rid, scenario, 2 + i * 7 % 97) for i, (rid, scenario) in enumerate(cases())]


@pytest.mark.parametrize(("ruleset_id", "scenario", "seed"), CASES, ids=[f"{r}/{s}@{n}" for r, s, n in CASES])
def test_every_scenario_plays_to_its_end_and_replays(ruleset_id, scenario, seed):
    *_, failure, _seconds = soak_one((ruleset_id, scenario, seed))
    assert failure is None
