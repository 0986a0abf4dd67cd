"""An activated sentry bot's turn (DOOMX-062): one attack, at most `sentry_bot_actions` things
done, only its own marine directing it, its move within its points, its attack in sight and
on the target space alone; by exact outcome."""

import pytest

from tests.rulesets.doom_expansion.test_x_sentry_bots import activated

ROOM = [
    "##########",
    "#S.B.....#",
    "#S.......#",
    "#S.......#",
    "##########",
]


def asked(t, prompt):
    return [e["options"] for e in t.log("choice") if e["prompt"] == prompt]


@pytest.mark.rules("DOOMX-062")
def test_a_bot_attacks_once_in_its_turn(new_table):
    t = new_table(rows=ROOM, picks={"what the sentry bot does next": ["attack", "stop"]})
    m = t.marines[0]
    bot = activated(t, m, (2, 1), (3, 1))
    imp = t.invader_at("archvile", 6, 1)
    t.set(imp, "armor", 0)
    t.force("yellow", t.face("yellow", range=2, damage=1))
    t.force("green", t.face("green", range=2, damage=2))
    t.call("bot_turn", m, bot)
    assert asked(t, "what the sentry bot does next") == [3, 2]  # stop, move, attack; then stop, move
    assert t.get(imp, "wounded") == 3 and t.get(bot, "attacks_left") == 0


@pytest.mark.rules("DOOMX-062")
def test_a_bot_does_at_most_6_things_in_its_turn(new_table):
    t = new_table(rows=["##########", "#S.BT....#", "#S.....T.#", "##########"],
                  picks={"what the sentry bot does next": ["teleport"]})
    m = t.marines[0]
    bot = activated(t, m, (2, 1), (3, 1))
    t.set(bot, "moves_left", 1)
    t.act("bot_move", m, bot, t.s(4, 1))
    t.call("bot_turn", m, bot)   # teleports cost no movement: only the limit ends the turn
    assert t.game.assume["sentry_bot_actions"] == 6
    assert len([x for x in t.messages() if " teleports to space " in x]) == 6
    assert t.where(bot) == (4, 1)


@pytest.mark.rules("DOOMX-062")
def test_only_the_bots_marine_moves_it_or_makes_it_attack(new_table):
    t = new_table(rows=ROOM)
    m, other = t.marines
    bot = activated(t, m, (2, 1), (3, 1))
    t.marine(other, 1, 3)
    t.invader_at("archvile", 6, 1)
    t.set(bot, "moves_left", 4)
    t.set(bot, "attacks_left", 1)
    assert t.refused("bot_move", other, bot, t.s(4, 1)).endswith("the marine moves only his own activated sentry bots")
    assert t.refused("bot_attack", other, bot, t.s(6, 1)).endswith("only the bot's marine directs its attack")
    assert t.where(bot) == (3, 1) and t.log("roll") == []


@pytest.mark.rules("DOOMX-062")
def test_a_bot_moves_no_farther_than_its_points(new_table):
    t = new_table(rows=ROOM)
    m = t.marines[0]
    bot = activated(t, m, (2, 1), (3, 1))
    t.set(bot, "moves_left", 2)
    assert t.refused("bot_move", m, bot, t.s(6, 1)).endswith("the sentry bot cannot end a move there")
    assert t.refused("bot_move", m, bot, t.s(0, 1)).endswith("the sentry bot cannot end a move there")  # a wall
    t.act("bot_move", m, bot, t.s(5, 1))
    assert t.where(bot) == (5, 1) and t.get(bot, "moves_left") == 0


@pytest.mark.rules("DOOMX-062")
def test_a_bot_attacks_only_in_sight_and_only_the_target_space(new_table):
    t = new_table(rows=ROOM)
    m = t.marines[0]
    bot = activated(t, m, (2, 1), (3, 1))
    t.set(bot, "attacks_left", 1)
    front = t.invader_at("archvile", 5, 1)
    hidden = t.invader_at("archvile", 6, 1)
    beside = t.invader_at("archvile", 5, 2)
    for f in (front, hidden, beside):
        t.set(f, "armor", 0)
    assert t.refused("bot_attack", m, bot, t.s(6, 1)).endswith("the sentry bot has no line of sight to that space")
    t.force("yellow", t.face("yellow", range=1, damage=1))
    t.force("green", t.face("green", range=2, damage=2))
    assert t.act("bot_attack", m, bot, t.s(5, 1)) == 3
    assert [t.get(f, "wounded") for f in (front, hidden, beside)] == [3, 0, 0]


@pytest.mark.rules("DOOMX-062", "DOOMX-072")
def test_a_bot_moving_onto_equipment_says_it_leaves_it(new_table):
    t = new_table(rows=["##########", "#S.B.o...#", "#S.......#", "##########"])
    m = t.marines[0]
    bot = activated(t, m, (2, 1), (3, 1))
    t.set(bot, "moves_left", 4)
    t.act("bot_move", m, bot, t.s(5, 1))
    assert "the sentry bot leaves the equipment where it is" in t.messages()
    assert len(t.select("tank_token")) == 1


@pytest.mark.rules("DOOMX-062", "DOOMX-043", "DOOMX-044")
def test_a_bot_moving_over_a_burning_jet_is_burnt_entering_and_leaving_it(new_table):
    t = new_table(rows=["##########", "#S.BF....#", "#S.......#", "##########"])
    m = t.marines[0]
    bot = activated(t, m, (2, 1), (3, 1))
    t.set(bot, "moves_left", 2)
    t.act("bot_move", m, bot, t.s(5, 1))   # straight over the lit jet at (4,1)
    assert t.where(bot) == (5, 1) and t.get(bot, "wounded") == 2
    assert len([x for x in t.messages() if " is burnt " in x]) == 2


@pytest.mark.rules("DOOMX-062", "DOOMX-153")
def test_a_bot_sharing_its_space_may_not_attack(new_table):
    t = new_table(rows=ROOM)
    m = t.marines[0]
    bot = activated(t, m, (2, 1), (3, 1))
    t.set(bot, "attacks_left", 1)
    imp = t.invader_at("archvile", 6, 1)
    board = t.game.boards["map"]   # a scenario stacking a figure on the bot's space
    other = t.game.create("marine_blue")
    board.occupant[t.s(3, 1)] = other.id
    board.anchor[other.id] = t.s(3, 1)
    board.size[other.id] = (1, 1)
    board.side[other.id] = "marines"
    board.figures[other.id] = other
    assert t.refused("bot_attack", m, bot, t.s(6, 1)).endswith(
        "a figure on the same space as another figure may not attack")
    assert t.get(imp, "wounded") == 0 and t.get(bot, "attacks_left") == 1


@pytest.mark.rules("DOOMX-062", "DOOMX-045")
def test_a_bot_ending_its_turn_on_a_lit_jet_in_the_corner_is_burnt_again(new_table):
    # The lit jet is on space 0, the map's top-left corner.
    t = new_table(rows=["F.B.....#", "#S......#", "#S......#", "#########"],
                  picks={"what the sentry bot does next": ["move", "stop"], "where the sentry bot moves": 0})
    m = t.marines[0]
    bot = activated(t, m, (3, 0), (2, 0))
    t.call("bot_turn", m, bot)
    assert t.where(bot) == (0, 0) and t.get(bot, "wounded") == 2
    burns = [x for x in t.messages() if " is burnt " in x]
    assert len(burns) == 2 and "ends its movement" in burns[1]
