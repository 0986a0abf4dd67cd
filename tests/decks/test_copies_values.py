"""Numbers a stranger writes (issue 28, finding 5). A card's copies as any deck writes them: one
function reads them for every section of a YAML deck, a deck given as a mapping and a pasted
list; what is not a whole number from 1 to 999 is E0804 at the value. A number of thousands of
digits in a file to import is E0902 at its place; a value given from outside has at most 100
digits and is finite. Never an internal error."""

import re

import pytest

from rulecraft import cli
from rulecraft.decks.legality import MAX_COPIES, copies_problem, read_copies
from rulecraft.inputs.values import MAX_DIGITS, BadValue, typed
from rulecraft.runtime.types import INT, list_of

LEAGUE = "format: doomtrooper/prague-league-2010\nfaction: templars\n"


@pytest.mark.parametrize(("written", "copies"), [
    (4, 4), ("4", 4), (1, 1), (MAX_COPIES, MAX_COPIES), ("999", 999),
    (4.0, None), (True, None), (0, None), (MAX_COPIES + 1, None), ("0004", None), ("²", None), ("", None),
    (float("inf"), None), (None, None), ([4], None), ("9" * 5_000, None), (10 ** 400, None)])
def test_read_copies_gives_a_whole_number_from_1_to_999_or_nothing(written, copies):
    assert read_copies(written) == copies


@pytest.mark.parametrize(("written", "said"), [
    ("0004", "0004 copies?"), (4.0, "4.0 copies? a card is listed from 1 to 999 times (a whole number, without a "
                                     "decimal point)"), (True, "True copies?"), ("9" * 20, "99999999… copies?"),
    (10 ** 5_000, "over 99999999 copies?"), (-(10 ** 5_000), "over 99999999 copies?"), ([1], "[1] copies?")],
    ids=lambda v: type(v).__name__ if isinstance(v, int) else None)
def test_what_is_said_of_refused_copies_is_short(written, said):
    assert copies_problem(written).startswith(said)


def deck_check(tmp_path, capsys, text: str, name: str = "deck.yaml") -> tuple[int, str]:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    code = cli.main(["deck", "check", str(path)])
    return code, capsys.readouterr().err


@pytest.mark.parametrize("section", ["main", "sideboard", "proxies"])
def test_copies_written_with_a_decimal_point_are_e0804_in_every_section(tmp_path, capsys, section):
    other = "sideboard" if section == "main" else "main"
    code, err = deck_check(tmp_path, capsys, LEAGUE + f"{other}:\n  gendarme: 2\n{section}:\n  gang_up: 4.0\n")
    assert code == 2
    assert err.splitlines()[0] == (f"{tmp_path / 'deck.yaml'}:6:12: error[E0804]: {section}/gang_up: 4.0 copies? "
                                   "a card is listed from 1 to 999 times (a whole number, without a decimal point)")
    assert err.endswith("1 error\n")


def test_every_bad_count_of_a_deck_is_reported_together(tmp_path, capsys):
    code, err = deck_check(tmp_path, capsys, LEAGUE + "main:\n  gendarme: 4.0\nsideboard:\n  gang_up: 2.0\n")
    assert code == 2
    assert re.findall(r":(\d+):(\d+): error\[(E\d+)\]", err) == [("4", "13", "E0804"), ("6", "12", "E0804")]


def test_a_pasted_list_reads_its_counts_with_the_same_function(tmp_path, capsys):
    code, err = deck_check(tmp_path, capsys, "format: doomtrooper/prague-league-2010\n0004x Gendarme\n"
                                             "1000 Gang Up\n", "deck.txt")
    assert code == 2
    assert [line.split("error[E0804]: ")[1] for line in err.splitlines() if "E0804" in line] == [
        "0004 copies? a card is listed from 1 to 999 times", "1000 copies? a card is listed from 1 to 999 times"]


def test_a_deck_given_as_a_mapping_refuses_a_decimal_count():
    from rulecraft import DeckChecker
    from rulecraft.compiler.diagnostics import InputError

    with pytest.raises(InputError) as info:
        DeckChecker().check({"format": "doomtrooper/prague-league-2010", "faction": "templars",
                             "main": {"gendarme": 4.0}})
    assert [(d.code, d.line, d.column) for d in info.value.diagnostics] == [("E0804", 1, 90)]  # in its JSON text


def import_file(tmp_path, capsys, text: str) -> tuple[int, str]:
    path = tmp_path / "cards.json"
    path.write_text(text, encoding="utf-8")
    code = cli.main(["import", "doomtrooperdb", str(path)])
    return code, capsys.readouterr().err.replace(str(path), "cards.json")


@pytest.mark.parametrize("digits", [5_000, MAX_DIGITS + 1])
def test_a_number_of_too_many_digits_to_import_is_e0902_at_its_place(tmp_path, capsys, digits):
    code, err = import_file(tmp_path, capsys, '[{"code": "01", "name": "A 9999", "fight": ' + "9" * digits + "}]")
    assert code == 2
    assert err.splitlines()[0] == f"cards.json:1:44: error[E0902]: a number has more than {MAX_DIGITS} digits"


def test_digits_in_a_text_or_a_long_decimal_are_not_the_long_number(tmp_path, capsys):
    long_text = '"' + "9" * 500 + '"'
    code, err = import_file(tmp_path, capsys, f'[{{"code": {long_text}, "fight": 1{"0" * 300}.5}},\n'
                                              f' {{"code": -{"9" * 200}}}]')
    assert code == 2
    assert err.splitlines()[0].startswith("cards.json:2:11: error[E0902]")


def test_a_number_of_as_many_digits_as_allowed_is_imported(tmp_path, capsys):
    path = tmp_path / "cards.json"
    path.write_text('[{"code": "01", "name": "A", "type_code": "warrior", "fight": ' + "9" * MAX_DIGITS + "}]",
                    encoding="utf-8")
    assert cli.main(["import", "doomtrooperdb", str(path)]) == 0
    out = capsys.readouterr().out
    assert f"fight: {'9' * MAX_DIGITS}" in out


@pytest.mark.parametrize(("value", "type_", "text", "said"), [
    (10 ** 5_000, "int", False, f"has more than {MAX_DIGITS} digits"),
    (10 ** MAX_DIGITS, "num", False, f"has more than {MAX_DIGITS} digits"),
    (10 ** 5_000, "text", True, f"has more than {MAX_DIGITS} digits"),
    (float("inf"), "num", False, "must be a finite number, not inf"),
    (float("nan"), "num", True, "must be a finite number, not nan"),
    ([10 ** 5_000], "bool", True, f"must be true or false, not a value with a number of more than {MAX_DIGITS} digits"),
    ("[" + "9" * 5_000 + "]", list_of(INT), True, f"holds a number that has more than {MAX_DIGITS} digits"),
], ids=["int", "num", "text", "inf", "nan", "bool", "json-list"])
def test_a_value_from_outside_is_a_bounded_finite_number(value, type_, text, said):
    with pytest.raises(BadValue) as info:
        typed(value, type_, text=text)
    assert info.value.message == said


def test_the_largest_number_allowed_is_kept():
    assert typed(10 ** MAX_DIGITS - 1, "int") == 10 ** MAX_DIGITS - 1
    assert typed("[" + "9" * MAX_DIGITS + "]", list_of(INT), text=True) == [10 ** MAX_DIGITS - 1]
