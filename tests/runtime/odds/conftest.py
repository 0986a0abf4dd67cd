"""Fixtures shared by the odds tests."""

import pytest

from rulecraft.runtime import odds


@pytest.fixture
def games(monkeypatch):
    """Counts the games the odds make: one per chance path."""
    made = []
    original = odds.Game

    def counted(*args, **kwargs):
        made.append(1)
        return original(*args, **kwargs)
    monkeypatch.setattr(odds, "Game", counted)
    return made
