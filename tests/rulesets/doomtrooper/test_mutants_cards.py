"""Exact outcomes of the special cards (Improve Self in a combat, Cowardice as an action, Lust for
War, Negative Karma, the periodic payments, Reassignment), written to catch the rule mutants that
survived."""

import pytest

from rulecraft.runtime.agents import FirstLegalAgent
from tests.rulesets.doomtrooper.conftest import Picker
from tests.rulesets.doomtrooper.test_dt_play_cards import doomed_fight
from tests.rulesets.doomtrooper.test_game_rules import Table, deal

UNKNOWN = "its effect is printed on the card only"


def logged(t, text):
    return [e["text"] for e in t.g.log if e["what"] == "log" and text in e["text"]]


@pytest.mark.rules("DT-076", "DT-084")
def test_improve_self_in_a_combat_doubles_every_value_of_its_fighter_animal_included(dt):
    agent = Picker({"combat_modifiers": "improve_self"})
    t = Table(dt, agents=[agent, FirstLegalAgent()])
    w = t.warrior("mastodont_handler", t.a)                   # 4 / 4 / 4 / 4
    t.act("give_animal", t.a, w, t.hand("mastodont", t.a))    # +3 / +2 / +2 / +4
    card = t.hand("improve_self", t.a)
    d = t.warrior("gendarme_bestal", t.b)
    with t.g.turn(t.a):                                       # "this turn": look before it ends
        t.g.act("attack", t.a, w, d, "close_combat")
        assert [t.get(w, s) for s in ("fight", "shoot", "armor", "value")] == [7 * 2, 6 * 2, 6 * 2, 8 * 2]
    assert agent.offered("play a card in combat_modifiers")[0] == [None, "improve_self"]
    assert t.plays() == [(card.ref, "combat_modifiers")]


@pytest.mark.rules("DT-086")
def test_cowardice_as_an_action_sends_the_chosen_opposing_warrior_into_cover(dt):
    t = Table(dt, agents=[Picker({"action_card": "cowardice"}), FirstLegalAgent()])
    card = t.hand("cowardice", t.a)
    d = t.warrior("gendarme_bestal", t.b)
    t.act("play_special", t.a)
    assert t.plays() == [(card.ref, "action_card")]
    assert d.props["in_cover"] and card.location is t.g.zone("discard", t.a)


@pytest.mark.rules("DT-086", "DT-098")
def test_cowardice_cancelled_leaves_the_warrior_out_of_cover(dt):
    t = Table(dt, agents=[Picker({"action_card": "cowardice"}), Picker({"answer": "miscommunication"})])
    t.hand("cowardice", t.a)
    t.hand("miscommunication", t.b)
    d = t.warrior("gendarme_bestal", t.b)
    t.act("play_special", t.a)
    assert not d.props["in_cover"]


@pytest.mark.rules("DT-087")
def test_lust_for_war_is_playable_by_the_first_player_from_the_second_turn_on(dt):
    agent = Picker({"turn_start": "lust_for_war"})
    t = Table(dt, round_=2, agents=[agent, FirstLegalAgent()])
    card = t.hand("lust_for_war", t.a)
    deal(t, t.a, ["cowardice"] * 7)
    with t.g.turn(t.a):
        t.g.call("begin_turn", t.a)
    assert agent.offered("play a card in turn_start")[0] == [None, "lust_for_war"]
    assert t.plays() == [(card.ref, "turn_start")]
    assert logged(t, UNKNOWN) == [f"a plays Lust for War: {UNKNOWN}, not in the sources; nothing changes"]


@pytest.mark.rules("DT-088")
def test_negative_karma_takes_an_opponents_last_point(dt):
    t = Table(dt, agents=[Picker({"action_card": "negative_karma"}), FirstLegalAgent()])
    t.g.set(t.b, "promotion", 1)
    card = t.hand("negative_karma", t.a)
    t.act("play_special", t.a)
    assert t.plays() == [(card.ref, "action_card")] and t.b.props["promotion"] == 0


@pytest.mark.rules("DT-090")
def test_a_paid_off_periodic_card_goes_to_the_discard_pile_with_no_victim(dt):
    t = Table(dt, agents=[Picker({"action_card": "doomed"}), FirstLegalAgent()])
    card = t.hand("doomed", t.a)
    t.g.set(t.b, "promotion", 2)
    t.act("play_special", t.a)
    assert card.location is t.g.zone("table", t.b) and t.get(card, "victim") is t.b
    deal(t, t.b, ["cowardice"] * 14)
    with t.g.turn(t.b):
        t.g.call("begin_turn", t.b)
    assert t.b.props["promotion"] == 1 and card.location is t.g.zone("table", t.b)
    with t.g.turn(t.b):
        t.g.call("begin_turn", t.b)
    assert t.b.props["promotion"] == 0 and card.location is t.g.zone("discard", t.b)
    assert t.get(card, "victim") is None


@pytest.mark.rules("DT-092")
def test_reassignment_needs_a_warrior_of_ones_own(dt):
    agent = Picker()
    t = Table(dt, agents=[agent, FirstLegalAgent()])
    t.hand("reassignment", t.a)
    t.act("play_special", t.a)
    assert agent.offered("play a card in action_card") == [] and t.plays() == []
    t.warrior("gendarme", t.a)
    t.g.set(t.a, "actions", 3)
    t.act("play_special", t.a)
    assert agent.offered("play a card in action_card") == [[None, "reassignment"]]


@pytest.mark.rules("DT-084")
def test_improve_self_as_an_action_doubles_fight_and_value(dt):
    t = Table(dt, agents=[Picker({"action_card": "improve_self"}), FirstLegalAgent()])
    w = t.warrior("lutheran_disciple", t.a)                   # Fight 5, Value 4
    card = t.hand("improve_self", t.a)
    with t.g.turn(t.a):                                       # "this turn": look before it ends
        t.g.act("play_special", t.a)
        assert (t.get(w, "fight"), t.get(w, "value"), t.get(w, "armor")) == (10, 8, 4)
    assert t.plays() == [(card.ref, "action_card")]


@pytest.mark.rules("DT-043")
def test_a_play_at_any_time_card_acts_on_a_combat_in_phases_1_to_4_only(dt):
    # the stage bound of the rule itself: the windows of phases 5 and 6 hold no such card
    t = Table(dt)
    wave = t.hand("wave_of_righteousness", t.a)
    c = t.g.create("combat_record")
    t.g.set(c, "attacking_player", t.a)
    t.g.set(c, "attacker", t.warrior("gendarme", t.a))
    t.g.set(c, "defender", t.warrior("gendarme_bestal", t.b))
    allowed = {}
    for stage in range(1, 7):
        t.g.set(c, "stage", stage)
        allowed[stage] = t.call("any_time_before_blows", wave, t.a)
    assert allowed == {1: True, 2: True, 3: True, 4: True, 5: False, 6: False}


@pytest.mark.rules("DT-050")
def test_think_it_over_is_played_answered_once_and_locks_the_combat(dt):
    b = Picker({"answer": ["pass", "miscommunication"]})
    t, a, d = doomed_fight(dt, {"combat_modifiers": "think_again", "combat_resolution": "narrow_escape"}, {})
    t.g.choices.agents[t.b.id] = b
    card = t.hand("think_again", t.a)
    t.act("attack", t.a, a, d, "close_combat")
    assert t.plays()[0] == (card.ref, "combat_modifiers")
    answers = [e for e in t.g.log if e["what"] == "choice" and e["prompt"] == "play a card in answer"]
    locks = [e for e in t.g.log if e["what"] == "set" and e.get("prop") == "locked"]
    assert len(answers) == 1 and answers[0]["seq"] < locks[0]["seq"] and locks[0]["value"] is True
    assert a.location is t.g.zone("station", t.a)
