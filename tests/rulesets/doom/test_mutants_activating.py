"""Activating an invader, by exact outcome (DOOM-077, DOOM-078): the activation of the invader
declared ends with an `invader_activated` event naming it and whether it moved, and the invader
player is asked what it does next only when it can do more than end its activation."""

import pytest

NEXT = "what the activated invader does next"

POCKET = [  # the imp's space (8,2) is walled in: it can neither move nor see the marine
    "##########",
    "#S.....###",
    "#......#.#",
    "#......###",
    "##########",
]


def ended(t):
    return [e["args"] for e in t.log("event") if e["event"] == "invader_activated"]


def asked(t, prompt):
    return [e["options"] for e in t.log("choice") if e["prompt"] == prompt]


@pytest.mark.rules("DOOM-077", "DOOM-078")
def test_a_walled_in_invader_ends_its_activation_unasked_and_unmoved(new_table):
    t = new_table(rows=POCKET)
    t.marine(t.marines[0], 1, 1)
    imp = t.invader_at("imp", 8, 2)
    t.call("activate", t.invader, imp)
    assert t.messages()[-1] == f"the invader player activates {imp.name}"
    assert asked(t, NEXT) == []
    assert ended(t) == [[imp.ref, False]]
    assert t.where(imp) == (8, 2)


@pytest.mark.rules("DOOM-077", "DOOM-078")
def test_an_invader_that_moves_ends_its_activation_having_moved(new_table):
    t = new_table(rows=POCKET, invader_answers=["move", 0, "end its activation"])
    t.marine(t.marines[0], 1, 1)
    imp = t.invader_at("imp", 6, 3)
    t.call("activate", t.invader, imp)
    assert asked(t, NEXT) == [3, 3]          # move, attack or end; then again after the move
    assert ended(t) == [[imp.ref, True]]
    assert t.where(imp) != (6, 3)
