"""Battles: segments, HQs, nets, modules (long range), Medics and the Trap."""

import pytest

from tests.support.hex_board import NE, SE, SW, E, W, targets

# ---- the core ---------------------------------------------------------------------------

def test_an_hq_has_20_hit_points_initiative_0_and_hits_every_adjacent_enemy_but_not_an_hq(board):
    hq = board.put(1, "hq_doomsday", "c3")
    assert board.game.get(hq, "hit_points") == 20
    assert board.segments(hq) == [0]
    foes = [board.put(2, "shooter_omega", label) for label in ("c4", "d2", "b2")]
    other_hq = board.put(2, "hq_doomsday", "c2")
    own = board.put(1, "shooter_omega", "b3")
    hits = board.attack(hq)
    assert sorted(board.game.get(h["target"], "id") for h in hits) == sorted(f.id for f in foes)
    assert board.hits_on(other_hq, hits) == []
    assert board.hits_on(own, hits) == []


def test_a_battle_runs_from_the_highest_initiative_down_to_0_and_casualties_leave_after_each_segment(board):
    alpha = board.put(1, "shooter_alpha", "c1")  # initiative 2
    gauss = board.put(2, "gauss_cannon", "c5", W)  # initiative 1: dies before it fires
    board.resolve([[gauss, alpha, 1, False, -1, False]])  # already wounded once
    board.battle()
    assert not board.on_board(gauss)
    assert board.wounds(alpha) == 0
    assert [e["text"] for e in board.logged("log")][1:] == [
        "a battle: initiative 2 down to 0", "Shooter Alpha wounds Gauss Cannon (1)", "Gauss Cannon is destroyed"]


def test_attacks_within_a_segment_are_simultaneous(board):
    a = board.put(1, "shooter_alpha", "c1")
    b = board.put(2, "shooter_alpha", "c5", W)
    board.segment(2)
    assert not board.on_board(a)
    assert not board.on_board(b)


def test_a_destroyed_hq_ends_the_game_at_once(board):
    board.put(1, "hq_doomsday", "e1")
    hq = board.put(2, "hq_doomsday", "c3")
    board.game.set(hq, "wounds", 19)
    board.put(1, "shooter_alpha", "c1")
    assert board.battle() is board.a


def test_armour_takes_1_from_each_ranged_hit_from_that_side_but_not_from_melee(board):
    gamma = board.put(1, "shooter_gamma", "c3")  # armoured front
    board.resolve([[gamma, board.put(2, "hq_doomsday", "c4"), 1, False, W, False]])
    assert board.wounds(gamma) == 1


# ---- nets ---------------------------------------------------------------------------------

@pytest.mark.rules("NS-028")
def test_the_doom_netter_nets_the_enemy_its_net_faces(board):
    netter = board.put(1, "doom_netter", "c2")
    alpha = board.put(2, "shooter_alpha", "c3", E)
    target = board.put(1, "shooter_omega", "c5")
    assert board.call("netted", alpha) is True
    board.battle()
    assert board.wounds(target) == 0
    board.game.call("remove_unit", netter)
    assert board.call("netted", alpha) is False


@pytest.mark.rules("NS-028")
def test_a_net_facing_away_nets_nobody_and_a_netted_module_does_not_work(board):
    board.put(1, "doom_netter", "c2", W)
    alpha = board.put(2, "shooter_alpha", "c3")
    assert board.call("netted", alpha) is False
    board.put(1, "doom_netter", "b3", SE)  # its net faces c4 from the north-west
    officer = board.put(2, "officer", "c4", E)
    shooter = board.put(2, "shooter_alpha", "c5")
    assert board.call("netted", officer) is True
    assert board.call("shooting_bonus", shooter) == 0


# ---- modules ------------------------------------------------------------------------------

@pytest.mark.rules("NS-026")
def test_the_officer_adds_1_to_the_shooting_strength_of_connected_units(board):
    board.put(1, "officer", "c1")
    gamma = board.put(1, "shooter_gamma", "c2")
    omega = board.put(2, "shooter_omega", "c5", W)
    assert board.hits_on(omega, board.attack(gamma)) == [2]
    board.segment(2)
    assert not board.on_board(omega)


@pytest.mark.rules("NS-026")
def test_the_officer_does_not_boost_melee(board):
    board.put(1, "officer", "b2", SE)  # reaches c3, d3
    hq = board.put(1, "hq_doomsday", "c3")
    foe = board.put(2, "shooter_omega", "c4")
    assert board.hits_on(foe, board.attack(hq)) == [1]


@pytest.mark.rules("NS-048", "NS-051")
def test_the_long_range_officer_reaches_gamma_and_delta_but_not_the_alpha_beyond(board):
    board.put(1, "officer", "c1")
    gamma = board.put(1, "shooter_gamma", "c2", NE)
    delta = board.put(1, "shooter_delta", "c3", NE)
    alpha = board.put(1, "shooter_alpha", "c4", NE)
    targets = [board.put(2, "shooter_omega", label) for label in ("a2", "a3", "b4")]
    assert [board.hits_on(t, board.attack(u)) for t, u in zip(targets, (gamma, delta, alpha))] == [[2], [2], [1]]


@pytest.mark.rules("NS-052")
def test_a_long_range_module_acts_only_along_its_direction(board):
    board.put(1, "officer", "c1")
    off_line = board.put(1, "shooter_alpha", "a1")  # two hexes away, but not along the officer's front
    on_line = board.put(1, "shooter_alpha", "c3")
    assert board.call("shooting_bonus", off_line) == 0
    assert board.call("shooting_bonus", on_line) == 1


@pytest.mark.rules("NS-053")
def test_a_long_range_module_acts_over_an_enemy_unit(board):
    board.put(1, "officer", "c1")
    enemy = board.put(2, "shooter_omega", "c2", W)
    shooter = board.put(1, "shooter_alpha", "c3")
    target = board.put(2, "shooter_omega", "c5", W)
    assert board.hits_on(target, board.attack(shooter)) == [2]
    assert board.call("shooting_bonus", enemy) == 0  # a module affects only its own side


@pytest.mark.rules("NS-054")
def test_every_own_unit_in_a_long_range_module_range_is_affected_without_a_choice(board):
    board.put(1, "officer", "c1")
    near, far = board.put(1, "shooter_alpha", "c2", NE), board.put(1, "shooter_alpha", "c3", NE)
    assert [board.call("shooting_bonus", u) for u in (near, far)] == [1, 1]
    assert board.logged("choice") == []


@pytest.mark.rules("NS-034")
def test_a_scout_adds_1_to_the_initiative_of_connected_units(board):
    board.put(1, "scout", "c1")
    alpha = board.put(1, "shooter_alpha", "c2")
    target = board.put(2, "shooter_omega", "c5", W)  # initiative 2: fires back in segment 2
    assert board.segments(alpha) == [3]
    board.segment(3)
    assert board.wounds(target) == 1


@pytest.mark.rules("NS-034")
def test_a_unit_whose_scout_is_lost_after_it_attacked_does_not_attack_again(board):
    scout = board.put(1, "scout", "c1")
    alpha = board.put(1, "shooter_alpha", "c2")
    target = board.put(2, "shooter_omega", "c5", W)
    board.segment(3)
    board.call("remove_unit", scout)
    assert board.segments(alpha) == [2]
    board.segment(2)  # its one initiative was spent in segment 3
    assert board.attacks_by(alpha) == 1
    assert board.wounds(target) == 1


@pytest.mark.rules("NS-034")
def test_a_unit_whose_scout_is_lost_before_it_attacked_attacks_at_its_printed_initiative(board):
    scout = board.put(1, "scout", "c1")
    alpha = board.put(1, "shooter_alpha", "c2")
    target = board.put(2, "shooter_omega", "c5", W)
    board.call("remove_unit", scout)
    board.segment(3)
    board.segment(2)
    assert board.attacks_by(alpha) == 1
    assert board.wounds(target) == 1


@pytest.mark.rules("NS-035")
def test_the_combat_processor_gives_one_more_attack_one_segment_lower(board):
    board.put(1, "combat_processor", "c1")
    alpha = board.put(1, "shooter_alpha", "c2")
    hq = board.put(2, "hq_doomsday", "c5")
    board.put(1, "hq_doomsday", "e3")
    assert board.segments(alpha) == [2, 1]
    board.battle()
    assert board.wounds(hq) == 2


@pytest.mark.rules("NS-036")
def test_a_unit_that_attacks_twice_gets_its_third_attack_in_the_next_segment(board):
    board.put(1, "combat_processor", "c1")
    gamma = board.put(1, "shooter_gamma", "c2")
    hq = board.put(2, "hq_doomsday", "c5")
    board.put(1, "hq_doomsday", "e3")
    assert board.segments(gamma) == [2, 1, 0]
    board.battle()
    assert board.wounds(hq) == 3


@pytest.mark.rules("NS-037")
def test_a_unit_whose_attack_is_in_segment_0_gets_no_extra_attack(board):
    board.put(1, "combat_processor", "c1")
    hq = board.put(1, "hq_doomsday", "c2")
    foe = board.put(2, "shooter_omega", "c3", E)
    assert board.segments(hq) == [0]
    board.battle()
    assert board.wounds(foe) == 1


@pytest.mark.rules("NS-049")
def test_the_processor_reaches_over_an_empty_hex(board):
    board.put(1, "combat_processor", "c1")
    omega = board.put(1, "shooter_omega", "c3")
    assert board.segments(omega) == [2, 1]


@pytest.mark.rules("NS-014")
def test_modules_are_long_range(ns):
    modules = [d for d in ns.defs_of("doomsday") if d.props.get("module")]
    assert {d.id for d in modules} == {"medic", "officer", "scout", "combat_processor"}
    assert all("long_range" in d.props["abilities"] for d in modules)


# ---- medics -------------------------------------------------------------------------------

@pytest.mark.rules("NS-025")
def test_the_medic_dies_instead_and_cancels_the_wounds(board):
    medic = board.put(1, "medic", "c1")
    alpha = board.put(1, "shooter_alpha", "c3")
    board.put(2, "officer", "e3", NE)  # reaches d4 and c5
    board.put(2, "shooter_alpha", "c5", W)  # strength 2
    board.segment(2)
    assert board.on_board(alpha)
    assert board.wounds(alpha) == 0
    assert not board.on_board(medic)
    assert not medic.alive


@pytest.mark.rules("NS-014", "NS-025")
def test_the_medic_saves_over_an_enemy_unit(board):
    medic = board.put(1, "medic", "c1")
    board.put(2, "medic", "c2", W)  # an enemy unit between them
    alpha = board.put(1, "shooter_alpha", "c3")
    board.put(2, "shooter_alpha", "c5", W)
    board.segment(2)
    assert board.on_board(alpha)
    assert not board.on_board(medic)


@pytest.mark.rules("NS-025")
def test_a_medic_does_not_save_from_own_wounds_nor_a_unit_outside_its_range(board):
    medic = board.put(1, "medic", "c1")
    outside = board.put(1, "shooter_alpha", "d2")
    board.put(2, "shooter_alpha", "e3", W)  # shoots e2, e1: nothing
    board.put(2, "shooter_alpha", "d4", W)  # shoots d3, d2
    board.segment(2)
    assert not board.on_board(outside)
    assert board.on_board(medic)


@pytest.mark.rules("NS-055")
@pytest.mark.parametrize("pick", [0, 1])
def test_a_medic_connected_to_two_units_hit_at_once_saves_the_one_its_player_picks(new_board, pick):
    board = new_board(answers={0: [pick]})
    medic = board.put(1, "medic", "c1")
    near, far = board.put(1, "shooter_alpha", "c2", W), board.put(1, "shooter_alpha", "c3", W)
    board.put(2, "shooter_alpha", "b2", SW)  # hits c2
    board.put(2, "shooter_alpha", "b3", SW)  # hits c3
    board.segment(2)
    saved = (near, far)[pick]
    assert [board.on_board(u) for u in (near, far)] == [u is saved for u in (near, far)]
    assert not board.on_board(medic)
    [choice] = board.logged("choice")
    assert choice["player"] == "a"
    assert choice["options"] == 2


def test_two_medics_save_two_units(new_board):
    board = new_board(answers={0: [0]})  # the first medic picks the nearer unit
    board.put(1, "medic", "c1")
    board.put(1, "medic", "e1", NE)  # reaches d2, c3
    near, far = board.put(1, "shooter_alpha", "c2", W), board.put(1, "shooter_alpha", "c3", W)
    board.put(2, "shooter_alpha", "b2", SW)
    board.put(2, "shooter_alpha", "b3", SW)
    board.segment(2)
    assert board.on_board(near)
    assert board.on_board(far)


# ---- the trap -----------------------------------------------------------------------------

@pytest.mark.rules("NS-032")
def test_the_trap_explodes_on_an_enemy_hit_to_its_marked_side_wounding_every_neighbour(board):
    trap = board.put(1, "trap", "c3")  # marked side faces east
    enemy_hq = board.put(2, "hq_doomsday", "c4")
    enemy = board.put(2, "shooter_omega", "d3", W)
    own = board.put(1, "shooter_omega", "b2", W)
    shooter = board.put(2, "shooter_alpha", "c5", W)  # flies over its own HQ into the trap
    board.resolve(board.attack(shooter))
    assert not trap.alive
    assert [board.wounds(u) for u in (enemy_hq, enemy, own)] == [1, 1, 1]


@pytest.mark.rules("NS-032")
def test_the_trap_hit_on_another_side_is_just_wounded(board):
    trap = board.put(1, "trap", "c3")
    neighbour = board.put(2, "shooter_omega", "c2", E)
    board.resolve(board.attack(board.put(2, "shooter_alpha", "e1", NE)))
    assert not trap.alive
    assert board.wounds(neighbour) == 0
    assert not any(e["event"] == "trap_exploded" for e in board.logged("event"))


@pytest.mark.rules("NS-012")
def test_the_trap_deals_exactly_1_even_with_an_officer(board):
    board.put(1, "officer", "c1")
    board.put(1, "trap", "c3")
    enemy = board.put(2, "shooter_omega", "b3", W)
    board.resolve(board.attack(board.put(2, "shooter_alpha", "c5", W)))
    assert board.wounds(enemy) == 1


@pytest.mark.rules("NS-011", "NS-033")
def test_a_medic_cannot_save_the_trap_and_is_not_used(board):
    medic = board.put(1, "medic", "c1")
    trap = board.put(1, "trap", "c3")
    board.resolve(board.attack(board.put(2, "shooter_alpha", "c5", W)))
    assert not trap.alive
    assert board.on_board(medic)
    assert board.fn("hex_cell_of", "arena", trap) == -1


@pytest.mark.rules("NS-033")
def test_the_exploded_trap_is_removed_even_when_the_hit_is_cancelled(board):
    board.put(1, "medic", "c1")
    trap = board.put(1, "trap", "c3")
    board.resolve([[trap, board.put(2, "shooter_alpha", "c5", W), 0, True, W, False]])
    assert not trap.alive


def texts(board):
    return [e["text"] for e in board.logged("log")]


# ---- the Gauss Cannon (NS-018, NS-019) ----------------------------------------------------------

@pytest.mark.rules("NS-018", "NS-019")
def test_a_gauss_cannon_with_an_officer_still_gives_each_enemy_exactly_1_wound(board):
    board.put(1, "officer", "c1")
    gauss = board.put(1, "gauss_cannon", "c2")
    for label in ("c3", "c4", "c5"):
        board.put(2, "shooter_omega", label, W)
    board.segment(1)
    assert texts(board)[-3:] == ["Gauss Cannon wounds Shooter Omega (1)"] * 3
    assert board.wounds(gauss) == 0


@pytest.mark.rules("NS-018", "NS-026")
def test_a_plain_shooter_with_an_officer_shoots_at_strength_2_not_1(board):
    board.put(1, "officer", "c1")
    alpha = board.put(1, "shooter_alpha", "c2")
    target = board.put(2, "shooter_omega", "c4", W)
    assert targets(board, board.attack(alpha)) == [("c4", 2)]
    board.segment(2)
    assert not target.alive


# ---- the Combat Processor at the low segments (NS-035, NS-037) -----------------------------------

@pytest.mark.rules("NS-035")
def test_the_processor_gives_a_unit_of_initiative_1_its_extra_attack_in_segment_0(board):
    board.put(1, "combat_processor", "c1")
    gauss = board.put(1, "gauss_cannon", "c2")
    assert board.segments(gauss) == [1, 0]
    foe = board.put(2, "hq_doomsday", "c5")
    board.put(1, "hq_doomsday", "e3")
    board.segment(1)
    board.segment(0)
    assert board.wounds(foe) == 2


@pytest.mark.rules("NS-035", "NS-037")
def test_the_processor_adds_no_segment_below_0(board):
    board.put(1, "combat_processor", "c1")
    hq = board.put(1, "hq_doomsday", "c2")
    assert board.segments(hq) == [0]


# ---- what the log shows (NS-012, NS-025) -----------------------------------------------------------

@pytest.mark.rules("NS-012")
def test_the_exploding_trap_is_logged(board):
    board.put(1, "trap", "c3")
    enemy = board.put(2, "shooter_omega", "b3", W)
    board.resolve(board.attack(board.put(2, "shooter_alpha", "c5", W)))
    assert texts(board) == ["Trap explodes", "Trap wounds Shooter Omega (1)"]
    assert board.wounds(enemy) == 1


@pytest.mark.rules("NS-025")
def test_the_medic_logs_whose_wounds_it_cancels(board):
    board.put(1, "medic", "c1")
    omega = board.put(1, "shooter_omega", "c3", SE)  # shoots at nobody
    board.put(2, "shooter_alpha", "c5", W)
    board.segment(2)
    assert board.wounds(omega) == 0
    assert texts(board) == ["Medic cancels the wounds Shooter Alpha deals to Shooter Omega"]


@pytest.mark.rules("NS-012")
def test_the_trap_gives_each_of_its_six_neighbours_exactly_1_wound_and_announces_the_explosion(board):
    trap = board.put(1, "trap", "c3")
    around = [board.put(2 if label == "c4" else 1, "shooter_omega", label)  # Toughness: 2 hit points
              for label in ("c4", "d3", "d2", "c2", "b2", "b3")]
    board.resolve([[trap, around[0], 1, False, W, False]])
    assert [board.wounds(u) for u in around] == [1] * 6
    assert [e["event"] for e in board.logged("event") if e["event"] == "trap_exploded"] == ["trap_exploded"]
    assert not trap.alive


@pytest.mark.rules("NS-018")
def test_a_gauss_shot_deals_1_wound_whatever_number_its_sides_carry(new_board):
    board = new_board(assumptions={"gauss_cannon.ranged": [2, 0, 0, 0, 0, 0]})
    gauss = board.put(1, "gauss_cannon", "c1")
    for label in ("c3", "c5"):
        board.put(2, "shooter_omega", label)
    assert targets(board, board.attack(gauss)) == [("c3", 1), ("c5", 1)]


@pytest.mark.rules("NS-025", "NS-055")
def test_a_medic_with_two_wounded_units_lets_its_player_pick_the_second(new_board):
    board = new_board(answers={0: [1]})
    board.put(1, "medic", "c1")
    near, far = board.put(1, "shooter_alpha", "c2", W), board.put(1, "shooter_alpha", "c3", W)
    board.put(2, "shooter_alpha", "b2", SW)  # hits c2
    board.put(2, "shooter_alpha", "b3", SW)  # hits c3
    board.segment(2)
    assert [board.on_board(u) for u in (near, far)] == [False, True]
    [choice] = board.logged("choice")
    assert choice["player"] == "a"
    assert choice["options"] == 2
