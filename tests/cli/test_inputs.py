"""A user's inputs (decks, card pools, importer mappings, command-line values) report their
problems as the compiler's Diagnostic: a code, `file:line:col`, a hint; rendered as text,
JSON and SARIF by the one renderer."""

import json
import re
import subprocess
import sys
from pathlib import Path

import jsonschema
import pytest
from ruamel.yaml import YAML

from rulecraft.cli import main
from rulecraft.compiler.diagnostics import INPUT_CODES, InputError, render_sarif, render_text
from rulecraft.decks.importer import find_mappings, read_mapping
from rulecraft.decks.legality import DeckError, bundled_formats, check_deck, format_header
from rulecraft.inputs.documents import schema

PACKAGE = Path(__file__).resolve().parents[2] / "rulecraft"
FORMAT = "doomtrooper/standard"


def write(tmp_path, name, text):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def deck_json(capsys, *argv):
    code = main(["deck", "check", *argv, "--json"])
    return code, json.loads(capsys.readouterr().out)


def test_deck_check_json_errors_carry_codes_positions_and_hints(tmp_path, capsys):
    deck = write(tmp_path, "deck.yaml", f"format: {FORMAT}\nmain:\n  gendarm: 2\n  Gendarme: 1\nsidebord:\n  gendarme: 1\n")
    code, doc = deck_json(capsys, str(deck))
    assert code == 2
    assert doc["errors"] == 2
    got = [(d["code"], d["file"], d["line"], d["column"], d["message"], d.get("help")) for d in doc["diagnostics"]]
    assert got == [
        ("E0811", str(deck), 3, 3, "unknown card `gendarm`", "did you mean `gendarme`?"),
        ("E0810", str(deck), 5, 1, "the format has no deck section `sidebord`", "did you mean `sideboard`?"),
    ]


def test_deck_check_json_reports_an_unreadable_deck_and_bad_parameters(tmp_path, capsys):
    code, doc = deck_json(capsys, str(tmp_path / "missing.yaml"))
    assert code == 2
    assert [d["code"] for d in doc["diagnostics"]] == ["E0801"]
    assert doc["diagnostics"][0]["message"].startswith("cannot read the file:")
    deck = write(tmp_path, "deck.yaml", f"format: {FORMAT}\nmain:\n  gendarme: 1\n")
    code, doc = deck_json(capsys, str(deck), "--param", "as_of")
    assert code == 2
    assert [(d["code"], d["message"], d["file"]) for d in doc["diagnostics"]] == [
        ("E1001", "--param 'as_of' is not NAME=VALUE", None)]
    code, doc = deck_json(capsys, str(deck), "--param", "colour=red")
    assert code == 2
    assert [(d["code"], d["message"]) for d in doc["diagnostics"]] == [
        ("E0807", "the format has no parameter `colour`")]


def test_deck_check_text_errors_show_the_line_and_a_caret(tmp_path, capsys):
    deck = write(tmp_path, "deck.yaml", f"format: {FORMAT}\nmain:\n  gendarme: two\n")
    assert main(["deck", "check", str(deck)]) == 2
    err = capsys.readouterr().err
    assert err.splitlines() == [
        f"{deck}:3:13: error[E0804]: main/gendarme: the number of copies must be a whole number, not 'two'",
        "     3 |   gendarme: two",
        "       |             ^",
        "1 error",
    ]


def test_an_unknown_format_and_a_bad_pasted_line_have_their_codes(tmp_path):
    with pytest.raises(DeckError) as info:
        check_deck(write(tmp_path, "deck.txt", "format: nope/none\n4x Gendarme\n"))
    assert [(d.code, d.line, d.column, d.message) for d in info.value.diagnostics] == [
        ("E0806", 1, 9, "unknown format `nope/none`")]
    with pytest.raises(DeckError) as info:
        check_deck(write(tmp_path, "deck.txt", f"format: {FORMAT}\nfour Gendarme\n0 Gendarme\n"))
    assert [(d.code, d.line, d.column) for d in info.value.diagnostics] == [("E0805", 2, 1), ("E0804", 3, 1)]


def test_schema_prints_pool_and_importer_schemas(capsys):
    for name, title in (("pool", "rulecraft card pool"), ("importer", "rulecraft importer mapping"),
                        ("deck", "rulecraft deck")):
        assert main(["schema", name]) == 0
        shown = json.loads(capsys.readouterr().out)
        assert shown["title"] == title
        assert shown == schema(name)
        jsonschema.Draft202012Validator.check_schema(shown)


def test_every_bundled_importer_mapping_follows_the_importer_schema():
    mappings = [path for found in find_mappings().values() for _, path in found]
    assert mappings
    for path in mappings:
        assert read_mapping(path)["id"]["field"]


def test_a_written_pool_follows_the_pool_schema(tmp_path):
    fixtures = Path(__file__).resolve().parents[1] / "rulesets" / "doomtrooper" / "fixtures"
    out = tmp_path / "pool.yaml"
    assert main(["import", "doomtrooperdb", str(fixtures / "doomtrooperdb-small.json"), "-o", str(out)]) == 0
    assert list(jsonschema.Draft202012Validator(schema("pool")).iter_errors(YAML(typ="safe").load(out.read_text()))) == []


def test_a_bad_pool_file_is_reported_with_codes_and_positions(tmp_path, capsys):
    pool = write(tmp_path, "pool.yaml", "game: doomtrooper\ncard: 1\nset: [a]\ncards:\n"
                                        "  - {id: Bad-Id, kind: warrior, name: X}\n  - {kind: warrior, name: Y}\n")
    deck = write(tmp_path, "deck.yaml", f"format: {FORMAT}\nmain:\n  gendarme: 1\n")
    assert main(["deck", "check", str(deck), "--pool", str(pool)]) == 2
    lines = [line for line in capsys.readouterr().err.splitlines() if "error[" in line or "help:" in line]
    assert lines == [
        f"{pool}:2:1: error[E0903]: the pool: unknown key `card`",
        "  help: did you mean `cards`?",
        f"{pool}:3:6: error[E0903]: set: `set:` is a mapping of assumption -> value",
        f"{pool}:5:10: error[E0906]: cards/0/id: an id is lower case [a-z0-9_], starting with a letter",
        f"{pool}:6:5: error[E0903]: cards/1: a card is a mapping with `id`, `kind` and `name`",
    ]


def test_a_pool_setting_is_typed_like_everything_else(tmp_path):
    pool = write(tmp_path, "pool.yaml", "set:\n  banned_cards: [gendarm]\n  banned_card: 1\ncards: []\n")
    deck = write(tmp_path, "deck.yaml", "format: doomtrooper/prague-league-2010\nfaction: templars\nmain:\n  gendarme: 1\n")
    with pytest.raises(DeckError) as info:
        check_deck(deck, pools=[pool])
    assert [(d.code, d.line, d.column, d.message, d.help) for d in info.value.diagnostics] == [
        ("E0909", 2, 17, "no card `gendarm`", "did you mean `gendarme`?"),
        ("E0910", 3, 16, "the format has no assumption `banned_card`", "did you mean `banned_cards`?"),
    ]


def test_a_bad_importer_mapping_is_reported_with_codes_and_positions(tmp_path):
    mapping = write(tmp_path, "layout.yaml", 'id: {field: code, format: "db"}\nname: {field: name, case: upper}\n'
                                             "properties:\n  - {field: cost, to: value, type: float}\n  - {to: value}\n"
                                             "colour: red\n")
    with pytest.raises(InputError) as info:
        read_mapping(mapping)
    got = [(d.code, d.line, d.column, d.message) for d in info.value.diagnostics]
    assert got == [
        ("E0904", 1, 1, "the mapping: the mapping needs `id`, `name` and `kind`, each `{field: ...}`"),
        ("E0904", 1, 27, 'id/format: a `format` uses `{value}`, e.g. "db_{value}"'),
        ("E0904", 2, 27, "name/case: 'upper' is not one of ['title']"),
        ("E0904", 4, 36, "properties/0/type: 'float' is not one of ['int', 'text', 'bool']"),
        ("E0904", 5, 5, "properties/1: a field mapping names its `field`"),
        ("E0904", 6, 1, "the mapping: unknown key `colour`"),
    ]
    text = render_text(info.value.diagnostics, info.value.sources)
    assert f"{mapping}:4:36: error[E0904]:" in text
    assert "6 errors" in text


def test_invalid_yaml_in_a_pool_has_its_code(tmp_path):
    pool = write(tmp_path, "pool.yaml", "cards:\n  - {id: a, kind: warrior\n")
    deck = write(tmp_path, "deck.yaml", f"format: {FORMAT}\nmain:\n  gendarme: 1\n")
    with pytest.raises(DeckError) as info:
        check_deck(deck, pools=[pool])
    [d] = info.value.diagnostics
    assert d.code == "E0902"
    assert d.file == str(pool)
    assert d.line == 3
    assert d.message.startswith("invalid YAML")


def test_command_line_values_are_diagnostics_with_codes():
    result = subprocess.run([sys.executable, "-m", "rulecraft", "odds", "doom", "attack_wounds", "weapon=pistl", "range=3",
                             "armor=1"], capture_output=True, text=True)
    assert result.returncode == 2
    assert result.stderr.splitlines() == ["error[E1002]: no weapon `pistl`", "  help: did you mean `pistol`?", "1 error"]


def test_input_diagnostics_in_sarif_carry_their_description(tmp_path):
    deck = write(tmp_path, "deck.yaml", f"format: {FORMAT}\nmain:\n  gendarm: 1\n")
    with pytest.raises(DeckError) as info:
        check_deck(deck)
    doc = json.loads(render_sarif(info.value.diagnostics, "0"))
    assert doc["runs"][0]["tool"]["driver"]["rules"] == [{"id": "E0811", "shortDescription": {"text": "an unknown card"}}]
    assert doc["runs"][0]["results"][0]["locations"][0]["physicalLocation"]["region"]["startLine"] == 3


def test_every_input_code_is_documented_and_clashes_with_no_compiler_code():
    face = [p for p in PACKAGE.rglob("*.py") if p.relative_to(PACKAGE).parts[0] not in ("compiler", "runtime")] + \
        list((PACKAGE / "inputs" / "schemas").glob("*.json"))
    used = {c for p in face for c in re.findall(r'"(E\d{4})"', p.read_text(encoding="utf-8"))}
    assert used == set(INPUT_CODES)
    compiler = {c for p in (PACKAGE / "compiler").glob("*.py") if p.name != "diagnostics.py"
                for c in re.findall(r'"(E\d{4})"', p.read_text(encoding="utf-8"))}
    assert compiler
    assert not compiler & set(INPUT_CODES)
    assert all(c[:3] in ("E08", "E09", "E10") for c in INPUT_CODES)


def test_formats_are_found_by_the_compilers_reading_of_their_headers(tmp_path):
    assert bundled_formats()["doomtrooper/prague-league-2010"] == "doomtrooper/prague-league-2010"
    header = format_header(write(tmp_path, "main.rules", '# format "not/this"\nformat   "a/b"\n  "A B" extends "a"\n'))
    assert (header.name, header.title, header.extends) == ("a/b", "A B", "a")
    assert format_header(write(tmp_path, "game.rules", 'game "g" "G"\n')) is None
    assert format_header(tmp_path / "missing.rules") is None


def test_an_unknown_option_is_refused_by_the_game_and_reported_with_a_code(capsys):
    assert main(["run", "twilight-imperium/small_galaxy", "--option", "nope", "--rounds", "1"]) == 2
    assert capsys.readouterr().err.splitlines()[0].startswith("error[E1003]: unknown option 'nope'")
