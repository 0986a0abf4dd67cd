"""Attacking, in five steps (DOOM-093 ... DOOM-128), with forced dice."""

import pytest

import rulecraft
from rulecraft.runtime import grid
from tests.support.doom_tables import pistol


@pytest.fixture
def duel(table):
    t = table
    t.m = t.marines[0]
    t.fig = t.marine(t.m, 1, 1)
    return t


@pytest.mark.rules("DOOM-093")
def test_an_attack_follows_the_five_steps_in_order(duel):
    t = duel
    t.invader_at("imp", 4, 1)
    t.declare(t.m, "advance")
    start = len(t.game.log)  # the steps of the attack itself, not of the table's setup
    t.act("attack", t.m, t.s(4, 1), "pistol")
    assert [e["name"] for e in t.game.log[start:] if e["what"] == "step"] == [
        "declare", "line_of_sight", "range_and_roll", "success", "inflict_wounds"]
    seqs = [e["seq"] for e in t.game.log if e["what"] in ("step", "roll")]
    assert seqs == sorted(seqs)


@pytest.mark.rules("DOOM-094", "DOOM-103")
def test_the_attacker_nominates_a_space_and_the_figure_in_it_is_the_target(duel):
    t = duel
    imp = t.invader_at("imp", 4, 1)
    zombie = t.invader_at("zombie", 4, 2)
    t.declare(t.m, "unload")
    pistol(t, {"range": 4, "damage": 0}, {"range": 2, "damage": 1})
    t.act("attack", t.m, t.s(4, 1), "pistol")
    assert (t.get(imp, "wounded"), t.get(zombie, "wounded")) == (1, 0)
    t.act("attack", t.m, t.s(1, 4), "pistol")  # an empty space: legal, nobody is hurt
    assert (t.get(imp, "wounded"), t.get(zombie, "wounded")) == (1, 0)


@pytest.mark.rules("DOOM-095", "DOOM-100")
def test_a_marine_names_his_weapon_and_needs_its_token_beyond_fist_pistol_grenade(duel):
    t = duel
    t.invader_at("imp", 4, 1)
    t.declare(t.m, "unload")
    assert "not acquired" in t.refused("attack", t.m, t.s(4, 1), "shotgun")
    t.set(t.bin(t.m), "weapons", ["shotgun"])
    t.act("attack", t.m, t.s(4, 1), "shotgun")
    assert [e["die"] for e in t.log("roll")] == t.game.assume["shotgun.dice"]


@pytest.mark.rules("DOOM-096", "DOOM-097")
def test_melee_weapons_and_invaders_attack_only_adjacent_spaces(duel):
    t = duel
    imp = t.invader_at("imp", 3, 1)
    t.declare(t.m, "advance")
    assert "adjacent" in t.refused("attack", t.m, t.s(3, 1), "fist")
    t.act("move_marine", t.m, t.s(2, 2))
    t.force("red", t.face("red", range=2, damage=1))   # a hit the imp survives
    t.act("attack", t.m, t.s(3, 1), "fist")
    zombie = t.invader_at("zombie", 6, 3)
    assert t.get(zombie, "melee")
    assert t.game.call("invader_targets", zombie) == []
    assert t.game.call("invader_targets", imp) == [t.s(2, 2)]


@pytest.mark.rules("DOOM-098")
def test_fist_pistol_and_grenade_are_always_available(duel):
    assert duel.game.call("weapons_of", duel.m) == ["fist", "pistol", "grenade"]


@pytest.mark.rules("DOOM-099")
def test_a_grenade_needs_a_rocket_token(duel):
    t = duel
    t.invader_at("imp", 4, 1)
    t.set(t.bin(t.m), "rockets", 0)
    t.declare(t.m, "advance")
    assert "no ammo" in t.refused("attack", t.m, t.s(4, 1), "grenade")


@pytest.mark.rules("DOOM-101")
def test_without_bullets_no_bullet_weapon_may_be_declared_and_an_ammo_icon_spends_one(duel):
    t = duel
    t.invader_at("imp", 4, 1)
    t.declare(t.m, "unload")
    t.set(t.bin(t.m), "bullets", 1)
    pistol(t, {"range": 3, "damage": 0, "ammo": True}, {"range": 2, "damage": 1})
    t.act("attack", t.m, t.s(4, 1), "pistol")
    assert t.get(t.bin(t.m), "bullets") == 0
    assert "no ammo" in t.refused("attack", t.m, t.s(4, 1), "pistol")


@pytest.mark.rules("DOOM-102", "DOOM-127")
def test_a_grenade_nominating_an_empty_space_hurts_every_figure_within_its_blast(duel):
    t = duel
    a = t.invader_at("imp", 5, 1)
    b = t.invader_at("imp", 5, 3)
    far = t.invader_at("imp", 8, 4)
    t.declare(t.m, "advance")
    t.force("red", t.face("red", range=2, damage=1))
    t.force("yellow", t.face("yellow", range=4, damage=0))
    t.act("attack", t.m, t.s(5, 2), "grenade")
    assert [t.get(i, "wounded") for i in (a, b, far)] == [1, 1, 0]
    assert t.game.call("ability_icons", "grenade") == ["blast"]


@pytest.mark.rules("DOOM-128")
def test_abilities_are_known_by_their_icons(duel):
    assert duel.game.call("ability_icons", "pistol") == []
    assert duel.game.call("ability_icons", "bfg") == ["blast"]


@pytest.mark.rules("DOOM-104", "DOOM-106")
def test_a_wall_on_the_line_between_centres_blocks_the_attack(new_table):
    t = new_table(rows=["#######", "#S.#..#", "#.....#", "#######"])
    m = t.marines[0]
    t.marine(m, 1, 1)
    t.invader_at("imp", 5, 1)
    t.declare(m, "advance")
    assert "line of sight" in t.refused("attack", m, t.s(5, 1), "pistol")


@pytest.mark.rules("DOOM-105")
def test_an_oversized_invader_needs_sight_from_only_one_of_its_spaces(new_table):
    t = new_table(rows=["########", "#S.....#", "#...#..#", "#......#", "########"])
    m = t.marines[0]
    t.marine(m, 6, 1)
    knight = t.invader_at("hell_knight", 1, 1)
    # the wall at (4,2) hides the marine from the knight's lower right space only
    spaces = grid.grid_spaces_of(t.game, "map", knight)
    seeing = [s for s in spaces if grid.grid_sight(t.game, "map", s, t.s(6, 1), [])]
    assert seeing == [t.s(1, 1), t.s(2, 1), t.s(1, 2)]
    assert t.game.call("can_target", knight, t.s(6, 1), False)
    t.game.call("invader_attack", t.invader, knight)
    assert [e["event"] for e in t.log("event")].count("attacked") == 1


@pytest.mark.rules("DOOM-107")
def test_a_closed_door_blocks_sight_an_open_one_does_not(new_table):
    t = new_table(rows=["#######", "#S.D..#", "#######"])
    m = t.marines[0]
    t.marine(m, 2, 1)
    t.invader_at("imp", 5, 1)
    t.declare(m, "advance")
    assert "line of sight" in t.refused("attack", m, t.s(5, 1), "pistol")
    t.act("open_door", m, t.s(3, 1))
    t.act("attack", m, t.s(5, 1), "pistol")


@pytest.mark.rules("DOOM-108")
def test_a_zombie_between_marine_and_imp_blocks_the_shot(duel):
    t = duel
    t.invader_at("zombie", 3, 1)
    t.invader_at("imp", 5, 1)
    t.declare(t.m, "advance")
    assert "line of sight" in t.refused("attack", t.m, t.s(5, 1), "pistol")
    t.act("attack", t.m, t.s(3, 1), "pistol")


@pytest.mark.rules("DOOM-109")
def test_a_blocking_obstacle_blocks_sight(new_table):
    t = new_table(rows=["#######", "#S.O..#", "#######"])
    m = t.marines[0]
    t.marine(m, 1, 1)
    t.invader_at("imp", 5, 1)
    t.declare(m, "advance")
    assert "line of sight" in t.refused("attack", m, t.s(5, 1), "pistol")


@pytest.mark.rules("DOOM-110", "DOOM-114")
def test_range_is_counted_in_spaces_and_a_short_roll_fails(duel):
    t = duel
    imp = t.invader_at("imp", 5, 3)  # 4 spaces (diagonals count one)
    t.declare(t.m, "unload")
    pistol(t, {"range": 1, "damage": 1}, {"range": 2, "damage": 1})   # range 3 < 4
    assert t.act("attack", t.m, t.s(5, 3), "pistol") == 0
    assert t.get(imp, "wounded") == 0
    assert grid.grid_range(t.game, "map", t.s(1, 1), t.s(5, 3)) == 4


@pytest.mark.rules("DOOM-111")
def test_the_weapons_dice_are_rolled(duel):
    t = duel
    t.invader_at("imp", 4, 1)
    t.declare(t.m, "advance")
    t.act("attack", t.m, t.s(4, 1), "pistol")
    assert [e["die"] for e in t.log("roll")] == ["yellow", "green"]


@pytest.mark.rules("DOOM-112")
def test_a_miss_fails_whatever_the_range(table):
    g = table.game
    assert not g.call("attack_hits", {"range": 10, "damage": 5, "ammo": 0, "misses": 1}, 1, 0)
    assert g.call("attack_hits", {"range": 10, "damage": 5, "ammo": 0, "misses": 0}, 10, 0)


@pytest.mark.rules("DOOM-113")
def test_ranges_two_and_two_hit_a_target_four_spaces_away(duel):
    t = duel
    imp = t.invader_at("imp", 5, 1)
    t.declare(t.m, "advance")
    pistol(t, {"range": 2, "damage": 1}, {"range": 2, "damage": 1})
    assert t.act("attack", t.m, t.s(5, 1), "pistol") == 2
    assert t.get(imp, "wounded") == 2


@pytest.mark.rules("DOOM-115", "DOOM-117")
def test_the_damage_shown_is_dealt_against_the_invaders_printed_armor(duel):
    t = duel
    demon = t.invader_at("demon", 4, 1)
    assert t.get(demon, "armor") == t.game.assume["demon.armor"] == 1
    t.declare(t.m, "advance")
    pistol(t, {"range": 1, "damage": 2}, {"range": 2, "damage": 1})   # 3 damage
    t.act("attack", t.m, t.s(4, 1), "pistol")
    assert t.get(demon, "wounded") == 3


@pytest.mark.rules("DOOM-116", "DOOM-122")
def test_a_marines_armor_is_his_armor_tokens_and_a_wound_removes_a_token(table):
    t = table
    m = t.marines[0]
    fig = t.marine(m, 1, 1)
    imp = t.invader_at("imp", 4, 1)
    assert t.get(t.bin(m), "armor") == 2
    t.set(t.bin(m), "wounds", 8)
    pistol(t, {"range": 1, "damage": 2}, {"range": 2, "damage": 1})   # 3 damage, armor 2: 1 wound
    t.game.call("resolve_attack", imp, t.s(1, 1), ["yellow", "green"], 0, 0, 0, False)
    assert t.get(t.bin(m), "wounds") == 7
    assert fig.alive


@pytest.mark.rules("DOOM-118", "DOOM-119", "DOOM-120", "DOOM-121")
@pytest.mark.parametrize(("damage", "armor", "wounds"), [(2, 2, 1), (4, 2, 2), (7, 2, 3), (1, 2, 0), (1, 3, 0), (3, 0, 3)])
def test_wounds_are_whole_increments_of_armor(table, damage, armor, wounds):
    assert table.game.call("wounds_from", damage, armor) == wounds


@pytest.mark.rules("DOOM-123")
def test_losing_the_last_wound_token_frags_the_marine_and_scores_the_invader_a_frag(table):
    t = table
    m = t.marines[0]
    fig = t.marine(m, 3, 3)
    imp = t.invader_at("imp", 6, 3)
    t.set(t.bin(m), "wounds", 1)
    pistol(t, {"range": 4, "damage": 0}, {"range": 2, "damage": 2})
    t.game.call("resolve_attack", imp, t.s(3, 3), ["yellow", "green"], 0, 0, 0, False)
    assert t.get(t.invader, "frags") == 1
    assert [e["args"] for e in t.log("event") if e["event"] == "marine_fragged"] == [["m1"]]
    assert t.get(t.bin(m), "wounds") == 9            # back with the starting tokens
    assert t.xy(grid.grid_where(t.game, "map", fig)) == (1, 1)   # on the first free start space


@pytest.mark.rules("DOOM-124", "DOOM-125")
def test_invader_wound_tokens_accumulate_until_the_wound_rating_kills_it(duel):
    t = duel
    archvile = t.invader_at("archvile", 4, 1)
    t.set(archvile, "wounds", 3)
    t.set(archvile, "armor", 1)
    t.set(archvile, "wounded", 2)
    t.declare(t.m, "advance")
    pistol(t, {"range": 1, "damage": 1}, {"range": 2, "damage": 1})   # 2 more wounds
    t.act("attack", t.m, t.s(4, 1), "pistol")
    assert not t.on_board(archvile)


@pytest.mark.rules("DOOM-126")
def test_a_killed_invader_leaves_the_board_and_can_be_spawned_again(new_table):
    t = new_table(rows=["###########", "#S...#....#", "#....#....#", "###########"])
    t.marine(t.marines[0], 1, 1)
    cyber = t.game.call("available", "cyberdemon")
    assert len(cyber) == 2
    a = t.invader_at("cyberdemon", 3, 1)
    t.invader_at("cyberdemon", 8, 1)
    assert t.game.call("available", "cyberdemon") == []
    t.set(a, "wounded", t.get(a, "wounds") - 1)
    t.game.call("wound_invader", a, 1)
    assert not t.on_board(a)
    assert t.game.call("available", "cyberdemon") == [a]
    assert t.get(a, "wounded") == 0
    assert t.game.call("spawn_figure", t.invader, "cyberdemon")
    assert t.on_board(a)
    assert t.where(a) == (6, 1)  # the only space of its size no marine sees


@pytest.mark.rules("DOOM-123")
def test_a_marine_fragged_with_every_start_space_taken_waits_and_comes_back_when_one_is_free(table):
    t = table
    m = t.marines[0]
    fig = t.marine(m, 3, 3)
    blockers = [t.invader_at("zombie", 1, y) for y in (1, 2, 3)]  # on every start space
    imp = t.invader_at("imp", 6, 3)
    t.set(t.bin(m), "wounds", 1)
    pistol(t, {"range": 4, "damage": 0}, {"range": 2, "damage": 2})
    t.game.call("resolve_attack", imp, t.s(3, 3), ["yellow", "green"], 0, 0, 0, False)
    assert grid.grid_where(t.game, "map", fig) == -1
    t.game.call("play_marine_turn", m)  # his turn: nowhere to come back to
    assert grid.grid_where(t.game, "map", fig) == -1
    assert t.get(m, "chosen") == ""
    assert [e["text"] for e in t.log("log")][-1] == "m1 waits for a free start space"
    grid.grid_remove(t.game, "map", blockers[1])
    t.game.call("play_marine_turn", m)
    assert t.where(fig) == (1, 2)


WALLED = [
    "############",
    "#S...#.....#",
    "#S...#.....#",
    "#S...#.....#",
    "############",
]


@pytest.mark.rules("DOOM-102")
def test_a_blast_is_stopped_by_walls_but_not_by_figures(new_table):
    t = new_table(rows=WALLED)
    m = t.marines[0]
    fig = t.marine(m, 1, 2)
    near = t.invader_at("zombie", 3, 2)      # 1 from the target space
    behind = t.invader_at("zombie", 4, 3)    # 1 from it, past the zombie: figures do not shield
    walled = t.invader_at("imp", 6, 2)       # 2 from it, behind the wall
    pistol(t, {"range": 4, "damage": 0}, {"range": 2, "damage": 1})
    t.game.call("resolve_attack", fig, t.s(4, 2), ["yellow", "green"], 0, 0, 2, False)
    assert [t.get(f, "wounded") for f in (near, behind, walled)] == [1, 1, 0]


@pytest.mark.rules("DOOM-102")
@pytest.mark.parametrize("hits_thrower", [True, False])
def test_whether_a_blast_hits_its_thrower_is_an_assumption(new_table, hits_thrower):
    t = new_table(rows=WALLED)
    t.game.assume["blast_hits_thrower"] = hits_thrower
    m = t.marines[0]
    fig = t.marine(m, 2, 2)  # 1 from the target space
    t.set(t.bin(m), "armor", 0)
    wounds = t.get(t.bin(m), "wounds")
    pistol(t, {"range": 4, "damage": 0}, {"range": 2, "damage": 1})
    t.game.call("resolve_attack", fig, t.s(3, 2), ["yellow", "green"], 0, 0, 1, False)
    assert t.get(t.bin(m), "wounds") == (wounds - 1 if hits_thrower else wounds)


def attacks(t):
    return [(e["args"][2], e["args"][3]) for e in t.log("event") if e["event"] == "attacked"]


@pytest.mark.rules("DOOM-093")
def test_each_attack_uses_up_exactly_one_attack(duel):
    t = duel
    t.invader_at("imp", 5, 1)
    t.declare(t.m, "unload")
    t.act("attack", t.m, t.s(5, 1), "pistol")
    assert t.get(t.m, "attacks_left") == 1
    t.act("attack", t.m, t.s(5, 1), "pistol")
    assert t.get(t.m, "attacks_left") == 0


@pytest.mark.rules("DOOM-096", "DOOM-097")
def test_a_fist_reaches_the_adjacent_spaces_only(duel):
    t = duel
    near = t.invader_at("imp", 2, 2)
    t.invader_at("imp", 3, 1)
    assert t.call("attack_targets", t.m, "fist") == [t.s(2, 2)]
    assert t.call("can_target", t.fig, t.s(2, 2), True) is True
    assert t.call("can_target", t.fig, t.s(3, 1), True) is False
    assert t.call("can_target", t.fig, t.s(3, 1), False) is True
    t.declare(t.m, "unload")
    t.force("red", t.face("red", range=1, damage=3))
    t.act("attack", t.m, t.s(2, 2), "fist")
    assert not t.on_board(near)                        # 3 wounds kill an imp
    assert t.refused("attack", t.m, t.s(3, 1), "fist") == "a melee attack needs an adjacent space"


@pytest.mark.rules("DOOM-097")
def test_a_melee_invader_attacks_only_an_adjacent_marine(duel):
    t = duel
    demon = t.invader_at("demon", 3, 1)       # 2x2 at (3,1)-(4,2): 2 spaces from the marine
    assert t.get(demon, "melee") is True
    assert t.call("invader_targets", demon) == []
    grid.grid_move(t.game, "map", demon, t.s(2, 1), 1)
    assert t.call("invader_targets", demon) == [t.s(1, 1)]


@pytest.mark.rules("DOOM-110", "DOOM-114")
def test_the_dice_must_reach_the_counted_range(duel):
    t = duel
    imp = t.invader_at("imp", 5, 3)  # 4 spaces (diagonals count one)
    t.declare(t.m, "unload")
    pistol(t, {"range": 1, "damage": 1}, {"range": 2, "damage": 1})     # 3: short
    assert t.act("attack", t.m, t.s(5, 3), "pistol") == 0
    assert t.messages()[-1] == "the attack fails"
    pistol(t, {"range": 2, "damage": 1}, {"range": 2, "damage": 1})     # 4: hits for 2
    assert t.act("attack", t.m, t.s(5, 3), "pistol") == 2
    assert t.get(imp, "wounded") == 2
    assert len(t.log("roll")) == 4
    assert attacks(t) == [(False, 0), (True, 2)]


@pytest.mark.rules("DOOM-115", "DOOM-103")
def test_a_pistol_shot_at_his_own_space_hurts_nobody(duel):
    t = duel
    wounds = t.get(t.bin(t.m), "wounds")
    t.declare(t.m, "advance")
    pistol(t, {"range": 4, "damage": 0}, {"range": 2, "damage": 2})
    assert t.act("attack", t.m, t.s(1, 1), "pistol") == 0
    assert t.get(t.bin(t.m), "wounds") == wounds


@pytest.mark.rules("DOOM-116")
def test_damage_below_the_armor_rating_wounds_a_marine_not_at_all(table):
    t = table
    m = t.marines[0]
    t.marine(m, 1, 1)
    imp = t.invader_at("imp", 4, 1)
    t.set(t.bin(m), "wounds", 8)
    pistol(t, {"range": 4, "damage": 0}, {"range": 2, "damage": 1})   # 1 damage, armor 2
    t.game.call("resolve_attack", imp, t.s(1, 1), ["yellow", "green"], 0, 0, 0, False)
    assert t.get(t.bin(m), "wounds") == 8
    assert not [s for s in t.messages() if "suffers" in s]
    assert attacks(t) == [(True, 0)]


@pytest.mark.rules("DOOM-122", "DOOM-123")
def test_a_wound_that_takes_the_last_token_frags_the_marine(table):
    t = table
    m = t.marines[0]
    fig = t.marine(m, 3, 3)
    imp = t.invader_at("imp", 6, 3)
    t.set(t.bin(m), "wounds", 2)
    t.set(t.bin(m), "armor", 1)
    pistol(t, {"range": 4, "damage": 0}, {"range": 2, "damage": 1})   # 1 wound: 1 left
    t.game.call("resolve_attack", imp, t.s(3, 3), ["yellow", "green"], 0, 0, 0, False)
    assert (t.get(t.bin(m), "wounds"), t.get(t.invader, "frags"), t.where(fig)) == (1, 0, (3, 3))
    assert t.messages()[-1].endswith("suffers 1 wounds (1 left on the bin)")
    pistol(t, {"range": 4, "damage": 0}, {"range": 2, "damage": 1})   # the last token
    t.game.call("resolve_attack", imp, t.s(3, 3), ["yellow", "green"], 0, 0, 0, False)
    assert (t.get(t.bin(m), "wounds"), t.get(t.invader, "frags"), t.where(fig)) == (9, 1, (1, 1))


@pytest.mark.rules("DOOM-124", "DOOM-125")
def test_wound_tokens_equal_to_the_rating_kill_and_the_log_says_so(duel):
    t = duel
    imp = t.invader_at("imp", 4, 1)                  # wound rating 3, armor 0
    t.declare(t.m, "unload")
    pistol(t, {"range": 1, "damage": 1}, {"range": 2, "damage": 1})   # 2 wounds
    t.act("attack", t.m, t.s(4, 1), "pistol")
    assert t.get(imp, "wounded") == 2
    assert t.on_board(imp)
    assert t.messages()[-1].endswith("takes 2 wound tokens (2 of 3)")
    pistol(t, {"range": 4, "damage": 0}, {"range": 2, "damage": 1})   # 1 more: exactly 3
    t.act("attack", t.m, t.s(4, 1), "pistol")
    assert not t.on_board(imp)
    killed = [s for s in t.messages() if s.endswith("is killed")]
    assert len(killed) == 1
    assert [e["event"] for e in t.log("event") if e["event"] == "invader_killed"] == ["invader_killed"]


@pytest.mark.rules("DOOM-127")
def test_a_roll_that_reaches_the_range_hits_at_the_first_roll(duel):
    t = duel
    imp = t.invader_at("imp", 3, 1)
    t.declare(t.m, "advance")
    pistol(t, {"range": 1, "damage": 1}, {"range": 1, "damage": 1})   # range 2 of 2
    assert t.act("attack", t.m, t.s(3, 1), "pistol") == 2
    assert (t.get(imp, "wounded"), len(t.log("roll"))) == (2, 2)


@pytest.mark.rules("DOOM-127", "DOOM-054")
def test_an_aimed_attack_that_fails_is_rolled_again_and_the_second_roll_stands(duel):
    t = duel
    imp = t.invader_at("imp", 5, 1)
    t.declare(t.m, "ready")
    t.act("place_order", t.m, "aim")
    t.force("yellow", t.face("yellow", range=1, damage=1), t.face("yellow", range=4, damage=0))
    t.force("green", t.face("green", range=1, damage=1), t.face("green", range=2, damage=2))
    assert t.act("attack", t.m, t.s(5, 1), "pistol") == 2
    assert (t.get(imp, "wounded"), len(t.log("roll"))) == (2, 4)
    assert "the aimed attack is rolled again" in t.messages()


@pytest.mark.rules("DOOM-127", "DOOM-054")
def test_a_hit_on_a_dodging_marine_is_rolled_again_and_may_then_fail(table):
    t = table
    m = t.marines[0]
    t.marine(m, 1, 1)
    imp = t.invader_at("imp", 5, 1)
    t.declare(m, "ready")
    t.act("place_order", m, "dodge")
    wounds = t.get(t.bin(m), "wounds")
    t.force("yellow", t.face("yellow", range=4, damage=0), t.face("yellow", range=1, damage=1))
    t.force("green", t.face("green", range=2, damage=2), t.face("green", range=1, damage=1))
    t.game.call("resolve_attack", imp, t.s(1, 1), ["yellow", "green"], 0, 0, 0, False)
    assert t.get(t.bin(m), "wounds") == wounds
    assert len(t.log("roll")) == 4
    assert t.game.select("dodge_order", by_definition=True) == []
    assert attacks(t) == [(False, 0)]


@pytest.mark.rules("DOOM-100")
def test_the_bfg_needs_its_token_and_then_fires_its_own_dice(duel):
    t = duel
    imp = t.invader_at("imp", 6, 1)
    zombie = t.invader_at("zombie", 7, 2)
    t.declare(t.m, "unload")
    assert t.refused("attack", t.m, t.s(6, 1), "bfg").endswith("the marine has not acquired that weapon")
    t.set(t.bin(t.m), "weapons", ["bfg"])
    t.set(t.bin(t.m), "cells", 1)
    assert t.game.assume["bfg.dice"] == ["red", "red", "blue"]
    t.force("red", t.face("red", range=1, damage=3), t.face("red", range=1, damage=3))
    t.force("blue", t.face("blue", range=4, damage=1))
    t.act("attack", t.m, t.s(6, 1), "bfg")
    assert [e["die"] for e in t.log("roll")] == ["red", "red", "blue"]
    assert not t.on_board(imp)
    assert not t.on_board(zombie)  # 7 damage each: both in the blast die
    assert t.get(t.bin(t.m), "cells") == 0                    # the blue face's ammo icon


@pytest.mark.rules("DOOM-102", "DOOM-103")
@pytest.mark.parametrize(("weapon", "wounded"), [("pistol", [1, 0]), ("grenade", [1, 1])])
def test_only_a_blast_reaches_past_the_figure_in_the_nominated_space(duel, weapon, wounded):
    t = duel
    imp = t.invader_at("imp", 4, 1)
    beside = t.invader_at("imp", 4, 2)
    t.declare(t.m, "unload")
    if weapon == "pistol":
        t.force("yellow", t.face("yellow", range=2, damage=0))
        t.force("green", t.face("green", range=2, damage=1))
    else:
        t.force("red", t.face("red", range=2, damage=1))
        t.force("yellow", t.face("yellow", range=2, damage=0))
    t.act("attack", t.m, t.s(4, 1), weapon)
    assert [t.get(i, "wounded") for i in (imp, beside)] == wounded


ICONS = 'weapon marked "Marked" { accuracy: 1  deadly: 2  blast: 1 }\n'


@pytest.mark.rules("DOOM-128")
def test_a_weapon_shows_an_icon_for_each_of_its_abilities(tmp_path):
    mod = tmp_path / "icons"
    mod.mkdir()
    (mod / "main.rules").write_text('mod "doom/icons" "Icons" extends "doom" version "1.0"\n' + ICONS)
    game = rulecraft.Game(rulecraft.load("doom", [str(mod)]), seed=1, players=["inv", "m1"])
    assert game.call("ability_icons", "marked") == ["accuracy", "deadly", "blast"]
    assert game.call("ability_icons", "pistol") == []
