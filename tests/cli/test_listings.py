"""Listings that show what their help promises: properties in `cards list`, one definition in
full in `cards show`, faces in `dice list`, scenarios and options in `games`, and a game's
settable assumptions with their notes and current values."""

import json

from rulecraft.cli import main


def out(capsys, *argv):
    assert main(list(argv)) == 0, capsys.readouterr().err
    return capsys.readouterr().out


def test_cards_list_shows_the_properties_each_definition_sets(capsys):
    assert out(capsys, "cards", "list", "twilight-imperium", "lodor", "wealth_1", "biohazard").splitlines() == [
        "lodor                    Lodor                        planet           x1",
        "    resources=3 influence=1",
        "wealth_1                 Wealth (version 1)           domain_counter   x5  (de: Reichtum)",
        "    credits=2",  # an assumption's current value
        "biohazard                Biohazard                    domain_counter   x4"]


def test_cards_show_gives_one_definition_in_full(capsys):
    assert out(capsys, "cards", "show", "twilight-imperium", "Biohazard").splitlines() == [
        "biohazard: Biohazard (domain_counter, x4), declared at twilight-imperium/counters.rules:20:1",
        "  other names: de Biohazard",
        "  defaults of its kind: defenders=0 credits=0 wormhole=no_wormhole",
        "  rules: TI-032, TI-033, TI-034, TI-035",
        "  on first_invasion  twilight-imperium/counters.rules:22:3  [TI-033]",
        "  on conquered (once)  twilight-imperium/counters.rules:26:3  [TI-034, TI-035]"]
    shown = json.loads(out(capsys, "cards", "show", "twilight-imperium", "wealth_1", "--json"))
    assert shown["card"] == {"id": "wealth_1", "name": "Wealth (version 1)", "kind": "domain_counter", "count": 5,
                             "defenders": 0, "credits": 2, "wormhole": "no_wormhole", "rules": ["TI-045"],
                             "aka": [{"language": "de", "name": "Reichtum"}]}
    assert shown["assumed"] == {"credits": "wealth_1.credits"}
    assert shown["where"] == "twilight-imperium/counters.rules:60:1"
    assert [t["event"] for t in shown["triggers"]] == ["first_invasion"]
    assert shown["effects"] == []


def test_cards_show_lists_a_cards_effects_in_timing_windows(capsys):
    lines = out(capsys, "cards", "show", "doomtrooper", "Zbabělost").splitlines()
    assert lines[:2] == ["cowardice: Cowardice (special, x1), declared at doomtrooper/specials.rules:19:1",
                         "  other names: cs Zbabělost"]
    assert lines[-2:] == ["  in window combat_declaration  doomtrooper/specials.rules:21:3  [DT-044]",
                          "  in window action_card  doomtrooper/specials.rules:27:3  [DT-086]"]


def test_cards_show_names_one_definition(capsys):
    assert main(["cards", "show", "twilight-imperium", "Reichtum"]) == 2
    assert "`Reichtum` names several definitions: wealth_1, wealth_2" in capsys.readouterr().err


def test_dice_list_shows_the_faces_and_what_set_makes_of_them(capsys):
    assert out(capsys, "dice", "list", "twilight-imperium") == "d10: ten-sided die (the 0 counts as 10) (10 faces): 1 2 3 4 5 6 7 8 9 10\n"
    lines = out(capsys, "dice", "list", "doom", "--set", "red_faces=[[1,1,0,0],[0,0,0,1]]").splitlines()
    assert lines[:3] == ["red: Red (damage) die (2 faces)", "  1: range=1 damage=1 ammo=false miss=false",
                         "  2: range=0 damage=0 ammo=false miss=true"]


def test_games_shows_scenarios_and_options(capsys):
    lines = out(capsys, "games").splitlines()
    at = lines.index("doom/deathmatch                  Deathmatch (mod of doom)")
    assert lines[at + 1:at + 4] == ["    scenarios: deathmatch, deathmatch_for_two, knee_deep",
                                    "    option short_match: Deathmatch: a short match, frag limit 3",
                                    "    option long_match: Deathmatch: a long match, frag limit 7"]


def test_assumptions_lists_each_with_its_note_and_current_value(capsys):
    lines = out(capsys, "assumptions", "twilight-imperium", "--set", "wealth_1.credits=4").splitlines()
    at = lines.index("wealth_1.credits: int = 4  (set; default 2)")
    assert lines[at + 1:at + 3] == ["    Wealth version 1 (5 counters): credits shown only on the picture",
                                    "    twilight-imperium/counters.rules:62:3"]
    rows = json.loads(out(capsys, "assumptions", "doom", "--mod", "doom/variants/super-shotgun", "--json"))["assumptions"]
    assert {"name": "knockback_spaces", "type": "int", "value": 1, "default": 1,
            "note": "spaces a knockback hit pushes its target (the ability is not described in the seeds)",
            "where": "doom/variants/super-shotgun/main.rules:12:1"} in rows
    assert main(["assumptions", "twilight-imperium", "--set", "no_such=1"]) == 2
    assert "unknown assumption 'no_such'" in capsys.readouterr().err
