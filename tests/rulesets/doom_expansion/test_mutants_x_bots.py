"""Sentry bots in the line of sight (DOOMX-058, DOOMX-065), an unactivated one's turn
(DOOMX-056) and an activated one's movement (DOOMX-062), by exact outcome."""

import pytest

from tests.rulesets.doom_expansion.test_x_sentry_bots import activated

BLOCKED = "a sentry bot blocks the line of sight"

LINE = [
    "#########",
    "#S.B...##",
    "#S......#",
    "#S......#",
    "#########",
]


def pistol_hits(t):
    t.force("yellow", t.face("yellow", range=2, damage=1))
    t.force("green", t.face("green", range=2, damage=2))


@pytest.mark.rules("DOOMX-058")
def test_an_unactivated_bot_in_the_way_is_named_as_the_blocker(new_table):
    t = new_table(rows=LINE)
    m = t.marines[0]
    t.marine(m, 1, 1)
    t.invader_at("archvile", 5, 1)
    t.declare(m, "advance")
    assert "no line of sight" in t.refused("attack", m, t.s(5, 1), "pistol")
    assert t.messages().count(BLOCKED) == 1


@pytest.mark.rules("DOOMX-058", "DOOMX-065")
def test_no_bot_is_named_when_the_line_is_clear_or_an_invader_blocks_it(new_table):
    t = new_table(rows=LINE)
    m = t.marines[0]
    t.marine(m, 1, 3)
    imp = t.invader_at("archvile", 5, 3)
    t.set(imp, "armor", 0)
    t.invader_at("archvile", 3, 2)
    t.declare(m, "advance")
    pistol_hits(t)
    t.act("attack", m, t.s(5, 3), "pistol")   # the bot at (3,1) is not in the way
    assert t.get(imp, "wounded") == 3
    t.marine(t.marines[1], 1, 2)
    t.declare(t.marines[1], "advance")
    assert "no line of sight" in t.refused("attack", t.marines[1], t.s(5, 2), "pistol")  # an invader blocks
    assert BLOCKED not in t.messages()


@pytest.mark.rules("DOOMX-065")
def test_an_activated_bot_in_the_way_is_named_as_the_blocker(new_table):
    t = new_table(rows=LINE)
    m, other = t.marines
    activated(t, other, (2, 2), (3, 1))
    t.marine(m, 1, 1)
    t.invader_at("archvile", 5, 1)
    t.declare(m, "advance")
    assert "no line of sight" in t.refused("attack", m, t.s(5, 1), "pistol")
    assert t.messages().count(BLOCKED) == 1


@pytest.mark.rules("DOOMX-062")
def test_a_bot_without_movement_left_is_told_so(new_table):
    t = new_table(rows=LINE)
    m = t.marines[0]
    bot = activated(t, m, (2, 2), (3, 1))
    t.set(bot, "moves_left", 0)
    assert t.refused("bot_move", m, bot, t.s(3, 1)).endswith("the sentry bot has no movement left")
    assert t.refused("bot_move", m, bot, t.s(4, 1)).endswith("the sentry bot has no movement left")
    t.set(bot, "moves_left", 1)
    t.act("bot_move", m, bot, t.s(4, 1))
    assert t.where(bot) == (4, 1) and t.get(bot, "moves_left") == 0


TWO = [
    "#########",
    "#S.B...##",
    "#S......#",
    "#S.B....#",
    "#########",
]


@pytest.mark.rules("DOOMX-056", "DOOMX-061")
def test_an_unactivated_bot_with_an_invader_in_sight_does_nothing(new_table):
    t = new_table(rows=TWO, picks={"what the sentry bot does next": ["attack", "stop"]})
    m, other = t.marines
    bot = activated(t, other, (2, 3), (3, 3))   # the other marine's
    t.marine(m, 1, 2)
    imp = t.invader_at("archvile", 6, 1)
    t.set(imp, "armor", 0)
    with t.game.turn(m):
        t.call("end_marine_turn", m)
    assert t.log("roll") == [] and not [e for e in t.log("choice") if "sentry bot" in e["prompt"]]
    t.force("yellow", t.face("yellow", range=2, damage=1))
    t.force("green", t.face("green", range=2, damage=2))
    with t.game.turn(other):
        t.call("end_marine_turn", other)
    assert [e["player"] for e in t.log("choice") if "sentry bot" in e["prompt"]] == [other.name] * 3
    assert [e["die"] for e in t.log("roll")] == ["yellow", "green"] and t.get(imp, "wounded") == 3
    token = t.at(3, 1)
    assert token.def_id == "sentry_token" and t.where(bot) == (3, 3)
