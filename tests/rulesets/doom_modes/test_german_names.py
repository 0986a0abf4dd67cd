"""The German names the expansion's booklet gives (shared/seeds/000) name Doom's things wherever
a name is: in the base game, the expansion and Deathmatch (DOOMX-100 names the marine cards)."""

import pytest

import rulecraft
from rulecraft.inputs import names


@pytest.mark.rules("DOOMX-100")
def test_the_booklets_german_names_find_the_definitions():
    base, expansion, dm = (rulecraft.load(r) for r in ("doom", "doom/expansion", "doom/deathmatch"))
    assert names.definitions(base).find("Kettensäge") == ["chainsaw"]
    assert names.definitions(base).find("absichern") == ["guard_order"]          # any case
    assert names.definitions(expansion).find("Spinnenkonigin") == ["vagary"]     # without the umlaut
    assert names.definitions(expansion).find("Zielen") == ["aim_order"]          # the base's, kept
    found = {n: names.definitions(dm).find(n) for n in ("Gelenkig", "Aufklärer", "Kundschafter", "Techniktrupp")}
    assert found == {"Gelenkig": ["agile_card"], "Aufklärer": ["reconnaissance_card"],
                     "Kundschafter": ["scout_card"], "Techniktrupp": ["tech_squad_card"]}
    assert names.definitions(base).find("Gelenkig") == []                        # a Deathmatch card
