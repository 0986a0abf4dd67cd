"""Doomtrooper: the game, its formats, and a table helper for the rule tests."""

from pathlib import Path

import pytest

import rulecraft
from rulecraft.decks import load_format

ROOT = Path(__file__).resolve().parents[3]
GALLERY = ROOT / "examples" / "decks"
FIXTURES = Path(__file__).parent / "fixtures"


@pytest.fixture(scope="session")
def dt():
    return rulecraft.load("doomtrooper")


@pytest.fixture(scope="session")
def league():
    return load_format("doomtrooper/prague-league-2010")


@pytest.fixture(scope="session")
def standard():
    return load_format("doomtrooper/standard")
