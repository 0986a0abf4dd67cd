"""Helpers for the safety tests: a ruleset or mod is untrusted input."""

from __future__ import annotations

import pytest

import rulecraft

HEADER = 'game "hostile" "Hostile"\n'


def codes(err: rulecraft.CompileError) -> set[str]:
    return {d.code for d in err.diagnostics}


@pytest.fixture
def compile_ok():
    def run(text: str):
        return rulecraft.compile_source(HEADER + text, "hostile.rules")
    return run


@pytest.fixture
def refused():
    """Compile `text`; it must fail with a CompileError (never a raw Python exception). Returns the codes."""
    def run(text: str) -> set[str]:
        with pytest.raises(rulecraft.CompileError) as info:
            rulecraft.compile_source(HEADER + text, "hostile.rules")
        return codes(info.value)
    return run


@pytest.fixture
def game_of(compile_ok):
    def run(text: str, **kw) -> rulecraft.Game:
        return rulecraft.Game(compile_ok(text), **kw)
    return run
