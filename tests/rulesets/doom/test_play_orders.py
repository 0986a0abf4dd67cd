"""The four marine orders the sources name - aim, dodge, heal and guard (DOOM-052 ... DOOM-054;
named in DOOMX-019, DOOMX-112, DOOMX-113) - and "an attack is re-rolled at most once"."""

import pytest

from rulecraft import FirstLegalAgent

ROWS = ["##########", "#S.......#", "#S.......#", "##########"]


def ordered(t, which, x=1, y=1, marine=0):
    """Marine `marine` at (x, y) has placed `which` order in his Ready action."""
    m = t.marines[marine]
    fig = t.marine(m, x, y)
    t.declare(m, "ready")
    t.act("place_order", m, which)
    t.call("end_marine_turn", m)
    return m, fig


def orders(t, which):
    return t.game.select(f"{which}_order", by_definition=True)


def rolls(t, die):
    return [e for e in t.log("roll") if e["die"] == die]


@pytest.mark.rules("DOOM-052", "DOOM-053")
def test_a_readying_marine_may_place_each_order_the_sources_name(new_table):
    for which in ["aim", "dodge", "heal", "guard"]:
        t = new_table()
        m, _ = ordered(t, which)
        assert [o.def_id for o in t.game.select("marine_order", owner=m)] == [f"{which}_order"]
    t = new_table()
    m = t.marines[0]
    t.marine(m, 1, 1)
    t.declare(m, "ready")
    assert "aim, dodge, heal and guard" in t.refused("place_order", m, "charge")


@pytest.mark.rules("DOOM-054")
def test_a_dodge_order_has_the_first_hit_on_the_marine_rolled_again(new_table):
    t = new_table()
    m, _fig = ordered(t, "dodge")
    imp = t.invader_at("imp", 5, 1)
    hit, miss = t.face("blue", range=6), t.face("blue", miss=True)
    t.force("blue", hit, miss, hit)
    first = t.call("resolve_attack", imp, t.s(1, 1), ["blue"], 0, 3, 0, False)
    assert first["hit"] is False
    assert t.get(t.bin(m), "wounds") == 9                 # the second roll (a miss) stands
    assert len(rolls(t, "blue")) == 2
    assert orders(t, "dodge") == []             # used up
    second = t.call("resolve_attack", imp, t.s(1, 1), ["blue"], 0, 3, 0, False)
    assert second["hit"] is True
    assert len(rolls(t, "blue")) == 3
    assert t.get(t.bin(m), "wounds") == 9 - 2             # 1 + 3 damage against armor 2


@pytest.mark.rules("DOOM-054")
def test_a_dodge_order_leaves_a_failed_attack_alone(new_table):
    t = new_table()
    _m, _fig = ordered(t, "dodge")
    imp = t.invader_at("imp", 5, 1)
    t.force("blue", t.face("blue", miss=True))
    assert t.call("resolve_attack", imp, t.s(1, 1), ["blue"], 0, 3, 0, False)["hit"] is False
    assert len(rolls(t, "blue")) == 1
    assert len(orders(t, "dodge")) == 1        # still there for a hit


@pytest.mark.rules("DOOM-054")
def test_a_dodge_order_does_not_roll_an_aimed_attack_a_third_time(new_table):
    # An attack is rolled again at most once: the aimed attack fails, is rolled again and hits;
    # the target's dodge order does not roll it once more.
    t = new_table()
    m, _fig = ordered(t, "dodge")
    imp = t.invader_at("imp", 5, 1)
    hit, miss = t.face("blue", range=6), t.face("blue", miss=True)
    t.force("blue", miss, hit, miss)
    assert t.call("resolve_attack", imp, t.s(1, 1), ["blue"], 0, 3, 0, True)["hit"] is True
    assert len(rolls(t, "blue")) == 2
    assert t.get(t.bin(m), "wounds") == 9 - 2
    assert len(orders(t, "dodge")) == 1        # it did not act


@pytest.mark.rules("DOOM-054")
def test_an_aimed_attack_dodged_after_a_first_hit_is_not_rolled_a_third_time(new_table):
    t = new_table()
    m, _fig = ordered(t, "dodge")
    imp = t.invader_at("imp", 5, 1)
    hit, miss = t.face("blue", range=6), t.face("blue", miss=True)
    t.force("blue", hit, miss, hit)
    assert t.call("resolve_attack", imp, t.s(1, 1), ["blue"], 0, 3, 0, True)["hit"] is False
    assert len(rolls(t, "blue")) == 2
    assert t.get(t.bin(m), "wounds") == 9


@pytest.mark.rules("DOOM-054")
def test_a_heal_order_heals_the_marine_at_the_end_of_the_round(new_table):
    t = new_table()
    m, _ = ordered(t, "heal")
    full, _ = ordered(t, "heal", 1, 2, marine=1)
    t.set(t.bin(m), "wounds", 5)
    assert t.get(t.bin(m), "wounds") == 5                 # nothing before the round ends
    t.game.end_round()
    assert t.get(t.bin(m), "wounds") == 5 + 1             # heal_order_wounds
    assert t.get(t.bin(full), "wounds") == 9              # never above the starting wounds
    assert orders(t, "heal") == []


@pytest.mark.rules("DOOM-054")
def test_the_heal_order_gives_back_the_assumed_number_of_wounds(new_table):
    t = new_table()
    t.game.assume["heal_order_wounds"] = 3
    m, _ = ordered(t, "heal")
    t.set(t.bin(m), "wounds", 2)
    t.game.end_round()
    assert t.get(t.bin(m), "wounds") == 5


@pytest.mark.rules("DOOM-054")
class Guard(FirstLegalAgent):
    """Declines the guard order once, then uses it with the shotgun."""

    def __init__(self):
        self.use = [False, True]

    def choose(self, game, player, options, prompt):
        if "guard order" in prompt:
            return options.index(self.use.pop(0))
        if "weapon" in prompt:
            return [getattr(o, "def_id", o) for o in options].index("shotgun")
        return 0


@pytest.mark.rules("DOOM-054")
def test_a_guard_may_wait_for_a_later_invader_and_then_picks_his_weapon(new_table):
    t = new_table(rows=ROWS)
    m, _fig = ordered(t, "guard")
    t.game.choices.agents[m.id] = Guard()
    t.set(t.bin(m), "weapons", ["shotgun"])
    first = t.invader_at("imp", 8, 2)
    t.game.emit("invader_moved", (first,))
    assert len(orders(t, "guard")) == 1        # declined: the order stays
    second = t.invader_at("zombie", 7, 1)
    t.force("red", t.face("red", range=1, damage=3))
    t.force("yellow", t.face("yellow", range=4, damage=0))
    t.game.emit("invader_moved", (second,))
    assert [e["die"] for e in t.log("roll")] == ["red", "yellow"]   # the shotgun's dice
    assert orders(t, "guard") == []
