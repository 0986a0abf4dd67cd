"""What the expansion's box holds, by exact count: the figures of the six new invader types
(the invader runs out of a type when its figures are all on the board) and the one Soul Cube."""

import json
from collections import Counter

import pytest

from rulecraft.cli import main

NEW = {"zombie_commando": 12, "cherub": 12, "revenant": 12, "maggot": 6, "cacodemon": 6, "vagary": 1}


@pytest.mark.rules("DOOMX-004", "DOOMX-005", "DOOMX-006", "DOOMX-007", "DOOMX-008", "DOOMX-009", "DOOMX-010",
                   "DOOMX-012", "DOOMX-013", "DOOMX-014", "DOOMX-015", "DOOMX-016", "DOOMX-017", "DOOMX-018")
def test_the_box_holds_12_12_12_6_6_and_1_figures_of_the_new_types(table):
    figures = Counter(f.def_id for f in table.select("invader"))
    assert {d: figures[d] for d in NEW} == NEW


@pytest.mark.rules("DOOMX-004", "DOOMX-005", "DOOMX-006", "DOOMX-007", "DOOMX-008", "DOOMX-009", "DOOMX-010",
                   "DOOMX-015", "DOOMX-016", "DOOMX-018")
def test_a_chosen_type_keeps_its_box_figures_and_gains_its_counterparts(new_table):
    # With every option chosen, each counterpart figure of the box became one of the new type:
    # the type's own figures plus the base type's (12 zombies, trites, imps; 6 demons, mancubi).
    t = new_table(options=["zombie_commandos", "cherubs", "revenants", "maggots", "cacodemons", "spider_queen"])
    figures = Counter(f.def_id for f in t.select("invader"))
    assert {d: figures[d] for d in NEW} == {"zombie_commando": 24, "cherub": 24, "revenant": 24, "maggot": 12,
                                             "cacodemon": 12, "vagary": 1}
    assert not {"zombie", "trite", "imp", "demon", "mancubus"} & set(figures)


@pytest.mark.rules("DOOMX-047")
def test_the_component_list_names_exactly_one_soul_cube(capsys):
    assert main(["cards", "list", "doom", "soul_cube", "--mod", "doom/expansion", "--json"]) == 0
    (cube,) = json.loads(capsys.readouterr().out)["cards"]
    assert (cube["id"], cube["kind"], cube["count"]) == ("soul_cube", "relic", 1)
