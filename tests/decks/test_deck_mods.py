"""A card written once in a mod is a card a deck may name (`deck check --mod`, `mods=`), with the
ability the mod gives it; formats given as folders (`--format PATH`, a deck's `format:`), and
pools given as paths."""

import json
import shutil
from pathlib import Path

import pytest

import rulecraft
from rulecraft.cli import main
from rulecraft.decks.legality import DeckChecker, DeckError, check_deck, load_format
from rulecraft.runtime.ruletests import run_tests

ROOT = Path(__file__).resolve().parents[2]
MOD = "examples/mods/new-warrior"
DECK = ROOT / "examples" / "decks" / "new-warrior.txt"
STANDARD_LEGAL = {"legal": True, "format": "doomtrooper/standard", "violations": []}


@pytest.fixture
def at_root(monkeypatch):
    monkeypatch.chdir(ROOT)  # the paths the README gives are from the clone's root


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_a_deck_naming_a_mods_warrior_is_legal_with_the_mod(at_root, capsys):
    assert check_deck(DECK, mods=[MOD]) == STANDARD_LEGAL
    assert DeckChecker(mods=[MOD]).check_many([DECK, DECK]) == [STANDARD_LEGAL, STANDARD_LEGAL]
    code, out, _ = run(capsys, "deck", "check", str(DECK), "--mod", MOD)
    assert (code, out) == (0, f"{DECK}: legal for doomtrooper/standard with {MOD}\n")


def test_without_the_mod_the_warrior_is_an_unknown_card(at_root, capsys):
    with pytest.raises(DeckError) as info:
        check_deck(DECK)
    assert [(d.code, d.line, d.column, d.message) for d in info.value.diagnostics] == [
        ("E0811", 6, 4, "unknown card `Ember Zealot`")]
    code, out, _ = run(capsys, "deck", "check", str(DECK), "--json")
    assert code == 2
    assert [(d["code"], d["line"], d["message"]) for d in json.loads(out)["diagnostics"]] == [
        ("E0811", 6, "unknown card `Ember Zealot`")]


def test_the_mods_card_is_judged_by_the_formats_rules_the_league_forbids_it_as_homemade(at_root, capsys):
    report = check_deck(DECK, "doomtrooper/prague-league-2010", {"faction": "templars"}, mods=[MOD])
    assert report == {"legal": False, "format": "doomtrooper/prague-league-2010", "violations": [
        {"rule": "DT-032", "message": "4 homemade cards (Ember Zealot); homemade cards are forbidden",
         "cards": ["ember_zealot"]}]}
    code, out, _ = run(capsys, "deck", "check", str(DECK), "--mod", MOD, "--format", "doomtrooper/prague-league-2010",
                       "--param", "faction=templars", "--json")
    assert (code, json.loads(out)) == (1, report)


def test_the_card_a_deck_names_is_the_mods_card_with_its_ability(at_root):
    rules = load_format("doomtrooper/standard", (MOD,))
    zealot = rules.definitions["ember_zealot"]
    assert (zealot.kind, zealot.name, zealot.where.split(":")[0]) == ("warrior", "Ember Zealot", f"{MOD}/main.rules")
    # the mod's own test of the ability passes in the very ruleset the deck is checked with
    [outcome] = [o for o in run_tests(rules) if "Ember Zealot" in o.test.title]
    assert outcome.passed, outcome.message


def test_a_mod_is_found_by_its_folder_from_anywhere(tmp_path, monkeypatch):
    mod = tmp_path / "my-mod"
    shutil.copytree(ROOT / MOD, mod)
    monkeypatch.chdir(tmp_path)
    assert check_deck(DECK, mods=["my-mod"]) == STANDARD_LEGAL
    assert check_deck(DECK, mods=[str(mod / "main.rules")]) == STANDARD_LEGAL  # a module file names its folder


def test_an_unknown_mod_is_a_diagnostic_with_a_code(capsys):
    with pytest.raises(DeckError) as info:
        check_deck(DECK, mods=["no/such-mod"])
    [d] = info.value.diagnostics
    assert (d.code, d.message) == ("E1003", "no ruleset 'no/such-mod': not a bundled id nor a folder with main.rules")
    code, out, _ = run(capsys, "deck", "check", str(DECK), "--mod", "no/such-mod", "--json")
    assert code == 2
    assert [d["code"] for d in json.loads(out)["diagnostics"]] == ["E1003"]


def test_a_mod_that_does_not_compile_is_reported_with_the_compilers_diagnostics(tmp_path, capsys):
    mod = tmp_path / "broken"
    mod.mkdir()
    (mod / "main.rules").write_text('mod "broken" "Broken" extends "doomtrooper"\nwarrior x "X" { fight: "high" }\n',
                                    encoding="utf-8")
    with pytest.raises(rulecraft.CompileError):
        check_deck(DECK, mods=[str(mod)])
    code, out, _ = run(capsys, "deck", "check", str(DECK), "--mod", str(mod), "--json")
    report = json.loads(out)
    assert code == 1
    assert report["errors"] >= 1
    assert {d["file"] for d in report["diagnostics"]} == {f"{mod}/main.rules"}


# ---- formats and pools given by path ----------------------------------------------------

USER_FORMAT = '''format "my/league" "My league" extends "doomtrooper"
zone main
check MY-1 "at most 8 cards" {
  let n = count(all card at main)
  if n > 8 { violation "the deck has {n} cards; at most 8 are allowed" }
}
'''


@pytest.fixture
def league(tmp_path):
    folder = tmp_path / "my-league"
    folder.mkdir()
    (folder / "main.rules").write_text(USER_FORMAT, encoding="utf-8")
    return folder


def test_a_format_given_as_a_folder_on_the_command_line(league, tmp_path, capsys):
    deck = tmp_path / "deck.txt"
    deck.write_text("4x Gendarme\n4x Horde Trooper\n1 Luna\n", encoding="utf-8")
    code, out, _ = run(capsys, "deck", "check", str(deck), "--format", str(league), "--json")
    assert (code, json.loads(out)) == (1, {"legal": False, "format": "my/league", "violations": [
        {"rule": "MY-1", "message": "the deck has 9 cards; at most 8 are allowed", "cards": []}]})
    assert check_deck(deck, str(league)) == json.loads(out)


def test_a_decks_format_may_be_a_folder_below_the_decks_own(league, tmp_path):
    deck = tmp_path / "deck.yaml"
    deck.write_text("format: my-league\nmain:\n  gendarme: 4\n  Ember Zealot: 4\n", encoding="utf-8")
    assert check_deck(deck, mods=[str(ROOT / MOD)]) == {"legal": True, "format": "my/league", "violations": []}
    listed = tmp_path / "deck.txt"
    listed.write_text("format: my-league\n5x Gendarme\n4 Luna\n", encoding="utf-8")
    assert DeckChecker(mods=[str(ROOT / MOD)]).check_many([listed, deck, listed]) == [
        {"legal": False, "format": "my/league", "violations": [
            {"rule": "MY-1", "message": "the deck has 9 cards; at most 8 are allowed", "cards": []}]},
        {"legal": True, "format": "my/league", "violations": []},
        {"legal": False, "format": "my/league", "violations": [
            {"rule": "MY-1", "message": "the deck has 9 cards; at most 8 are allowed", "cards": []}]}]


@pytest.mark.parametrize("named", ["../my-league", "/etc", "my league"])
def test_a_deck_names_no_folder_outside_its_own_nor_as_a_path(league, tmp_path, named):
    below = tmp_path / "decks"
    below.mkdir()
    deck = below / "deck.txt"
    deck.write_text(f"format: {named}\n1 Gendarme\n", encoding="utf-8")
    with pytest.raises(DeckError) as info:
        check_deck(deck)
    [d] = info.value.diagnostics
    assert (d.code, d.line, d.column, d.message) == ("E0806", 1, 9, f"unknown format `{named}`")


def test_a_folder_holding_a_game_is_no_format(tmp_path):
    game = tmp_path / "game"
    game.mkdir()
    (game / "main.rules").write_text('game "g" "G"\n', encoding="utf-8")
    deck = tmp_path / "deck.txt"
    deck.write_text("format: game\n1 Gendarme\n", encoding="utf-8")
    with pytest.raises(DeckError) as info:
        check_deck(deck)
    assert [(d.code, d.line, d.column, d.message, d.help) for d in info.value.diagnostics] == [
        ("E0806", 1, 9, "`game` holds a ruleset but no deck format",
         'a format\'s main.rules starts with `format "ID" "Title" extends "GAME"`')]


def test_a_pool_given_by_a_relative_or_an_absolute_path(tmp_path, monkeypatch):
    (tmp_path / "pools").mkdir()
    pool = tmp_path / "pools" / "mine.yaml"
    pool.write_text("game: doomtrooper\ncards:\n  - {id: my_knight, kind: warrior, name: My Knight, set: homemade}\n",
                    encoding="utf-8")
    deck = tmp_path / "deck.txt"
    deck.write_text("format: doomtrooper/standard\n4x My Knight\n", encoding="utf-8")
    expected = {"legal": False, "format": "doomtrooper/standard", "violations": [
        {"rule": "DT-009", "message": "the deck has 4 cards; at least 60 are required", "cards": []}]}
    monkeypatch.chdir(tmp_path)
    assert check_deck("deck.txt", pools=["pools/mine.yaml"]) == expected
    assert check_deck(deck, pools=[pool]) == expected


def test_decks_in_two_folders_naming_the_same_folder_name_get_each_their_own_format(tmp_path):
    decks = []
    for limit in (8, 3):
        home = tmp_path / f"club{limit}"
        (home / "league").mkdir(parents=True)
        (home / "league" / "main.rules").write_text(USER_FORMAT.replace("8", str(limit)), encoding="utf-8")
        decks.append(home / "deck.txt")
        decks[-1].write_text("format: league\n4x Gendarme\n", encoding="utf-8")
    assert [r["legal"] for r in DeckChecker().check_many(decks + decks)] == [True, False, True, False]
