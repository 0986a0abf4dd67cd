"""A deck is laid out in a game of its format kept from an earlier deck with the same parameter
values (`legality.DECK_GAMES_KEPT`), emptied as new, when that deck's checks only read the game;
a game in which something happened is not kept. Either way every report is the one a new game
gives (DECK_GAMES_KEPT = 0: a new game for every deck)."""

from dataclasses import replace
from pathlib import Path

from rulecraft.decks import legality
from rulecraft.decks.legality import DeckChecker, DeckError, read_deck, read_text_deck

GALLERY = Path(__file__).resolve().parents[2] / "examples" / "decks"
DECKS = sorted(GALLERY.glob("*.yaml")) + sorted(GALLERY.glob("*.txt"))


def variants(path: Path) -> list:
    """The deck, its main cards in reverse order, with one copy fewer of its first, and for another tribe."""
    deck = read_deck(path)
    main = deck.sections.get("main", [])
    fewer = [(card, copies - (i == 0), where) for i, (card, copies, where) in enumerate(main)]
    out = [deck, replace(deck, sections=deck.sections | {"main": main[::-1]}),
           replace(deck, sections=deck.sections | {"main": [c for c in fewer if c[1] > 0]})]
    if "faction" in deck.params:
        out.append(replace(deck, params=deck.params | {"faction": "lutheran_triad"}))
    return out


def usable(deck) -> bool:
    """Whether a deck names a format and every card it lists is one of the format's (some of the
    gallery's need a pool)."""
    try:
        return bool(deck.format) and DeckChecker().check(deck) is not None
    except DeckError:
        return False


def new_games(monkeypatch) -> None:
    """From now on every deck is laid out in a new game (none kept, none taken)."""
    monkeypatch.setattr(legality, "DECK_GAMES_KEPT", 0)


def made_games(monkeypatch) -> list[int]:
    """Every game a deck check makes (`legality.Game`), counted."""
    made: list[int] = []
    game = legality.Game
    monkeypatch.setattr(legality, "Game", lambda *a, **k: made.append(1) or game(*a, **k))
    return made


def test_every_report_in_a_kept_game_is_the_report_in_a_new_game(monkeypatch):
    decks = [d for path in DECKS for d in variants(path) if usable(d)]
    kept = DeckChecker().check_many(decks)
    new_games(monkeypatch)
    assert DeckChecker().check_many(decks) == kept
    assert len({str(r) for r in kept}) > len(DECKS)  # the variants are reported differently


def test_one_game_per_parameter_values_lays_every_deck_out(monkeypatch):
    deck = read_deck(GALLERY / "templars-legal.yaml")
    made = made_games(monkeypatch)
    legality.DeckChecker().ruleset(deck).derived.pop("deck games", None)  # none kept from other tests
    decks = variants(GALLERY / "templars-legal.yaml")  # three of the deck's tribe, one of another
    reports = DeckChecker().check_many(decks)
    assert len(made) == 2
    assert [r["legal"] for r in reports] == [True, True, False, False]
    assert reports[2]["violations"] == [{"rule": "DT-009", "message": "the deck has 59 cards; at least 60 are required",
                                         "cards": []}]
    new_games(monkeypatch)
    assert DeckChecker().check_many([deck]) == reports[:1]
    assert len(made) == 3


DRAWING_FORMAT = '''format "my/draws" "Draws a card" extends "doomtrooper"
zone main
check MY-1 "a card drawn at random" {
  let c = random(all card at main)
  violation "drew {c.name}"
}
'''


def test_a_game_whose_checks_drew_at_random_is_not_kept(tmp_path, monkeypatch):
    folder = tmp_path / "draws"
    folder.mkdir()
    (folder / "main.rules").write_text(DRAWING_FORMAT, encoding="utf-8")
    decks = [read_text_deck(f"{k}x Gendarme\n{9 - k}x Luna\n", f"deck{k}.txt") for k in range(1, 9)]
    made = made_games(monkeypatch)
    reports = DeckChecker(str(folder)).check_many(decks)
    assert len(made) == len(decks)  # each drew on a new game's random stream
    new_games(monkeypatch)
    assert DeckChecker(str(folder)).check_many(decks) == reports
    assert [r["violations"][0]["message"] for r in reports[:3]] == ["drew Gendarme"] * 3


def test_a_reset_game_lays_its_things_out_again_with_new_ids_and_places():
    rules = DeckChecker().ruleset(read_deck(GALLERY / "templars-legal.yaml"))
    game = legality.Game(rules, players=("deck",), shared_props=True)
    things, main, side = game.things, game.zone("main"), game.zone("sideboard")
    luna, gendarme = {"set": "czech_promo"}, {"set": "base"}
    things.lay_out_all(main, [("luna", 2, luna), ("gendarme", 1, gendarme)])
    before = list(main.items)
    things.reset()
    assert (things.entities, main.items) == ({1: game.players[0]}, [])
    things.lay_out_all(main, [("gendarme", 2, gendarme)])
    things.lay_out_all(side, [("luna", 3, luna)])
    laid = main.items + side.items
    assert [(e.id, e.def_id, e.location) for e in laid] == [
        (2, "gendarme", main), (3, "gendarme", main), (4, "luna", side), (5, "luna", side), (6, "luna", side)]
    assert [e is b for e, b in zip(laid, [before[2], None, before[0], before[1], None])] == [True, False, True, True, False]
    assert things.entities == {e.id: e for e in [game.players[0], *laid]}
    assert things.instances["luna"] == side.items
    assert things.by_kind[laid[0].kind][:2] == main.items
    assert game.select("card", side) == side.items
