"""A short, deterministic slice of the fuzzer (`make fuzz` runs it for as long as one likes):
mutations of each target's corpus never crash it, and every stored crash stays fixed."""

import random
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fuzz.__main__ import REGRESSIONS
from fuzz.mutate import mutate
from fuzz.targets import TARGETS, crash

_CORPORA: dict[str, list[bytes]] = {}  # each target's corpus, read once per test run


def _corpus(name):
    if name not in _CORPORA:
        _CORPORA[name] = TARGETS[name].corpus()
    return _CORPORA[name]


CASES = sorted((t, p) for t in TARGETS for p in (REGRESSIONS / t).glob("*.bin")) if REGRESSIONS.is_dir() else []


@pytest.mark.parametrize(("target", "case"), CASES, ids=lambda x: x.name if isinstance(x, Path) else x)
def test_a_stored_crash_stays_fixed(target, case, tmp_path):
    assert crash(TARGETS[target], case.read_bytes(), tmp_path) is None


def test_there_are_stored_cases_to_replay():
    assert CASES, "fuzz/regressions holds the crashes found so far"


@pytest.mark.parametrize("name", sorted(TARGETS))
@settings(max_examples=20, derandomize=True, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=2**32 - 1))
def test_mutations_never_crash(name, seed, tmp_path_factory):
    target = TARGETS[name]
    corpus = _corpus(name)
    rng = random.Random(seed)
    data = mutate(rng.choice(corpus), rng, corpus)
    assert crash(target, data, tmp_path_factory.mktemp(name)) is None, data[:400]


def test_an_input_that_runs_too_long_is_a_hang(tmp_path, monkeypatch):
    import fuzz.targets as targets

    def forever(data, folder):
        while True:
            pass

    monkeypatch.setattr(targets, "HANG_SECONDS", 0.2)
    assert crash(targets.Target("spin", list, forever), b"", tmp_path) == "Hang"
