"""Sentry bots (DOOMX-055 ... DOOMX-076)."""

import pytest

from rulecraft.runtime import grid
from tests.support.doom_tables import asked

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
    assert b is not None
    assert b.kind == "sentry_bot"
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
    assert len(bots) == 2
    assert not any(t.get(b, "active") for b in bots)
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
    assert bot.def_id == "sentry_active"
    assert t.get(bot, "color") == t.get(m, "color")
    assert t.get(bot, "controller") == m
    assert t.get(m, "moves_left") == 1
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
    assert len(asked) == 1
    assert asked[0]["picked"] == second.ref


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
    assert t.get(bot, "wounded") == 3
    assert t.on_board(bot)
    t.call("resolve_attack", inv, t.s(3, 1), ["red"], 0, 0, 0, False)
    assert not t.on_board(bot)
    assert t.select("sentry_bot") == [token_at(t, 4, 3)]


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
    assert t.get(t.bin(m), "oxygen") == 0
    assert len(t.select("tank_token")) == 1
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
    assert len(t.log("roll")) == 2
    assert t.get(inv, "wounded") == 0
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


@pytest.mark.rules("DOOMX-057")
def test_an_unactivated_bot_hit_logs_no_damage_and_counts_no_wound(new_table):
    t = new_table(rows=ROWS)
    inv = t.invader_at("archvile", 3, 2)
    t.force("red", t.face("red", range=1, damage=3))
    result = t.call("resolve_attack", inv, t.s(3, 1), ["red"], 0, 0, 0, False)
    assert result["wounds"] == 0
    assert "the unactivated sentry bot takes no damage" in t.messages()
    assert t.get(token_at(t, 3, 1), "wounded") == 0


@pytest.mark.rules("DOOMX-057")
def test_an_unactivated_bot_is_not_burnt(new_table):
    t = new_table(rows=ROWS)
    b = token_at(t, 3, 1)
    t.call("burn", b, "a test")
    assert t.get(b, "wounded") == 0


@pytest.mark.rules("DOOMX-057", "DOOMX-069")
def test_an_activated_bot_hit_takes_exact_wound_tokens_with_a_log(new_table):
    t = new_table(rows=ROWS)
    m = t.marines[0]
    bot = activated(t, m, (2, 1), (3, 1))
    inv = t.invader_at("archvile", 3, 2)
    t.force("red", t.face("red", range=1, damage=3))
    result = t.call("resolve_attack", inv, t.s(3, 1), ["red"], 0, 0, 0, False)
    assert result["wounds"] == 3
    assert t.get(bot, "wounded") == 3  # 3 damage // armor 1
    assert "Sentry bot (activated) takes 3 wound tokens (3 of 4)" in t.messages()
    assert "the unactivated sentry bot takes no damage" not in t.messages()


@pytest.mark.rules("DOOMX-059")
def test_exactly_2_movement_points_are_enough_to_activate(new_table):
    t = new_table(rows=ROWS)
    m = t.marines[0]
    t.marine(m, 2, 1)
    t.declare(m, "advance")
    t.set(m, "moves_left", 2)
    t.act("activate_bot", m, token_at(t, 3, 1))
    assert t.get(t.at(3, 1), "active")
    assert t.get(m, "moves_left") == 0


@pytest.mark.rules("DOOMX-060", "DOOMX-066")
def test_activation_is_logged_with_the_marines_colour(new_table):
    t = new_table(rows=ROWS)
    m = t.marines[0]
    activated(t, m, (2, 1), (3, 1))
    colour = t.get(m, "color")
    assert any(x.endswith(f"activates a sentry bot: it is now {colour}") for x in t.messages())
    assert t.get(t.at(3, 1), "color") == colour


@pytest.mark.rules("DOOMX-064")
def test_a_marine_with_one_bot_may_activate_a_second(new_table):
    rows = ["##########", "#S.B.....#", "#S.B.....#", "#..B.....#", "##########"]
    t = new_table(rows=rows)
    m = t.marines[0]
    t.marine(m, 2, 2)
    t.declare(m, "sprint")
    t.act("activate_bot", m, token_at(t, 3, 1))
    t.act("activate_bot", m, token_at(t, 3, 2))
    assert len(t.call("bots_of", m)) == 2


@pytest.mark.rules("DOOMX-061")
def test_a_bot_turn_leaves_no_movement_and_no_attack(new_table):
    t = new_table(rows=ROWS, picks={"what the sentry bot does next": "stop"})
    m = t.marines[0]
    bot = activated(t, m, (2, 1), (3, 1))
    t.call("bot_turn", m, bot)
    assert t.get(bot, "moves_left") == 0
    assert t.get(bot, "attacks_left") == 0


@pytest.mark.rules("DOOMX-061")
def test_a_bot_that_ends_its_move_on_a_burning_space_is_burnt(new_table):
    rows = ["##########", "#S.B.F...#", "#S.......#", "##########"]
    t = new_table(rows=rows, picks={"what the sentry bot does next": ["move", "stop"],
                                    "where the sentry bot moves": None})
    m = t.marines[0]
    bot = activated(t, m, (2, 1), (3, 1))
    t.game.choices.agents[m.id].picks["where the sentry bot moves"] = t.s(5, 1)
    t.call("bot_turn", m, bot)
    assert t.where(bot) == (5, 1)
    # entering the burning space burns once, ending the move there once more
    assert t.get(bot, "wounded") == 2


@pytest.mark.rules("DOOMX-061")
def test_a_bot_on_the_first_space_of_the_map_takes_its_turn(new_table):
    rows = ["B.........", "S.........", "S.........", "##########"]
    t = new_table(rows=rows, picks={"what the sentry bot does next": ["move", "stop"],
                                    "where the sentry bot moves": None})
    m = t.marines[0]
    bot = activated(t, m, (1, 0), (0, 0))
    t.game.choices.agents[m.id].picks["where the sentry bot moves"] = t.s(0, 2)
    t.call("bot_turn", m, bot)
    assert t.where(bot) == (0, 2)


@pytest.mark.rules("DOOMX-063")
def test_with_one_bot_the_marine_is_not_asked_which_goes_first(new_table):
    t = new_table(rows=ROWS, picks={"what the sentry bot does next": "stop"})
    m = t.marines[0]
    activated(t, m, (2, 1), (3, 1))
    with t.game.turn(m):
        t.call("end_marine_turn", m)
    prompts = [e["prompt"] for e in t.log("choice")]
    assert "which sentry bot goes first" not in prompts
    assert prompts.count("what the sentry bot does next") == 1


@pytest.mark.rules("DOOMX-063")
def test_with_two_bots_the_marine_is_asked_once_between_both(new_table):
    rows = ["##########", "#S.B.....#", "#S.B.....#", "#..B.....#", "##########"]
    t = new_table(rows=rows, picks={"what the sentry bot does next": "stop"})
    m = t.marines[0]
    t.marine(m, 2, 2)
    t.declare(m, "sprint")
    t.act("activate_bot", m, token_at(t, 3, 1))
    t.act("activate_bot", m, token_at(t, 3, 2))
    with t.game.turn(m):
        t.call("end_marine_turn", m)
    asked = [e for e in t.log("choice") if e["prompt"] == "which sentry bot goes first"]
    assert len(asked) == 1
    assert asked[0]["options"] == 2


class Recorder:
    """Wraps a marine's agent: keeps the options of every question with `prompt`."""

    def __init__(self, t, p, prompt):
        self.inner = t.game.choices.agents[p.id]
        self.prompt = prompt
        self.seen = []
        t.game.choices.agents[p.id] = self

    def choose(self, game, player, options, prompt):
        if prompt == self.prompt:
            self.seen.append(list(options))
        return self.inner.choose(game, player, options, prompt)

    def __getattr__(self, name):
        return getattr(self.inner, name)


@pytest.mark.rules("DOOMX-064")
def test_a_readying_marine_who_activates_a_bot_loses_his_attack(new_table):
    t = new_table(rows=ROWS)
    m = t.marines[0]
    t.marine(m, 2, 1)
    t.declare(m, "ready")
    t.set(m, "moves_left", 2)
    t.act("activate_bot", m, token_at(t, 3, 1))
    assert t.get(m, "attacks_left") == 0


@pytest.mark.rules("DOOMX-071")
def test_a_marine_does_not_repair_another_marines_bot(new_table):
    t = new_table(rows=ROWS)
    a, b = t.marines
    bot = activated(t, a, (2, 1), (3, 1))
    t.set(t.game.create("expansion_scenario"), "bot_repair", True)
    t.set(bot, "wounded", 2)
    assert "his own sentry bots" in t.refused("repair_bot", b, bot)
    assert t.get(bot, "wounded") == 2


@pytest.mark.rules("DOOMX-072")
def test_a_bot_moving_onto_equipment_leaves_it_with_a_log(new_table):
    t = new_table(rows=["##########", "#S.B.o...#", "#S.......#", "##########"])
    m = t.marines[0]
    bot = activated(t, m, (2, 1), (3, 1))
    t.set(bot, "moves_left", 4)
    t.act("bot_move", m, bot, t.s(5, 1))
    assert t.messages().count("the sentry bot leaves the equipment where it is") == 1
    pick = t.game.create("shotgun_pickup")
    t.set(pick, "space", t.s(7, 1))
    t.act("bot_move", m, bot, t.s(7, 1))
    assert t.messages().count("the sentry bot leaves the equipment where it is") == 2
    assert t.get(pick, "space") == t.s(7, 1)


@pytest.mark.rules("DOOMX-072", "DOOMX-073", "DOOMX-074")
def test_a_bot_is_offered_stop_move_and_attack_and_attacks_once(new_table):
    t = new_table(rows=ROWS, picks={"what the sentry bot does next": ["attack", "stop"]})
    m = t.marines[0]
    bot = activated(t, m, (2, 1), (3, 1))
    inv = t.invader_at("archvile", 6, 1)
    t.set(inv, "armor", 0)
    rec = Recorder(t, m, "what the sentry bot does next")
    t.force("yellow", t.face("yellow", range=2, damage=1))
    t.force("green", t.face("green", range=2, damage=1))
    t.call("bot_turn", m, bot)
    assert rec.seen == [["stop", "move", "attack"], ["stop", "move"]]
    assert [e["die"] for e in t.log("roll")] == ["yellow", "green"]
    assert t.get(inv, "wounded") == 2


@pytest.mark.rules("DOOMX-073")
def test_a_bot_without_a_target_is_offered_only_stop_and_move(new_table):
    t = new_table(rows=ROWS, picks={"what the sentry bot does next": "stop"})
    m = t.marines[0]
    bot = activated(t, m, (2, 1), (3, 1))
    rec = Recorder(t, m, "what the sentry bot does next")
    t.call("bot_turn", m, bot)
    assert rec.seen == [["stop", "move"]]


@pytest.mark.rules("DOOMX-075")
def test_a_marine_does_not_teleport_another_marines_bot(new_table):
    t = new_table(rows=["##########", "#S.BT....#", "#S.....T.#", "##########"])
    a, b = t.marines
    bot = activated(t, a, (2, 1), (3, 1))
    t.set(bot, "moves_left", 4)
    t.act("bot_move", a, bot, t.s(4, 1))
    assert "only the bot's marine" in t.refused("bot_teleport", b, bot, t.s(7, 2))
    assert t.where(bot) == (4, 1)


@pytest.mark.rules("DOOMX-076")
def test_a_bot_with_one_attack_attacks_once_and_no_more(new_table):
    t = new_table(rows=ROWS)
    m = t.marines[0]
    bot = activated(t, m, (2, 1), (3, 1))
    inv = t.invader_at("archvile", 6, 1)
    t.set(inv, "armor", 0)
    t.set(bot, "attacks_left", 1)
    t.force("yellow", t.face("yellow", range=2, damage=1))
    t.force("green", t.face("green", range=2, damage=1))
    t.act("bot_attack", m, bot, t.s(6, 1))
    assert t.get(bot, "attacks_left") == 0
    assert t.get(inv, "wounded") == 2  # the dice's damage, no bonus
    assert "already attacked" in t.refused("bot_attack", m, bot, t.s(6, 1))


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
    assert t.where(bot) == (4, 1)
    assert t.get(bot, "moves_left") == 0


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
    assert t.log("roll") == []
    assert not [e for e in t.log("choice") if "sentry bot" in e["prompt"]]
    t.force("yellow", t.face("yellow", range=2, damage=1))
    t.force("green", t.face("green", range=2, damage=2))
    with t.game.turn(other):
        t.call("end_marine_turn", other)
    assert [e["player"] for e in t.log("choice") if "sentry bot" in e["prompt"]] == [other.name] * 3
    assert [e["die"] for e in t.log("roll")] == ["yellow", "green"]
    assert t.get(imp, "wounded") == 3
    token = t.at(3, 1)
    assert token.def_id == "sentry_token"
    assert t.where(bot) == (3, 3)


ROOM = [
    "##########",
    "#S.B.....#",
    "#S.......#",
    "#S.......#",
    "##########",
]


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
    assert t.get(imp, "wounded") == 3
    assert t.get(bot, "attacks_left") == 0


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
    assert t.where(bot) == (3, 1)
    assert t.log("roll") == []


@pytest.mark.rules("DOOMX-062")
def test_a_bot_moves_no_farther_than_its_points(new_table):
    t = new_table(rows=ROOM)
    m = t.marines[0]
    bot = activated(t, m, (2, 1), (3, 1))
    t.set(bot, "moves_left", 2)
    assert t.refused("bot_move", m, bot, t.s(6, 1)).endswith("the sentry bot cannot end a move there")
    assert t.refused("bot_move", m, bot, t.s(0, 1)).endswith("the sentry bot cannot end a move there")  # a wall
    t.act("bot_move", m, bot, t.s(5, 1))
    assert t.where(bot) == (5, 1)
    assert t.get(bot, "moves_left") == 0


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
    assert t.where(bot) == (5, 1)
    assert t.get(bot, "wounded") == 2
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
    assert t.get(imp, "wounded") == 0
    assert t.get(bot, "attacks_left") == 1


@pytest.mark.rules("DOOMX-062", "DOOMX-045")
def test_a_bot_ending_its_turn_on_a_lit_jet_in_the_corner_is_burnt_again(new_table):
    # The lit jet is on space 0, the map's top-left corner.
    t = new_table(rows=["F.B.....#", "#S......#", "#S......#", "#########"],
                  picks={"what the sentry bot does next": ["move", "stop"], "where the sentry bot moves": 0})
    m = t.marines[0]
    bot = activated(t, m, (3, 0), (2, 0))
    t.call("bot_turn", m, bot)
    assert t.where(bot) == (0, 0)
    assert t.get(bot, "wounded") == 2
    burns = [x for x in t.messages() if " is burnt " in x]
    assert len(burns) == 2
    assert "ends its movement" in burns[1]
