"""(k) The language server: CPU time from an edit to its diagnostics, and of the other requests.

The server runs in this process (`rulecraft.authoring.lsp.server.make_server`), fed the protocol's JSON
messages as its transport would feed them (`protocol.handle_message`); what it writes back (the
framed JSON of `textDocument/publishDiagnostics`, a response) is collected. A round trip is one
`didChange` with the whole new text of doom/attack.rules (and of doom's longest file), handled
until its diagnostics are written: the edited file is parsed again (each edit is a new text), the
ruleset's other files come from the parse cache, every file is checked. CPU time
(`time.process_time`), best and median; the garbage collector set as the command sets it.
"""

from __future__ import annotations

import gc
import itertools
import json
import statistics
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from rulecraft.cli import GC_THRESHOLD
from rulecraft.compiler.loader import folder_of

FILES = ("attack.rules", "marines.rules")  # of the bundled doom: one of about 300 lines, and its longest
EDITS = 15


class _Collected:
    """The server's output, as a transport's writer takes it."""

    def __init__(self) -> None:
        self.written: list[bytes] = []

    def write(self, data: bytes) -> None:
        self.written.append(data)

    def close(self) -> None:
        pass


class InProcess:
    """A language server fed JSON-RPC messages in this process."""

    def __init__(self) -> None:
        from rulecraft.authoring.lsp.server import make_server

        self.server = make_server()
        self.out = _Collected()
        self.server.protocol.set_writer(self.out)
        self.ids = itertools.count(1)
        self.send({"id": next(self.ids), "method": "initialize", "params": {"processId": None, "capabilities": {}}})
        self.send({"method": "initialized", "params": {}})

    def send(self, message: dict[str, Any]) -> bytes:
        """Handle one message; what the server wrote while handling it."""
        before = len(self.out.written)
        protocol = self.server.protocol
        protocol.handle_message(protocol.structure_message({"jsonrpc": "2.0", **message}))
        return b"".join(self.out.written[before:])

    def request(self, method: str, uri: str, line: int, character: int, **more: Any) -> bytes:
        return self.send({"id": next(self.ids), "method": method, "params": {
            "textDocument": {"uri": uri}, "position": {"line": line, "character": character}, **more}})


def _cpu(work: Callable[[], bytes], repeats: int) -> tuple[float, float]:
    """Best and median CPU seconds of `repeats` runs of `work`, each of which must write something."""
    times = []
    for _ in range(repeats):
        start = time.process_time()
        written = work()
        times.append(time.process_time() - start)
        assert written, "the server answered nothing"
    return min(times), statistics.median(times)


def run_bench(quick: bool = False) -> list[tuple[str, str, str]]:
    before = gc.get_threshold()
    gc.set_threshold(*GC_THRESHOLD)  # as `rulecraft lsp` runs (cli.main)
    try:
        return _rows(quick)
    finally:
        gc.set_threshold(*before)


def _rows(quick: bool) -> list[tuple[str, str, str]]:
    folder = folder_of("doom")
    assert folder is not None
    server, repeats = InProcess(), 5 if quick else EDITS
    first, opened = _edit_rows(server, (folder / FILES[0]).resolve(), repeats, broken=True)
    longest, _ = _edit_rows(server, (folder / FILES[1]).resolve(), repeats)
    return [*first, ("first open (every file parsed)", _ms(opened), "once per process; the parser tables loaded too"),
            *longest, ("", "CPU time in process, the server fed JSON-RPC messages", "")]


def _edit_rows(server: InProcess, path: Path, repeats: int, broken: bool = False) -> tuple[list[tuple[str, str, str]], float]:
    """Open a file, then time edits of it (and, if `broken`, edits that break its syntax, and the
    requests); the rows, and the CPU time of opening it."""
    uri, text = path.as_uri(), path.read_text(encoding="utf-8")
    start = time.process_time()
    server.send({"method": "textDocument/didOpen",
                 "params": {"textDocument": {"uri": uri, "languageId": "rulecraft", "version": 1, "text": text}}})
    opened = time.process_time() - start

    def edit(new_text: str) -> bytes:
        written = server.send({"method": "textDocument/didChange", "params": {
            "textDocument": {"uri": uri, "version": next(server.ids)}, "contentChanges": [{"text": new_text}]}})
        assert b"publishDiagnostics" in written
        return written

    best, median = _cpu(lambda: edit(text + f"# edit {next(server.ids)}\n"), repeats)
    rows = [(f"edit -> diagnostics, doom/{path.name} ({text.count(chr(10))} lines)", _ms(best),
             f"median {_ms(median)} of {repeats}; target well under 100 ms")]
    if broken:
        worst = _cpu(lambda: edit(text + f"fn broken_{next(server.ids)}( {{\n"), repeats)
        rows.append(("edit that breaks the syntax -> diagnostics", _ms(worst[0]), f"median {_ms(worst[1])}"))
        assert json.loads(edit(text).split(b"\r\n\r\n", 1)[1])["params"]["diagnostics"] == []
        rows += _requests(server, uri, text, repeats)
    return rows, opened


def _ms(seconds: float) -> str:
    return f"{seconds * 1000:.1f} ms"


def _requests(server: InProcess, uri: str, text: str, repeats: int) -> list[tuple[str, str, str]]:
    """Hover, references and completion on the name of a fn."""
    name = text.index("fn attack_hits") + 3
    line, character = text.count("\n", 0, name), name - text.rfind("\n", 0, name) - 1
    hover = _cpu(lambda: server.request("textDocument/hover", uri, line, character), repeats)
    refs = _cpu(lambda: server.request("textDocument/references", uri, line, character,
                                       context={"includeDeclaration": True}), repeats)
    completion = _cpu(lambda: server.request("textDocument/completion", uri, line, character), repeats)
    return [("hover on a fn", _ms(hover[0]), f"median {_ms(hover[1])}"),
            ("references of a fn, whole ruleset", _ms(refs[0]), f"median {_ms(refs[1])}"),
            ("completion (every name of the ruleset)", _ms(completion[0]), f"median {_ms(completion[1])}")]


if __name__ == "__main__":
    for row in run_bench():
        print("  ".join(row))
