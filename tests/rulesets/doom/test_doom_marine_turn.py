"""The marine's turn: the four actions and orders (DOOM-039 ... DOOM-054, DOOM-080, DOOM-091)."""

import pytest

from tests.support.doom_tables import pistol


@pytest.fixture
def duel(table):
    """Marine m1 at (1,1), an imp at (5,1) on the same row of an open room."""
    t = table
    t.m = t.marines[0]
    t.fig = t.marine(t.m, 1, 1)
    t.imp = t.invader_at("imp", 5, 1)
    return t


@pytest.mark.rules("DOOM-039")
def test_a_marine_declares_exactly_one_of_four_actions(duel):
    t = duel
    assert "four actions" in t.refused("declare_action", t.m, "dance")
    t.declare(t.m, "advance")
    assert t.get(t.m, "chosen") == "advance"
    assert "already declared" in t.refused("declare_action", t.m, "sprint")


@pytest.mark.rules("DOOM-040")
def test_nothing_may_be_done_before_the_action_is_declared(duel):
    t = duel
    assert "declare" in t.refused("move_marine", t.m, t.s(2, 1))
    assert "declare" in t.refused("attack", t.m, t.s(5, 1), "pistol")


@pytest.mark.rules("DOOM-041")
def test_after_his_action_the_turn_passes_to_the_player_on_his_left(new_table):
    t = new_table(marines=2)
    t.marine(t.marines[0], 1, 1)
    t.marine(t.marines[1], 1, 2)
    t.game.call("play_round")
    turns = [e["player"] for e in t.log("turn")]
    assert turns == ["m1", "m2", "inv"]
    assert t.get(t.marines[0], "chosen") == ""


@pytest.mark.rules("DOOM-042", "DOOM-080")
def test_sprint_moves_up_to_eight_spaces(duel):
    t = duel
    t.declare(t.m, "sprint")
    assert t.get(t.m, "moves_left") == 8
    t.act("move_marine", t.m, t.s(1, 4))  # 3 spaces
    t.act("move_marine", t.m, t.s(6, 4))  # 5 more: 8
    assert t.get(t.m, "moves_left") == 0
    assert "movement" in t.refused("move_marine", t.m, t.s(7, 4))


@pytest.mark.rules("DOOM-042")
def test_sprint_cannot_reach_nine_spaces_away(new_table):
    t = new_table(rows=["############", "#S.........#", "############"])
    m = t.marines[0]
    t.marine(m, 1, 1)
    t.declare(m, "sprint")
    assert "cannot end a move" in t.refused("move_marine", m, t.s(10, 1))
    t.act("move_marine", m, t.s(9, 1))


@pytest.mark.rules("DOOM-043")
def test_a_sprinting_marine_cannot_attack(duel):
    t = duel
    t.declare(t.m, "sprint")
    assert "no attack" in t.refused("attack", t.m, t.s(5, 1), "pistol")


@pytest.mark.rules("DOOM-044", "DOOM-045")
def test_unload_two_attacks_and_no_movement(duel):
    t = duel
    t.declare(t.m, "unload")
    assert "no movement" in t.refused("move_marine", t.m, t.s(2, 1))
    t.act("attack", t.m, t.s(5, 1), "pistol")
    t.act("attack", t.m, t.s(5, 1), "pistol")
    assert "no attack" in t.refused("attack", t.m, t.s(5, 1), "pistol")


@pytest.mark.rules("DOOM-046", "DOOM-047")
def test_unloading_resolves_each_attack_fully_and_may_change_weapons(duel):
    t = duel
    t.set(t.bin(t.m), "weapons", ["shotgun"])
    t.declare(t.m, "unload")
    start = len(t.game.log)  # the steps of the attacks, not of the table's setup
    t.act("attack", t.m, t.s(5, 1), "shotgun")
    t.act("attack", t.m, t.s(5, 1), "pistol")
    steps = [e["name"] for e in t.game.log[start:] if e["what"] == "step"]
    one = ["declare", "line_of_sight", "range_and_roll", "success", "inflict_wounds"]
    assert steps == one + one
    rolled = [e["die"] for e in t.log("roll")]
    assert rolled[:2] == t.game.assume["shotgun.dice"]
    assert rolled[2:] == ["yellow", "green"]


@pytest.mark.rules("DOOM-048")
def test_advance_moves_up_to_four_and_attacks_once(duel):
    t = duel
    t.declare(t.m, "advance")
    assert (t.get(t.m, "moves_left"), t.get(t.m, "attacks_left")) == (4, 1)
    t.act("attack", t.m, t.s(5, 1), "pistol")
    assert "no attack" in t.refused("attack", t.m, t.s(5, 1), "pistol")
    t.act("move_marine", t.m, t.s(1, 4))
    assert "cannot end a move" in t.refused("move_marine", t.m, t.s(3, 2))


@pytest.mark.rules("DOOM-049", "DOOM-050", "DOOM-091")
def test_advance_moves_one_attacks_then_moves_three_back_around_the_corner(new_table):
    t = new_table(rows=["#######", "#S.#..#", "#.....#", "#######"])
    m = t.marines[0]
    fig = t.marine(m, 1, 1)
    imp = t.invader_at("imp", 5, 1)                 # 3 wounds; the wall at (3, 1) hides it from (1, 1)
    t.declare(m, "advance")
    assert "line of sight" in t.refused("attack", m, t.s(5, 1), "pistol")
    t.act("move_marine", m, t.s(2, 2))              # 1 space around the corner ...
    t.force("yellow", t.face("yellow", range=4, damage=0))
    t.force("green", t.face("green", range=2, damage=1))
    t.act("attack", m, t.s(5, 1), "pistol")         # ... the attack between two moves ...
    assert (t.get(imp, "wounded"), t.get(m, "moves_left"), t.get(m, "attacks_left")) == (1, 3, 0)
    t.act("move_marine", m, t.s(1, 1))              # ... then the 3 remaining spaces, back around the corner
    t.act("move_marine", m, t.s(2, 1))
    t.act("move_marine", m, t.s(1, 2))
    assert (t.where(fig), t.get(m, "moves_left")) == ((1, 2), 0)
    assert "no movement" in t.refused("move_marine", m, t.s(2, 2))


@pytest.mark.rules("DOOM-051")
def test_ready_moves_or_attacks_not_both(duel, new_table):
    t = duel
    t.declare(t.m, "ready")
    t.act("move_marine", t.m, t.s(2, 2))
    assert "no attack" in t.refused("attack", t.m, t.s(5, 1), "pistol")
    u = new_table()
    m = u.marines[0]
    u.marine(m, 1, 1)
    u.invader_at("imp", 5, 1)
    u.declare(m, "ready")
    u.act("attack", m, u.s(5, 1), "pistol")
    assert "no movement" in u.refused("move_marine", m, u.s(2, 1))


@pytest.mark.rules("DOOM-052", "DOOM-053")
def test_a_readying_marine_places_one_order_at_any_time_of_his_turn(duel):
    t = duel
    t.declare(t.m, "ready")
    t.act("move_marine", t.m, t.s(2, 1))
    t.act("place_order", t.m, "guard")       # after moving
    assert [o.def_id for o in t.game.select("marine_order", owner=t.m)] == ["guard_order"]
    assert "1 order" in t.refused("place_order", t.m, "aim")
    other = t.marines[1]
    t.marine(other, 1, 3)
    t.declare(other, "advance")
    assert "readying" in t.refused("place_order", other, "aim")


@pytest.mark.rules("DOOM-054")
def test_a_guard_order_acts_in_the_invaders_turn_and_orders_end_with_the_round(new_table):
    t = new_table(rows=["##########", "#S.......#", "#S.......#", "##########"])
    m = t.marines[0]
    t.marine(m, 1, 1)
    t.declare(m, "ready")
    t.act("place_order", m, "guard")
    t.game.call("end_marine_turn", m)
    imp = t.invader_at("imp", 8, 2)
    t.force("yellow", t.face("yellow", range=4, damage=0))
    t.force("green", t.face("green", range=3, damage=0))
    t.game.call("activate", t.invader, imp)     # the first legal move keeps it in sight
    attackers = [e["args"][0] for e in t.log("event") if e["event"] == "attacked"]
    assert t.game.call("figure_of", m).ref in attackers   # the guard shot during the invader's activation
    assert t.game.select("guard_order", by_definition=True) == []   # used up
    t.declare(m, "ready")
    t.act("place_order", m, "aim")
    assert len(t.game.select("marine_order")) == 1
    t.game.end_round()
    assert t.game.select("marine_order") == []


@pytest.mark.rules("DOOM-054")
def test_an_aim_order_re_rolls_a_failed_attack_once(duel):
    t = duel
    t.declare(t.m, "ready")
    t.act("place_order", t.m, "aim")
    t.force("yellow", t.face("yellow", range=1, damage=1), t.face("yellow", range=4, damage=0))
    t.force("green", t.face("green", range=1, damage=1), t.face("green", range=2, damage=1))
    t.act("attack", t.m, t.s(5, 1), "pistol")
    assert len(t.log("roll")) == 4
    assert t.get(t.imp, "wounded") == 1
    assert t.game.select("aim_order", by_definition=True) == []


NO_MOVEMENT = "no movement is left this turn"
NO_ATTACK = "no attack is left this turn"
UNDECLARED = "declare one of the four actions before doing anything"
CANNOT_END = "the marine cannot end a move there"


def budget(t, p):
    return t.get(p, "moves_left"), t.get(p, "attacks_left")


# ---- the four actions

@pytest.mark.rules("DOOM-040")
def test_each_refusal_names_what_is_missing(duel):
    t = duel
    assert t.refused("move_marine", t.m, t.s(2, 1)) == UNDECLARED
    assert t.refused("attack", t.m, t.s(5, 1), "pistol") == UNDECLARED
    t.declare(t.m, "unload")
    assert t.refused("move_marine", t.m, t.s(2, 1)) == NO_MOVEMENT
    assert t.refused("move_marine", t.m, t.s(1, 1)) == NO_MOVEMENT   # not even where he stands
    assert t.where(t.fig) == (1, 1)


@pytest.mark.rules("DOOM-041")
def test_the_end_of_a_marines_turn_clears_his_action_and_what_is_left_of_it(duel):
    t = duel
    t.declare(t.m, "advance")
    t.act("move_marine", t.m, t.s(2, 1))
    assert budget(t, t.m) == (3, 1)
    t.call("end_marine_turn", t.m)
    assert (t.get(t.m, "chosen"), *budget(t, t.m)) == ("", 0, 0)


@pytest.mark.rules("DOOM-043", "DOOM-080")
def test_sprint_leaves_no_attack_whatever_was_left_before(duel):
    t = duel
    t.set(t.m, "attacks_left", 2)          # left over, e.g. by a mode that ends turns its own way
    t.declare(t.m, "sprint")
    assert budget(t, t.m) == (8, 0)
    assert t.refused("attack", t.m, t.s(5, 1), "pistol") == NO_ATTACK


@pytest.mark.rules("DOOM-048", "DOOM-080")
def test_advance_gives_four_spaces_and_one_attack(duel):
    t = duel
    t.declare(t.m, "advance")
    assert budget(t, t.m) == (4, 1)


@pytest.mark.rules("DOOM-051")
def test_ready_gives_four_spaces_or_one_attack(duel):
    t = duel
    t.declare(t.m, "ready")
    assert budget(t, t.m) == (4, 1)
    t.act("move_marine", t.m, t.s(2, 1))
    assert budget(t, t.m) == (3, 0)
    assert t.refused("attack", t.m, t.s(5, 1), "pistol") == NO_ATTACK


@pytest.mark.rules("DOOM-051")
def test_a_readying_marine_who_attacks_has_no_movement_left(duel):
    t = duel
    t.declare(t.m, "ready")
    pistol(t, {"range": 4, "damage": 0}, {"range": 2, "damage": 1})
    t.act("attack", t.m, t.s(5, 1), "pistol")
    assert budget(t, t.m) == (0, 0)
    assert t.refused("move_marine", t.m, t.s(2, 1)) == NO_MOVEMENT


# ---- orders

@pytest.mark.rules("DOOM-052", "DOOM-053")
@pytest.mark.parametrize("which", ["aim", "dodge", "heal", "guard"])
def test_each_order_puts_its_own_token_next_to_the_marine(duel, which):
    t = duel
    t.declare(t.m, "ready")
    t.act("place_order", t.m, which)
    assert [o.def_id for o in t.game.select("marine_order", owner=t.m)] == [f"{which}_order"]
    assert t.get(t.m, "ordered") is True


@pytest.mark.rules("DOOM-052", "DOOM-053")
def test_only_the_four_orders_can_be_placed(duel):
    t = duel
    t.declare(t.m, "ready")
    assert t.refused("place_order", t.m, "charge") == "the orders are aim, dodge, heal and guard"
    assert t.game.select("marine_order") == []
    assert t.get(t.m, "ordered") is False
    t.act("place_order", t.m, "aim")        # the refused one did not use up his order


# ---- attacks: ammo and aim

@pytest.mark.rules("DOOM-046", "DOOM-047", "DOOM-049", "DOOM-050", "DOOM-091")
def test_a_roll_with_an_ammo_icon_spends_exactly_one_token_and_one_without_spends_none(duel):
    t = duel
    b = t.bin(t.m)
    t.set(b, "bullets", 3)
    t.declare(t.m, "unload")
    pistol(t, {"range": 3, "damage": 0, "ammo": True}, {"range": 3, "damage": 1, "ammo": True})
    t.act("attack", t.m, t.s(5, 1), "pistol")       # two ammo icons: still one token
    assert t.get(b, "bullets") == 2
    pistol(t, {"range": 4, "damage": 0}, {"range": 2, "damage": 1})
    t.act("attack", t.m, t.s(5, 1), "pistol")       # no ammo icon
    assert t.get(b, "bullets") == 2
    assert t.get(t.imp, "wounded") == 2


@pytest.mark.rules("DOOM-047", "DOOM-049", "DOOM-050")
def test_an_aim_order_is_used_by_the_next_attack_even_when_it_hits(duel):
    t = duel
    t.declare(t.m, "ready")
    t.act("place_order", t.m, "aim")
    pistol(t, {"range": 4, "damage": 0}, {"range": 2, "damage": 1})
    t.act("attack", t.m, t.s(5, 1), "pistol")
    assert len(t.log("roll")) == 2                     # hit at once: not rolled again
    assert t.get(t.imp, "wounded") == 1
    assert t.game.select("marine_order") == []


@pytest.mark.rules("DOOM-047", "DOOM-050")
def test_an_attack_without_an_aim_order_is_not_rolled_again(duel):
    t = duel
    t.declare(t.m, "advance")
    pistol(t, {"range": 1, "damage": 1}, {"range": 1, "damage": 1})   # range 2 of 4: fails
    t.act("attack", t.m, t.s(5, 1), "pistol")
    assert len(t.log("roll")) == 2
    assert t.get(t.imp, "wounded") == 0
    assert "the attack fails" in t.messages()


@pytest.mark.rules("DOOM-052", "DOOM-053")
def test_the_log_says_which_order_the_marine_placed(duel):
    t = duel
    t.declare(t.m, "ready")
    t.act("place_order", t.m, "guard")
    assert t.messages()[-1] == "m1 places a guard order next to his marine"
    assert [o.def_id for o in t.game.select("marine_order", owner=t.m)] == ["guard_order"]
