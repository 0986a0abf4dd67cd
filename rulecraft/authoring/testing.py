"""A pytest plugin: rule tests name the catalogue ids they check, and the run records
which ids each test really executed (a compiled definition or `rule` statement that
carries the id ran during the test). `rulecraft coverage` reads the result.

Use: `@pytest.mark.rules("TI-033", "TI-034")` on a test; enable the plugin with
`pytest_plugins = ["rulecraft.authoring.testing"]` in conftest.py.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from pathlib import Path

import pytest

from ..runtime.history import listen_to_rules

REPORT = Path(os.environ.get("RULECRAFT_COVERAGE", ".rulecraft/coverage.json"))

_touched: set[str] = set()
_results: dict[str, dict[str, list[str]]] = {}
_stop_listening: list[Callable[[], None]] = []


def pytest_configure(config):
    config.addinivalue_line("markers", "rules(*ids): the catalogue rule ids this test checks")
    _stop_listening.append(listen_to_rules(_touched.update))  # every rule any game executes during the test


def pytest_unconfigure():
    while _stop_listening:
        _stop_listening.pop()()


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_call(item):
    _touched.clear()
    outcome = yield
    named = [i for m in item.iter_markers("rules") for i in m.args]
    if not named:
        return
    passed = outcome.excinfo is None
    for rule in named:
        entry = _results.setdefault(rule, {"executed_by": [], "named_by": []})
        entry["named_by"].append(item.nodeid)
        if passed and rule in _touched:
            entry["executed_by"].append(item.nodeid)


def pytest_sessionfinish():
    if not _results:
        return
    REPORT.parent.mkdir(parents=True, exist_ok=True)
    REPORT.write_text(json.dumps({"rules": dict(sorted(_results.items()))}, indent=1), encoding="utf-8")
