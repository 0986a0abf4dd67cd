"""A small LSP client for the tests: starts `python -m rulecraft lsp` and speaks JSON-RPC to it
over its standard input and output (Content-Length framing), as an editor does."""

from __future__ import annotations

import itertools
import json
import os
import queue
import subprocess
import sys
import tempfile
import threading
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
WAIT = 120  # seconds before a missing answer fails the test (a safety net, not a measurement)


class Client:
    def __init__(self, cwd: Path):
        self.log = tempfile.TemporaryFile()
        env = os.environ | {"PYTHONPATH": str(ROOT)}
        self.proc = subprocess.Popen([sys.executable, "-m", "rulecraft", "lsp"], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, stderr=self.log, cwd=cwd, env=env)
        self.ids = itertools.count(1)
        self.inbox: queue.Queue[dict | None] = queue.Queue()
        self.notifications: list[dict] = []
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        out = self.proc.stdout
        assert out is not None
        while True:
            headers: dict[str, str] = {}
            while (line := out.readline().decode("ascii")) not in ("\r\n", ""):
                name, _, value = line.partition(":")
                headers[name.strip().lower()] = value.strip()
            if not headers:
                self.inbox.put(None)  # the server closed its output
                return
            self.inbox.put(json.loads(out.read(int(headers["content-length"]))))

    def send(self, message: dict) -> None:
        body = json.dumps({"jsonrpc": "2.0", **message}).encode()
        assert self.proc.stdin is not None
        self.proc.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        self.proc.stdin.flush()

    def _next(self) -> dict:
        try:
            message = self.inbox.get(timeout=WAIT)
        except queue.Empty:
            raise AssertionError(f"no message from the server in {WAIT} s; its errors:\n{self.errors()}") from None
        if message is None:
            raise AssertionError(f"the server stopped; its errors:\n{self.errors()}")
        return message

    def request(self, method: str, params: Any) -> Any:
        """Send a request and wait for its result (notifications that come first are kept)."""
        message = self.answer(method, params)
        assert "error" not in message, message["error"]
        return message.get("result")

    def answer(self, method: str, params: Any) -> dict:
        """Send a request and wait for the whole answer: its result or its error."""
        number = next(self.ids)
        self.send({"id": number, "method": method, "params": params})
        while True:
            message = self._next()
            if message.get("id") == number and "method" not in message:
                return message
            self.notifications.append(message)

    def notify(self, method: str, params: Any) -> None:
        self.send({"method": method, "params": params})

    def diagnostics(self, uri: str) -> list[dict]:
        """The next diagnostics the server publishes for `uri` (kept ones first)."""
        while True:
            kept = next((m for m in self.notifications if _diagnostics_of(m, uri)), None)
            if kept is not None:
                self.notifications.remove(kept)
                return kept["params"]["diagnostics"]
            message = self._next()
            if _diagnostics_of(message, uri):
                return message["params"]["diagnostics"]
            self.notifications.append(message)

    def initialize(self, root: Path) -> dict:
        result = self.request("initialize", {"processId": os.getpid(), "rootUri": root.as_uri(), "capabilities": {}})
        self.notify("initialized", {})
        return result

    def open(self, path: Path, text: str | None = None) -> list[dict]:
        """Open a document; its diagnostics."""
        text = path.read_text(encoding="utf-8") if text is None else text
        self.notify("textDocument/didOpen", {"textDocument": {"uri": path.as_uri(), "languageId": "rulecraft",
                                                              "version": 1, "text": text}})
        return self.diagnostics(path.as_uri())

    def change(self, path: Path, text: str, version: int) -> list[dict]:
        """Replace a document's whole text; its diagnostics."""
        self.notify("textDocument/didChange", {"textDocument": {"uri": path.as_uri(), "version": version},
                                               "contentChanges": [{"text": text}]})
        return self.diagnostics(path.as_uri())

    def at(self, method: str, path: Path, line: int, character: int, **more: Any) -> Any:
        """A request about a position (line and character from 0, as the protocol counts them)."""
        return self.request(method, {"textDocument": {"uri": path.as_uri()},
                                     "position": {"line": line, "character": character}, **more})

    def close(self) -> None:
        if self.proc.poll() is None:
            self.request("shutdown", None)
            self.notify("exit", None)
            try:
                self.proc.wait(timeout=WAIT)
            except subprocess.TimeoutExpired:
                self.proc.kill()
        for pipe in (self.proc.stdin, self.proc.stdout):
            if pipe is not None:
                pipe.close()
        self.log.close()

    def errors(self) -> str:
        self.log.seek(0)
        return self.log.read().decode("utf-8", "replace")[-4000:]


def _diagnostics_of(message: dict, uri: str) -> bool:
    return message.get("method") == "textDocument/publishDiagnostics" and message["params"]["uri"] == uri
