"""One card, many names: ids, English names, names from the sources in their language (`aka`),
and the ids and names of pool cards that are the same printed card (issue 12, items 5 and 6)."""

import json
from pathlib import Path

import pytest

import rulecraft
from rulecraft.cli import main
from rulecraft.compiler.diagnostics import CompileError
from rulecraft.decks.importer import import_files, write_pool
from rulecraft.decks.legality import check_deck
from rulecraft.inputs.values import BadValue, typed
from rulecraft.runtime.types import Ty

FIXTURES = Path(__file__).parent / "fixtures"
GALLERY = Path(__file__).resolve().parents[2] / "examples" / "decks"
PL = "doomtrooper/prague-league-2010"
TEMPLARS = {"gendarme": 4, "gendarme_bestal": 4, "horde_centurion": 4, "horde_trooper": 4, "templar_legionnaire": 4,
            "templar_marine": 4, "southern_europe": 4, "body_armor": 4, "bayonet": 4, "composite_armor": 4,
            "cowardice": 4, "narrow_escape": 4, "retreat": 4, "initiative": 4, "blood_lust": 4}
SIDE = {"evasive_action": 4, "heavy_fog": 4, "rustlers": 4, "tight_grip": 4, "withering_death": 4, "v_3": 4,
        "ambush": 1}


def deck(main, side=None, **params):
    """A Prague League Templars deck; a card given 0 copies is left out."""
    return {"format": PL, "faction": "templars", "main": {card: n for card, n in main.items() if n},
            "sideboard": SIDE if side is None else side} | params


def broken(report):
    return [(v["rule"], v["message"], v["cards"]) for v in report["violations"]]


def pool_file(tmp_path, *cards, settings=""):
    path = tmp_path / "pool.yaml"
    path.write_text("game: doomtrooper\n" + settings + "cards:\n" + "".join(f"  - {c}\n" for c in cards), encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def legion_pool(tmp_path_factory):
    """The small DoomtrooperDB fixture, imported as `rulecraft import` writes it."""
    pool, problems = import_files("doomtrooperdb", [FIXTURES / "doomtrooperdb-legion.json"])
    assert problems == []
    path = tmp_path_factory.mktemp("pool") / "legion.yaml"
    with path.open("w", encoding="utf-8") as out:
        write_pool(pool, out)
    return pool, path


# ---- the importer: Paradise Lost's Dark Legion is the tribal Dark Legion ----------------------


def test_paradise_lost_dark_legion_cards_import_with_the_tribal_icon(legion_pool):
    cards = {c["id"]: c for c in legion_pool[0]["cards"]}
    assert cards["dtdb_07061"]["tribes"] == ["tribal_dark_legion"]
    assert "icons" not in cards["dtdb_07061"]
    assert cards["dtdb_07025"]["tribes"] == ["tribal_dark_legion"]
    assert cards["dtdb_07009"]["tribes"] == ["crescentia"]  # the case changes only what it names
    assert cards["dtdb_01214"]["icons"] == ["dark_legion"]
    assert "tribes" not in cards["dtdb_01214"]  # other sets


def test_the_tribal_dark_legion_deck_stays_legal_with_the_imported_pool(legion_pool):
    report = check_deck(GALLERY / "tribal-dark-legion-legal.yaml", pools=[legion_pool[1]])
    assert report == {"legal": True, "format": PL, "violations": []}  # and no warning: both agree


def test_the_same_deck_naming_the_imported_cards_is_legal_too(legion_pool):
    bundled = json.loads(json.dumps(rulecraft.decks.legality.read_deck(GALLERY / "tribal-dark-legion-legal.yaml").sections))
    main = {card: copies for card, copies, _ in bundled["main"]}
    for ours, theirs in (("gomorrian_emasculator", "dtdb_07038"), ("master_valpurgius", "Master Valpurgius"),
                         ("curbed", "dtdb_07025")):
        main[theirs] = main.pop(ours)
    side = {card: copies for card, copies, _ in bundled["sideboard"]}
    report = check_deck({"format": PL, "faction": "tribal_dark_legion", "main": main, "sideboard": side},
                        pools=[legion_pool[1]])
    assert report == {"legal": True, "format": PL, "violations": []}


# ---- one printed card under several names ----------------------------------------------------


def test_a_bundled_id_and_the_imported_id_of_one_card_count_together(legion_pool, tmp_path):
    pool = pool_file(tmp_path, '{id: dtdb_07035, kind: warrior, name: Gendarme, code: "07035", tribes: [templars], '
                               'set: paradise_lost, fight: 7, shoot: 8, armor: 8, value: 9}')
    report = check_deck(deck(dict(TEMPLARS, dtdb_07035=1, blood_lust=3)), pools=[pool])
    assert broken(report) == [("DT-007", "5 copies of Gendarme; at most 4 are allowed", ["gendarme"])]
    assert "warnings" not in report


def test_a_czech_name_and_the_imported_name_of_one_card_count_together(tmp_path):
    pool = pool_file(tmp_path, '{id: dtdb_01058, kind: special, name: "COWARDICE (DB)", code: "01058", icons: [general]}')
    main = dict(TEMPLARS, cowardice=0, blood_lust=3, **{"Zbabělost": 4, "COWARDICE (DB)": 1})
    report = check_deck(deck(main), pools=[pool])
    assert broken(report) == [("DT-007", "5 copies of Cowardice; at most 4 are allowed", ["cowardice"])]


def test_luna_and_luna_are_one_card_with_a_pool_that_has_it(tmp_path):
    pool = pool_file(tmp_path, '{id: dtdb_08010, kind: fortification, name: Luna, code: "08010", icons: [general], '
                               'set: czech_promo, armor: 1}')
    main = dict(TEMPLARS, blood_lust=0, luna=3, Luna=2)
    report = check_deck(deck(main), pools=[pool])
    assert broken(report) == [("DT-007", "5 copies of Luna; at most 4 are allowed", ["luna"])]


def test_a_pool_card_without_a_code_is_the_game_card_of_the_same_name(tmp_path):
    pool = pool_file(tmp_path, '{id: my_luna, kind: fortification, name: "LUNA", icons: [general], set: czech_promo, armor: 1}')
    report = check_deck(deck(dict(TEMPLARS, blood_lust=0, luna=4, my_luna=1)), pools=[pool])
    assert broken(report) == [("DT-007", "5 copies of Luna; at most 4 are allowed", ["luna"])]


def test_a_pool_card_that_disagrees_with_the_game_card_is_a_warning_not_a_crash(tmp_path, capsys):
    pool = pool_file(tmp_path, '{id: odd_luna, kind: fortification, name: Luna, code: "08010", icons: [capitol], '
                               'set: czech_promo, armor: 1}')
    report = check_deck(deck(dict(TEMPLARS, blood_lust=3, odd_luna=1)), pools=[pool])
    assert report["legal"]  # the game's card (General icon, an allowed Czech promo) is the one checked
    [warning] = report["warnings"]
    assert (warning["code"], warning["severity"], warning["line"], warning["column"]) == ("W0915", "warning", 3, 75)  # at the `icons` value
    assert warning["message"] == ("card `odd_luna` is the same card as `luna` (doomtrooper/named.rules:8:1), "
                                  "whose `icons` is [general], not [capitol]")
    path = tmp_path / "deck.yaml"
    path.write_text(json.dumps(deck(dict(TEMPLARS, blood_lust=3, odd_luna=1))), encoding="utf-8")
    assert main(["deck", "check", str(path), "--pool", str(pool)]) == 0
    assert "warning[W0915]: card `odd_luna` is the same card as `luna`" in capsys.readouterr().err


def test_a_pool_card_of_another_kind_than_its_twin_is_reported():
    from rulecraft.decks.pools import Pool, PoolCard, apply_pools

    card = PoolCard("dtdb_08010", "special", "Luna", {"code": "08010", "icons": ["general"]}, (4, 5))
    _, _, [warning] = apply_pools(rulecraft.load(PL), [Pool("p.yaml", "doomtrooper", [card], {}, {})], ["code"])
    assert warning.message.endswith("which is a fortification, not a special")
    assert (warning.line, warning.column) == (4, 5)


# ---- names from the sources ------------------------------------------------------------------


@pytest.mark.parametrize(("tribe", "member"), [("Luteránská triáda", "lutheran_triad"), ("Půlměsíc", "crescentia"),
                                           ("Synové Rasputina", "sons_of_rasputin"), ("Templáři", "templars"),
                                           ("kmemová Černá legie", "tribal_dark_legion"),
                                           ("Kmenová Černá legie", "tribal_dark_legion"), ("templari", "templars")])
def test_czech_tribe_names_choose_the_deck_tribe(tribe, member):
    rules = rulecraft.load(PL)
    assert typed(tribe, rules.params["faction"].type, rules, text=True) == member
    named = deck(dict(TEMPLARS), faction=tribe)
    assert check_deck(named) == check_deck(deck(dict(TEMPLARS), faction=member))


def test_czech_card_names_short_names_case_and_accents_name_cards_in_a_deck():
    main = dict(TEMPLARS, blood_lust=0, narrow_escape=0, cowardice=0,
                **{"OPM": 1, "opm": 1, "ZBABĚLOST": 1, "Zbabelost": 1, "Únik o vlásek": 4, "Krvavý chtíč": 4})
    report = check_deck(deck(main))
    assert report["legal"], report
    text = "format: doomtrooper/prague-league-2010\nfaction: Templáři\n4 Osobní protipěchotní miny\n1 OPM\n"
    report = rulecraft.DeckChecker().check(rulecraft.decks.legality.read_text_deck(text, "d.txt"))
    assert ("DT-007", "5 copies of Personal Anti-Personnel Mines; at most 4 are allowed",
            ["personal_anti_personnel_mines"]) in broken(report)


def test_a_pool_may_name_cards_of_its_lists_by_their_czech_names(tmp_path):
    pool = pool_file(tmp_path, settings="set:\n  banned_cards: [Zbabělost, OPM]\n")
    report = check_deck(deck(TEMPLARS), pools=[pool])
    assert broken(report) == [("DT-008", "Cowardice is Banned; the deck holds 4 copies", ["cowardice"])]


def test_polish_and_german_names_name_tokens_and_counters():
    ns, ti = rulecraft.load("neuroshima"), rulecraft.load("twilight-imperium")
    assert typed("Roztrajacz", Ty("def", "tile"), ns) == "splitter"
    assert typed("Sieciarz Zaglady", Ty("def", "tile"), ns) == "doom_netter"  # without the accent
    assert typed("Jäger", Ty("def", "ship"), ti) == "fighter"
    assert typed("Überlebender der Lazax", Ty("def", "domain_counter"), ti) == "lazax_survivors"
    with pytest.raises(BadValue) as info:
        typed("Feindliche Einheiten", Ty("def", "domain_counter"), ti)
    assert info.value.message == ("`Feindliche Einheiten` names several domain_counter definitions: "
                                  "enemy_units_1, enemy_units_2, enemy_units_3")


def test_listings_show_the_other_names_beside_the_english_one(capsys):
    assert main(["cards", "list", "doomtrooper", "OPM", "Zbabelost", "luna"]) == 0
    lines = [line for line in capsys.readouterr().out.splitlines() if not line.startswith(" ")]  # not the properties
    assert lines[0].split() == ["personal_anti_personnel_mines", "Personal", "Anti-Personnel", "Mines", "equipment",
                                "x1", "(cs:", "Osobní", "protipěchotní", "miny,", "OPM)"]
    assert lines[1].endswith("(cs: Zbabělost)")
    assert lines[2].endswith("x1")  # Luna is Luna in Czech too
    assert main(["cards", "list", "neuroshima", "--json"]) == 0
    cards = {c["id"]: c for c in json.loads(capsys.readouterr().out)["cards"]}
    assert cards["splitter"]["aka"] == [{"language": "pl", "name": "Roztrajacz"}]
    assert "aka" not in cards["allied_sniper"]
    assert main(["cards", "list", "doomtrooper"]) == 0
    listing = capsys.readouterr().out
    assert listing.split("\nvalues with other names:\n")[1].splitlines()[0].split() == [
        "tribe", "lutheran_triad", "(cs:", "Luteránská", "triáda)"]  # enum values: shown when the whole game is listed
    assert main(["cards", "list", "doomtrooper", "--json"]) == 0
    values = json.loads(capsys.readouterr().out)["values"]
    assert {"enum": "tribe", "value": "templars", "aka": [{"language": "cs", "name": "Templáři"}]} in values
    assert main(["cards", "list", "twilight-imperium", "Wurmloch - Alpha"]) == 0
    assert capsys.readouterr().out.startswith("wormhole_alpha ")
    assert main(["cards", "list", "twilight-imperium", "Reichtum"]) == 2
    assert "`Reichtum` names several definitions: wealth_1, wealth_2" in capsys.readouterr().err


def test_aka_names_only_definitions_and_enum_members_and_text_properties():
    source = ('game "g" "G"\nkind card { n: int = 0 }\ncard a "A" {}\n'
              'aka cs { a: "Á"\n  b: "B" }\naka cs from n\naka de from m\n')
    with pytest.raises(CompileError) as info:
        rulecraft.compile_source(source, filename="g.rules")
    got = [(d.code, d.line, d.column, d.message) for d in info.value.diagnostics]
    assert got == [("E0101", 5, 3, "`b` is neither a definition nor an enum member: it has no names"),
                   ("E0103", 6, 13, "no kind has a text property `n` to give names in `cs`"),
                   ("E0103", 7, 13, "no kind has a text property `m` to give names in `de`")]


# ---- messages agree in number -----------------------------------------------------------------


def test_a_one_card_deck_has_1_card_and_needs_1_tribe_card():
    report = check_deck(deck({"gendarme": 0, "cossack": 1}, side={"bayonet": 1}))
    messages = dict((rule, message) for rule, message, _ in broken(report))
    assert messages["DT-009"] == "the deck has 1 card; at least 60 are required"
    assert messages["DT-005"] == "0 of 1 cards carry the Templars icon; at least 1 is needed (33 % rounded up)"
    report = check_deck({"format": "doomtrooper/standard", "main": {"gendarme": 1}})
    assert broken(report) == [("DT-009", "the deck has 1 card; at least 60 are required", [])]


def test_a_mod_may_remove_a_named_definition_and_name_its_own(tmp_path):
    from rulecraft.compiler.loader import load
    from tests.support.folders import write

    base = write(tmp_path / "arena", 'game "arena" "Arena"\nkind unit { local: text = "" }\n'
                                     'unit bat "Bat" { local: "Netopýr" }\nunit owl "Owl" {}\n'
                                     'aka cs from local\naka cs { owl: "Sova" }\n')
    mod = write(tmp_path / "night", 'mod "arena/night" "Night" extends "arena"\nremove owl\n'
                                    'patch kind unit { polish: text = "" }\nunit moth "Moth" { polish: "Ćma" }\n'
                                    'aka pl from polish\n')
    rules = load(base, [mod])
    assert rules.other_names == {"bat": (("cs", "Netopýr"),), "moth": (("pl", "Ćma"),)}
    assert typed("cma", Ty("def", "unit"), rules) == "moth"


def test_the_command_line_takes_a_czech_tribe_and_czech_card_names(tmp_path, capsys):
    path = tmp_path / "deck.txt"
    path.write_text("4 Zbabělost\n1 OPM\n", encoding="utf-8")
    assert main(["deck", "check", str(path), "--format", PL, "--param", "faction=Synové Rasputina", "--json"]) == 1
    report = json.loads(capsys.readouterr().out)
    assert [v["rule"] for v in report["violations"]] == ["DT-005", "DT-009", "DT-010", "DT-027"]
    assert report["violations"][0]["message"].endswith("carry the Sons of Rasputin icon; at least 2 are needed "
                                                       "(33 % rounded up)")
