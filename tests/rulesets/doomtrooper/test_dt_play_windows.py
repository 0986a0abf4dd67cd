"""The combat's timing windows: play-at-any-time cards in phases 1 to 4 (and the phase-6 card),
the attacker's priority when abilities clash (DT-095)."""

import pytest

from rulecraft.runtime.agents import FirstLegalAgent
from tests.rulesets.doomtrooper.conftest import Picker, logged
from tests.rulesets.doomtrooper.test_game_rules import Table

COMBAT_WINDOWS = ["combat_declaration", "combat_determination", "combat_tactics", "combat_modifiers",
                  "combat_resolution", "combat_points"]
UNKNOWN = "its effect is printed on the card only"


def fight(dt, a_agent, b_agent=None, wounded=False):
    t = Table(dt, agents=[a_agent, b_agent or FirstLegalAgent()])
    a = t.warrior("gendarme", t.a)            # Fight 7
    d = t.warrior("gendarme_bestal", t.b)     # Armor 4
    t.g.set(d, "wounded", wounded)
    return t, a, d


@pytest.mark.rules("DT-035", "DT-036", "DT-037", "DT-039", "DT-043")
def test_play_at_any_time_cards_are_offered_in_phases_1_to_4_and_no_later(dt):
    agent = Picker()                          # passes every window
    t, a, d = fight(dt, agent)
    t.hand("wave_of_righteousness", t.a)
    t.hand("divine_inspiration", t.a)
    t.act("attack", t.a, a, d, "close_combat")
    offered = {w: agent.offered(f"play a card in {w}") for w in COMBAT_WINDOWS}
    for w in COMBAT_WINDOWS[:4]:
        assert offered[w] == [[None, "wave_of_righteousness", "divine_inspiration"]], w
    assert offered["combat_resolution"] == offered["combat_points"] == []


@pytest.mark.rules("DT-036", "DT-098")
def test_the_wave_played_in_phase_2_is_removed_for_good_and_its_effect_marked_unknown(dt):
    t, a, d = fight(dt, Picker({"combat_determination": "wave_of_righteousness"}))
    wave = t.hand("wave_of_righteousness", t.a)
    t.act("attack", t.a, a, d, "close_combat")
    assert t.plays() == [(wave.ref, "combat_determination")]
    assert wave.location is t.g.zone("removed", t.a)
    assert logged(t, UNKNOWN) == [f"a plays Wave of Righteousness: {UNKNOWN}, not in the sources; nothing changes"]


@pytest.mark.rules("DT-037", "DT-043")
def test_blessed_by_god_played_in_phase_3_gives_its_actions(dt):
    t, a, d = fight(dt, Picker({"combat_tactics": "divine_inspiration"}))
    card = t.hand("divine_inspiration", t.a)
    t.act("attack", t.a, a, d, "close_combat")
    assert t.plays() == [(card.ref, "combat_tactics")]
    assert t.a.props["actions"] == 3 - 1 + 2


@pytest.mark.rules("DT-042")
def test_bamboozled_is_offered_while_the_points_are_awarded_and_marked_unknown(dt):
    agent = Picker({"combat_points": "bamboozled"})
    t, a, d = fight(dt, agent, wounded=True)  # the Bestal is killed
    card = t.hand("bamboozled", t.a)
    t.act("attack", t.a, a, d, "close_combat")
    assert [w for w in COMBAT_WINDOWS if agent.offered(f"play a card in {w}")] == ["combat_points"]
    assert t.plays() == [(card.ref, "combat_points")]
    assert logged(t, UNKNOWN)
    assert card.location is t.g.zone("discard", t.a)


@pytest.mark.rules("DT-095")
def test_the_attackers_player_plays_first_in_every_combat_window(dt):
    t, a, d = fight(dt, Picker(), Picker())
    t.hand("wave_of_righteousness", t.a)
    t.hand("wave_of_righteousness", t.b)
    with t.g.turn(t.b):                      # a combat started outside the attacker's own turn
        t.call("fight_combat", t.a, a, d, "close_combat")
    firsts = {}
    for e in t.g.log:
        if e["what"] == "choice" and e["prompt"].startswith("play a card in combat_"):
            firsts.setdefault(e["prompt"], e["player"])
    assert firsts
    assert set(firsts.values()) == {"a"}


@pytest.mark.rules("DT-095", "DT-040")
def test_clashing_mines_the_attackers_go_off_first(dt):
    detonate = {"detonate the mines": True}
    t, a, d = fight(dt, Picker(detonate), Picker(detonate))
    for w, p in ((d, t.b), (a, t.a)):        # the defender's mines are older: priority, not age, decides
        mines = t.card("personal_anti_personnel_mines", "hand", p)
        t.g.things.move(mines, w)
        t.g.set(mines, "bearer", w)
    t.act("attack", t.a, a, d, "close_combat")
    assert d.location is t.g.zone("discard", t.b)
    assert a.location is t.g.zone("station", t.a)
    assert a.props["wounded"]


@pytest.mark.rules("DT-043", "DT-085")
def test_blessed_by_god_is_not_offered_to_the_defender(dt):
    b = Picker()
    t, a, d = fight(dt, Picker(), b)
    t.hand("divine_inspiration", t.b)
    t.hand("wave_of_righteousness", t.b)
    t.act("attack", t.a, a, d, "close_combat")
    assert b.offered("play a card in combat_") == [[None, "wave_of_righteousness"]] * 3   # phases 2 to 4


@pytest.mark.rules("DT-039", "DT-042")
def test_mia_is_offered_in_phases_1_to_4_only_and_its_effect_marked_unknown(dt):
    agent = Picker({"combat_tactics": "mia"})
    t, a, d = fight(dt, agent)
    card = t.hand("mia", t.a)
    t.act("attack", t.a, a, d, "close_combat")
    assert [w for w in COMBAT_WINDOWS if agent.offered(f"play a card in {w}")] == COMBAT_WINDOWS[:3]
    assert t.plays() == [(card.ref, "combat_tactics")]
    assert logged(t, UNKNOWN) == [f"a plays M.I.A.: {UNKNOWN}, not in the sources; nothing changes"]
