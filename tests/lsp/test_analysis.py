"""The compiler's view of open documents, without the protocol: the loader's overlay, the last
text that parsed standing in for a broken one, and what names refer to."""

from __future__ import annotations

from rulecraft.authoring.lsp import navigation
from rulecraft.authoring.lsp.analysis import Documents, analyse
from rulecraft.compiler.diagnostics import Diagnostics
from rulecraft.compiler.loader import Reading, read_folder
from tests.lsp.conftest import BASE_MAIN, BASE_UNITS


def test_the_overlay_is_read_instead_of_the_file(project):
    units = project / "base/units.rules"
    diags, reading = Diagnostics(), Reading(overlay={units: BASE_UNITS.replace("x4", "x9")})
    modules = read_folder(project / "base", diags, reading)
    (grunt,) = [d for m in modules for d in m.decls if getattr(d, "name", "") == "grunt"]
    assert grunt.count == 9
    assert units.read_text(encoding="utf-8") == BASE_UNITS  # the file is left as it is
    assert diags.items == []


def test_a_file_with_no_ruleset_is_compiled_alone(tmp_path):
    lone = tmp_path / "lone.rules"
    lone.write_text('game "lone" "Lone"\nconst X = Y\n', encoding="utf-8")
    found = analyse(lone.resolve(), {})
    assert found.folder is None
    assert [(d.code, d.line, d.column) for d in found.diagnostics] == [("E0101", 2, 11)]


def test_a_file_its_ruleset_does_not_import_is_parsed_not_checked(project):
    extra = project / "base/extra.rules"
    extra.write_text("const Z = nothing_declared\n", encoding="utf-8")
    docs = Documents()
    assert docs.diagnostics(extra.resolve())[extra.resolve()] == []
    extra.unlink()


def test_a_broken_document_keeps_its_last_parsed_text_in_the_compile(project):
    units, main = (project / "base/units.rules").resolve(), (project / "base/main.rules").resolve()
    docs = Documents()
    docs.update(units, BASE_UNITS)
    docs.update(units, BASE_UNITS.replace("kind unit {", "kind unit {{"))
    shown = docs.diagnostics(units)
    assert [d.code for d in shown[units]] == ["E0001"]
    assert shown[main] == []  # `unit` is still declared, by the text that parsed


def test_names_in_strings_and_comments_are_no_words():
    line = 'log "{target.name} takes {wounds} wounds" # wounds'
    assert list(navigation.words(line)) == [("log", 1), ("target", 7), ("name", 14), ("wounds", 27)]


def test_a_placeholder_names_a_property_and_an_event_parameter(project):
    main = (project / "base/main.rules").resolve()
    found = Documents().analysis(main)
    label = found.label_of(main)
    assert label is not None
    line = BASE_MAIN.split("\n").index('on hit { log "{target.name} takes {wounds}" }') + 1
    name = navigation.resolve(found, label, (line, 23))
    assert name is not None
    assert (name.what, name.name) == (navigation.What.BUILTIN_FIELD, "name")
    target = navigation.resolve(found, label, (line, 16))
    assert target is not None
    assert (target.what, str(target.site)) == (navigation.What.LOCAL, f"{label}:7:11")
    hit = navigation.resolve(found, label, (line, 4))
    assert hit is not None
    assert (hit.what, str(hit.site)) == (navigation.What.EVENT, f"{label}:7:7")
