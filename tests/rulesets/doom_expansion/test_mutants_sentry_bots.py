"""Sentry bots, by exact outcome: what `rulecraft mutate` showed the other tests let pass."""

import pytest

from tests.rulesets.doom_expansion.test_x_sentry_bots import activated, token_at

ROWS = [
    "##########",
    "#S.B.....#",
    "#S.......#",
    "#S..B....#",
    "#........#",
    "##########",
]


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
    assert result["wounds"] == 3 and t.get(bot, "wounded") == 3  # 3 damage // armor 1
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
    assert t.get(t.at(3, 1), "active") and t.get(m, "moves_left") == 0


@pytest.mark.rules("DOOMX-060", "DOOMX-066")
def test_activation_is_logged_with_the_marines_colour(new_table):
    t = new_table(rows=ROWS)
    m = t.marines[0]
    activated(t, m, (2, 1), (3, 1))
    colour = t.get(m, "color")
    assert any(x.endswith(f"activates a sentry bot: it is now {colour}") for x in t.messages())


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
    assert t.get(bot, "moves_left") == 0 and t.get(bot, "attacks_left") == 0


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
    assert len(asked) == 1 and asked[0]["options"] == 2


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
