"""The bench's in-process server (bench/lsp.py) answers as the real one does: an edit gets its
diagnostics, a request its answer (the figures themselves are the bench's, not the tests')."""

import json

import pytest

pytest.importorskip("pygls", reason="the language server needs the extra `lsp` (pip install -e '.[lsp]')")

from bench.lsp import InProcess


def test_the_in_process_server_publishes_diagnostics_for_an_edit(project):
    path = project / "base/units.rules"
    server = InProcess()
    text = path.read_text(encoding="utf-8")
    server.send({"method": "textDocument/didOpen",
                 "params": {"textDocument": {"uri": path.as_uri(), "languageId": "rulecraft", "version": 1, "text": text}}})
    written = server.send({"method": "textDocument/didChange", "params": {
        "textDocument": {"uri": path.as_uri(), "version": 2}, "contentChanges": [{"text": text.replace("x4", "x4 !")}]}})
    message = json.loads(written.split(b"\r\n\r\n", 1)[1])
    assert message["method"] == "textDocument/publishDiagnostics"
    assert [d["code"] for d in message["params"]["diagnostics"]] == ["E0002"]
