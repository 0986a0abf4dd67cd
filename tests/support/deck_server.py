"""The deck page's tests: a deck server on an ephemeral loopback port, served from a thread of
the test process, and a client of it made with the standard library."""

import http.client
import json
import threading
from pathlib import Path

from rulecraft.decks.serve import DeckDesk, DeckServer

ROOT = Path(__file__).resolve().parents[2]
GALLERY = ROOT / "examples" / "decks"
HOMEMADE = str(GALLERY / "pools" / "homemade.yaml")
NEW_WARRIOR = str(ROOT / "examples" / "mods" / "new-warrior")  # the README's mod: a warrior with its ability


class Client:
    """Requests to one server with the standard library's client; each answer as (status, JSON)."""

    def __init__(self, port: int):
        self.host, self.port = "127.0.0.1", port

    def request(self, method, path, body=None, headers=None):
        conn = http.client.HTTPConnection(self.host, self.port, timeout=60)
        try:
            conn.request(method, path, body=body, headers=headers or {})
            response = conn.getresponse()
            return response.status, response.getheader("Content-Type"), response.read(), dict(response.getheaders())
        finally:
            conn.close()

    def get(self, path):
        status, _, body, _ = self.request("GET", path)
        return status, json.loads(body)

    def post(self, body, headers=None):
        data = body if isinstance(body, bytes) else json.dumps(body).encode()
        status, _, answer, _ = self.request("POST", "/api/check", data,
                                            {"Content-Type": "application/json"} | (headers or {}))
        return status, json.loads(answer)

    def check(self, deck, **fields):
        """The answer to a check of `deck` (a text), which must come with HTTP 200."""
        status, answer = self.post({"deck": deck, **fields})
        assert status == 200, answer
        return answer


def start(desk: DeckDesk) -> tuple[DeckServer, threading.Thread]:
    server = DeckServer("127.0.0.1", 0, desk)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    return server, thread
