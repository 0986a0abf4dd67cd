"""Exact outcomes of the turn's rules (the start of the turn, points, Sabotage, the Cardinal's
Privilege, the first action, cover), written to catch the rule mutants that survived."""

import pytest

from rulecraft.runtime.agents import FirstLegalAgent, ScriptedAgent
from rulecraft.runtime.errors import GameOver
from tests.rulesets.doomtrooper.conftest import Picker
from tests.rulesets.doomtrooper.test_game_rules import Table, deal


@pytest.fixture
def t(dt):
    return Table(dt)


def events(t, name):
    return [e["args"] for e in t.g.log if e["what"] == "event" and e["event"] == name]


# ---- the start of the turn ---------------------------------------------------------

@pytest.mark.rules("DT-100")
def test_the_turn_starts_with_three_fresh_actions_and_announces_itself(dt):
    t = Table(dt)
    deal(t, t.a, ["cowardice"] * 8)
    for prop, value in (("actions", 0), ("actions_taken", 2), ("sabotaged", True), ("fought", True)):
        t.g.set(t.a, prop, value)
    with t.g.turn(t.a):
        t.g.call("begin_turn", t.a)
    assert (t.a.props["actions"], t.a.props["actions_taken"], t.a.props["sabotaged"], t.a.props["fought"]) == \
        (3, 0, False, False)
    assert events(t, "turn_began") == [["a"]]
    assert len(t.zone("hand", t.a)) == 7


# ---- points ----------------------------------------------------------------------

@pytest.mark.rules("DT-018", "DT-097")
def test_points_are_announced_and_25_promotion_points_win(dt):
    t = Table(dt, agents=[ScriptedAgent([2]), FirstLegalAgent()])
    t.g.set(t.a, "promotion", 23)
    with pytest.raises(GameOver):
        t.call("gain_points", t.a, 3)
    assert (t.a.props["promotion"], t.a.props["destiny"]) == (25, 1)
    assert events(t, "points_gained") == [["a", 3]]
    assert t.g.winner is t.a


@pytest.mark.rules("DT-018", "DT-097")
def test_24_promotion_points_do_not_win_yet(dt):
    t = Table(dt, agents=[ScriptedAgent([1]), FirstLegalAgent()])
    t.g.set(t.a, "promotion", 23)
    t.call("gain_points", t.a, 3)
    assert (t.a.props["promotion"], t.a.props["destiny"]) == (24, 2)
    assert t.g.winner is None


# ---- Sabotage --------------------------------------------------------------------

@pytest.mark.rules("DT-016")
def test_sabotage_takes_every_action_left_and_counts_as_one_taken(t):
    w = t.warrior("horde_trooper", t.a)
    t.act("sabotage", t.a, w)
    assert (t.a.props["actions"], t.a.props["actions_taken"]) == (0, 1)


@pytest.mark.rules("DT-019")
def test_sabotage_needs_an_action_left_and_one_is_enough(t):
    w = t.warrior("horde_trooper", t.a)     # Value 5: 3 points
    t.g.set(t.a, "actions", 0)
    assert "Sabotage needs an action" in t.refused("sabotage", t.a, w)
    t.g.set(t.a, "actions", 1)
    t.act("sabotage", t.a, w)
    assert t.a.props["sabotaged"] and t.a.props["destiny"] + t.a.props["promotion"] == 3


# ---- the Cardinal's Privilege -------------------------------------------------------

OLD_HAND = ["cowardice", "narrow_escape", "retreat", "bayonet", "body_armor", "initiative", "blood_lust"]


@pytest.mark.rules("DT-023", "DT-024")
def test_the_old_hand_is_shown_to_the_opponent_then_shuffled_into_the_library(dt):
    t = Table(dt, round_=1)
    deal(t, t.a, OLD_HAND + ["luna"] * 10)
    for _ in range(7):
        t.g.things.move(t.zone("library", t.a)[0], t.g.zone("hand", t.a))
    old = [c.ref for c in t.zone("hand", t.a)]
    start = len(t.g.log)
    t.act("cardinals_privilege", t.a)
    after = [e for e in t.g.log[start:] if e["what"] in ("peek", "move", "shuffle", "draw")]
    peeks = [(e["thing"], e["player"], e["shows"]) for e in after if e["what"] == "peek"]
    assert peeks == [(ref, "b", ref.split("#")[0]) for ref in old]
    back = [i for i, e in enumerate(after) if e["what"] == "move" and e["to"] == "library@a"]
    shuffles = [i for i, e in enumerate(after) if e["what"] == "shuffle"]
    assert len(back) == 7 and len(shuffles) == 1 and shuffles[0] > max(back)
    assert after[shuffles[0]]["zone"] == "library@a"


# ---- the first action: the station and cover ----------------------------------------

def squad_only(t):
    """The opponent has a warrior on the station, `a` only one in the squad."""
    t.warrior("gendarme_bestal", t.b)
    return t.warrior("gendarme", t.a, zone="squad")


@pytest.mark.rules("DT-091")
def test_a_transfer_is_due_only_while_the_opponent_holds_the_station_alone(t):
    assert not t.call("must_transfer", t.a)                 # nobody anywhere
    theirs = t.warrior("gendarme_bestal", t.b)
    assert not t.call("must_transfer", t.a)                 # a has no warrior at all
    mine = t.warrior("gendarme", t.a, zone="squad")
    assert t.call("must_transfer", t.a)
    assert not t.call("must_transfer", t.b)                 # b is on the station already
    t.g.things.move(theirs, t.g.zone("squad", t.b))
    assert not t.call("must_transfer", t.a)                 # the station is empty
    t.g.things.move(mine, t.g.zone("station", t.a))
    t.g.things.move(theirs, t.g.zone("station", t.b))
    assert not t.call("must_transfer", t.a)                 # both on the station


@pytest.mark.rules("DT-094", "DT-092")
def test_under_the_transfer_duty_only_an_action_bringing_a_warrior_is_allowed(t):
    assert t.call("first_action_allows", t.a, False, False)  # no duty
    squad_only(t)
    assert t.call("first_action_allows", t.a, True, False)
    assert not t.call("first_action_allows", t.a, False, False)
    assert not t.call("first_action_allows", t.a, False, True)
    t.g.set(t.a, "actions_taken", 1)
    assert t.call("first_action_allows", t.a, False, False)  # only the first action


@pytest.mark.rules("DT-094")
def test_without_the_duty_any_first_action_is_allowed(t):
    t.warrior("gendarme_bestal", t.b)
    t.warrior("gendarme", t.a)
    for brings in (False, True):
        for leaves in (False, True):
            assert t.call("first_action_allows", t.a, brings, leaves)


@pytest.mark.rules("DT-045")
def test_leaving_cover_costs_one_action(t):
    w = t.warrior("gendarme", t.a)
    t.g.set(w, "in_cover", True)
    t.act("leave_cover", t.a, w)
    assert not w.props["in_cover"] and (t.a.props["actions"], t.a.props["actions_taken"]) == (2, 1)


@pytest.mark.rules("DT-045")
def test_leaving_cover_is_no_first_action_while_a_transfer_is_due(t):
    w = squad_only(t)
    t.g.set(w, "in_cover", True)
    assert "first action must bring" in t.refused("leave_cover", t.a, w)
    assert w.props["in_cover"] and t.a.props["actions"] == 3


@pytest.mark.rules("DT-065")
def test_seeking_cover_costs_one_action_and_puts_the_warrior_in_cover(t):
    w = t.warrior("gendarme", t.a)
    t.act("seek_cover", t.a, w)
    assert w.props["in_cover"] and (t.a.props["actions"], t.a.props["actions_taken"]) == (2, 1)


@pytest.mark.rules("DT-065")
def test_seeking_cover_is_no_first_action_while_a_transfer_is_due(t):
    w = squad_only(t)
    assert "first action must bring" in t.refused("seek_cover", t.a, w)
    assert not w.props["in_cover"] and t.a.props["actions"] == 3


@pytest.mark.rules("DT-077")
def test_a_transfer_costs_one_action(t):
    w = t.warrior("gendarme", t.a, zone="squad")
    t.act("transfer", t.a, w)
    assert w.location is t.g.zone("station", t.a)
    assert (t.a.props["actions"], t.a.props["actions_taken"]) == (2, 1)


@pytest.mark.rules("DT-085")
def test_playing_a_card_costs_one_action(dt):
    t = Table(dt, agents=[Picker({"action_card": "negative_karma"}), FirstLegalAgent()])
    t.g.set(t.b, "promotion", 2)
    t.hand("negative_karma", t.a)
    t.act("play_special", t.a)
    assert (t.a.props["actions"], t.a.props["actions_taken"], t.b.props["promotion"]) == (2, 1, 1)
