"""Exact outcomes of a marine's turn (actions, movement, attacks, orders), written so that a
broken rule shows (issue 12: the rule-mutation score)."""

import pytest

NO_MOVEMENT = "no movement is left this turn"
NO_ATTACK = "no attack is left this turn"
UNDECLARED = "declare one of the four actions before doing anything"
CANNOT_END = "the marine cannot end a move there"


@pytest.fixture
def duel(table):
    """Marine m1 at (1,1), an imp at (5,1) on the same row of an open room."""
    t = table
    t.m = t.marines[0]
    t.fig = t.marine(t.m, 1, 1)
    t.imp = t.invader_at("imp", 5, 1)
    return t


def budget(t, p):
    return t.get(p, "moves_left"), t.get(p, "attacks_left")


def pistol(t, yellow, green):
    t.force("yellow", t.face("yellow", **yellow))
    t.force("green", t.face("green", **green))


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
    assert (t.get(t.m, "chosen"),) + budget(t, t.m) == ("", 0, 0)


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
