"""Exact outcomes of battle rules whose broken forms the older tests let through: mortar shots
redirected once and twice, the Gauss Cannon's strength with an Officer, the Combat Processor at
the low segments, and the log lines that are the Trap's and the Medic's visible outcome."""

import pytest

E, SE, SW, W, NW, NE = range(6)  # the hex directions, clockwise from east


def allied_board(new_board):
    """Three players: a and c are allies, b is their enemy."""
    board = new_board(players=("a", "b", "c"))
    c = board.game.players[2]
    board.game.set(c, "allies", [board.a])
    board.game.set(board.a, "allies", [c])
    return board, c


def targets(board, hits):
    return sorted((board.fn("hex_label", "arena", board.fn("hex_cell_of", "arena", h["target"])), h["wounds"]) for h in hits)


def texts(board):
    return [e["text"] for e in board.logged("log")]


# ---- a redirected mortar shot still lands (NS-002, NS-005) -----------------------------------

@pytest.mark.rules("NS-001", "NS-002", "NS-005", "NS-058")
@pytest.mark.parametrize("enemies, hit", [(("a1",), []), (("b1", "a1"), [("b1", 1)])])
def test_a_mortar_shot_turned_by_a_netter_lands_on_the_next_hex_and_flies_no_further(new_board, enemies, hit):
    board, ally = allied_board(new_board)
    mortar = board.put(ally, "allied_mortar", "c1")
    board.put(board.a, "doom_netter", "c2")  # turns it north-west: b1, then a1
    for label in enemies:
        board.put(board.b, "shooter_omega", label)
    assert targets(board, board.attack(mortar)) == hit


@pytest.mark.rules("NS-001", "NS-002", "NS-005", "NS-058")
@pytest.mark.parametrize("enemies, hit", [(("b3",), []), (("b2", "b3"), [("b2", 1)])])
def test_a_mortar_shot_turned_twice_still_lands_right_behind_the_second_redirector(new_board, enemies, hit):
    board, ally = allied_board(new_board)
    mortar = board.put(ally, "allied_mortar", "c1")
    board.put(board.a, "doom_netter", "c2")  # turns it north-west into b1
    board.put(board.a, "fire_station", "b1", NW)  # catches it and turns it east: b2, b3, b4
    for label in enemies:
        board.put(board.b, "shooter_omega", label)
    assert targets(board, board.attack(mortar)) == hit


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
    assert choice["player"] == "a" and choice["options"] == 2
