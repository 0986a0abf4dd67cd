"""The six new invaders, their replacements chosen at setup and campaign kill points
(DOOMX-001, DOOMX-004 ... DOOMX-018), and what the box holds of them and of the Soul Cube."""

import json
from collections import Counter

import pytest

import rulecraft
from rulecraft.cli import main
from rulecraft.runtime.play import replay, run, start

NEW = ["zombie_commando", "cherub", "revenant", "maggot", "cacodemon", "vagary"]
PAIRS = [("zombie", "zombie_commando", "zombie_commandos", "DOOMX-006"),
         ("trite", "cherub", "cherubs", "DOOMX-007"),
         ("imp", "revenant", "revenants", "DOOMX-008"),
         ("demon", "maggot", "maggots", "DOOMX-009"),
         ("mancubus", "cacodemon", "cacodemons", "DOOMX-010")]


@pytest.mark.rules("DOOMX-004", "DOOMX-005")
def test_six_new_invader_types_five_with_a_base_counterpart(doomx, new_table):
    base = rulecraft.load("doom")
    added = [d for d, v in doomx.definitions.items() if v.kind == "invader" and d not in base.definitions
             and d != "web_trite"]
    assert sorted(added) == sorted(NEW)
    counterparts = {d: doomx.definitions[d].props.get("counterpart", "") for d in NEW}
    assert [d for d in NEW if counterparts[d]] == NEW[:5]
    assert counterparts["vagary"] == ""
    t = new_table(options=["zombie_commandos", "cherubs", "revenants", "maggots", "cacodemons", "spider_queen"])
    t.call("sort_expansion_figures")
    for d in NEW:
        assert t.game.call("available", d), d


@pytest.mark.parametrize(("old", "new", "option", "rule"), PAIRS)
def test_a_chosen_replacement_is_spawned_where_a_card_calls_for_the_old_type(new_table, old, new, option, rule):
    t = new_table(options=[option], invader_answers=[0] * 20)
    assert t.call("spawn_figure", t.invader, old)
    placed = [e for e in t.select("invader") if t.on_board(e)]
    assert [e.def_id for e in placed] == [new]
    assert rule in t.game.history.touched


@pytest.mark.rules("DOOMX-006", "DOOMX-007", "DOOMX-008", "DOOMX-009", "DOOMX-010", "DOOMX-011")
def test_every_replacement_when_chosen_and_the_old_type_when_not(new_table):
    for old, new, option, _ in PAIRS:
        chosen = new_table(options=[option])
        assert chosen.call("spawn_figure", chosen.invader, old)
        assert [e.def_id for e in chosen.select("invader") if chosen.on_board(e)] == [new]
        plain = new_table()
        assert plain.call("spawn_figure", plain.invader, old)
        assert [e.def_id for e in plain.select("invader") if plain.on_board(e)] == [old]


@pytest.mark.rules("DOOMX-011")
def test_a_scenario_placing_the_old_type_places_the_chosen_one(new_table):
    t = new_table(options=["cherubs"])
    assert t.call("place_invader_at", t.invader, "trite", t.s(5, 2))
    assert t.at(5, 2).def_id == "cherub"
    plain = new_table()
    assert plain.call("place_invader_at", plain.invader, "trite", plain.s(5, 2))
    assert plain.at(5, 2).def_id == "trite"


@pytest.mark.rules("DOOMX-012")
def test_vagary_joins_the_selection_without_removing_a_base_type(new_table):
    t = new_table(options=["spider_queen"])
    assert t.call("place_invader_at", t.invader, "vagary", t.s(5, 2))
    for d in ["zombie", "imp", "trite", "demon", "archvile", "mancubus", "hell_knight", "cyberdemon"]:
        assert t.call("available", d), d
    plain = new_table()
    plain.call("sort_expansion_figures")
    assert plain.call("available", "vagary") == []


@pytest.mark.rules("DOOMX-013", "DOOMX-014", "DOOMX-015", "DOOMX-016", "DOOMX-017", "DOOMX-018")
def test_kill_points_in_campaign_play(new_table):
    points = {"zombie_commando": 1, "cherub": 1, "revenant": 1, "maggot": 2, "cacodemon": 2, "vagary": 4}
    t = new_table(options=["campaign", "zombie_commandos", "cherubs", "revenants", "maggots", "cacodemons",
                           "spider_queen"])
    m = t.marines[0]
    fig = t.marine(m, 1, 1)
    total = 0
    for d, pts in points.items():
        inv = t.invader_at(d, 3, 1)
        t.set(inv, "wounded", t.get(inv, "wounds") - 1)
        t.set(inv, "armor", 0)
        t.set(inv, "abilities", [])
        t.force("yellow", t.face("yellow", range=2, damage=1))
        t.force("green", t.face("green", range=2, damage=1))
        t.call("resolve_attack", fig, t.s(3, 1), ["yellow", "green"], 0, 0, 0, False)
        assert not t.on_board(inv), d
        total += pts
        assert t.get(m, "campaign_kills") == total, d
    assert total == 11


def test_without_campaign_play_no_kill_points_are_counted(new_table):
    t = new_table(options=["maggots"])
    m = t.marines[0]
    fig = t.marine(m, 1, 1)
    inv = t.invader_at("maggot", 3, 1)
    t.set(inv, "wounded", t.get(inv, "wounds") - 1)
    hit = t.face("red", range=2, damage=1)             # the red die has a miss face
    t.force("red", hit, hit, hit)
    t.call("resolve_attack", fig, t.s(3, 1), ["red", "red", "red"], 0, 5, 0, False)
    assert not t.on_board(inv)
    assert t.get(m, "campaign_kills") == 0


@pytest.mark.rules("DOOMX-001")
def test_play_begins_with_the_marines_then_the_invader(doomx):
    game = run(start(doomx, "mars_airlock", seed=3, agents=[rulecraft.FirstLegalAgent()] * 3), "mars_airlock", 1)
    turns = [e["player"] for e in game.log if e["what"] == "turn"]
    invader = game.call("invader_player").name
    assert len(turns) == 3
    assert turns[-1] == invader
    assert invader not in turns[:2]
    assert "DOOMX-001" in game.history.touched


def test_the_expansion_scenario_plays_to_its_end_and_replays(doomx):
    for seed in range(1, 4):
        game = run(start(doomx, "mars_airlock", seed=seed), "mars_airlock")
        assert game.log[-1]["what"] == "final"
        assert (game.over or game.round == 8)
    options = ["cherubs", "maggots", "spider_queen", "campaign"]
    a = run(start(doomx, "mars_airlock", seed=5, options=options), "mars_airlock")
    again = replay(doomx, a.log)
    assert again.log_lines() == a.log_lines()


@pytest.mark.rules("DOOMX-012")
def test_only_the_figures_of_the_marines_colours_join_the_reserve(new_table):
    t = new_table(options=["zombie_commandos"])
    t.call("sort_expansion_figures")
    used = {t.get(p, "color") for p in t.marines}
    ready = t.call("available", "zombie_commando")
    assert ready
    assert {t.get(f, "color") for f in ready} <= used
    boxed = [f for f in t.game.zone("invader_figures").items if f.def_id == "zombie_commando"]
    assert boxed
    assert not [f for f in boxed if t.get(f, "color") in used]


BOX_FIGURES = {"zombie_commando": 12, "cherub": 12, "revenant": 12, "maggot": 6, "cacodemon": 6, "vagary": 1}


@pytest.mark.rules("DOOMX-004", "DOOMX-005", "DOOMX-006", "DOOMX-007", "DOOMX-008", "DOOMX-009", "DOOMX-010",
                   "DOOMX-012", "DOOMX-013", "DOOMX-014", "DOOMX-015", "DOOMX-016", "DOOMX-017", "DOOMX-018")
def test_the_box_holds_12_12_12_6_6_and_1_figures_of_the_new_types(table):
    figures = Counter(f.def_id for f in table.select("invader"))
    assert {d: figures[d] for d in BOX_FIGURES} == BOX_FIGURES


@pytest.mark.rules("DOOMX-004", "DOOMX-005", "DOOMX-006", "DOOMX-007", "DOOMX-008", "DOOMX-009", "DOOMX-010",
                   "DOOMX-015", "DOOMX-016", "DOOMX-018")
def test_a_chosen_type_keeps_its_box_figures_and_gains_its_counterparts(new_table):
    # With every option chosen, each counterpart figure of the box became one of the new type:
    # the type's own figures plus the base type's (12 zombies, trites, imps; 6 demons, mancubi).
    t = new_table(options=["zombie_commandos", "cherubs", "revenants", "maggots", "cacodemons", "spider_queen"])
    figures = Counter(f.def_id for f in t.select("invader"))
    assert {d: figures[d] for d in BOX_FIGURES} == {"zombie_commando": 24, "cherub": 24, "revenant": 24, "maggot": 12,
                                             "cacodemon": 12, "vagary": 1}
    assert not {"zombie", "trite", "imp", "demon", "mancubus"} & set(figures)


@pytest.mark.rules("DOOMX-047")
def test_the_component_list_names_exactly_one_soul_cube(capsys):
    assert main(["cards", "list", "doom", "soul_cube", "--mod", "doom/expansion", "--json"]) == 0
    (cube,) = json.loads(capsys.readouterr().out)["cards"]
    assert (cube["id"], cube["kind"], cube["count"]) == ("soul_cube", "relic", 1)
