"""Organised Marines (DOOMX-002, DOOMX-003, DOOMX-178)."""

import pytest


def ready(t):
    for i, p in enumerate(t.marines):
        t.marine(p, 1, 1 + i)
    t.game.call("deal_starting_cards")


def turns(t):
    return [e["player"] for e in t.log("turn")]


def markers(t):
    return {p.name: t.get(t.game.select("turn_marker", owner=p)[0], "green") for p in t.marines}


@pytest.mark.rules("DOOMX-003", "DOOMX-178")
def test_the_marines_choose_who_goes_first_and_turn_their_markers_red(table):
    t = table("organised-marines", marines=2, answers={"m1": ["m2", "unload"], "m2": ["unload"]})
    ready(t)
    t.game.call("play_round")
    assert turns(t) == ["m2", "m1", "inv"]
    assert markers(t) == {"m1": False, "m2": False}
    assert [x for x in t.texts() if "marker to red" in x] == ["m2 turns his marker to red", "m1 turns his marker to red"]
    (asked, last) = [e for e in t.log("choice") if "Organised Marines" in e["prompt"]]
    assert (asked["player"], asked["options"], last["options"]) == ("m1", 2, 1)   # the last is not asked


@pytest.mark.rules("DOOMX-002")
def test_every_marine_places_his_marker_green_side_up_when_play_begins(table):
    t = table("organised-marines", marines=3)
    ready(t)
    t.game.call("play_round")
    placed = [x for x in t.texts() if "places his turn marker green side up" in x]
    assert placed == ["m1 places his turn marker green side up", "m2 places his turn marker green side up",
                      "m3 places his turn marker green side up"]
    sets = [e for e in t.log("set") if e.get("prop") == "green"]
    assert [e["value"] for e in sets[:3]] == [True, True, True]


@pytest.mark.rules("DOOMX-003")
def test_the_order_may_change_from_round_to_round(table):
    t = table("organised-marines", marines=2, answers={"m1": ["m2", "unload", "m1", "unload"], "m2": ["unload", "unload"]})
    ready(t)
    t.game.call("play_round")
    t.game.end_round()
    t.game.begin_round()
    t.game.call("play_round")
    assert turns(t) == ["m2", "m1", "inv", "m1", "m2", "inv"]


def test_without_the_variant_the_seating_order_holds(table):
    t = table(marines=2)
    ready(t)
    t.game.call("play_round")
    assert turns(t) == ["m1", "m2", "inv"]
