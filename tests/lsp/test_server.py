"""`rulecraft lsp` as an editor sees it: a real client over standard input and output."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulecraft.authoring.fmt import format_text
from tests.lsp.conftest import BASE_MAIN, BASE_UNITS, MOD_MAIN, find

pytest.importorskip("pygls", reason="the language server needs the extra `lsp` (pip install -e '.[lsp]')")

from tests.lsp.client import Client  # after the skip: it is of no use without pygls

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


@pytest.fixture(scope="module")
def server(project):
    client = Client(project)
    client.initialize(project)
    yield client
    client.close()


def at(path: Path, text: str, needle: str, nth: int = 0, offset: int = 0) -> dict:
    line, character = find(text, needle, nth)
    return {"uri": path.as_uri(), "range": {"start": {"line": line, "character": character + offset}}}


def place(location: dict) -> tuple[str, int, int]:
    """Where a location is: (file name, line, character), from 0."""
    start = location["range"]["start"]
    return Path(location["uri"].removeprefix("file://")).name, start["line"], start["character"]


def test_initialize_announces_every_feature(project):
    client = Client(project)
    try:
        capabilities = client.initialize(project)["capabilities"]
    finally:
        client.close()
    for feature in ("hoverProvider", "definitionProvider", "referencesProvider", "documentSymbolProvider",
                    "documentFormattingProvider"):
        assert capabilities[feature], feature
    assert capabilities["completionProvider"]["triggerCharacters"] == ["."]
    assert capabilities["textDocumentSync"]["openClose"] is True


def test_an_error_is_shown_where_it_is_and_goes_when_fixed(server, project):
    units = project / "base/units.rules"
    assert server.open(units) == []
    broken = BASE_UNITS.replace("speed: 5", "speed: fast")
    (diagnostic,) = server.change(units, broken, 2)
    assert diagnostic["code"] == "E0101"
    assert diagnostic["message"] == "unknown name `fast`"
    assert diagnostic["severity"] == 1
    assert diagnostic["source"] == "rulecraft"
    assert diagnostic["range"] == {"start": {"line": 7, "character": 9}, "end": {"line": 7, "character": 13}}
    assert server.change(units, BASE_UNITS, 3) == []


def test_a_syntax_error_stays_in_its_file(server, project):
    """While a file does not parse, the other files compile against its last text that did."""
    units, main = project / "base/units.rules", project / "base/main.rules"
    server.open(units)
    server.notifications.clear()
    (diagnostic,) = server.change(units, BASE_UNITS.replace("speed: 5", "speed: 5 @"), 4)
    assert (diagnostic["code"], diagnostic["range"]["start"]) == ("E0002", {"line": 7, "character": 11})
    assert not [m for m in server.notifications if m["params"]["uri"] == main.as_uri() and m["params"]["diagnostics"]]
    assert server.change(units, BASE_UNITS, 5) == []


def test_an_edit_in_one_file_reports_what_it_breaks_in_another(server, project):
    units, main = project / "base/units.rules", project / "base/main.rules"
    server.open(units)
    server.change(units, BASE_UNITS.replace("kind unit", "kind figure").replace("all unit", "all figure")
                  .replace("unit grunt", "figure grunt"), 6)
    shown = server.diagnostics(main.as_uri())
    assert [(d["code"], d["range"]["start"]["line"]) for d in shown] == [("E0102", 6), ("E0102", 8)]
    assert server.change(units, BASE_UNITS, 7) == []
    assert server.diagnostics(main.as_uri()) == []


def test_hover_shows_the_declaration_its_comment_and_rules(server, project):
    main = project / "base/main.rules"
    server.open(main)
    line, character = find(BASE_MAIN, "grunt")
    text = server.at("textDocument/hover", main, line, character + 2)["contents"]["value"]
    assert 'unit grunt "Grunt" x4' in text
    assert "The common soldier." in text
    assert "rules: BASE-001" in text
    assert "declared at `" in text
    assert "units.rules:5:6`" in text


def test_hover_shows_an_assumption_with_its_value_and_note(server, project):
    main = project / "base/main.rules"
    server.open(main)
    line, character = find(BASE_MAIN, "actions", 1)
    text = server.at("textDocument/hover", main, line, character)["contents"]["value"]
    assert "assume actions: int = 2" in text
    assert "note: two actions a turn, as the rule book says" in text
    assert "change it with `--set actions=VALUE`" in text
    assert "How many actions a unit takes in a turn." in text


def test_hover_shows_the_type_of_a_local_and_a_built_in(server, project):
    main, units = project / "base/main.rules", project / "base/units.rules"
    server.open(main)
    line, character = find(BASE_MAIN, "u.wounds")
    assert "type: `unit`" in server.at("textDocument/hover", main, line, character)["contents"]["value"]
    server.open(units)
    line, character = find(BASE_UNITS, "u.speed")
    assert "type: `int`" in server.at("textDocument/hover", units, line, character + 3)["contents"]["value"]
    line, character = find(BASE_UNITS, "all unit")
    assert server.at("textDocument/hover", units, line, character) is None  # a keyword


def test_definition_goes_across_an_import(server, project):
    main = project / "base/main.rules"
    server.open(main)
    line, character = find(BASE_MAIN, "u: unit")
    assert place(server.at("textDocument/definition", main, line, character + 3)) == ("units.rules", 1, 5)
    line, character = find(BASE_MAIN, "grunt")
    assert place(server.at("textDocument/definition", main, line, character)) == ("units.rules", 4, 5)
    line, character = find(BASE_MAIN, "units")
    assert place(server.at("textDocument/definition", main, line, character)) == ("units.rules", 0, 0)


def test_definition_goes_from_a_mod_to_its_base(server, project):
    mod = project / "tougher/main.rules"
    assert server.open(mod) == []
    line, character = find(MOD_MAIN, "patch grunt")
    found = server.at("textDocument/definition", mod, line, character + 6)
    assert found["uri"] == (project / "base/units.rules").as_uri()
    assert place(found)[1:] == (4, 5)
    line, character = find(MOD_MAIN, "wounds")
    assert place(server.at("textDocument/definition", mod, line, character)) == ("units.rules", 1, 12)
    line, character = find(MOD_MAIN, '"base"')
    found = server.at("textDocument/definition", mod, line, character + 1)
    assert found["uri"] == (project / "base/main.rules").as_uri()
    assert place(found)[1:] == (0, 5)


def test_a_mod_of_a_bundled_game_compiles_with_it():
    mod = EXAMPLES / "mods/doom-revenant/main.rules"
    text = mod.read_text(encoding="utf-8")
    client = Client(mod.parent)
    try:
        client.initialize(mod.parent)
        assert client.open(mod) == []
        line, character = find(text, "const invader_types")
        found = client.at("textDocument/definition", mod, line, character + 6)
        assert found["uri"].endswith("/rulesets/doom/setup.rules")
        assert place(found)[1:] == (22, 6)
        line, character = find(text, "invader revenant")
        found = client.at("textDocument/definition", mod, line, character)
        assert found["uri"].endswith("/rulesets/doom/figures.rules")
    finally:
        client.close()


def test_references_are_found_in_every_file(server, project):
    units = project / "base/units.rules"
    server.open(units)
    line, character = find(BASE_UNITS, "unit")
    found = server.at("textDocument/references", units, line, character, context={"includeDeclaration": True})
    assert sorted(place(loc) for loc in found) == [
        ("main.rules", 6, 18), ("main.rules", 8, 20),
        ("units.rules", 1, 5), ("units.rules", 4, 0), ("units.rules", 12, 15)]
    without = server.at("textDocument/references", units, line, character, context={"includeDeclaration": False})
    assert ("units.rules", 1, 5) not in [place(loc) for loc in without]
    assert len(without) == 4


def test_references_of_a_local_stay_in_its_function(server, project):
    units = project / "base/units.rules"
    server.open(units)
    line, character = find(BASE_UNITS, "best")
    found = server.at("textDocument/references", units, line, character, context={"includeDeclaration": True})
    assert len(found) == 4
    assert {place(loc)[0] for loc in found} == {"units.rules"}


def test_completion_offers_kinds_properties_events_built_ins_and_definitions(server, project):
    main = project / "base/main.rules"
    server.open(main)
    line, _ = find(BASE_MAIN, "  emit")
    items = {i["label"]: i for i in server.at("textDocument/completion", main, line, 2)["items"]}
    assert items["unit"]["kind"] == 7  # Class: a kind
    assert items["speed"]["kind"] == 10  # Property
    assert items["hit"]["kind"] == 23  # Event
    assert items["round_start"]["kind"] == 23
    assert items["count"]["kind"] == 3
    assert items["count"]["detail"] == "(list<any>) -> int"  # a built-in Function
    assert items["grunt"]["detail"] == 'unit "Grunt"'
    assert items["damage"]["kind"] == 3


def test_completion_after_a_dot_offers_properties(server, project):
    main = project / "base/main.rules"
    server.open(main)
    line, character = find(BASE_MAIN, "u.wounds")
    labels = {i["label"] for i in server.at("textDocument/completion", main, line, character + 2)["items"]}
    assert {"wounds", "speed", "name", "owner"} <= labels
    assert "grunt" not in labels
    assert "count" not in labels


def test_document_symbols_outline_the_file(server, project):
    units = project / "base/units.rules"
    server.open(units)
    symbols = server.request("textDocument/documentSymbol", {"textDocument": {"uri": units.as_uri()}})
    assert [(s["name"], s["kind"]) for s in symbols] == [("unit", 5), ("grunt", 19), ("fastest", 12)]
    assert [c["name"] for c in symbols[0]["children"]] == ["wounds", "speed"]
    assert symbols[1]["selectionRange"]["start"] == {"line": 4, "character": 5}


def test_formatting_returns_what_fmt_writes(server, project):
    messy = project / "base/messy.rules"
    text = "fn f() -> int {\nreturn 1   \n}\n\n\n\nconst X = 2\n"
    messy.write_text(text, encoding="utf-8")
    server.open(messy)
    edits = server.request("textDocument/formatting", {"textDocument": {"uri": messy.as_uri()},
                                                       "options": {"tabSize": 2, "insertSpaces": True}})
    assert len(edits) == 1
    assert edits[0]["range"] == {"start": {"line": 0, "character": 0}, "end": {"line": 7, "character": 0}}
    assert edits[0]["newText"] == format_text(text) == "fn f() -> int {\n  return 1\n}\n\nconst X = 2\n"


def test_formatting_leaves_a_file_that_does_not_parse(server, project):
    broken = project / "base/broken.rules"
    text = "fn f( {\n"
    broken.write_text(text, encoding="utf-8")
    assert [d["code"] for d in server.open(broken)] == ["E0001"]
    assert server.request("textDocument/formatting", {"textDocument": {"uri": broken.as_uri()},
                                                      "options": {"tabSize": 2, "insertSpaces": True}}) == []
