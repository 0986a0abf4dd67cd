"""The VS Code extension folder (editors/vscode): it contributes the language, the grammar and a
client that starts `rulecraft lsp` (it is not built or published here)."""

import json
import shutil
import subprocess
from pathlib import Path

import pytest

FOLDER = Path(__file__).resolve().parents[2] / "editors/vscode"


def test_the_extension_contributes_the_language_and_its_grammar():
    manifest = json.loads((FOLDER / "package.json").read_text(encoding="utf-8"))
    (language,) = manifest["contributes"]["languages"]
    assert language["id"] == "rulecraft"
    assert language["extensions"] == [".rules"]
    json.loads((FOLDER / language["configuration"]).read_text(encoding="utf-8"))
    (grammar,) = manifest["contributes"]["grammars"]
    scope = json.loads((FOLDER / grammar["path"]).read_text(encoding="utf-8"))["scopeName"]
    assert (grammar["language"], grammar["scopeName"]) == ("rulecraft", scope)
    assert (FOLDER / grammar["path"]).resolve() == (FOLDER.parent / "textmate/rulecraft.tmLanguage.json").resolve()
    assert manifest["activationEvents"] == ["onLanguage:rulecraft"]
    assert "vscode-languageclient" in manifest["dependencies"]


def test_the_client_starts_rulecraft_lsp():
    manifest = json.loads((FOLDER / "package.json").read_text(encoding="utf-8"))
    setting = manifest["contributes"]["configuration"]["properties"]["rulecraft.server.command"]
    assert setting["default"] == ["rulecraft", "lsp"]
    source = (FOLDER / manifest["main"]).read_text(encoding="utf-8")
    assert 'get("server.command", ["rulecraft", "lsp"])' in source


@pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed: the extension's syntax is not checked")
def test_the_client_is_valid_javascript():
    subprocess.run(["node", "--check", str(FOLDER / "extension.js")], check=True, timeout=60)
