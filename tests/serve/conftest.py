"""The deck server the deck page's tests share (tests/support/deck_server.py)."""

import pytest

from rulecraft.serve import DeckDesk
from tests.support.deck_server import HOMEMADE, MOD, Client, start


@pytest.fixture(scope="session")
def mod(tmp_path_factory):
    """The folder of the mod MOD."""
    folder = tmp_path_factory.mktemp("zealot")
    (folder / "main.rules").write_text(MOD, encoding="utf-8")
    return str(folder)


@pytest.fixture(scope="module")
def server(mod):
    """A server offering the mod MOD and the homemade-cards pool."""
    server, thread = start(DeckDesk(mods=[mod], pools=[HOMEMADE]))
    yield server
    server.shutdown()
    server.server_close()
    thread.join()


@pytest.fixture
def client(server):
    return Client(server.port)
