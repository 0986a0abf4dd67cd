"""Event cards in play (DOOM-062, DOOM-063): the invader player is offered his playable event
cards at every moment of play the ruleset knows - the start of every turn, after each marine
move and each attack not made by an invader, and in his own turn after the draw, between the
parts of an activation and at the end of the activation step - and only when one is playable."""

import pytest
from test_invader_turn_activation import CORRIDOR, HIDDEN, NEXT, WHERE, Picks

from rulecraft.runtime.play import run, start
from tests.support.doom_tables import cards

EVENT = "play an event card now"


def agents(t, invader, marine=None):
    t.game.choices.agents[t.invader.id] = inv = Picks(invader)
    if marine is not None:
        t.game.choices.agents[t.marines[0].id] = Picks(marine)
    return inv


def whats(t, *kinds):
    return [e["what"] for e in t.game.log if e["what"] in kinds]


@pytest.mark.rules("DOOM-062", "DOOM-063")
def test_the_invader_plays_an_event_card_in_the_middle_of_a_marines_turn(new_table):
    t = new_table(rows=CORRIDOR)
    t.marine(t.marines[0], 1, 1)
    imp = t.invader_at("imp", 9, 1)
    t.set(imp, "wounded", 2)
    [card] = cards(t, "regenerate")
    inv = agents(t, {EVENT: [False, True]},
                 marine={"which action": "sprint", "what the marine does next": ["move", "stop"],
                         "where the marine moves": t.s(2, 1)})
    with t.game.turn(t.marines[0]):
        t.call("play_marine_turn", t.marines[0])
    # declined at the start of the turn, played after the marine's move, before his next choice
    assert [p for p, _ in inv.asked] == [EVENT, EVENT]
    assert whats(t, "grid_move", "reveal")[:2] == ["grid_move", "reveal"]
    assert t.get(imp, "wounded") == 0
    assert t.zone("invader_discard") == [card]


@pytest.mark.rules("DOOM-062")
def test_an_event_card_is_offered_after_a_marines_attack(new_table):
    t = new_table(rows=CORRIDOR)
    m = t.marines[0]
    t.marine(m, 1, 1)
    imp = t.invader_at("imp", 3, 1)
    t.set(imp, "wounds", 9)
    cards(t, "regenerate")
    inv = agents(t, {EVENT: True})
    t.declare(m, "advance")
    t.force("red", t.face("red", miss=False, damage=2))
    t.force("yellow", t.face("yellow", miss=False))
    assert inv.asked == []                 # nobody is wounded: the card is not playable
    t.act("attack", m, t.s(3, 1), "pistol")
    assert t.get(imp, "wounded") == 0      # wounded by the attack, healed at once
    assert [p for p, _ in inv.asked] == [EVENT]


@pytest.mark.rules("DOOM-062")
def test_an_event_card_is_played_at_the_start_of_a_marines_turn(new_table):
    t = new_table(rows=HIDDEN)
    t.marine(t.marines[0], 1, 1)
    cards(t, "ambush")
    agents(t, {EVENT: True}, marine={"which action": "sprint", "what the marine does next": "stop"})
    with t.game.turn(t.marines[0]):
        t.call("play_marine_turn", t.marines[0])
    assert len(t.game.select("zombie", at=t.game.zone("on_board"), by_definition=True)) == 1
    log = t.game.log
    placed = max(i for i, e in enumerate(log) if e["what"] == "place")
    declared = min(i for i, e in enumerate(log) if e.get("prompt") == "which action the marine takes")
    assert placed < declared  # the ambush came before the marine declared his action


@pytest.mark.rules("DOOM-062", "DOOM-079")
def test_an_event_card_is_offered_between_the_parts_of_an_activation(new_table):
    t = new_table(rows=CORRIDOR)
    t.marine(t.marines[0], 1, 1)
    imp = t.invader_at("imp", 9, 1)
    [card] = cards(t, "ambush")
    inv = agents(t, {EVENT: [False, True], NEXT: ["move", "end its activation"], WHERE: t.s(8, 1)})
    t.call("activate", t.invader, imp)
    assert [p for p, _ in inv.asked][:3] == [EVENT, NEXT, WHERE]
    assert [p for p, _ in inv.asked][3] == EVENT
    assert t.zone("invader_discard") == [card]


@pytest.mark.rules("DOOM-062", "DOOM-056")
def test_in_his_own_turn_the_invader_is_offered_his_events_after_the_draw_and_after_the_last_activation(new_table):
    t = new_table(rows=CORRIDOR)
    t.marine(t.marines[0], 1, 1)
    t.game.create("ambush", 3, t.game.zone("invader_deck"), None, True)
    inv = agents(t, {EVENT: False})
    with t.game.turn(t.invader):
        t.call("play_invader_turn", t.invader)
    # the draw, the spawn step (no spawn card), no invader to activate, the end of the step
    assert [p for p, _ in inv.asked] == [EVENT, EVENT]


@pytest.mark.rules("DOOM-062", "DOOM-076")
def test_random_players_finish_knee_deep_with_the_invader_turn_in_play(doom):
    for seed in (11, 12, 13):
        game = run(start(doom, "knee_deep", seed=seed), "knee_deep", None)
        final = game.log[-1]
        assert final["what"] == "final"
        assert (game.over or final["rounds"] == 12)
        prompts = {e["prompt"] for e in game.log if e["what"] == "choice"}
        assert NEXT in prompts
