"""Exact outcomes of a combat: who may attack whom, the phases and their events, the attacker lost
after the declaration, the cards of phases 5 and 6, written to catch the rule mutants that
survived."""

import pytest

from rulecraft.runtime.agents import FirstLegalAgent
from tests.rulesets.doomtrooper.conftest import Picker
from tests.rulesets.doomtrooper.test_game_rules import Table


@pytest.fixture
def t(dt):
    return Table(dt)


def fight(dt, a_agent=None, b_agent=None, wounded=True):
    """a's Gendarme (Fight 7) against b's Bestal (Armor 4), wounded by default: it dies."""
    t = Table(dt, agents=[a_agent or FirstLegalAgent(), b_agent or FirstLegalAgent()])
    a = t.warrior("gendarme", t.a)
    d = t.warrior("gendarme_bestal", t.b)
    t.g.set(d, "wounded", wounded)
    return t, a, d


def combat_entries(t):
    ref = next(e["thing"] for e in t.g.log if e["what"] == "create" and e["thing"].startswith("combat_record#"))
    stages = [e["value"] for e in t.g.log if e["what"] == "set" and e["thing"] == ref and e["prop"] == "stage"]
    evs = [(e["event"], e["args"]) for e in t.g.log if e["what"] == "event"]
    removed = [e for e in t.g.log if e["what"] == "remove" and e["thing"] == ref]
    return ref, stages, evs, removed


def phases(t):
    return [e["name"] for e in t.g.log if e["what"] == "phase"]


# ---- who may attack whom ------------------------------------------------------------

@pytest.mark.rules("DT-013")
def test_no_attack_on_or_from_cover_nor_on_a_warrior_of_ones_own(t):
    a = t.warrior("gendarme", t.a)
    mate = t.warrior("horde_trooper", t.a)
    d = t.warrior("gendarme_bestal", t.b)
    for tactic in ("close_combat", "ranged_combat"):
        assert t.call("may_attack", a, d, tactic)
        assert not t.call("may_attack", a, mate, tactic)
    t.g.set(d, "in_cover", True)
    assert not t.call("may_attack", a, d, "close_combat")
    t.g.set(d, "in_cover", False)
    t.g.set(a, "in_cover", True)
    assert not t.call("may_attack", a, d, "ranged_combat")


@pytest.mark.rules("DT-013")
def test_a_warrior_without_a_value_cannot_fight_in_that_way(t):
    a = t.warrior("gendarme", t.a)
    d = t.warrior("gendarme_bestal", t.b)
    t.g.set(a, "no_value", ["shoot"])
    assert t.call("may_attack", a, d, "close_combat") and not t.call("may_attack", a, d, "ranged_combat")
    t.g.set(a, "no_value", ["fight"])
    assert not t.call("may_attack", a, d, "close_combat") and t.call("may_attack", a, d, "ranged_combat")


@pytest.mark.rules("DT-099")
def test_only_a_warrior_of_ones_own_in_play_attacks(t):
    d = t.warrior("gendarme_bestal", t.b)
    held = t.hand("gendarme", t.a)
    assert "attack with a warrior of yours in play" in t.refused("attack", t.a, held, d, "close_combat")
    theirs = t.warrior("horde_trooper", t.b)
    assert "attack with a warrior of yours in play" in t.refused("attack", t.a, theirs, d, "close_combat")
    assert phases(t) == [] and t.a.props["actions"] == 3


# ---- the six phases ---------------------------------------------------------------

@pytest.mark.rules("DT-035", "DT-036", "DT-037", "DT-038", "DT-041", "DT-042", "DT-049")
def test_each_phase_is_announced_in_turn_and_the_combat_is_then_removed(dt):
    t, a, d = fight(dt)
    t.act("attack", t.a, a, d, "close_combat")
    c, stages, evs, removed = combat_entries(t)
    assert stages == [1, 2, 3, 4, 5, 6, 0]
    assert evs == [("combat_phase", [c, 1]), ("combat_phase", [c, 2]), ("combat_phase", [c, 3]),
                   ("combat_phase", [c, 4]), ("fighter_phase", [c, a.ref, 4]), ("fighter_phase", [c, d.ref, 4]),
                   ("combat_phase", [c, 5]), ("combat_phase", [c, 6]), ("warrior_killed", [d.ref, "a"]),
                   ("points_gained", ["a", 4])]
    assert len(removed) == 1 and t.call("current_combat") is None


@pytest.mark.rules("DT-035")
def test_the_declaration_is_the_phase_where_cowardice_answers_the_attacker(dt):
    b = Picker({"combat_declaration": "cowardice"})
    t, a, d = fight(dt, Picker(), b, wounded=False)
    card = t.hand("cowardice", t.b)
    t.act("attack", t.a, a, d, "close_combat")
    assert b.offered("play a card in combat_declaration") == [[None, "cowardice"]]
    assert t.plays() == [(card.ref, "combat_declaration")]
    assert a.props["in_cover"] and phases(t) == ["declaration"]


# ---- the attacker gone after the declaration ------------------------------------------

def coward_fight(dt, a_picks, others=()):
    a_agent = Picker(a_picks)
    t, a, d = fight(dt, a_agent, Picker({"combat_declaration": "cowardice"}), wounded=False)
    mates = [t.warrior(w, t.a) for w in others]
    t.hand("cowardice", t.b)
    t.act("attack", t.a, a, d, "close_combat")
    return t, a, d, mates, a_agent


@pytest.mark.rules("DT-046")
def test_with_no_other_fit_warrior_the_attack_is_lost_without_a_question(dt):
    t, a, d, _, agent = coward_fight(dt, {})
    assert agent.offered("attack with another warrior") == []
    assert phases(t) == ["declaration"] and not d.props["wounded"]


@pytest.mark.rules("DT-046", "DT-047")
def test_one_other_fit_warrior_is_offered_to_attack_instead(dt):
    t, a, d, (mate,), agent = coward_fight(dt, {"attack with another warrior": "templar_marine"}, ["templar_marine"])
    assert agent.offered("attack with another warrior") == [[None, "templar_marine"]]
    assert phases(t)[-1] == "points" and d.props["wounded"]


@pytest.mark.rules("DT-047")
def test_giving_the_attack_up_ends_the_combat_after_the_declaration(dt):
    t, a, d, (mate,), agent = coward_fight(dt, {"attack with another warrior": None}, ["templar_marine"])
    assert agent.offered("attack with another warrior") == [[None, "templar_marine"]]
    assert phases(t) == ["declaration"] and not d.props["wounded"] and not mate.props["wounded"]


# ---- phases 5 and 6: the cards played there ------------------------------------------------

@pytest.mark.rules("DT-041")
def test_narrow_escape_is_offered_only_to_the_player_whose_warrior_is_killed_and_saves_it(dt):
    a_agent, b_agent = Picker(), Picker({"combat_resolution": "narrow_escape"})
    t, a, d = fight(dt, a_agent, b_agent)
    t.hand("narrow_escape", t.a)
    card = t.hand("narrow_escape", t.b)
    t.act("attack", t.a, a, d, "close_combat")
    assert a_agent.offered("play a card in combat_resolution") == []
    assert b_agent.offered("play a card in combat_resolution") == [[None, "narrow_escape"]]
    assert t.plays() == [(card.ref, "combat_resolution")]
    assert d.location is t.g.zone("station", t.b) and d.props["wounded"]
    assert t.a.props["promotion"] + t.a.props["destiny"] == 0


@pytest.mark.rules("DT-041")
def test_retreat_is_offered_to_both_fighters_players_and_saves_the_warrior(dt):
    a_agent, b_agent = Picker(), Picker({"combat_resolution": "retreat"})
    t, a, d = fight(dt, a_agent, b_agent)
    t.hand("retreat", t.a)
    card = t.hand("retreat", t.b)
    t.act("attack", t.a, a, d, "close_combat")
    assert a_agent.offered("play a card in combat_resolution") == [[None, "retreat"]] * 2   # before and after b plays
    assert b_agent.offered("play a card in combat_resolution") == [[None, "retreat"]]
    assert t.plays() == [(card.ref, "combat_resolution")]
    assert d.location is t.g.zone("station", t.b) and t.a.props["promotion"] + t.a.props["destiny"] == 0


@pytest.mark.rules("DT-042")
def test_bamboozled_is_not_offered_when_nobody_was_killed(dt):
    agent = Picker()
    t, a, d = fight(dt, agent, wounded=False)
    t.hand("bamboozled", t.a)
    t.act("attack", t.a, a, d, "close_combat")
    assert d.props["wounded"] and d.location is t.g.zone("station", t.b)
    assert agent.offered("play a card in combat_points") == []


@pytest.mark.rules("DT-042")
def test_bamboozled_is_offered_when_one_warrior_was_killed(dt):
    agent = Picker()
    t, a, d = fight(dt, agent)
    t.hand("bamboozled", t.a)
    t.act("attack", t.a, a, d, "close_combat")
    assert agent.offered("play a card in combat_points") == [[None, "bamboozled"]]


# ---- prisoners -----------------------------------------------------------------------------

@pytest.mark.rules("DT-095", "DT-096")
def test_the_attacker_takes_the_prisoner_first_so_the_defender_takes_none(dt):
    t = Table(dt, assumptions={"hit_on_equal": True})
    a = t.warrior("bauhaus_policeman", t.a)
    d = t.warrior("bauhaus_policeman", t.b)
    t.g.set(a, "wounded", False)
    t.g.set(d, "wounded", False)
    t.act("attack", t.a, a, d, "close_combat")
    assert a.location is t.g.zone("station", t.a) and a.props["wounded"]
    assert d.location is t.g.zone("discard", t.b)
    prisoners = [e["text"] for e in t.g.log if e["what"] == "log" and "prisoner" in e["text"]]
    assert prisoners == ["Bauhaus Policeman takes Bauhaus Policeman prisoner"]


@pytest.mark.rules("DT-095", "DT-096")
def test_a_defender_who_captures_takes_the_wounded_attacker_prisoner(dt):
    t = Table(dt, assumptions={"hit_on_equal": True})
    a = t.warrior("gendarme_bestal", t.a)      # Fight 4, Armor 4, no capture
    d = t.warrior("bauhaus_policeman", t.b)    # 4 everywhere, captures
    t.g.set(d, "wounded", False)
    t.act("attack", t.a, a, d, "close_combat")
    assert a.location is t.g.zone("discard", t.a)
    assert d.location is t.g.zone("station", t.b) and d.props["wounded"]
    prisoners = [e["text"] for e in t.g.log if e["what"] == "log" and "prisoner" in e["text"]]
    assert prisoners == ["Bauhaus Policeman takes Gendarme Bestal prisoner"]


@pytest.mark.rules("DT-099")
def test_no_attack_on_a_warrior_in_cover(t):
    a = t.warrior("gendarme", t.a)
    d = t.warrior("gendarme_bestal", t.b)
    t.g.set(d, "in_cover", True)
    assert "cannot attack that one in this way" in t.refused("attack", t.a, a, d, "close_combat")
    assert phases(t) == [] and t.a.props["actions"] == 3


@pytest.mark.rules("DT-034")
def test_declaring_an_attack_is_an_action_of_the_turn(dt):
    t, a, d = fight(dt)
    t.act("attack", t.a, a, d, "close_combat")
    assert (t.a.props["actions"], t.a.props["actions_taken"]) == (2, 1)
    assert (t.b.props["actions"], t.b.props["actions_taken"]) == (3, 0)  # the defender spends none
