"""Cards in play: Miscommunication cancels the card it answers; the cards whose effect the
sources do not give say so when played; Blessed by God's actions at once (DT-101); Sabotage is
no attack action (DT-020)."""

import pytest

from rulecraft.runtime.agents import FirstLegalAgent
from tests.rulesets.doomtrooper.conftest import Picker, logged
from tests.rulesets.doomtrooper.test_game_rules import Table, deal

UNKNOWN = "its effect is printed on the card only"


def karma_table(dt, a_picks, b_picks):
    t = Table(dt, agents=[Picker(a_picks), Picker(b_picks)])
    t.g.set(t.b, "promotion", 2)
    return t


@pytest.mark.rules("DT-098")
def test_miscommunication_cancels_the_card_it_answers(dt):
    t = karma_table(dt, {"action_card": "negative_karma"}, {"answer": "miscommunication"})
    karma = t.hand("negative_karma", t.a)
    noise = t.hand("miscommunication", t.b)
    t.act("play_special", t.a)
    assert t.b.props["promotion"] == 2              # Negative Karma took nothing
    assert karma.location is t.g.zone("discard", t.a)
    assert noise.location is t.g.zone("discard", t.b)
    assert logged(t, "cancels") == ["b cancels Negative Karma with Miscommunication"]


@pytest.mark.rules("DT-098")
def test_a_miscommunication_may_itself_be_cancelled(dt):
    t = karma_table(dt, {"action_card": "negative_karma", "answer": "miscommunication"}, {"answer": "miscommunication"})
    t.hand("negative_karma", t.a)
    t.hand("miscommunication", t.a)
    t.hand("miscommunication", t.b)
    t.act("play_special", t.a)
    assert t.b.props["promotion"] == 1              # the karma went ahead
    assert logged(t, "cancels") == ["a cancels Miscommunication with Miscommunication"]


def doomed_fight(dt, a_picks, b_picks):
    """The wounded Bestal attacks the Gendarme and is killed; its player holds Narrow Escape."""
    t = Table(dt, agents=[Picker(a_picks), Picker(b_picks)])
    a = t.warrior("gendarme_bestal", t.a)
    t.g.set(a, "wounded", True)
    d = t.warrior("gendarme", t.b)
    t.hand("narrow_escape", t.a)
    t.hand("miscommunication", t.b)
    return t, a, d


@pytest.mark.rules("DT-050", "DT-041")
def test_narrow_escape_is_cancelled_unless_think_it_over_holds(dt):
    t, a, d = doomed_fight(dt, {"combat_resolution": "narrow_escape"}, {"answer": "miscommunication"})
    t.act("attack", t.a, a, d, "close_combat")
    assert a.location is t.g.zone("discard", t.a)   # the escape was cancelled: the Bestal dies

    b = Picker({"answer": ["pass", "miscommunication"]})  # lets Mařenka through, would cancel the escape
    t, a, d = doomed_fight(dt, {"combat_modifiers": "think_again", "combat_resolution": "narrow_escape"}, {})
    t.g.choices.agents[t.b.id] = b
    t.hand("think_again", t.a)
    t.act("attack", t.a, a, d, "close_combat")
    assert len(b.offered("play a card in answer")) == 1   # asked about Mařenka only
    assert a.location is t.g.zone("station", t.a)   # escaped with its wound


@pytest.mark.rules("DT-100")
@pytest.mark.parametrize("card", ["expedite_request", "initiative", "blood_lust", "lust_for_war"])
def test_start_of_turn_cards_with_no_known_effect_say_so(dt, card):
    t = Table(dt, agents=[Picker({"turn_start": card}), FirstLegalAgent()])
    c = t.hand(card, t.a)
    deal(t, t.a, ["cowardice"] * 7)
    with t.g.turn(t.a):
        t.g.call("begin_turn", t.a)
    assert t.plays() == [(c.ref, "turn_start")]
    assert logged(t, UNKNOWN) == [f"a plays {c.name}: {UNKNOWN}, not in the sources; nothing changes"]
    assert (t.a.props["actions"], t.a.props["destiny"]) == (3, 0)


@pytest.mark.rules("DT-089", "DT-092")
@pytest.mark.parametrize("card", ["surrender", "reassignment", "captured"])
def test_action_cards_with_no_known_effect_say_so_and_move_nothing(dt, card):
    t = Table(dt, agents=[Picker({"action_card": card}), FirstLegalAgent()])
    mine = t.warrior("gendarme", t.a)
    theirs = t.warrior("gendarme_bestal", t.b)
    c = t.hand(card, t.a)
    t.act("play_special", t.a)
    assert t.plays() == [(c.ref, "action_card")]
    assert logged(t, UNKNOWN) == [f"a plays {c.name}: {UNKNOWN}, not in the sources; nothing changes"]
    assert mine.location is t.g.zone("station", t.a)
    assert theirs.location is t.g.zone("station", t.b)
    assert not any("prisoner" in e.get("text", "") or "reassigns" in e.get("text", "") for e in t.g.log)


def blessed_turn(dt, at_once):
    picks = {"turn_start": "divine_inspiration", "at once": at_once, "the next action": ["destiny", "destiny", "pass"]}
    t = Table(dt, agents=[Picker(picks), FirstLegalAgent()])
    t.hand("divine_inspiration", t.a)
    deal(t, t.a, ["cowardice"] * 8)
    with t.g.turn(t.a):
        t.g.call("begin_turn", t.a)
    return t


@pytest.mark.rules("DT-101")
def test_blessed_by_gods_actions_may_be_used_at_once_before_the_draw(dt):
    t = blessed_turn(dt, True)
    assert t.a.props["destiny"] == 2
    assert t.a.props["actions"] == 3  # its two actions spent, the turn's kept
    seqs = [e["seq"] for e in t.g.log if e["what"] == "set" and e.get("prop") == "destiny"]
    draws = [e["seq"] for e in t.g.log if e["what"] == "draw" and e["to"] == "hand@a"]
    assert len(seqs) == 2
    assert draws
    assert max(seqs) < min(draws)  # before the draw


@pytest.mark.rules("DT-101")
def test_blessed_by_gods_actions_may_be_kept_for_the_turn(dt):
    t = blessed_turn(dt, False)
    assert t.a.props["destiny"] == 0
    assert t.a.props["actions"] == 5
    assert len(t.zone("hand", t.a)) == 7


@pytest.mark.rules("DT-020", "DT-099")
def test_sabotage_is_no_attack_action(dt):
    t = Table(dt, round_=1, agents=[FirstLegalAgent(), Picker({"combat_declaration": "cowardice"})])
    w = t.warrior("horde_trooper", t.a)        # Value 5
    t.hand("cowardice", t.b)
    t.act("sabotage", t.a, w)                  # in the first turn, when no attack is allowed
    assert t.a.props["destiny"] + t.a.props["promotion"] == 3
    assert (t.a.props["attacks_declared"], t.a.props["fought"], t.a.props["sabotaged"], t.plays()) == (0, False, True, [])
    assert not any(e["what"] == "window" and e["name"].startswith("combat_") for e in t.g.log)


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
    assert d.props["in_cover"]
    assert card.location is t.g.zone("discard", t.a)


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
    assert t.plays() == [(card.ref, "action_card")]
    assert t.b.props["promotion"] == 0


@pytest.mark.rules("DT-090")
def test_a_paid_off_periodic_card_goes_to_the_discard_pile_with_no_victim(dt):
    t = Table(dt, agents=[Picker({"action_card": "doomed"}), FirstLegalAgent()])
    card = t.hand("doomed", t.a)
    t.g.set(t.b, "promotion", 2)
    t.act("play_special", t.a)
    assert card.location is t.g.zone("table", t.b)
    assert t.get(card, "victim") is t.b
    deal(t, t.b, ["cowardice"] * 14)
    with t.g.turn(t.b):
        t.g.call("begin_turn", t.b)
    assert t.b.props["promotion"] == 1
    assert card.location is t.g.zone("table", t.b)
    with t.g.turn(t.b):
        t.g.call("begin_turn", t.b)
    assert t.b.props["promotion"] == 0
    assert card.location is t.g.zone("discard", t.b)
    assert t.get(card, "victim") is None


@pytest.mark.rules("DT-092")
def test_reassignment_needs_a_warrior_of_ones_own(dt):
    agent = Picker()
    t = Table(dt, agents=[agent, FirstLegalAgent()])
    t.hand("reassignment", t.a)
    t.act("play_special", t.a)
    assert agent.offered("play a card in action_card") == []
    assert t.plays() == []
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
    assert len(answers) == 1
    assert answers[0]["seq"] < locks[0]["seq"]
    assert locks[0]["value"] is True
    assert a.location is t.g.zone("station", t.a)
