"""The deck server the deck page's tests share (tests/support/deck_server.py)."""

import pytest

from rulecraft.decks.serve import DeckDesk
from tests.support.deck_server import HOMEMADE, NEW_WARRIOR, Client, start


@pytest.fixture(scope="session")
def mod():
    return NEW_WARRIOR


@pytest.fixture(scope="module")
def server(mod):
    """A server offering the new-warrior mod and the homemade-cards pool."""
    server, thread = start(DeckDesk(mods=[mod], pools=[HOMEMADE]))
    yield server
    server.shutdown()
    server.server_close()
    thread.join()


@pytest.fixture
def client(server):
    return Client(server.port)
