"""The language server before `initialize` and on documents the editor never opened: the
protocol's answers, never an internal error (found by the fuzzer's `lsp` target, issue 28)."""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("pygls", reason="the language server needs the extra `lsp` (pip install -e '.[lsp]')")

from tests.lsp.client import Client  # after the skip: it is of no use without pygls

SERVER_NOT_INITIALIZED = -32002


def hover(path: Path) -> dict:
    return {"textDocument": {"uri": path.as_uri()}, "position": {"line": 0, "character": 0}}


def test_a_request_before_initialize_is_refused_and_a_notification_dropped(project):
    client = Client(project)
    try:
        main = project / "base" / "main.rules"
        client.notify("textDocument/didOpen", {"textDocument": {"uri": main.as_uri(), "languageId": "rulecraft",
                                                                "version": 1, "text": main.read_text()}})
        answer = client.answer("textDocument/hover", hover(main))
        assert answer["error"]["code"] == SERVER_NOT_INITIALIZED
        client.initialize(project)  # the server is still there, and answers from now on
        assert client.open(main) == []
        assert client.request("textDocument/documentSymbol", {"textDocument": {"uri": main.as_uri()}})
    finally:
        client.close()


def test_requests_on_a_document_never_opened_answer_nothing_and_read_no_file(project, tmp_path):
    unopened = project / "base" / "main.rules"  # a real file on disk, not opened in the editor
    missing = tmp_path / "gone.rules"
    client = Client(project)
    try:
        client.initialize(project)
        for path in (unopened, missing):
            assert client.request("textDocument/hover", hover(path)) is None
            assert client.request("textDocument/definition", hover(path)) is None
            assert client.request("textDocument/documentSymbol", {"textDocument": {"uri": path.as_uri()}}) == []
            assert client.request("textDocument/completion", hover(path))["items"] == []
            assert client.request("textDocument/formatting", {"textDocument": {"uri": path.as_uri()},
                                                              "options": {"tabSize": 2, "insertSpaces": True}}) == []
        assert client.open(unopened) == []  # once opened, the same document is answered
        assert client.request("textDocument/documentSymbol", {"textDocument": {"uri": unopened.as_uri()}})
    finally:
        client.close()
