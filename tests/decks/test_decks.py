"""Deck files and format checks, on a small format written for the test."""

from pathlib import Path

import pytest

import rulecraft
from rulecraft.decks.legality import DeckError, check, read_deck, resolve

FORMAT = '''game "cardgame" "A card game with a format"
enum clan { wolf, raven }
kind card { clans: list<clan> = [] }
kind fighter: card {}
fighter grey_wolf "Grey Wolf" { clans: [wolf] }
fighter black_raven "Black Raven" { clans: [raven] }
card howl "Howl" { clans: [wolf] }
zone main
zone sideboard
param side: clan "the clan the deck plays"
check F-001 "at least 4 cards" {
  let n = count(all card at main)
  if n < 4 { violation "the deck has {n} cards; at least 4 are required" }
}
check F-002 "a third of the cards carry the clan" {
  let n = count(all card at main)
  let have = count(all card at main where side in it.clans)
  let need = ceil(n * 33 / 100)
  if have < need { violation "{have} of {n} cards carry the {side} icon; at least {need} are needed" }
}
check F-003 "at most 2 copies" {
  for d in [grey_wolf, black_raven, howl] {
    let copies = count(all card at main where it.def == d)
    if copies > 2 { violation "{copies} copies of {d}; at most 2 are allowed" for [d] }
  }
}
'''


@pytest.fixture(scope="module")
def rules():
    return rulecraft.compile_source(FORMAT, "cardgame.rules")


def deck_file(tmp_path, text, name="deck.yaml"):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def violations(rules, path):
    return check(rules, resolve(read_deck(Path(path)), rules))


def test_a_legal_deck_has_no_violations(rules, tmp_path):
    path = deck_file(tmp_path, "format: cardgame\nside: wolf\nmain:\n  grey_wolf: 2\n  Howl: 2\n")
    assert violations(rules, path) == []


def test_every_broken_rule_is_reported_with_its_numbers_and_cards(rules, tmp_path):
    path = deck_file(tmp_path, "format: cardgame\nside: wolf\nmain:\n  black_raven: 3\n")
    assert violations(rules, path) == [
        {"rule": "F-001", "message": "the deck has 3 cards; at least 4 are required", "cards": []},
        {"rule": "F-002", "message": "0 of 3 cards carry the wolf icon; at least 1 are needed", "cards": []},
        {"rule": "F-003", "message": "3 copies of black_raven; at most 2 are allowed", "cards": ["black_raven"]},
    ]


def test_percentages_round_up_exactly(rules, tmp_path):
    # 100 cards need ceil(33) = 33 of the clan, 33 are enough, 32 are not
    for have, legal in ((33, True), (32, False)):
        game = rulecraft.Game(rules, players=("deck",), params={"side": "wolf"})
        for i in range(100):
            game.create("grey_wolf" if i < have else "black_raven", 1, game.zone("main"))
        found = [v["rule"] for v in game.run_checks() if v["rule"] == "F-002"]
        assert (found == []) is legal


def test_unreadable_entries_are_all_reported_with_positions(rules, tmp_path):
    path = deck_file(tmp_path, "format: cardgame\nside: wolff\nmain:\n  grey_wulf: 2\n  howl: 2\nbench:\n  howl: 1\n")
    with pytest.raises(DeckError) as info:
        resolve(read_deck(path), rules)
    got = [(p.code, p.line, p.column, p.message, p.help) for p in info.value.diagnostics]
    assert got == [
        ("E0808", 2, 7, "`wolff` is not a clan", "did you mean `wolf`?"),
        ("E0811", 4, 3, "unknown card `grey_wulf`", "did you mean `grey_wolf`?"),
        ("E0810", 6, 1, "the format has no deck section `bench`", "its sections: main, sideboard"),
    ]


def test_schema_errors_point_at_the_value(tmp_path):
    path = deck_file(tmp_path, "format: cardgame\nmain:\n  grey_wolf: two\n  howl: 0\n")
    with pytest.raises(DeckError) as info:
        read_deck(path)
    got = [(p.code, p.line, p.column, p.message) for p in info.value.diagnostics]
    assert got == [("E0804", 3, 14, "main/grey_wolf: the number of copies must be a whole number, not 'two'"),
                   ("E0804", 4, 9, "main/howl: 0 copies? a card is listed at least once")]


def test_invalid_yaml_is_reported_where_it_breaks(tmp_path):
    path = deck_file(tmp_path, "format: cardgame\nmain:\n  grey_wolf: 2\n howl: [\n")
    with pytest.raises(DeckError) as info:
        read_deck(path)
    [d] = info.value.diagnostics
    assert (d.code, d.line) == ("E0802", 4)
    assert d.message.startswith("invalid YAML")


def test_a_deck_without_a_format_says_how_to_name_one(tmp_path):
    with pytest.raises(DeckError) as info:
        read_deck(deck_file(tmp_path, "main:\n  howl: 1\n"))
    assert [(d.code, d.line, d.column, d.message) for d in info.value.diagnostics] == [
        ("E0806", 1, 1, "the deck: the deck names no format; add `format: GAME/FORMAT` (`rulecraft games` lists the formats)")]


def test_a_pasted_list_reads_like_the_yaml(rules, tmp_path):
    path = deck_file(tmp_path, "format: cardgame\nside: wolf\n4x Grey Wolf\n\nSideboard:\n2 Howl\n", "deck.txt")
    deck = read_deck(path)
    assert deck.sections == {"main": [("Grey Wolf", 4, (3, 4))], "sideboard": [("Howl", 2, (6, 3))]}
    assert [v["rule"] for v in violations(rules, path)] == ["F-003"]


def test_a_check_sees_the_deck_cards_by_kind_as_well_as_by_section(tmp_path):
    rules = rulecraft.compile_source('''game "g" "G"
kind card {}
card a "A" {}
zone main
check F-100 "count" {
  let n = count(all card)
  if n != count(all card at main) { violation "{n} cards by kind" }
  if n != 3 { violation "{n} cards" }
}
''', "g.rules")
    path = deck_file(tmp_path, "format: g\nmain:\n  a: 3\n")
    assert violations(rules, path) == []
    path = deck_file(tmp_path, "format: g\nmain:\n  a: 2\n")
    assert [v["message"] for v in violations(rules, path)] == ["2 cards"]


def test_a_duplicate_key_and_a_control_character_are_yaml_errors_with_positions(tmp_path):
    with pytest.raises(DeckError) as info:
        read_deck(deck_file(tmp_path, "format: cardgame\nmain:\n  howl: 1\n  howl: 2\n"))
    [d] = info.value.diagnostics
    assert (d.code, d.line, d.column) == ("E0802", 4, 3)
    assert 'duplicate key "howl"' in d.message
    with pytest.raises(DeckError) as info:
        read_deck(deck_file(tmp_path, "format: cardgame\nmain:\n  ho\x01wl: 1\n"))
    [d] = info.value.diagnostics
    assert (d.code, d.line, d.column, d.message) == ("E0802", 3, 5, "invalid YAML: character #x0001 is not allowed")
