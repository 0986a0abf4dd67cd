"""Every diagnostic code is described once; every code the compiler reports has a wrong example that
gets exactly that code and a fixed one that compiles without it; `explain` answers for every code."""

import re
from pathlib import Path

import pytest

import rulecraft
from rulecraft.cli import main
from rulecraft.compiler import diagnostics
from rulecraft.reference import codes
from rulecraft.reference.explain import explain, render
from tests.support.command import rc

PACKAGE = Path(rulecraft.__file__).resolve().parent
LITERAL = re.compile(r'"([EW]\d{4})"')


def written(folder: Path) -> set[str]:
    """The codes the Python files under a folder write as literals (the tables that describe them
    aside): what they can report."""
    return {code for path in folder.rglob("*.py") if path.name != "diagnostics.py"
            for code in LITERAL.findall(path.read_text(encoding="utf-8"))}


def test_every_code_is_described_once():
    tables = [table for name, table in vars(diagnostics).items() if name.endswith("_CODES")]
    listed = [code for table in tables for code in table]
    assert len(listed) == len(set(listed)), sorted(c for c in listed if listed.count(c) > 1)


def test_every_code_rulecraft_reports_is_described():
    assert written(PACKAGE) <= set(codes.described())


def test_every_code_has_a_wrong_and_a_fixed_example_but_the_importers():
    # an importer's mapping lives in a bundled game's folder: its codes are explained without examples
    assert sorted(set(codes.described()) - set(codes.examples())) == ["E0904", "E0911", "E0912", "E0913", "E0914"]
    assert set(codes.examples()) <= set(codes.described())


@pytest.mark.parametrize("code", sorted(codes.examples()))
def test_the_wrong_example_gets_exactly_its_code_and_the_fixed_one_nothing(code):
    ex = codes.examples()[code]
    wrong = codes.found(ex.wrong, main)
    assert {c for _, c in wrong} == {code, *ex.also}, codes.reported(ex.wrong, main)
    assert all(severity == codes.severity(c) for severity, c in wrong)
    assert codes.found(ex.fixed, main) == [], codes.reported(ex.fixed, main)


def test_an_example_may_repeat_a_text_and_save_a_file_in_another_encoding():
    assert codes.expanded("a «xy×3» b «[×2»") == "a xyxyxy b [["
    reported = codes.reported(codes.examples()["E0010"].wrong, main)
    assert reported.startswith("main.rules:1:12: error[E0010]: main.rules is not UTF-8 text (byte 0xe9)")
    assert "(saved as latin-1)" in codes.examples()["E0010"].wrong.shown()


def test_a_folder_example_names_its_files_from_the_example_not_from_a_temporary_folder():
    reported = codes.reported(codes.examples()["E0701"].wrong, main)
    assert reported.splitlines()[0] == "weak/main.rules:2:15: error[E0701]: `arena/weak` and `arena/tough` both change grunt.hp"
    assert "  note: tough/main.rules:2:15: `arena/tough` changes it here" in reported.splitlines()


@pytest.mark.parametrize("code", sorted(codes.described()))
def test_explain_answers_every_code(code):
    answer = explain(code, main)
    assert (answer["code"], answer["meaning"]) == (code, codes.described()[code])
    text = render(answer)
    assert text.startswith(f"{code}: {codes.described()[code]}\n")
    if code in codes.examples():
        assert f"[{code}]" in answer["examples"]["reported"]
        assert "Wrong (rulecraft " in text
        assert "\nFixed" in text


def test_every_range_of_codes_says_what_it_is_about():
    assert all(codes.family(code) for code in codes.described())
    assert codes.family("E0201") == "types"
    assert codes.family("W0915") == codes.family("E0915")  # a warning without a range of its own: that of its errors


def test_explain_a_code_on_the_command_line():
    result = rc("explain", "e0201")
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines()[:2] == ["E0201: a value of the wrong type", "An error of types."]
    assert "    main.rules:3:10: error[E0201]: the left side of `and` must be bool, but this is int" in result.stdout


def test_an_unknown_code_is_a_usage_error_with_suggestions():
    result = rc("explain", "E0210X")
    assert result.returncode == 2
    assert "Traceback" not in result.stderr
    result = rc("explain", "E0299")
    assert result.returncode == 2
    assert "Traceback" not in result.stderr
    assert result.stderr.splitlines()[:2] == ["error[E1003]: no diagnostic code E0299", "  help: did you mean `E0909`, `E0209` or `E1020`?"]


def test_an_input_example_runs_its_command_on_its_files():
    ex = codes.examples()["E0811"]
    assert ex.wrong.command() == "rulecraft deck check ./deck.yaml"
    assert codes.reported(ex.wrong, main).splitlines()[0] == "deck.yaml:3:8: error[E0811]: unknown card `aple`"
    assert codes.reported(ex.fixed, main) == "deck.yaml: legal for league"
    assert ex.fixed.shown(unlike=ex.wrong) == "# deck.yaml\nformat: league\ncolour: red\nmain: {apple: 2}\n"
