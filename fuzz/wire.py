"""Raw bytes fed to the two servers of rulecraft, without a socket, for the fuzzer.

`http_exchange(data)` gives the deck page's request handler (rulecraft/decks/serve.py) `data`
as the bytes a client sent on one connection and returns what it answered; `lsp_session(data)`
gives the language server (rulecraft/authoring/lsp/server.py) `data` as its standard input
(Content-Length framed JSON-RPC) and returns what it wrote. Either raises the first exception a
rulecraft handler let escape (the servers themselves would catch it and answer "internal
error"), so the fuzzer sees where it came from. The corpora are requests and sessions built
from the project's decks and rules files. A newcomer may add a request or a message to them.
"""

from __future__ import annotations

import functools
import io
import json
import threading
from contextlib import redirect_stderr
from functools import lru_cache
from pathlib import Path
from types import SimpleNamespace
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
PORT = 8765  # the port the deck page is told it listens on: requests name it in their Host
HOST = f"127.0.0.1:{PORT}"
DOCUMENT = "file:///rulecraft-fuzz/main.rules"  # a file of no ruleset folder: the editor's text is all there is


# ---- the deck page ---------------------------------------------------------------------------


class _RecordingDesk:
    """The deck page's DeckDesk, remembering a fault the handler turns into a 500."""

    def __init__(self, desk: Any):
        self.desk = desk
        self.options = desk.options
        self.fault: Exception | None = None

    def answer(self, request: Any) -> dict[str, Any]:
        from rulecraft.decks.serve import BadRequest

        try:
            return self.desk.answer(request)
        except BadRequest:
            raise
        except Exception as err:
            self.fault = err
            raise


@lru_cache(maxsize=1)
def _desk() -> _RecordingDesk:
    from rulecraft.decks.serve import DeckDesk

    return _RecordingDesk(DeckDesk())


@lru_cache(maxsize=1)
def _handler() -> type:
    from rulecraft.decks.serve import Handler

    class Wire(Handler):
        """The page's handler on a connection of bytes: `request` is what the client sent."""

        def setup(self) -> None:
            self.rfile = io.BytesIO(self.request)
            self.wfile = io.BytesIO()

        def finish(self) -> None:
            self.server.answered = self.wfile.getvalue()  # type: ignore[attr-defined]

    return Wire


def http_exchange(data: bytes) -> bytes:
    """What the deck page answers on a connection that sent `data` (its faults raised)."""
    desk = _desk()
    desk.fault = None
    server = SimpleNamespace(desk=desk, port=PORT, loopback=True, answered=b"")
    with redirect_stderr(io.StringIO()):
        _handler()(data, ("127.0.0.1", 40000), server)
    if desk.fault is not None:
        raise desk.fault
    return server.answered


def request(method: str, path: str, body: bytes = b"", host: str = HOST, kind: str = "application/json") -> bytes:
    head = f"{method} {path} HTTP/1.1\r\nHost: {host}\r\nContent-Type: {kind}\r\nContent-Length: {len(body)}\r\n\r\n"
    return head.encode() + body


def http_corpus() -> list[bytes]:
    decks = sorted((ROOT / "examples" / "decks").glob("*.yaml"))
    checks = [request("POST", "/api/check", json.dumps({"deck": p.read_text(), "kind": "yaml", "file": p.name}).encode())
              for p in decks]
    pasted = json.dumps({"deck": "3 Gendarme\n2 Templar Marine\n", "kind": "txt",
                         "format": "doomtrooper/prague-league-2010"}).encode()
    return [*checks, request("POST", "/api/check", pasted), request("GET", "/api/options"),
            request("GET", "/") + request("GET", "/deck.js"), request("POST", "/api/options", b"{}"),
            request("GET", "/api/options", host=f"127.1:{PORT}"), request("POST", "/api/check", b"[1]")]


# ---- the language server -------------------------------------------------------------------


def frame(message: dict[str, Any]) -> bytes:
    body = json.dumps({"jsonrpc": "2.0", **message}).encode()
    return b"Content-Length: %d\r\n\r\n" % len(body) + body


def _recording(feature: Any, faults: list[Exception]) -> Any:
    """A feature of the server that remembers what it raised (pygls would answer with it), but
    for a protocol error it means to answer (JsonRpcException: e.g. "server not initialized")."""
    from pygls.exceptions import JsonRpcException

    @functools.wraps(feature)
    def run(*args: Any) -> Any:
        try:
            return feature(*args)
        except JsonRpcException:
            raise
        except Exception as err:
            faults.append(err)
            raise

    return run


def lsp_session(data: bytes) -> bytes:
    """What the language server writes when `data` is its standard input (its faults raised)."""
    from pygls.io_ import run

    from rulecraft.authoring.lsp.server import make_server

    server = make_server()
    faults: list[Exception] = []
    features = server.protocol.fm.features
    for name in list(features):
        features[name] = _recording(features[name], faults)
    out = _Written()
    server.protocol.set_writer(out)
    with redirect_stderr(io.StringIO()):  # pygls logs what a client got wrong
        run(threading.Event(), io.BytesIO(data), server.protocol)
    if faults:
        raise faults[0]
    return bytes(out.data)


class _Written:
    """What the language server writes (pygls's writer: `write` and `close`)."""

    def __init__(self) -> None:
        self.data = bytearray()

    def write(self, data: bytes) -> None:
        self.data += data

    def close(self) -> None:
        """Nothing to close: the bytes stay readable."""


def opening(text: str, uri: str = DOCUMENT) -> list[dict[str, Any]]:
    """An editor's first words to the language server: initialize, then open a document."""
    return [{"id": 1, "method": "initialize", "params": {"processId": None, "rootUri": None, "capabilities": {}}},
            {"method": "initialized", "params": {}},
            {"method": "textDocument/didOpen", "params": {"textDocument": {"uri": uri, "languageId": "rules",
                                                                           "version": 1, "text": text}}}]


def session(text: str) -> bytes:
    """An editor's session on one document: open it, ask what an editor asks, edit it, close it."""
    doc = {"uri": DOCUMENT}
    at = {"textDocument": doc, "position": {"line": 1, "character": 6}}
    messages = [
        *opening(text),
        {"id": 2, "method": "textDocument/hover", "params": at},
        {"id": 3, "method": "textDocument/definition", "params": at},
        {"id": 4, "method": "textDocument/references", "params": {**at, "context": {"includeDeclaration": True}}},
        {"id": 5, "method": "textDocument/completion", "params": at},
        {"id": 6, "method": "textDocument/documentSymbol", "params": {"textDocument": doc}},
        {"id": 7, "method": "textDocument/formatting", "params": {"textDocument": doc,
                                                                  "options": {"tabSize": 2, "insertSpaces": True}}},
        {"method": "textDocument/didChange", "params": {"textDocument": {**doc, "version": 2},
                                                        "contentChanges": [{"text": text + "\nconst zz = 1\n"}]}},
        {"method": "textDocument/didClose", "params": {"textDocument": doc}},
    ]
    return b"".join(frame(m) for m in messages)


def lsp_corpus() -> list[bytes]:
    sources = [p for p in sorted((ROOT / "examples").glob("*/main.rules")) if p.stat().st_size < 20_000]
    return [session(p.read_text()) for p in sources]
