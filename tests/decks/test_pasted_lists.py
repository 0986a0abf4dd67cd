"""Decklists as players paste them: a byte-order mark, section headers in English and Czech,
`Card x4` as well as `4x Card`, set suffixes, standard input, a list saved as YAML; every
problem at its file:line:col with a code and a hint, all at once."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

import rulecraft
from rulecraft.decks.legality import DeckChecker, DeckError, read_deck, read_text_deck

ROOT = Path(__file__).resolve().parents[2]

FORMAT = '''game "cardgame" "A card game with a format"
enum clan { wolf, raven }
kind card { clans: list<clan> = [] }
card grey_wolf "Grey Wolf" { clans: [wolf] }
card howl "Howl!" { clans: [wolf] }
card ac_40 "AC-40 Justifier" {}
zone main
zone sideboard
zone proxies
param side: clan "the clan the deck plays"
check F-001 "at least 4 cards" {
  let n = count(all card at main)
  if n < 4 { violation "the deck has {n} cards; at least 4 are required" }
}
'''


@pytest.fixture(scope="module")
def rules():
    return rulecraft.compile_source(FORMAT, "cardgame.rules")


def sections(text):
    return {name: [(card, copies) for card, copies, _ in cards] for name, cards in read_text_deck(text, "d.txt").sections.items()}


def problems(err):
    return [(d.code, d.file, d.line, d.column, d.message, d.help) for d in err.diagnostics]


@pytest.mark.parametrize("line", ["4x Grey Wolf", "4X Grey Wolf", "4 x Grey Wolf", "4 Grey Wolf", "4× Grey Wolf",
                                  "Grey Wolf x4", "Grey Wolf X4", "Grey Wolf x 4", "Grey Wolf ×4", "  4x\tGrey Wolf  ",
                                  "4x\u00a0Grey Wolf"])
def test_a_card_is_read_with_its_count_first_or_last(line):
    assert sections(line + "\n") == {"main": [("Grey Wolf", 4)]}


def test_a_name_that_ends_in_a_number_keeps_it_when_the_count_comes_first():
    assert sections("2 Stray 70 Round\n1x Agent 7\n") == {"main": [("Stray 70 Round", 2), ("Agent 7", 1)]}


@pytest.mark.parametrize("header", ["Sideboard", "Sideboard:", "SIDEBOARD", "SIDEBOARD:", "sideboard:", "Sideboard (25):",
                                    "Sideboard (25)", "Sideboard: 25", "  Sideboard  ", "Side board:", "SB:",
                                    "Postranní balíček", "Postranni balicek:", "BOČNÍ BALÍČEK (2):"])
def test_a_sideboard_header_in_english_or_czech_starts_the_sideboard(header):
    assert sections(f"4x Grey Wolf\n{header}\n2x Howl!\n") == {"main": [("Grey Wolf", 4)], "sideboard": [("Howl!", 2)]}


@pytest.mark.parametrize("header", ["Main deck (60):", "MAIN", "Maindeck", "Balíček:", "Hlavní balíček (60)", "Deck"])
def test_a_main_deck_header_names_the_main_section(header):
    assert sections(f"Sideboard\n2x Howl!\n{header}\n4x Grey Wolf\n") == {"sideboard": [("Howl!", 2)],
                                                                          "main": [("Grey Wolf", 4)]}


def test_the_format_and_parameters_may_be_written_with_a_capital_and_a_card_may_hold_a_colon(rules):
    deck = read_text_deck("Format: cardgame\nSide: wolf\nHowl!: The Call x2\n2 Grey Wolf\n", "d.txt")
    assert (deck.format, deck.params) == ("cardgame", {"side": "wolf"})
    assert [(card, copies) for card, copies, _ in deck.sections["main"]] == [("Howl!: The Call", 2), ("Grey Wolf", 2)]


def test_other_headers_with_a_colon_or_a_count_name_a_section_of_their_words():
    assert sections("Proxies:\n1x Howl!\nProxy (1)\n1 Grey Wolf\nSpare Cards:\n1 Howl!\n") == {
        "proxies": [("Howl!", 1), ("Grey Wolf", 1)], "spare_cards": [("Howl!", 1)]}


def test_a_byte_order_mark_before_a_list_given_as_text_is_no_part_of_it(rules):
    deck = read_text_deck("\ufeffformat: cardgame\nside: wolf\n4x Grey Wolf\n", "d.txt")
    assert (deck.format, deck.params, deck.sections) == ("cardgame", {"side": "wolf"},
                                                         {"main": [("Grey Wolf", 4, (3, 4))]})
    assert DeckChecker(rules).check(deck) == {"legal": True, "format": "cardgame", "violations": []}


def test_a_byte_order_mark_before_a_yaml_deck_given_as_text_is_no_part_of_it(rules):
    deck = rulecraft.decks.legality.read_yaml_deck("\ufeffformat: cardgame\nside: wolf\nmain:\n  grey_wolf: 4\n", "d.yaml")
    assert DeckChecker(rules).check(deck)["legal"] is True


@pytest.mark.parametrize("written", ["Grey Wolf (pl)", "Grey Wolf (PL)", "Grey Wolf [cz]", "grey wolf (en)",
                                     "Grey Wolf (unl)"])
def test_a_short_set_or_language_code_after_a_name_is_left_out_when_the_name_needs_it(rules, written):
    report = DeckChecker(rules).check(read_text_deck(f"format: cardgame\nside: wolf\n3x {written}\n1 Howl!\n", "d.txt"))
    assert report == {"legal": True, "format": "cardgame", "violations": []}


def test_a_name_with_a_suffix_that_names_no_card_is_unknown_with_a_hint_from_the_name_without_it(rules):
    with pytest.raises(DeckError) as info:
        DeckChecker(rules).check(read_text_deck("format: cardgame\nside: wolf\n4x Grey Wolff (pl)\n", "d.txt"))
    assert problems(info.value) == [("E0811", "d.txt", 3, 4, "unknown card `Grey Wolff (pl)`", "did you mean `Grey Wolf`?")]


def test_every_problem_of_a_pasted_list_is_reported_at_once_with_its_place_code_and_hint(rules, tmp_path):
    path = tmp_path / "deck.txt"
    path.write_text("format: cardgame\nside: wolff\n4x Grey Wolf\nGrey Wolf\n0x Howl!\n2x Hwl\nBench:\n1 Howl!\n"
                    "5000 Howl!\n" + "9" * 5000 + " Howl!\n", encoding="utf-8")
    with pytest.raises(DeckError) as info:
        DeckChecker(rules).check(path)
    file = str(path)
    assert problems(info.value) == [
        ("E0805", file, 4, 1, "cannot read `Grey Wolf`", 'write a card as "4x Card Name" or "Card Name x4", a section as "Sideboard:"'),
        ("E0804", file, 5, 1, "0 copies? a card is listed from 1 to 999 times", "write the number of copies of the card"),
        ("E0804", file, 9, 1, "5000 copies? a card is listed from 1 to 999 times", "write the number of copies of the card"),
        ("E0804", file, 10, 1, "99999999… copies? a card is listed from 1 to 999 times", "write the number of copies of the card"),
        ("E0808", file, 2, 7, "`wolff` is not a clan", "did you mean `wolf`?"),
        ("E0811", file, 6, 4, "unknown card `Hwl`", "did you mean `Howl!`?"),
        ("E0810", file, 7, 1, "the format has no deck section `bench`", "its sections: main, sideboard, proxies"),
    ]


def test_read_deck_alone_still_raises_for_unreadable_lines(tmp_path):
    path = tmp_path / "deck.txt"
    path.write_text("format: cardgame\n4x Grey Wolf\nGrey Wolf\n", encoding="utf-8")
    with pytest.raises(DeckError) as info:
        read_deck(path)
    assert [(d.code, d.line) for d in info.value.diagnostics] == [("E0805", 3)]


def test_a_file_without_a_known_suffix_is_read_as_it_looks(rules, tmp_path):
    listed, yaml = tmp_path / "deck", tmp_path / "deck.dck"
    listed.write_text("format: cardgame\nside: wolf\n4x Grey Wolf\n", encoding="utf-8")
    yaml.write_text("format: cardgame\nside: wolf\nmain:\n  grey_wolf: 4\n", encoding="utf-8")
    assert read_deck(listed).sections == {"main": [("Grey Wolf", 4, (3, 4))]}
    assert read_deck(yaml).sections == {"main": [("grey_wolf", 4, (4, 3))]}


@pytest.mark.parametrize(("text", "line", "column", "shown"), [
    ("4x Grey Wolf\n4x Howl!\n", 1, 1, "4x Grey Wolf"),
    ("format: cardgame\nside: wolf\n\n  Grey Wolf x4\nHowl! x2\n", 4, 3, "Grey Wolf x4"),
    ("# my deck\nformat: cardgame\nSideboard:\n2 Howl!\n", 4, 1, "2 Howl!"),
])
def test_a_pasted_list_saved_as_yaml_gets_a_hint_instead_of_a_yaml_error(tmp_path, text, line, column, shown):
    path = tmp_path / "deck.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(DeckError) as info:
        read_deck(path)
    assert problems(info.value) == [
        ("E0802", str(path), line, column, f"this looks like a text decklist (`{shown}`), not YAML",
         "save it as .txt, or pass it on standard input (`rulecraft deck check - < FILE`)")]


def test_a_yaml_deck_with_a_yaml_error_and_no_listed_card_keeps_its_yaml_error(tmp_path):
    path = tmp_path / "deck.yaml"
    path.write_text("format: cardgame\nmain:\n  grey_wolf: 2\n howl: [\n", encoding="utf-8")
    with pytest.raises(DeckError) as info:
        read_deck(path)
    [d] = info.value.diagnostics
    assert (d.code, d.line) == ("E0802", 4)
    assert d.message.startswith("invalid YAML")


# ---- standard input, through the command line ------------------------------------------


def deck_check(*argv, stdin=b""):
    return subprocess.run([sys.executable, "-m", "rulecraft", "deck", "check", *argv], input=stdin,
                          capture_output=True, cwd=ROOT)


LEAGUE_LIST = (ROOT / "examples" / "decks" / "new-warrior.txt").read_bytes()


def test_a_pasted_list_on_standard_input_is_checked_as_the_file_is():
    from_file = deck_check("examples/decks/new-warrior.txt", "--mod", "examples/mods/new-warrior", "--json")
    from_stdin = deck_check("-", "--mod", "examples/mods/new-warrior", "--json", stdin=b"\xef\xbb\xbf" + LEAGUE_LIST)
    assert from_stdin.returncode == from_file.returncode == 0
    assert json.loads(from_stdin.stdout) == json.loads(from_file.stdout) == {
        "legal": True, "format": "doomtrooper/standard", "violations": []}


def test_a_yaml_deck_on_standard_input_is_read_as_yaml():
    yaml = (ROOT / "examples" / "decks" / "templars-legal.yaml").read_bytes()
    result = deck_check("-", stdin=yaml)
    assert (result.returncode, result.stdout.decode()) == (0, "-: legal for doomtrooper/prague-league-2010\n")


def test_problems_on_standard_input_are_placed_in_stdin():
    result = deck_check("-", "--json", stdin=b"format: doomtrooper/standard\n4x Gendarm\n")
    assert result.returncode == 2
    [d] = json.loads(result.stdout)["diagnostics"]
    assert (d["code"], d["file"], d["line"], d["column"], d["help"]) == ("E0811", "<stdin>", 2, 4,
                                                                         "did you mean `Gendarme`?")


def test_standard_input_that_is_not_utf8_is_a_diagnostic_not_a_traceback():
    result = deck_check("-", stdin=b"4x Gendarme \xff\xfe\n")
    assert result.returncode == 2
    assert result.stderr.decode().startswith("<stdin>:1:1: error[E0801]: cannot read the deck from standard input")
    assert "Traceback" not in result.stderr.decode()
