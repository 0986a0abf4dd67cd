"""Hazardous spaces hurt the figures that walk onto them: `hazard_wounds` wounds a step onto
one, no armor helping (an assumption: the sources say only that hazards deal damage - a flyer
takes none, DOOMX-025; an invisible marine still does, DOOMX-082)."""

import pytest

from rulecraft import FirstLegalAgent

# A corridor: whoever walks from x=1 to x=6 crosses the hazards at x=3 and x=4.
CORRIDOR = [
    "########",
    "#S.~~..#",
    "########",
]


def walker(new_table, **kw):
    t = new_table(rows=CORRIDOR, **kw)
    m = t.marines[0]
    t.marine(m, 1, 1)
    t.declare(m, "sprint")
    return t, m


def wounds(t, m):
    return t.get(t.bin(m), "wounds")


@pytest.mark.rules("DOOM-082", "DOOM-084")
def test_a_marine_crossing_hazards_suffers_their_wounds_whatever_his_armor(new_table):
    t, m = walker(new_table)
    assert wounds(t, m) == 9
    assert t.get(t.bin(m), "armor") == 2
    t.act("move_marine", m, t.s(6, 1))
    assert wounds(t, m) == 9 - 2 * 1                     # two hazardous spaces, hazard_wounds each
    assert t.get(m, "moves_left") == 8 - (1 + 2 + 2 + 1 + 1)   # hazards still cost 2 to enter


@pytest.mark.rules("DOOM-082")
def test_a_marine_ending_on_a_hazard_suffers_its_wounds_once(new_table):
    t, m = walker(new_table)
    t.act("move_marine", m, t.s(3, 1))
    assert wounds(t, m) == 8
    t.act("move_marine", m, t.s(4, 1))                   # the next hazardous space
    assert wounds(t, m) == 7
    t.act("move_marine", m, t.s(5, 1))                   # stepping off hurts nothing
    assert wounds(t, m) == 7


@pytest.mark.rules("DOOM-082")
def test_floor_never_hurts(new_table):
    t = new_table()
    m = t.marines[0]
    t.marine(m, 1, 1)
    t.declare(m, "sprint")
    t.act("move_marine", m, t.s(8, 4))
    assert wounds(t, m) == 9


@pytest.mark.rules("DOOM-082")
def test_the_hazard_wounds_are_an_assumption_a_user_may_change(new_table):
    t, m = walker(new_table)
    t.game.assume["hazard_wounds"] = 3
    t.act("move_marine", m, t.s(6, 1))
    assert wounds(t, m) == 9 - 2 * 3


@pytest.mark.rules("DOOM-082", "DOOM-123")
def test_a_marine_fragged_by_a_hazard_is_not_hurt_further(new_table):
    t, m = walker(new_table)
    t.set(t.bin(m), "wounds", 1)
    t.act("move_marine", m, t.s(6, 1))
    assert t.get(t.invader, "frags") == 1
    assert wounds(t, m) == 9                             # back on a start space, whole


class Mover(FirstLegalAgent):
    """The activated invader moves once, to `to`, and ends its activation."""

    def __init__(self, to):
        self.to = to
        self.moved = False

    def choose(self, game, player, options, prompt):
        if "what the activated invader does next" in prompt:
            return options.index("end its activation" if self.moved else "move")
        if "where the invader moves" in prompt:
            self.moved = True
            return options.index(self.to)
        return 0


@pytest.mark.rules("DOOM-077", "DOOM-082")
def test_an_invader_walking_across_hazards_in_its_activation_is_hurt(new_table):
    t = new_table(rows=CORRIDOR)
    imp = t.invader_at("imp", 6, 1)
    t.game.choices.agents[t.invader.id] = Mover(t.s(3, 1))
    t.call("activate", t.invader, imp)
    assert t.where(imp) == (3, 1)                        # 1 + 2 + 2 movement points
    assert t.get(imp, "wounded") == 2                    # imp armor 0 or not: no armor helps
