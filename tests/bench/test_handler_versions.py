"""The bench's effect-handler cases: the compiled handler, its hand-written twin and the
tree-walking interpreter compute the same result (a ratio between versions that disagree
would mean nothing)."""

import pytest

from bench import handler


@pytest.mark.parametrize("case", handler.CASES, ids=lambda c: c.fn)
def test_the_three_versions_agree(case):
    _, runners = handler.setup(case)
    results = {name: run() for name, run in runners.items()}
    assert len(set(results.values())) == 1, results
