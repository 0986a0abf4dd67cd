"""The game's rules: the turn, the six combat phases and their windows, Sabotage, the Cardinal's
Privilege, vehicles, animals, fortifications, warzones and the card-burning rule."""

import pytest

import rulecraft
from rulecraft import IllegalAction
from rulecraft.runtime.agents import FirstLegalAgent, ScriptedAgent
from rulecraft.runtime.errors import GameOver
from tests.rulesets.doomtrooper.conftest import Picker
from tests.support.located import located_message


class Table:
    def __init__(self, rules, agents=None, assumptions=None, round_=2):
        agents = agents or [FirstLegalAgent(), FirstLegalAgent()]
        self.g = rulecraft.Game(rules, players=("a", "b"), agents=agents, assumptions=assumptions)
        self.a, self.b = self.g.players
        for _ in range(round_):
            self.g.begin_round()
        for p in (self.a, self.b):
            self.g.set(p, "actions", 3)

    def card(self, d, zone, p):
        c = self.g.create(d, 1, self.g.zone(zone, p))
        self.g.set(c, "owner", p)
        return c

    def warrior(self, d, p, zone="station"):
        return self.card(d, zone, p)

    def hand(self, d, p):
        return self.card(d, "hand", p)

    def act(self, name, *args):
        with self.g.turn(args[0]):
            return self.g.act(name, *args)

    def refused(self, name, *args):
        with pytest.raises(IllegalAction) as info:
            self.act(name, *args)
        return located_message(info.value)

    def call(self, name, *args):
        return self.g.call(name, *args)

    def get(self, e, prop):
        return self.g.get(e, prop)

    def plays(self):
        return [(e["card"], e["window"]) for e in self.g.log if e["what"] == "play"]

    def zone(self, name, p):
        return self.g.zone(name, p).items


@pytest.fixture
def t(dt):
    return Table(dt)


def tac(dt, name):
    return name


# ---- attacking ------------------------------------------------------------------

@pytest.mark.rules("DT-013")
def test_total_war_any_two_opposing_warriors_may_fight(t):
    a = t.warrior("gendarme", t.a)
    d = t.warrior("gendarme_bestal", t.b)
    assert t.call("may_attack", a, d, "close_combat")
    t.act("attack", t.a, a, d, "close_combat")


@pytest.mark.rules("DT-099")
def test_no_attack_in_the_first_turn_not_even_by_a_card(dt):
    t = Table(dt, round_=1)
    a = t.warrior("gendarme", t.a)
    d = t.warrior("gendarme_bestal", t.b)
    assert "first turn" in t.refused("attack", t.a, a, d, "close_combat")
    t.hand("grand_assault", t.a)
    with t.g.turn(t.a):
        t.g.act("play_special", t.a)
    assert t.plays() == []


@pytest.mark.rules("DT-099", "DT-098")
def test_grand_assault_starts_a_fight_and_is_discarded_once_its_fight_is_over(dt):
    t = Table(dt, agents=[ScriptedAgent([1]), FirstLegalAgent()])
    t.warrior("gendarme", t.a)
    t.warrior("gendarme_bestal", t.b)
    card = t.hand("grand_assault", t.a)
    t.act("play_special", t.a)
    events = [(e["what"], e.get("name") or e.get("thing")) for e in t.g.log
              if e["what"] == "phase" or (e["what"] == "move" and e["thing"] == card.ref)]
    assert events[-2:] == [("phase", "points"), ("move", card.ref)]  # a decision: after its whole effect
    assert [name for what, name in events if what == "phase"] == \
        ["declaration", "determination", "tactics", "modifiers", "resolution", "points"]
    assert card.location is t.g.zone("discard", t.a)


@pytest.mark.rules("DT-034", "DT-035", "DT-036", "DT-037", "DT-038", "DT-041", "DT-042", "DT-049")
def test_combat_runs_six_phases_in_order_and_ends_with_the_points(t):
    a = t.warrior("gendarme", t.a)          # Fight 7
    d = t.warrior("gendarme_bestal", t.b)   # Armor 4, Fight 4; Gendarme's Armor 8
    t.g.set(d, "wounded", True)
    t.act("attack", t.a, a, d, "close_combat")
    phases = [e["name"] for e in t.g.log if e["what"] == "phase"]
    assert phases == ["declaration", "determination", "tactics", "modifiers", "resolution", "points"]
    windows = [e["name"] for e in t.g.log if e["what"] == "window"]
    assert windows == ["combat_declaration", "combat_determination", "combat_tactics", "combat_modifiers",
                       "combat_resolution", "combat_points"]
    assert not d.alive or d.location is t.g.zone("discard", t.b)
    assert t.a.props["destiny"] + t.a.props["promotion"] == 4   # the defender's Value
    assert t.call("current_combat") is None


@pytest.mark.rules("DT-044", "DT-045")
def test_cowardice_after_the_declaration_stops_the_attack_for_good(dt):
    t = Table(dt, agents=[FirstLegalAgent(), ScriptedAgent([1, None, None, None, None, None])])
    a = t.warrior("gendarme", t.a)
    d = t.warrior("gendarme_bestal", t.b)
    t.hand("cowardice", t.b)
    t.act("attack", t.a, a, d, "close_combat")
    assert ("cowardice#" in t.plays()[0][0])
    assert t.plays()[0][1] == "combat_declaration"
    assert a.props["in_cover"]
    assert not d.props["wounded"]
    assert t.a.props["attacks_declared"] == 1


@pytest.mark.rules("DT-045")
def test_the_coward_cannot_come_out_during_the_declared_attack(t):
    a = t.warrior("gendarme", t.a)
    c = t.g.create("combat_record")
    t.g.set(c, "attacker", a)
    t.g.set(c, "stage", 1)
    t.g.set(a, "in_cover", True)
    assert "attack has been declared" in t.refused("leave_cover", t.a, a)


@pytest.mark.rules("DT-046")
def test_the_attack_is_lost_when_the_only_attacker_is_gone_after_the_declaration(dt):
    t = Table(dt, agents=[FirstLegalAgent(), ScriptedAgent([1, None, None, None, None, None])])
    a = t.warrior("gendarme", t.a)
    d = t.warrior("gendarme_bestal", t.b)
    t.hand("cowardice", t.b)
    t.act("attack", t.a, a, d, "close_combat")
    assert [e["name"] for e in t.g.log if e["what"] == "phase"] == ["declaration"]


@pytest.mark.rules("DT-047")
def test_another_fit_warrior_may_attack_instead(dt):
    t = Table(dt, agents=[ScriptedAgent([1] + [None] * 12), ScriptedAgent([1] + [None] * 12)])
    a = t.warrior("gendarme", t.a)
    a2 = t.warrior("templar_marine", t.a)
    d = t.warrior("gendarme_bestal", t.b)
    t.hand("cowardice", t.b)
    t.act("attack", t.a, a, d, "close_combat")
    assert [e["name"] for e in t.g.log if e["what"] == "phase"][-1] == "points"
    assert d.props["wounded"]
    assert a2.alive


@pytest.mark.rules("DT-048")
def test_an_attacker_gone_after_the_determination_loses_the_attack(dt):
    t = Table(dt)
    a = t.warrior("gendarme", t.a)
    t.warrior("templar_marine", t.a)
    d = t.warrior("gendarme_bestal", t.b)
    mines = t.card("personal_anti_personnel_mines", "hand", t.b)
    t.g.things.move(mines, d)
    t.g.set(mines, "bearer", d)
    t.g.choices.agents[t.b.id] = ScriptedAgent([1])
    t.g.set(a, "wounded", True)
    with t.g.turn(t.a):
        t.g.act("attack", t.a, a, d, "close_combat")
    assert [e["name"] for e in t.g.log if e["what"] == "phase"][-1] == "modifiers"  # OPM in phase 4: a dies
    assert t.b.props["promotion"] + t.b.props["destiny"] == 0  # the attack action is lost


@pytest.mark.rules("DT-040")
def test_mines_are_detonated_in_the_modifiers_phase(dt):
    t = Table(dt, agents=[FirstLegalAgent(), ScriptedAgent([1])])
    a = t.warrior("gendarme", t.a)
    d = t.warrior("gendarme_bestal", t.b)
    mines = t.card("personal_anti_personnel_mines", "hand", t.b)
    t.g.things.move(mines, d)
    t.g.set(mines, "bearer", d)
    t.act("attack", t.a, a, d, "close_combat")
    assert [e["name"] for e in t.g.log if e["what"] == "phase"][-1] == "modifiers"
    assert a.location is t.g.zone("discard", t.a)
    assert d.props["wounded"]


@pytest.mark.rules("DT-098")
def test_a_removed_for_good_card_stays_removed_when_cancelled(dt):
    t = Table(dt, agents=[ScriptedAgent([1]), ScriptedAgent([1])])
    a = t.warrior("gendarme", t.a)
    d = t.warrior("gendarme_bestal", t.b)
    t.hand("wave_of_righteousness", t.a)
    t.hand("miscommunication", t.b)
    t.act("attack", t.a, a, d, "close_combat")
    assert any("miscommunication" in c for c, _ in t.plays())
    assert [c.def_id for c in t.zone("removed", t.a)] == ["wave_of_righteousness"]


@pytest.mark.rules("DT-095", "DT-096")
def test_two_policemen_wound_each_other_and_the_attacker_takes_the_prisoner(dt):
    t = Table(dt, assumptions={"hit_on_equal": True})
    a = t.warrior("bauhaus_policeman", t.a)
    d = t.warrior("bauhaus_policeman", t.b)
    t.g.set(a, "wounded", False)
    t.g.set(d, "wounded", False)
    t.act("attack", t.a, a, d, "close_combat")
    assert a.props["wounded"]
    assert d.location is t.g.zone("discard", t.b)


@pytest.mark.rules("DT-097", "DT-018")
def test_kill_points_are_split_freely(dt):
    t = Table(dt, agents=[ScriptedAgent([1]), FirstLegalAgent()])
    a = t.warrior("gendarme", t.a)
    d = t.warrior("gendarme_bestal", t.b)
    t.g.set(d, "wounded", True)
    t.act("attack", t.a, a, d, "close_combat")
    assert (t.a.props["promotion"], t.a.props["destiny"]) == (1, 3)


def test_hits_need_more_than_the_armor_unless_the_assumption_says_otherwise(dt):
    for equal, wounded in ((False, False), (True, True)):
        t = Table(dt, assumptions={"hit_on_equal": equal})
        a = t.warrior("gendarme_bestal", t.a)   # Fight 4
        d = t.warrior("gendarme_bestal", t.b)   # Armor 4
        t.act("attack", t.a, a, d, "close_combat")
        assert d.props["wounded"] is wounded


# ---- Sabotage ---------------------------------------------------------------------

@pytest.mark.rules("DT-014", "DT-016", "DT-017", "DT-020")
def test_sabotage_gains_half_the_value_rounded_up_and_ends_the_turn(t):
    w = t.warrior("horde_trooper", t.a)   # Value 5
    t.act("sabotage", t.a, w)
    assert t.a.props["destiny"] + t.a.props["promotion"] == 3
    assert t.a.props["attacks_declared"] == 0
    assert "last action" in t.refused("gain_destiny", t.a)


@pytest.mark.rules("DT-014", "DT-015", "DT-019")
def test_sabotage_needs_no_opponent_warriors_once_a_turn_not_after_a_combat(t):
    w = t.warrior("horde_trooper", t.a)
    d = t.warrior("gendarme_bestal", t.b)
    assert "no warrior" in t.refused("sabotage", t.a, w)
    t.g.things.move(d, t.g.zone("discard", t.b))
    t.g.set(t.a, "fought", True)
    assert "combat" in t.refused("sabotage", t.a, w)
    t.g.set(t.a, "fought", False)
    t.g.set(t.a, "sabotaged", True)
    assert "one Sabotage" in t.refused("sabotage", t.a, w)


@pytest.mark.rules("DT-084", "DT-017")
def test_sabotage_uses_the_modified_value(dt):
    t = Table(dt, agents=[ScriptedAgent([1, 0]), FirstLegalAgent()])
    w = t.warrior("lutheran_disciple", t.a)   # Value 4
    t.hand("improve_self", t.a)
    with t.g.turn(t.a):
        t.g.act("play_special", t.a)
        t.g.act("sabotage", t.a, w)
    assert t.a.props["destiny"] == 4   # half of 8


# ---- the Cardinal's Privilege ---------------------------------------------------------

def deal(t, p, cards):
    for d in cards:
        t.card(d, "library", p)


@pytest.mark.rules("DT-021", "DT-022", "DT-023", "DT-024", "DT-025")
def test_privilege_without_a_warrior_shows_the_hand_draws_anew_then_shuffles_back(dt):
    t = Table(dt, round_=1)
    deal(t, t.a, ["cowardice"] * 7 + ["gendarme"] * 7)
    for _ in range(7):
        t.g.things.move(t.zone("library", t.a)[0], t.g.zone("hand", t.a))
    old = list(t.zone("hand", t.a))
    t.act("cardinals_privilege", t.a)
    new = t.zone("hand", t.a)
    assert all(c.def_id == "gendarme" for c in new)
    assert len(new) == 7
    assert all(c in t.zone("library", t.a) for c in old)
    assert all(t.g.knows(t.b, c) for c in old)
    assert "only once" in t.refused("cardinals_privilege", t.a)


@pytest.mark.rules("DT-021")
def test_privilege_is_refused_once_the_first_turn_has_begun(dt):
    t = Table(dt, round_=1)
    deal(t, t.a, ["cowardice"] * 14)
    t.g.set(t.a, "actions_taken", 1)  # an action taken: no longer the start of the game
    assert "start of the game" in t.refused("cardinals_privilege", t.a)


@pytest.mark.rules("DT-021", "DT-026")
def test_privilege_with_a_warrior_discards_the_old_hand(dt):
    t = Table(dt, round_=1)
    deal(t, t.a, ["gendarme"] + ["cowardice"] * 13)
    for _ in range(7):
        t.g.things.move(t.zone("library", t.a)[0], t.g.zone("hand", t.a))
    old = list(t.zone("hand", t.a))
    t.act("cardinals_privilege", t.a)
    assert list(t.zone("discard", t.a)) == old  # the old hand, the warrior too, is the first discard
    assert len(t.zone("hand", t.a)) == 7
    assert not set(t.zone("hand", t.a)) & set(old)
    assert len(t.zone("library", t.a)) == 0


# ---- the turn and the first action ------------------------------------------------------

@pytest.mark.rules("DT-100", "DT-101")
def test_blessed_by_god_before_the_draw_adds_its_actions(dt):
    t = Table(dt, agents=[ScriptedAgent([1, None]), FirstLegalAgent()])
    t.hand("divine_inspiration", t.a)
    deal(t, t.a, ["cowardice"] * 8)
    with t.g.turn(t.a):
        t.g.call("begin_turn", t.a)
    assert t.a.props["actions"] == 5
    assert len(t.zone("hand", t.a)) == 7


@pytest.mark.rules("DT-087", "DT-085")
def test_lust_for_war_is_not_playable_by_the_first_player_in_the_first_turn(dt):
    t = Table(dt, round_=1, agents=[ScriptedAgent([1]), ScriptedAgent([1])])
    t.hand("lust_for_war", t.a)
    t.hand("lust_for_war", t.b)
    with t.g.turn(t.a):
        t.g.call("begin_turn", t.a)
    with t.g.turn(t.b):
        t.g.call("begin_turn", t.b)
    assert [c.split("#")[0] for c, _ in t.plays()] == ["lust_for_war"]
    assert t.plays()[0][0] == f"lust_for_war#{t.zone('discard', t.b)[0].id}"


@pytest.mark.rules("DT-086", "DT-088", "DT-089", "DT-085")
def test_cards_without_an_effect_or_a_target_are_not_offered(t):
    for d in ("cowardice", "negative_karma", "surrender"):
        t.hand(d, t.a)
    with t.g.turn(t.a):
        t.g.act("play_special", t.a)
    assert t.plays() == []   # no opposing warriors, no points, no unwounded warrior
    t.warrior("gendarme_bestal", t.b)
    t.g.set(t.b, "promotion", 2)
    t.g.choices.agents[t.a.id] = ScriptedAgent([1, 0])
    with t.g.turn(t.a):
        t.g.act("play_special", t.a)
    assert len(t.plays()) == 1


@pytest.mark.rules("DT-088")
def test_negative_karma_needs_an_opponent_with_points(dt):
    t = Table(dt, agents=[ScriptedAgent([1]), FirstLegalAgent()])
    t.hand("negative_karma", t.a)
    t.act("play_special", t.a)
    assert t.plays() == []
    t.g.set(t.b, "promotion", 2)
    t.g.set(t.a, "actions", 3)
    t.act("play_special", t.a)
    assert len(t.plays()) == 1
    assert t.b.props["promotion"] == 1


@pytest.mark.rules("DT-089")
def test_surrender_needs_an_unwounded_warrior_in_play(dt):
    t = Table(dt, agents=[ScriptedAgent([1]), FirstLegalAgent()])
    t.hand("surrender", t.a)
    w = t.warrior("gendarme_bestal", t.b)
    t.g.set(w, "wounded", True)
    t.act("play_special", t.a)
    assert t.plays() == []
    t.g.set(w, "wounded", False)
    t.g.set(t.a, "actions", 3)
    t.act("play_special", t.a)
    assert len(t.plays()) == 1


@pytest.mark.rules("DT-090")
def test_periodic_payment_cards_go_once_the_points_reach_zero(dt):
    t = Table(dt, agents=[ScriptedAgent([1]), FirstLegalAgent()])
    t.hand("attrition", t.a)
    t.g.set(t.b, "promotion", 1)
    with t.g.turn(t.a):
        t.g.act("play_special", t.a)
    card = t.zone("table", t.b)[0]
    with t.g.turn(t.b):
        t.g.call("begin_turn", t.b)
    assert t.b.props["promotion"] == 0
    assert card in t.zone("discard", t.b)


@pytest.mark.rules("DT-091", "DT-092", "DT-094")
def test_the_first_action_must_bring_a_warrior_onto_the_station(t):
    t.warrior("gendarme_bestal", t.b)
    mine = t.warrior("gendarme", t.a, zone="squad")
    t.hand("reassignment", t.a)
    t.g.set(mine, "in_cover", True)
    assert "station" in t.refused("gain_destiny", t.a)
    with t.g.turn(t.a):
        t.g.act("play_special", t.a)   # reassignment is not offered
    assert t.plays() == []
    t.g.set(t.a, "actions", 3)
    t.g.set(t.a, "actions_taken", 0)
    t.g.set(mine, "in_cover", False)
    t.act("transfer", t.a, mine)
    assert mine.location is t.g.zone("station", t.a)


@pytest.mark.rules("DT-093")
def test_all_in_cover_the_first_action_deploys_or_leaves_cover(t):
    w = t.warrior("gendarme", t.a)
    t.g.set(w, "in_cover", True)
    assert "out of cover" in t.refused("gain_destiny", t.a)
    t.act("leave_cover", t.a, w)
    assert not w.props["in_cover"]


@pytest.mark.rules("DT-011", "DT-012")
def test_no_warrior_steps_down_into_the_squad_but_cards_may_go_there(t):
    w = t.warrior("gendarme", t.a)
    assert "of its own accord" in t.refused("step_down", t.a, w, "squad")
    f = t.hand("industrial_complex", t.a)
    t.act("play_into_squad", t.a, f)
    assert f.location is t.g.zone("squad", t.a)


@pytest.mark.rules("DT-083")
def test_which_piles_a_player_may_look_through(t):
    look = lambda pile, owner: t.call("may_look_at", t.a, t.g.zone(pile, owner))
    assert look("discard", t.a)
    assert look("removed", t.a)
    assert look("removed", t.b)
    assert not look("discard", t.b)


# ---- vehicles ----------------------------------------------------------------------

@pytest.mark.rules("DT-051", "DT-052", "DT-053", "DT-054", "DT-055", "DT-056", "DT-062")
def test_a_vehicle_is_placed_inside_or_outside_and_shown(t):
    w = t.warrior("soldat", t.a)
    v = t.hand("blitztank", t.a)
    t.act("equip_vehicle", t.a, w, v, False)
    assert v.face_down
    assert t.g.knows(t.b, v)
    assert not t.call("inside_vehicle", w)
    assert t.call("owns_vehicle", w)
    w2 = t.warrior("cossack", t.a)
    v2 = t.hand("corarius_transport", t.a)
    t.act("equip_vehicle", t.a, w2, v2, True)
    assert t.call("inside_vehicle", w2)
    assert t.a.props["actions"] == 1   # one action each, getting in costs nothing more


@pytest.mark.rules("DT-057", "DT-058", "DT-066", "DT-065")
def test_boarding_and_leaving_cost_an_action_each(t):
    w = t.warrior("soldat", t.a)
    v = t.hand("blitztank", t.a)
    t.act("equip_vehicle", t.a, w, v, False)
    t.act("board", t.a, w)
    assert not v.face_down
    assert "inside a vehicle cannot seek cover" in t.refused("seek_cover", t.a, w)
    t.act("get_out", t.a, w)
    assert v.face_down
    assert t.a.props["actions"] == 0
    t.g.set(t.a, "actions", 3)
    t.g.set(w, "in_cover", True)
    assert "leave cover" in t.refused("board", t.a, w)


@pytest.mark.rules("DT-059", "DT-060")
def test_losing_the_vehicle_wounds_the_warrior_inside_without_points(t):
    w = t.warrior("soldat", t.a)
    v = t.hand("blitztank", t.a)
    t.act("equip_vehicle", t.a, w, v, True)
    t.call("destroy_vehicle", v)
    assert w.props["wounded"]
    v2 = t.hand("corarius_transport", t.a)
    t.g.set(t.a, "actions", 3)
    t.act("equip_vehicle", t.a, w, v2, True)
    t.call("destroy_vehicle", v2)
    assert w.location is t.g.zone("discard", t.a)
    assert t.b.props["promotion"] + t.b.props["destiny"] == 0


@pytest.mark.rules("DT-061")
def test_outside_its_vehicle_a_warrior_still_uses_its_weapons(t):
    w = t.warrior("soldat", t.a)
    v = t.hand("blitztank", t.a)
    t.act("equip_vehicle", t.a, w, v, False)
    t.act("equip", t.a, w, t.hand("bayonet", t.a))
    assert t.call("equipment_bonus", w) == 2


@pytest.mark.rules("DT-063", "DT-064")
def test_inside_a_vehicle_no_fortification_bonus_the_opponent_keeps_theirs(t):
    a = t.warrior("soldat", t.a)
    v = t.hand("blitztank", t.a)
    t.act("equip_vehicle", t.a, a, v, True)
    t.g.things.move(t.hand("citadel_of_algeroth", t.a), t.g.zone("table", t.a))
    d = t.warrior("gendarme_bestal", t.b)
    t.g.things.move(t.hand("citadel_of_algeroth", t.b), t.g.zone("table", t.b))
    c = t.g.create("combat_record")
    t.g.set(c, "attacker", a)
    t.g.set(c, "defender", d)
    t.call("add_bonuses", c)
    assert t.get(a, "armor") == 5
    assert t.get(d, "armor") == 6


@pytest.mark.rules("DT-067")
def test_forced_into_cover_the_warrior_gets_out_of_its_vehicle(t):
    w = t.warrior("soldat", t.a)
    v = t.hand("blitztank", t.a)
    t.act("equip_vehicle", t.a, w, v, True)
    t.call("force_into_cover", w)
    assert v.face_down
    assert w.props["in_cover"]


@pytest.mark.rules("DT-068", "DT-069", "DT-070")
def test_airships_and_submarines_keep_out_of_close_combat_tanks_do_not(t):
    w = t.warrior("corsair", t.a)
    t.act("equip_vehicle", t.a, w, t.hand("grimgrind_airvessel", t.a), True)
    d = t.warrior("gendarme_bestal", t.b)
    assert not t.call("may_attack", d, w, "close_combat")
    assert not t.call("may_attack", w, d, "close_combat")
    assert t.call("may_attack", w, d, "ranged_combat")
    t.act("get_out", t.a, w)
    assert t.call("may_attack", w, d, "close_combat")
    s = t.warrior("soldat", t.a)
    t.act("equip_vehicle", t.a, s, t.hand("blitztank", t.a), True)
    assert t.call("may_attack", d, s, "close_combat")


# ---- animals -----------------------------------------------------------------------

def animal_warrior(t, p, d="mastodont_handler"):
    w = t.warrior(d, p)
    t.g.set(w, "may_have_animal", True)
    return w


@pytest.mark.rules("DT-071", "DT-073", "DT-072", "DT-074", "DT-075")
def test_one_animal_for_one_action_not_with_a_vehicle(t):
    w = animal_warrior(t, t.a)
    t.act("give_animal", t.a, w, t.hand("mastodont", t.a))
    assert t.a.props["actions"] == 2
    assert "more than one animal" in t.refused("give_animal", t.a, w, t.hand("holy_urox", t.a))
    assert "either an animal or a vehicle" in t.refused("equip_vehicle", t.a, w, t.hand("torrent_battle_wagon", t.a), True)
    t.act("equip", t.a, w, t.hand("bayonet", t.a))
    t.act("equip", t.a, w, t.hand("asian_key_code_skull", t.a))


@pytest.mark.rules("DT-076")
def test_the_animal_counts_before_other_modifiers(dt):
    t = Table(dt, agents=[ScriptedAgent([1, 0]), FirstLegalAgent()])
    w = animal_warrior(t, t.a)              # Fight 4
    t.act("give_animal", t.a, w, t.hand("mastodont", t.a))   # +3 Fight
    t.hand("improve_self", t.a)
    with t.g.turn(t.a):
        t.g.act("play_special", t.a)
        assert t.get(w, "fight") == (4 + 3) * 2


@pytest.mark.rules("DT-077", "DT-078", "DT-079")
def test_a_warrior_with_an_animal_stays_put_unless_forced(t):
    w = animal_warrior(t, t.a)
    t.g.things.move(w, t.g.zone("squad", t.a))
    a = t.hand("mastodont", t.a)
    t.act("give_animal", t.a, w, a)
    assert "animal" in t.refused("transfer", t.a, w)
    t.call("force_off_station", w)
    assert a.location is t.g.zone("discard", t.a)
    t.g.things.move(t.hand("citadel_of_algeroth", t.a), t.g.zone("table", t.a))
    c = t.g.create("combat_record")
    t.g.set(c, "attacker", w)
    t.g.set(c, "defender", t.warrior("gendarme_bestal", t.b))
    before = t.get(w, "armor")
    t.call("add_bonuses", c)
    assert t.get(w, "armor") == before + 2


@pytest.mark.rules("DT-080", "DT-081", "DT-082")
def test_warriors_considered_animals(t):
    w = t.warrior("gendarme", t.a, zone="squad")
    t.g.set(w, "considered_animal", True)
    t.g.set(w, "may_have_animal", True)
    assert "considered to be an animal" in t.refused("equip_vehicle", t.a, w, t.hand("blitztank", t.a), True)
    assert "considered to be an animal" in t.refused("give_animal", t.a, w, t.hand("mastodont", t.a))
    assert "cannot transfer" in t.refused("transfer", t.a, w)
    t.call("force_off_station", w)
    assert w.location is t.g.zone("discard", t.a)


# ---- fortifications and warzones ---------------------------------------------------------

@pytest.mark.rules("DT-102", "DT-103")
def test_one_copy_of_a_fortification_unless_attached(t):
    t.act("play_fortification", t.a, t.hand("citadel_of_algeroth", t.a), None)
    assert "already" in t.refused("play_fortification", t.a, t.hand("citadel_of_algeroth", t.a), None)
    w1, w2 = t.warrior("gendarme", t.a), t.warrior("horde_trooper", t.a)
    t.act("play_fortification", t.a, t.hand("spiked_barricade", t.a), w1)
    t.act("play_fortification", t.a, t.hand("spiked_barricade", t.a), w2)


@pytest.mark.rules("DT-104", "DT-105")
def test_identical_warzones_may_lie_but_only_one_counts(t):
    t.act("play_warzone", t.a, t.hand("southern_europe", t.a))
    t.act("play_warzone", t.a, t.hand("southern_europe", t.a))   # Fight +3
    a = t.warrior("gendarme", t.a)
    c = t.g.create("combat_record")
    t.g.set(c, "attacker", a)
    t.g.set(c, "defender", t.warrior("gendarme_bestal", t.b))
    t.call("add_bonuses", c)
    assert t.get(a, "fight") == 7 + 3


# ---- the game --------------------------------------------------------------------

def test_the_skirmish_replays_identically_per_seed(dt):
    from rulecraft.runtime.play import run, start
    a = run(start(dt, "skirmish", seed=5), "skirmish").log_lines()
    b = run(start(dt, "skirmish", seed=5), "skirmish").log_lines()
    assert a == b
    assert len(a) > 50


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
    assert t.call("may_attack", a, d, "close_combat")
    assert not t.call("may_attack", a, d, "ranged_combat")
    t.g.set(a, "no_value", ["fight"])
    assert not t.call("may_attack", a, d, "close_combat")
    assert t.call("may_attack", a, d, "ranged_combat")


@pytest.mark.rules("DT-099")
def test_only_a_warrior_of_ones_own_in_play_attacks(t):
    d = t.warrior("gendarme_bestal", t.b)
    held = t.hand("gendarme", t.a)
    assert "attack with a warrior of yours in play" in t.refused("attack", t.a, held, d, "close_combat")
    theirs = t.warrior("horde_trooper", t.b)
    assert "attack with a warrior of yours in play" in t.refused("attack", t.a, theirs, d, "close_combat")
    assert phases(t) == []
    assert t.a.props["actions"] == 3


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
    assert len(removed) == 1
    assert t.call("current_combat") is None


@pytest.mark.rules("DT-035")
def test_the_declaration_is_the_phase_where_cowardice_answers_the_attacker(dt):
    b = Picker({"combat_declaration": "cowardice"})
    t, a, d = fight(dt, Picker(), b, wounded=False)
    card = t.hand("cowardice", t.b)
    t.act("attack", t.a, a, d, "close_combat")
    assert b.offered("play a card in combat_declaration") == [[None, "cowardice"]]
    assert t.plays() == [(card.ref, "combat_declaration")]
    assert a.props["in_cover"]
    assert phases(t) == ["declaration"]


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
    t, _a, d, _, agent = coward_fight(dt, {})
    assert agent.offered("attack with another warrior") == []
    assert phases(t) == ["declaration"]
    assert not d.props["wounded"]


@pytest.mark.rules("DT-046", "DT-047")
def test_one_other_fit_warrior_is_offered_to_attack_instead(dt):
    t, _a, d, (_mate,), agent = coward_fight(dt, {"attack with another warrior": "templar_marine"}, ["templar_marine"])
    assert agent.offered("attack with another warrior") == [[None, "templar_marine"]]
    assert phases(t)[-1] == "points"
    assert d.props["wounded"]


@pytest.mark.rules("DT-047")
def test_giving_the_attack_up_ends_the_combat_after_the_declaration(dt):
    t, _a, d, (mate,), agent = coward_fight(dt, {"attack with another warrior": None}, ["templar_marine"])
    assert agent.offered("attack with another warrior") == [[None, "templar_marine"]]
    assert phases(t) == ["declaration"]
    assert not d.props["wounded"]
    assert not mate.props["wounded"]


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
    assert d.location is t.g.zone("station", t.b)
    assert d.props["wounded"]
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
    assert d.location is t.g.zone("station", t.b)
    assert t.a.props["promotion"] + t.a.props["destiny"] == 0


@pytest.mark.rules("DT-042")
def test_bamboozled_is_not_offered_when_nobody_was_killed(dt):
    agent = Picker()
    t, a, d = fight(dt, agent, wounded=False)
    t.hand("bamboozled", t.a)
    t.act("attack", t.a, a, d, "close_combat")
    assert d.props["wounded"]
    assert d.location is t.g.zone("station", t.b)
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
    assert a.location is t.g.zone("station", t.a)
    assert a.props["wounded"]
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
    assert d.location is t.g.zone("station", t.b)
    assert d.props["wounded"]
    prisoners = [e["text"] for e in t.g.log if e["what"] == "log" and "prisoner" in e["text"]]
    assert prisoners == ["Bauhaus Policeman takes Gendarme Bestal prisoner"]


@pytest.mark.rules("DT-099")
def test_no_attack_on_a_warrior_in_cover(t):
    a = t.warrior("gendarme", t.a)
    d = t.warrior("gendarme_bestal", t.b)
    t.g.set(d, "in_cover", True)
    assert "cannot attack that one in this way" in t.refused("attack", t.a, a, d, "close_combat")
    assert phases(t) == []
    assert t.a.props["actions"] == 3


@pytest.mark.rules("DT-034")
def test_declaring_an_attack_is_an_action_of_the_turn(dt):
    t, a, d = fight(dt)
    t.act("attack", t.a, a, d, "close_combat")
    assert (t.a.props["actions"], t.a.props["actions_taken"]) == (2, 1)
    assert (t.b.props["actions"], t.b.props["actions_taken"]) == (3, 0)  # the defender spends none


def spent(t, p):
    return (p.props["actions"], p.props["actions_taken"])


def combat(t, a, d):
    c = t.g.create("combat_record")
    t.g.set(c, "attacker", a)
    t.g.set(c, "defender", d)
    t.call("add_bonuses", c)


# ---- vehicles ------------------------------------------------------------------------

@pytest.mark.rules("DT-051")
def test_a_vehicle_comes_from_ones_own_hand_onto_ones_own_warrior(t):
    w = t.warrior("soldat", t.a)
    lying = t.card("blitztank", "table", t.a)
    assert "vehicle from your hand" in t.refused("equip_vehicle", t.a, w, lying, False)
    theirs = t.warrior("gendarme_bestal", t.b)
    v = t.hand("blitztank", t.a)
    assert "vehicle from your hand" in t.refused("equip_vehicle", t.a, theirs, v, False)
    assert spent(t, t.a) == (3, 0)
    assert v.location is t.g.zone("hand", t.a)


@pytest.mark.rules("DT-053", "DT-059")
def test_the_vehicle_knows_its_warrior_and_its_loss_wounds_that_warrior(t):
    w = t.warrior("soldat", t.a)
    v = t.hand("blitztank", t.a)
    t.act("equip_vehicle", t.a, w, v, True)
    assert v.location is w
    assert t.get(v, "bearer") is w
    assert spent(t, t.a) == (2, 1)
    t.call("destroy_vehicle", v)
    assert w.props["wounded"]
    assert v.location is t.g.zone("discard", t.a)


@pytest.mark.rules("DT-058")
def test_only_a_warrior_of_ones_own_with_a_vehicle_boards_it(t):
    w = t.warrior("soldat", t.a)
    assert "has no vehicle" in t.refused("board", t.a, w)
    theirs = t.warrior("soldat", t.b)
    t.g.set(t.b, "actions", 3)
    t.act("equip_vehicle", t.b, theirs, t.hand("blitztank", t.b), False)
    assert "has no vehicle" in t.refused("board", t.a, theirs)
    assert spent(t, t.a) == (3, 0)


@pytest.mark.rules("DT-062")
def test_a_warrior_without_a_vehicle_owns_none(t):
    w = t.warrior("soldat", t.a)
    assert not t.call("owns_vehicle", w)
    t.act("equip_vehicle", t.a, w, t.hand("blitztank", t.a), False)
    assert t.call("owns_vehicle", w)


@pytest.mark.rules("DT-080")
def test_an_ordinary_warrior_gets_a_vehicle_as_its_first_action(t):
    w = t.warrior("soldat", t.a)
    v = t.hand("blitztank", t.a)
    t.act("equip_vehicle", t.a, w, v, True)
    assert v.location is w
    assert spent(t, t.a) == (2, 1)


@pytest.mark.rules("DT-080")
def test_no_vehicle_as_the_first_action_while_a_transfer_is_due(t):
    t.warrior("gendarme_bestal", t.b)
    w = t.warrior("soldat", t.a, zone="squad")
    v = t.hand("blitztank", t.a)
    assert "first action must bring" in t.refused("equip_vehicle", t.a, w, v, True)


# ---- fortifications -------------------------------------------------------------------

@pytest.mark.rules("DT-064", "DT-079")
def test_armor_of_a_fortification_on_the_table_and_one_attached_both_count(t):
    w = t.warrior("gendarme", t.a)                  # Armor 8
    t.g.things.move(t.hand("citadel_of_algeroth", t.a), t.g.zone("table", t.a))   # Armor +2
    t.act("play_fortification", t.a, t.hand("spiked_barricade", t.a), w)        # Armor +1, attached
    t.act("play_fortification", t.a, t.hand("industrial_complex", t.a), w)      # no Armor
    d = t.warrior("gendarme_bestal", t.b)
    combat(t, w, d)
    assert t.get(w, "armor") == 8 + 2 + 1
    assert t.get(d, "armor") == 4


@pytest.mark.rules("DT-103")
def test_an_attached_fortification_goes_onto_its_warrior(t):
    w = t.warrior("gendarme", t.a)
    f = t.hand("spiked_barricade", t.a)
    t.act("play_fortification", t.a, f, w)
    assert f.location is w
    assert spent(t, t.a) == (2, 1)


# ---- warzones and the squad ---------------------------------------------------------------

@pytest.mark.rules("DT-104")
def test_a_warzone_is_played_from_the_hand_only(t):
    z = t.card("southern_europe", "library", t.a)
    assert "not in your hand" in t.refused("play_warzone", t.a, z)
    assert z.location is t.g.zone("library", t.a)
    assert spent(t, t.a) == (3, 0)


@pytest.mark.rules("DT-012")
def test_a_card_goes_into_the_squad_from_the_hand_only_for_an_action(t):
    f = t.card("industrial_complex", "library", t.a)
    assert "not in your hand" in t.refused("play_into_squad", t.a, f)
    assert f.location is t.g.zone("library", t.a)
    g = t.hand("industrial_complex", t.a)
    t.act("play_into_squad", t.a, g)
    assert g.location is t.g.zone("squad", t.a)
    assert spent(t, t.a) == (2, 1)


# ---- animals and equipment -------------------------------------------------------------------

def keeper(t):
    w = t.warrior("mastodont_handler", t.a)        # 4 / 4 / 4 / 4
    return w


@pytest.mark.rules("DT-071")
def test_an_animal_comes_from_ones_own_hand_onto_ones_own_warrior(t):
    w = keeper(t)
    lying = t.card("mastodont", "table", t.a)
    assert "animal from your hand" in t.refused("give_animal", t.a, w, lying)
    theirs = t.warrior("mastodont_handler", t.b)
    a = t.hand("mastodont", t.a)
    assert "animal from your hand" in t.refused("give_animal", t.a, theirs, a)
    assert spent(t, t.a) == (3, 0)
    assert a.location is t.g.zone("hand", t.a)


@pytest.mark.rules("DT-075", "DT-076", "DT-071")
def test_every_value_of_the_animal_counts_for_its_warrior(t):
    w = keeper(t)
    a = t.hand("mastodont", t.a)                   # +3 / +2 / +2 / +4
    t.act("give_animal", t.a, w, a)
    assert [t.get(w, s) for s in ("fight", "shoot", "armor", "value")] == [4 + 3, 4 + 2, 4 + 2, 4 + 4]
    assert a.location is w
    assert t.get(a, "bearer") is w
    assert spent(t, t.a) == (2, 1)


@pytest.mark.rules("DT-074")
def test_equipment_goes_onto_the_warrior_with_an_animal_for_an_action(t):
    w = keeper(t)
    t.act("give_animal", t.a, w, t.hand("mastodont", t.a))
    e = t.hand("bayonet", t.a)
    t.act("equip", t.a, w, e)
    assert e.location is w
    assert spent(t, t.a) == (1, 2)
    assert t.call("equipment_bonus", w) == 2


@pytest.mark.rules("DT-104")
def test_a_warzone_costs_one_action(t):
    z = t.hand("southern_europe", t.a)
    t.act("play_warzone", t.a, z)
    assert z.location is t.g.zone("table", t.a)
    assert spent(t, t.a) == (2, 1)


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
    assert t.a.props["sabotaged"]
    assert t.a.props["destiny"] + t.a.props["promotion"] == 3


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
    assert len(back) == 7
    assert len(shuffles) == 1
    assert shuffles[0] > max(back)
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
    assert not w.props["in_cover"]
    assert (t.a.props["actions"], t.a.props["actions_taken"]) == (2, 1)


@pytest.mark.rules("DT-045")
def test_leaving_cover_is_no_first_action_while_a_transfer_is_due(t):
    w = squad_only(t)
    t.g.set(w, "in_cover", True)
    assert "first action must bring" in t.refused("leave_cover", t.a, w)
    assert w.props["in_cover"]
    assert t.a.props["actions"] == 3


@pytest.mark.rules("DT-065")
def test_seeking_cover_costs_one_action_and_puts_the_warrior_in_cover(t):
    w = t.warrior("gendarme", t.a)
    t.act("seek_cover", t.a, w)
    assert w.props["in_cover"]
    assert (t.a.props["actions"], t.a.props["actions_taken"]) == (2, 1)


@pytest.mark.rules("DT-065")
def test_seeking_cover_is_no_first_action_while_a_transfer_is_due(t):
    w = squad_only(t)
    assert "first action must bring" in t.refused("seek_cover", t.a, w)
    assert not w.props["in_cover"]
    assert t.a.props["actions"] == 3


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
