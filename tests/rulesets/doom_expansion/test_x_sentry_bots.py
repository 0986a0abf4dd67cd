"""Sentry bots (DOOMX-055 ... DOOMX-076)."""

import pytest

from rulecraft.runtime import grid

ROWS = [
    "##########",
    "#S.B.....#",
    "#S.......#",
    "#S..B....#",
    "#........#",
    "##########",
]


@pytest.fixture
def t(new_table):
    return new_table(rows=ROWS)


def token_at(t, x, y):
    b = t.at(x, y)
    assert b is not None and b.kind == "sentry_bot"
    return b


def activated(t, p, fig_xy, bot_xy):
    t.marine(p, *fig_xy)
    t.declare(p, "advance")
    t.act("activate_bot", p, token_at(t, *bot_xy))
    return t.at(*bot_xy)


@pytest.mark.rules("DOOMX-055", "DOOMX-056")
def test_bots_start_unactivated_and_do_nothing(new_table):
    t = new_table(rows=ROWS)
    bots = t.select("sentry_bot")
    assert len(bots) == 2 and not any(t.get(b, "active") for b in bots)
    m = t.marines[0]
    t.marine(m, 1, 1)
    with t.game.turn(m):
        t.call("end_marine_turn", m)
    assert sorted(t.where(b) for b in bots) == [(3, 1), (4, 3)]
    assert not [e for e in t.log("choice") if "sentry bot" in e["prompt"]]


@pytest.mark.rules("DOOMX-057")
def test_an_unactivated_bot_takes_no_damage(t):
    m = t.marines[0]
    fig = t.marine(m, 1, 2)
    t.force("red", t.face("red", range=1, damage=3))
    t.force("yellow", t.face("yellow", range=4, damage=0))
    t.call("resolve_attack", fig, t.s(4, 2), ["red", "yellow"], 0, 0, 1, False)  # a blast next to (4,3)
    b = token_at(t, 4, 3)
    assert t.get(b, "wounded") == 0


@pytest.mark.rules("DOOMX-058")
def test_an_unactivated_bot_blocks_movement_and_sight_like_an_enemy(new_table):
    t = new_table(rows=["#########", "#S.B...##", "#########"])
    m = t.marines[0]
    t.marine(m, 2, 1)
    t.invader_at("archvile", 5, 1)
    t.declare(m, "advance")
    assert "line of sight" in t.refused("attack", m, t.s(5, 1), "pistol")
    assert t.s(4, 1) not in grid.grid_reachable(t.game, "map", t.call("figure_of", m), 4)


@pytest.mark.rules("DOOMX-059", "DOOMX-060", "DOOMX-066")
def test_a_marine_next_to_a_bot_activates_it_for_2_movement_points(t):
    m = t.marines[0]
    t.marine(m, 1, 1)
    t.declare(m, "advance")
    assert "next to" in t.refused("activate_bot", m, token_at(t, 4, 3))
    t.act("move_marine", m, t.s(2, 1))
    assert t.get(m, "moves_left") == 3
    t.act("activate_bot", m, token_at(t, 3, 1))
    bot = t.at(3, 1)
    assert bot.def_id == "sentry_active" and t.get(bot, "color") == t.get(m, "color")
    assert t.get(bot, "controller") == m and t.get(m, "moves_left") == 1
    assert "2 movement points" in t.refused("activate_bot", m, token_at(t, 4, 3))


@pytest.mark.rules("DOOMX-066")
def test_marines_move_through_an_activated_bot_as_through_a_friend(new_table):
    t = new_table(rows=["#######", "#S.B..#", "#######"])
    a, b = t.marines
    fig_b = t.marine(b, 1, 1)
    t.marine(a, 2, 1)
    assert grid.grid_move_cost(t.game, "map", fig_b, t.s(4, 1)) == -1  # the token blocks like an enemy
    t.declare(a, "advance")
    t.act("activate_bot", a, token_at(t, 3, 1))
    t.declare(b, "sprint")
    t.act("move_marine", b, t.s(4, 1))  # through his friend and the bot
    assert t.where(fig_b) == (4, 1)


@pytest.mark.rules("DOOMX-061", "DOOMX-062")
def test_an_activated_bot_moves_up_to_4_and_attacks_once_right_after_its_marine(new_table):
    t = new_table(rows=ROWS, picks={"what the sentry bot does next": ["attack", "move", "stop"],
                                    })
    m = t.marines[0]
    bot = activated(t, m, (2, 1), (3, 1))
    imp = t.invader_at("archvile", 6, 1)
    t.force("yellow", t.face("yellow", range=2, damage=1))
    t.force("green", t.face("green", range=2, damage=2))
    with t.game.turn(m):
        t.call("end_marine_turn", m)
    assert t.get(imp, "wounded") >= 1
    assert [e["die"] for e in t.log("roll")] == ["yellow", "green"]
    assert t.where(bot) != (3, 1)
    t.set(bot, "moves_left", 4)
    t.set(bot, "attacks_left", 0)
    assert max(t.xy(s)[0] for s in t.call("bot_moves", bot)) <= t.where(bot)[0] + 4
    assert "already attacked" in t.refused("bot_attack", m, bot, t.s(6, 1))


@pytest.mark.rules("DOOMX-063", "DOOMX-064")
def test_two_bots_at_most_and_their_marine_orders_them(new_table):
    rows = ["##########", "#S.B.....#", "#S.B.....#", "#..B.....#", "##########"]
    t = new_table(rows=rows, picks={"which sentry bot goes first": None, "what the sentry bot does next": "stop"})
    m = t.marines[0]
    t.marine(m, 2, 2)
    t.declare(m, "sprint")
    t.act("activate_bot", m, token_at(t, 3, 1))
    t.act("activate_bot", m, token_at(t, 3, 2))
    assert "more than two" in t.refused("activate_bot", m, token_at(t, 3, 3))
    second = t.at(3, 2)
    t.game.choices.agents[m.id].picks["which sentry bot goes first"] = second
    with t.game.turn(m):
        t.call("end_marine_turn", m)
    asked = [e for e in t.log("choice") if e["prompt"] == "which sentry bot goes first"]
    assert len(asked) == 1 and asked[0]["picked"] == second.ref


@pytest.mark.rules("DOOMX-065")
def test_an_activated_bot_blocks_line_of_sight(new_table):
    t = new_table(rows=["#########", "#S.B...##", "#S......#", "#########"])
    m, other = t.marines
    activated(t, other, (2, 2), (3, 1))
    fig = t.marine(m, 1, 1)
    t.invader_at("archvile", 5, 1)
    t.game.set(m, "chosen", "")
    t.declare(m, "advance")
    assert "line of sight" in t.refused("attack", m, t.s(5, 1), "pistol")
    assert grid.grid_side(t.game, "map", t.at(3, 1)) == grid.grid_side(t.game, "map", fig)


@pytest.mark.rules("DOOMX-067")
def test_invaders_may_spawn_where_only_a_bot_sees(new_table):
    t = new_table(rows=["##########", "#S.B.....#", "#####....#", "##########"],
                  invader_picks={"where the invader spawns": None})
    m = t.marines[0]
    activated(t, m, (2, 1), (3, 1))
    grid.grid_remove(t.game, "map", t.call("figure_of", m))  # only the bot is left to see
    spaces = t.call("spawn_spaces", "1x1")
    assert t.s(6, 1) in spaces  # in the bot's sight
    t.game.choices.agents[t.invader.id].picks["where the invader spawns"] = t.s(6, 1)
    assert t.call("spawn_figure", t.invader, "archvile")
    assert t.at(6, 1).def_id == "archvile"


@pytest.mark.rules("DOOMX-068")
def test_bots_get_the_officer_bonus_like_marines(t):
    m = t.marines[0]
    bot = activated(t, m, (2, 1), (3, 1))
    inv = t.invader_at("archvile", 7, 1)  # 4 away
    t.set(inv, "armor", 0)
    face_y, face_g = t.face("yellow", range=1, damage=1), t.face("green", range=2, damage=1)
    t.force("yellow", face_y)
    t.force("green", face_g)
    t.set(bot, "attacks_left", 1)
    t.act("bot_attack", m, bot, t.s(7, 1))
    assert t.get(inv, "wounded") == 0  # range 3 < 4: missed
    t.game.create("officer_token")
    t.force("yellow", face_y)
    t.force("green", face_g)
    t.set(bot, "attacks_left", 1)
    t.act("bot_attack", m, bot, t.s(7, 1))
    assert t.get(inv, "wounded") == 3  # range 3 + 1 reaches; damage 2 + 1


@pytest.mark.rules("DOOMX-069", "DOOMX-070")
def test_bot_wounds_are_tokens_and_it_is_destroyed_at_its_wound_value(t):
    m = t.marines[0]
    bot = activated(t, m, (2, 1), (3, 1))
    assert t.get(bot, "wounds") == 4
    t.set(bot, "armor", 2)
    inv = t.invader_at("archvile", 3, 2)
    t.set(bot, "wounded", 2)
    t.force("red", t.face("red", range=1, damage=3), t.face("red", range=1, damage=3))
    t.call("resolve_attack", inv, t.s(3, 1), ["red"], 0, 0, 0, False)
    assert t.get(bot, "wounded") == 3 and t.on_board(bot)
    t.call("resolve_attack", inv, t.s(3, 1), ["red"], 0, 0, 0, False)
    assert not t.on_board(bot) and t.select("sentry_bot") == [token_at(t, 4, 3)]


def test_invaders_attack_activated_bots(t):
    m = t.marines[0]
    bot = activated(t, m, (2, 1), (3, 1))
    grid.grid_remove(t.game, "map", t.call("figure_of", m))
    inv = t.invader_at("archvile", 6, 1)
    assert t.call("invader_targets", inv) == [t.s(3, 1)]
    assert t.where(bot) == (3, 1)


@pytest.mark.rules("DOOMX-071")
def test_bots_are_repaired_only_where_a_scenario_allows(t):
    m = t.marines[0]
    bot = activated(t, m, (2, 1), (3, 1))
    t.set(bot, "wounded", 2)
    assert "scenario allows" in t.refused("repair_bot", m, bot)
    assert t.get(bot, "wounded") == 2
    r = t.game.create("expansion_scenario")
    t.set(r, "bot_repair", True)
    t.act("repair_bot", m, bot)
    assert t.get(bot, "wounded") == 0


@pytest.mark.rules("DOOMX-072", "DOOMX-073", "DOOMX-074")
def test_bots_take_no_equipment_work_no_doors_and_activate_no_bots(new_table):
    rows = ["##########", "#S.B.oD..#", "#S....B..#", "#........#", "##########"]
    t = new_table(rows=rows)
    m = t.marines[0]
    bot = activated(t, m, (2, 1), (3, 1))
    t.set(bot, "moves_left", 4)
    t.act("bot_move", m, bot, t.s(5, 1))
    assert t.get(t.bin(m), "oxygen") == 0 and len(t.select("tank_token")) == 1
    assert t.terrain(6, 1) == "door"
    t.set(bot, "moves_left", 4)
    t.set(bot, "attacks_left", 0)
    t.call("bot_turn", m, bot)  # the first option each time: a bot has only stop, move, attack, teleport
    offered = {e["prompt"] for e in t.log("choice")}
    assert not any("door" in p or "activate" in p for p in offered)
    assert not t.get(token_at(t, 6, 2), "active")


@pytest.mark.rules("DOOMX-075")
def test_bots_may_use_teleporters(new_table):
    t = new_table(rows=["##########", "#S.BT....#", "#S.....T.#", "##########"])
    m = t.marines[0]
    bot = activated(t, m, (2, 1), (3, 1))
    t.set(bot, "moves_left", 4)
    t.act("bot_move", m, bot, t.s(4, 1))
    t.act("bot_teleport", m, bot, t.s(7, 2))
    assert t.where(bot) == (7, 2)


@pytest.mark.rules("DOOMX-076")
def test_orders_are_not_given_to_bots(t):
    m = t.marines[0]
    bot = activated(t, m, (2, 1), (3, 1))
    t.game.set(m, "chosen", "")
    t.declare(m, "ready")
    t.act("place_order", m, "aim")
    inv = t.invader_at("archvile", 6, 1)
    t.set(bot, "attacks_left", 1)
    t.force("yellow", t.face("yellow", range=1, damage=1))
    t.force("green", t.face("green", range=1, damage=1))
    t.act("bot_attack", m, bot, t.s(6, 1))  # fails, and is not rolled again: the aim order is the marine's
    assert len(t.log("roll")) == 2 and t.get(inv, "wounded") == 0
    assert len(t.select("marine_order")) == 1


@pytest.mark.rules("DOOMX-059", "DOOMX-064")
def test_a_sentry_bot_is_offered_for_activation_next_to_it_with_2_movement_points(new_table):
    t = new_table(rows=ROWS)
    m = t.marines[0]
    t.marine(m, 2, 1)  # next to the bot at (3, 1)
    t.declare(m, "advance")
    assert "activate a sentry bot" in t.call("marine_options", m)
    t.set(m, "moves_left", 1)
    assert "activate a sentry bot" not in t.call("marine_options", m)
    t.set(m, "moves_left", 4)
    t.call("marine_does", m, "activate a sentry bot")
    assert [t.get(b, "controller") for b in t.select("sentry_bot") if t.get(b, "active")] == [m]
