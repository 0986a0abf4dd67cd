"""The Prague League 2010 deck rules (DT-001 … DT-010, DT-027 … DT-033) and the standard format."""

from pathlib import Path

import pytest
from ruamel.yaml import YAML

import rulecraft
from rulecraft.decks.legality import DeckError, check_deck

GALLERY = Path(__file__).resolve().parents[3] / "examples" / "decks"
PL = "doomtrooper/prague-league-2010"

TEMPLARS = {"gendarme": 4, "gendarme_bestal": 4, "horde_centurion": 4, "horde_trooper": 4, "templar_legionnaire": 4,
            "templar_marine": 4, "southern_europe": 4}
FILL = {"body_armor": 4, "bayonet": 4, "composite_armor": 4, "cowardice": 4, "narrow_escape": 4, "retreat": 4,
        "initiative": 4, "blood_lust": 4}
SIDE = {"evasive_action": 4, "heavy_fog": 4, "rustlers": 4, "tight_grip": 4, "withering_death": 4, "v_3": 4, "luna": 1}


def cards(base=None, **changes):
    """The base cards (Templars + fill) with some counts changed; 0 removes a card."""
    out = dict(TEMPLARS, **FILL) if base is None else dict(base)
    out.update(changes)
    return {k: v for k, v in out.items() if v}


def deck(main=None, side=None, proxies=None, fmt=PL, **params):
    d = {"format": fmt, "main": dict(TEMPLARS, **FILL) if main is None else main,
         "sideboard": dict(SIDE) if side is None else {k: v for k, v in side.items() if v}}
    if fmt == PL:
        d["faction"] = "templars"
    if proxies:
        d["proxies"] = proxies
    d.update(params)
    return d


def broken(d, **kw):
    return [(v["rule"], v["message"], v["cards"]) for v in check_deck(d, **kw)["violations"]]


def rules_of(d, **kw):
    return sorted({r for r, _, _ in broken(d, **kw)})


@pytest.mark.rules("DT-001")
def test_the_general_rules_allow_five_copies_the_league_four():
    five = cards(gendarme=5, blood_lust=3)
    assert rules_of(deck(five, fmt="doomtrooper/standard")) == []
    assert broken(deck(dict(five, gendarme=6, blood_lust=2), fmt="doomtrooper/standard")) == [
        ("DT-001", "6 copies of Gendarme; at most 5 are allowed", ["gendarme"])]
    assert rules_of(deck(five)) == ["DT-007"]


@pytest.mark.rules("DT-002")
def test_only_the_chosen_tribe_and_general_cards():
    assert rules_of(deck()) == []
    other = cards(blood_lust=3, cavalier=1)
    assert broken(deck(other)) == [("DT-002", "1 card (Cavalier) carries neither the Templars icon nor the General icon",
                                    ["cavalier"])]


@pytest.mark.rules("DT-002")
def test_a_message_names_three_cards_and_counts_the_rest():
    others = cards(blood_lust=3, cavalier=1, corsair=1, heavy_cavalier=1, lutheran_disciple=1, scout_cavalier=1)
    [(rule, message, ids)] = broken(deck(others))
    assert rule == "DT-002"
    assert len(ids) == 5
    assert message == ("5 cards (Cavalier, Corsair, Heavy Cavalier and 2 more) carry neither the Templars icon "
                       "nor the General icon")


@pytest.mark.rules("DT-002")
def test_the_tribe_is_a_deck_parameter_checked_with_a_hint(tmp_path):
    path = tmp_path / "d.yaml"
    path.write_text("format: doomtrooper/prague-league-2010\nfaction: templar\nmain:\n  gendarme: 1\n", encoding="utf-8")
    with pytest.raises(DeckError) as info:
        check_deck(path)
    assert info.value.diagnostics[0].message == "`templar` is not a tribe"
    assert info.value.diagnostics[0].help == "did you mean `templars`?"


@pytest.mark.rules("DT-003")
def test_general_warriors_are_forbidden():
    d = deck(cards(blood_lust=3, agent_nick_michaels=1))
    assert broken(d) == [("DT-003", "1 warrior with the General icon (Agent Nick Michaels); General warriors are forbidden",
                          ["agent_nick_michaels"])]


@pytest.mark.rules("DT-004")
def test_brotherhood_legion_and_corporation_icons_are_forbidden():
    for card in ("recruitment", "necromutant", "mitch_hunter", "citadel_of_algeroth"):
        d = deck(cards(blood_lust=3, **{card: 1}))
        assert rules_of(d) == ["DT-004"], card
    # also in the sideboard
    assert rules_of(deck(side=dict(SIDE, luna=0, inquisitor=1))) == ["DT-004"]


@pytest.mark.rules("DT-005", "DT-006")
def test_a_third_of_the_cards_carry_the_tribe_icon_rounded_up():
    # 60 cards need 20 (19.8 up), 61 need 21, 65 need 22; 100 need 33, not 34
    for size, need in ((60, 20), (61, 21), (65, 22), (100, 33)):
        for have in (need, need - 1):
            tribe = {"gendarme": 4, "gendarme_bestal": 4, "horde_centurion": 4, "horde_trooper": 4,
                     "templar_legionnaire": 4, "templar_marine": 4, "southern_europe": 4, "marine_serett": 4,
                     "predatorian": 4}
            main, left = {}, have
            for card in tribe:
                take = min(4, left)
                if take:
                    main[card] = take
                left -= take
            rest = size - have
            for card in [*FILL, "ambush", "fortune_of_war", "gang_up", "urban_tactics", "anti_toxin", "emissaries",
                         "grave_robbers", "lurker", "inoculations", "red_plague", "requisition"]:
                take = min(4, rest)
                if take:
                    main[card] = take
                rest -= take
            got = broken(deck(main))
            if have == need:
                assert got == [], (size, have)
            else:
                assert got == [("DT-005", f"{have} of {size} cards carry the Templars icon; at least {need} are needed "
                                          "(33 % rounded up)", [])], (size, have)


@pytest.mark.rules("DT-007")
def test_at_most_four_copies_and_fewer_where_the_card_says_so():
    assert broken(deck(cards(gendarme=5, blood_lust=3))) == [
        ("DT-007", "5 copies of Gendarme; at most 4 are allowed", ["gendarme"])]
    assert broken(deck(cards(blood_lust=2, captured=2))) == [
        ("DT-007", "2 copies of Captured!; the card allows at most 1", ["captured"])]
    assert rules_of(deck(cards(blood_lust=3, captured=1))) == []  # as many as the card allows
    # the main deck and the sideboard together
    assert rules_of(deck(side=dict(SIDE, luna=0, gendarme=1, evasive_action=4))) == ["DT-007"]


@pytest.mark.rules("DT-008")
def test_restricted_and_banned_cards_have_their_own_limits():
    d = deck(cards(blood_lust=3, bamboozled=1))
    assert rules_of(d) == []  # the lists are unknown: empty by default
    lists = {"restricted_cards": ["initiative"], "banned_cards": ["bamboozled"]}
    assert broken(d, assumptions=lists) == [
        ("DT-008", "4 copies of Initiative, a Restricted card; at most 1 allowed", ["initiative"]),
        ("DT-008", "Bamboozled! is Banned; the deck holds 1 copy", ["bamboozled"])]
    # four copies of a restricted card: the 4-card rule does not make them legal, one copy is fine
    assert rules_of(deck(cards(initiative=1, blood_lust=7)), assumptions={"restricted_cards": ["initiative"]}) == ["DT-007"]
    assert rules_of(deck(cards(initiative=1, blood_lust=4, bayonet=4, ambush=3)),
                    assumptions={"restricted_cards": ["initiative"]}) == []


@pytest.mark.rules("DT-008")
def test_dated_list_editions_apply_from_their_date():
    d = cards(blood_lust=3, bamboozled=1)
    editions = {"banned_editions": [[20100101, "initiative"], [20100701, "bamboozled"]]}
    banned_on = lambda day: [v[2] for v in broken(deck(d, as_of=day), assumptions=editions)]
    assert banned_on(20091231) == []                       # before the first edition: nothing is banned
    assert banned_on(20100301) == [["initiative"]]         # the January edition
    assert banned_on(20100701) == [["bamboozled"]]         # the July edition replaces it, from its day
    assert banned_on(20101231) == [["bamboozled"]]         # the default day: the end of the 2010 season


@pytest.mark.rules("DT-008")
def test_the_day_may_come_from_the_command_line_as_text():
    editions = {"banned_editions": [[20100701, "bamboozled"]]}
    d = deck(cards(blood_lust=3, bamboozled=1))
    assert [v["rule"] for v in check_deck(d, params={"as_of": "20100801"}, assumptions=editions)["violations"]] \
        == ["DT-008"]
    with pytest.raises(DeckError) as info:
        check_deck(d, params={"as_of": "soon"})
    assert info.value.diagnostics[0].message == "`as_of` must be a whole number, not 'soon'"


@pytest.mark.rules("DT-008")
def test_the_lists_can_come_from_a_pool_file():
    report = check_deck(GALLERY / "dt008-banned-and-restricted.yaml", pools=[GALLERY / "pools/league-lists-example.yaml"])
    assert [v["cards"] for v in report["violations"]] == [["bamboozled"], ["gift_of_fate"]]


@pytest.mark.rules("DT-009")
def test_at_least_sixty_cards():
    assert broken(deck(cards(blood_lust=3))) == [
        ("DT-009", "the deck has 59 cards; at least 60 are required", [])]
    assert rules_of(deck()) == []


@pytest.mark.rules("DT-010")
def test_at_least_five_warriors():
    main = dict(TEMPLARS, **FILL)
    for w in ("gendarme", "gendarme_bestal", "horde_centurion", "horde_trooper", "templar_legionnaire"):
        main.pop(w)
    main.update(templar_marine=4, marine_serett=4, predatorian=4, tusked_serett=4, verounist_stingray=4,
                ambush=4, fortune_of_war=4)
    assert broken(deck(main)) == [("DT-010", "the deck has 4 warriors; at least 5 are required", [])]
    main.update(fortune_of_war=3, gendarme=1)
    assert rules_of(deck(main)) == []


@pytest.mark.rules("DT-027")
def test_the_sideboard_has_exactly_25_cards():
    assert broken(deck(side=dict(SIDE, luna=0))) == [("DT-027", "the sideboard has 24 cards; exactly 25 are required", [])]
    assert rules_of(deck(side=dict(SIDE, luna=2))) == ["DT-027"]


@pytest.mark.rules("DT-028")
def test_the_four_czech_promos_are_allowed_and_named_in_czech():
    main = cards(blood_lust=0)
    main.update({"Běž mu po krku": 1, "Neprůstřelná vesta": 1, "Zbloudilá střela ráže 70mm": 1, "Luna": 1})
    assert rules_of(deck(main)) == []


@pytest.mark.rules("DT-029")
def test_other_czech_promos_are_forbidden():
    report = check_deck(GALLERY / "dt029-czech-promo-capitol.yaml", pools=[GALLERY / "pools/czech-promo-capitol.yaml"])
    assert [v["rule"] for v in report["violations"]] == ["DT-029"]


@pytest.mark.rules("DT-030", "DT-031")
def test_ragnarok_cards_are_allowed_printed_or_reprinted():
    report = check_deck(GALLERY / "templars-ragnarok-legal.yaml", pools=[GALLERY / "pools/ragnarok.yaml"])
    assert report["legal"]


@pytest.mark.rules("DT-032")
def test_homemade_cards_are_forbidden():
    report = check_deck(GALLERY / "dt032-homemade.yaml", pools=[GALLERY / "pools/homemade.yaml"])
    assert [(v["rule"], v["cards"]) for v in report["violations"]] == [("DT-032", ["homemade_templar_zealot"])]


@pytest.mark.rules("DT-033")
def test_any_number_of_legible_proxies():
    assert rules_of(deck(proxies={"gendarme": 4, "templar_marine": 4, "body_armor": 2})) == []
    assert rules_of(deck(proxies={"gendarme": 4}, proxies_legible=False)) == ["DT-033"]
    assert broken(deck(proxies={"gendarme": 5})) == [
        ("DT-033", "5 proxies of Gendarme, but the deck holds 4 copies of it; a proxy stands for a copy in the deck",
         ["gendarme"])]


def test_every_card_id_is_lower_case_and_unique(dt):
    import re
    assert all(re.fullmatch(r"[a-z][a-z0-9_]*", i) for i in dt.definitions)
    names = [d.name for d in dt.definitions.values()]
    assert len(names) == len(set(names))


def test_the_card_set_names_every_tribe_and_non_numeric_stats(dt):
    cards = dt.definitions.values()
    for tribe in ("lutheran_triad", "crescentia", "sons_of_rasputin", "templars", "tribal_dark_legion"):
        assert sum(tribe in d.props.get("tribes", []) for d in cards) >= 7
    airman = rulecraft.load("doomtrooper").definitions["fusilier"]
    assert airman.props["variable"] == ["fight", "shoot", "armor"]
    assert dt.definitions["spiked_barricade"].props["no_value"] == ["fight"]


@pytest.mark.rules("DT-032")
def test_a_single_homemade_card_is_forbidden():
    deck = YAML(typ="safe").load((GALLERY / "dt032-homemade.yaml").read_text(encoding="utf-8"))
    deck["main"]["Templar Zealot (homemade)"] = 1    # one copy instead of two
    deck["main"]["blood_lust"] = 3                   # still 60 cards
    report = check_deck(deck, pools=[GALLERY / "pools/homemade.yaml"])
    assert [(v["rule"], v["message"], v["cards"]) for v in report["violations"]] == [
        ("DT-032", "1 homemade card (Templar Zealot (homemade)); homemade cards are forbidden",
         ["homemade_templar_zealot"])]


@pytest.mark.rules("DT-009")
def test_the_standard_format_wants_at_least_sixty_cards():
    names = ["gendarme", "gendarme_bestal", "horde_centurion", "horde_trooper", "templar_legionnaire", "templar_marine",
             "southern_europe", "body_armor", "bayonet", "composite_armor", "cowardice", "narrow_escape"]

    def deck(n):   # 12 cards, 5 copies each, the last one fewer
        return {"format": "doomtrooper/standard", "main": dict({c: 5 for c in names}, narrow_escape=n - 55)}

    assert check_deck(deck(60))["violations"] == []
    assert [(v["rule"], v["message"]) for v in check_deck(deck(59))["violations"]] == [
        ("DT-009", "the deck has 59 cards; at least 60 are required")]
