"""Turns and instant tokens: drawing, placing, the HQ's rotation, Battle, Push Back, Small Bomb."""

import pytest

from rulecraft import IllegalAction
from tests.support.hex_board import NW, SW, E, W


def deck_of(board, player, n=35):
    board.call("muster", player)
    return board.game.zone("deck", player).items


def hand(board, player):
    return board.game.zone("hand", player).items


# ---- drawing and placing ----------------------------------------------------------------------

def test_the_first_player_draws_1_the_second_2_then_up_to_3_discarding_one(new_board):
    board = new_board(answers={0: ["end the turn", 0, "end the turn"], 1: ["end the turn"]})
    for p in (board.a, board.b):
        deck_of(board, p)
    with board.game.turn(board.a):
        board.call("play_turn", board.a)
    assert len(hand(board, board.a)) == 1
    with board.game.turn(board.b):
        board.call("play_turn", board.b)
    assert len(hand(board, board.b)) == 2
    with board.game.turn(board.a):
        board.call("play_turn", board.a)  # draws 2 to hold 3, discards the first
    assert len(hand(board, board.a)) == 2
    assert len(board.game.zone("discard", board.a).items) == 1
    assert len(board.game.zone("deck", board.a).items) == 35 - 3


def test_a_unit_goes_onto_an_empty_hex_with_a_rotation(board):
    alpha = board.hand(board.a, "shooter_alpha")
    board.act("play_unit", board.a, alpha, board.cell("c3"), SW)
    assert board.fn("hex_rotation", "arena", alpha) == SW
    assert alpha not in hand(board, board.a)
    other = board.hand(board.a, "shooter_omega")
    with pytest.raises(IllegalAction):
        board.act("play_unit", board.a, other, board.cell("c3"), E)


def test_a_full_board_starts_a_battle_and_ends_the_turn(new_board):
    board = new_board(answers={0: [1, 0]})  # play the unit (onto the one empty hex), facing east
    for label in board.game.boards["arena"].labels[:-1]:
        board.put(1, "medic", label, NW)
    board.game.create("shooter_alpha", 1, board.game.zone("hand", board.a), board.a)
    board.game.set(board.a, "first_turn_done", True)
    deck = board.game.zone("deck", board.a)
    board.game.create("scout", 1, deck, board.a)
    with board.game.turn(board.a):
        board.call("play_turn", board.a)
    assert any(e["text"] == "a battle: initiative 2 down to 0" for e in board.logged("log"))
    assert [t.def_id for t in hand(board, board.a)] == ["scout"]


# ---- the HQ's rotation -----------------------------------------------------------------------------

@pytest.mark.rules("NS-015")
def test_the_hq_lets_one_own_unit_rotate_once_a_turn(board):
    board.put(1, "hq_doomsday", "e1")
    alpha = board.put(1, "shooter_alpha", "c3")
    omega = board.put(1, "shooter_omega", "c4")
    with board.game.turn(board.a):
        board.act("rotate_unit", board.a, alpha, NW)
        assert board.fn("hex_rotation", "arena", alpha) == NW
        with pytest.raises(IllegalAction, match="one rotation"):
            board.act("rotate_unit", board.a, omega, W)
    with board.game.turn(board.a):
        board.act("rotate_unit", board.a, omega, W)  # a new turn, a new rotation


@pytest.mark.rules("NS-015")
def test_no_rotation_without_a_working_hq_nor_of_an_enemy_unit(board):
    hq = board.put(1, "hq_doomsday", "c3")
    enemy = board.put(2, "shooter_alpha", "a1")
    with pytest.raises(IllegalAction):
        board.act("rotate_unit", board.a, enemy, W)
    board.put(2, "doom_netter", "c2")  # nets the HQ
    with pytest.raises(IllegalAction, match="not netted"):
        board.act("rotate_unit", board.a, hq, W)


@pytest.mark.rules("NS-015")
def test_the_rotation_comes_from_the_hqs_rotator_ability(board):
    hq = board.put(1, "hq_doomsday", "c3")
    alpha = board.put(1, "shooter_alpha", "a1")
    board.game.set(hq, "abilities", [])
    with board.game.turn(board.a):
        with pytest.raises(IllegalAction, match="needs an HQ"):
            board.act("rotate_unit", board.a, alpha, NW)
        board.game.set(hq, "abilities", ["rotator"])
        board.act("rotate_unit", board.a, alpha, NW)
    assert board.fn("hex_rotation", "arena", alpha) == NW

# ---- Battle -------------------------------------------------------------------------------------------

@pytest.mark.rules("NS-039")
def test_a_battle_token_starts_a_battle(board):
    token = board.hand(board.a, "battle")
    board.put(1, "shooter_alpha", "c1")
    target = board.put(2, "shooter_omega", "c5", W)
    board.act("play_battle", board.a, token)
    assert board.wounds(target) == 1
    assert token in board.game.zone("discard", board.a).items


@pytest.mark.rules("NS-040")
def test_no_battle_token_once_a_player_has_drawn_the_last_token(board):
    token = board.hand(board.a, "battle")
    board.game.set(board.b, "drew_last", True)
    with pytest.raises(IllegalAction, match="last token"):
        board.act("play_battle", board.a, token)
    assert board.call("playable", board.a, token) is False


@pytest.mark.rules("NS-041")
def test_after_the_battle_the_turn_ends_and_the_other_token_stays_in_hand(new_board):
    board = new_board(answers={0: ["battle"]})
    board.game.set(board.a, "first_turn_done", True)
    board.hand(board.a, "battle", "shooter_alpha")
    for definition in ("scout", "officer"):  # draws the scout: 3 in hand
        board.game.create(definition, 1, board.game.zone("deck", board.a), board.a)
    board.game.choices.agents[board.a.id].answers = ["scout", "battle"]  # discard the scout, play Battle
    with board.game.turn(board.a):
        board.call("play_turn", board.a)
    assert [t.def_id for t in hand(board, board.a)] == ["shooter_alpha"]
    assert board.game.choices.agents[board.a.id].answers == []


# ---- Push Back ------------------------------------------------------------------------------------------

@pytest.mark.rules("NS-042")
def test_push_back_moves_an_adjacent_enemy_one_hex_away(board):
    token = board.hand(board.a, "push_back")
    pusher = board.put(1, "shooter_alpha", "c2")
    enemy = board.put(2, "shooter_omega", "c3", W)
    board.put(2, "medic", "b3")
    board.put(1, "medic", "d3")
    board.act("play_push_back", board.a, token, pusher, enemy)
    assert board.fn("hex_cell_of", "arena", enemy) == board.cell("c4")
    assert board.fn("hex_rotation", "arena", enemy) == W
    assert board.logged("choice") == []


@pytest.mark.rules("NS-042")
def test_push_back_needs_an_adjacent_enemy_and_room(board):
    token = board.hand(board.a, "push_back")
    pusher = board.put(1, "shooter_alpha", "c1")
    far = board.put(2, "shooter_omega", "c3")
    with pytest.raises(IllegalAction, match="adjacent"):
        board.act("play_push_back", board.a, token, pusher, far)
    near = board.put(2, "shooter_omega", "c2")
    for label in ("b2", "d2"):  # c2 has nowhere to go: c3, b2 and d2 are taken
        board.put(2, "medic", label)
    with pytest.raises(IllegalAction, match="no empty hex"):
        board.act("play_push_back", board.a, token, pusher, near)


@pytest.mark.rules("NS-043")
@pytest.mark.parametrize("where", ["c4", "b3", "d3"])
def test_the_pushed_side_chooses_where_its_unit_goes(new_board, where):
    board = new_board(answers={1: []})
    token = board.hand(board.a, "push_back")
    pusher = board.put(1, "shooter_alpha", "c2")
    enemy = board.put(2, "shooter_omega", "c3")
    board.game.choices.agents[board.b.id].answers = [board.cell(where)]
    board.act("play_push_back", board.a, token, pusher, enemy)
    assert board.fn("hex_cell_of", "arena", enemy) == board.cell(where)
    [choice] = board.logged("choice")
    assert choice["player"] == "b"
    assert choice["options"] == 3


# ---- Small Bomb ----------------------------------------------------------------------------------------

@pytest.mark.rules("NS-044")
def test_the_small_bomb_wounds_every_unit_on_its_three_hexes_own_and_enemy(board):
    bomb = board.hand(board.a, "small_bomb")
    enemy, own = board.put(2, "shooter_omega", "c3"), board.put(1, "shooter_omega", "c4")
    outside = board.put(2, "shooter_omega", "c5")
    board.act("play_small_bomb", board.a, bomb, [board.cell(c) for c in ("c3", "c4", "d3")])
    assert [board.wounds(u) for u in (enemy, own, outside)] == [1, 1, 0]


@pytest.mark.rules("NS-044", "NS-025")
def test_a_medic_cancels_the_bomb_wounds(board):
    bomb = board.hand(board.b, "small_bomb")
    medic = board.put(1, "medic", "c1")
    alpha = board.put(1, "shooter_alpha", "c2")
    board.act("play_small_bomb", board.b, bomb, [board.cell(c) for c in ("c2", "d1", "d2")])
    assert board.on_board(alpha)
    assert not board.on_board(medic)


@pytest.mark.rules("NS-045")
def test_the_blast_areas_are_three_mutually_adjacent_hexes(board):
    areas = board.call("blast_areas")
    assert len(areas) == 24  # the unit triangles of a hexagon of side 2
    assert len({tuple(sorted(a)) for a in areas}) == 24
    for a, b, c in areas:
        assert all(board.fn("hex_adjacent", "arena", x, y) for x, y in ((a, b), (b, c), (a, c)))


@pytest.mark.rules("NS-046")
@pytest.mark.parametrize("area", [[0, 1, -1], [0, 1, 2], [0, 1], [7, 8, 99]])
def test_the_blast_area_must_lie_on_the_board_and_touch_itself(board, area):
    bomb = board.hand(board.a, "small_bomb")
    with pytest.raises(IllegalAction, match="three hexes"):
        board.act("play_small_bomb", board.a, bomb, area)
    assert bomb in hand(board, board.a)


@pytest.mark.rules("NS-047")
def test_the_small_bomb_does_not_wound_hqs(board):
    bomb = board.hand(board.a, "small_bomb")
    hq = board.put(2, "hq_doomsday", "c3")
    board.act("play_small_bomb", board.a, bomb, [board.cell(c) for c in ("c3", "c4", "d3")])
    assert board.wounds(hq) == 0


@pytest.mark.rules("NS-042")
def test_a_used_push_back_token_goes_to_the_discard_and_the_push_is_logged(board):
    token = board.hand(board.a, "push_back")
    pusher = board.put(1, "shooter_alpha", "c2")
    enemy = board.put(2, "shooter_omega", "c3", W)
    board.put(2, "medic", "b3")
    board.put(1, "medic", "d3")
    board.act("play_push_back", board.a, token, pusher, enemy)
    assert board.game.zone("discard", board.a).items == [token]
    assert board.game.zone("hand", board.a).items == []
    assert [e["text"] for e in board.logged("log")] == ["Shooter Alpha pushes Shooter Omega to c4"]


@pytest.mark.rules("NS-043")
def test_the_pushed_side_is_not_asked_when_there_is_one_hex_to_go_to(new_board):
    board = new_board(answers={1: []})  # b has no answers: a question would fail the test
    token = board.hand(board.a, "push_back")
    pusher = board.put(1, "shooter_alpha", "c2")
    enemy = board.put(2, "shooter_omega", "c3")
    board.put(2, "medic", "b3")
    board.put(1, "medic", "c4")
    board.act("play_push_back", board.a, token, pusher, enemy)
    assert board.fn("hex_cell_of", "arena", enemy) == board.cell("d3")
    assert board.logged("choice") == []


@pytest.mark.rules("NS-041")
@pytest.mark.parametrize(("plays", "ended_by_battle"), [("battle", True), ("shooter_alpha", False)])
def test_only_a_turn_a_battle_ended_brings_the_turn_end_rule_into_play(new_board, plays, ended_by_battle):
    board = new_board(answers={0: []})
    board.game.set(board.a, "first_turn_done", True)
    battle, alpha = board.hand(board.a, "battle", "shooter_alpha")
    token = battle if plays == "battle" else alpha
    answers = [1 + [battle, alpha].index(token)]  # "what to do": 0 ends the turn, then the hand
    if plays == "shooter_alpha":
        answers += [board.cell("c3"), E, 0]  # where, which way, then end the turn
    board.game.choices.agents[board.a.id].answers = answers
    board.game.history.touched.clear()
    with board.game.turn(board.a):
        board.call("play_turn", board.a)
    assert ("NS-041" in board.game.history.touched) is ended_by_battle
    assert board.game.choices.agents[board.a.id].answers == []
    assert [t.def_id for t in board.game.zone("hand", board.a).items] == [d for d in ("battle", "shooter_alpha") if d != plays]


@pytest.mark.rules("NS-042", "NS-043")
@pytest.mark.parametrize(("blocked", "where"), [(("c4",), "d3"), ((), "b3")])
def test_the_pushed_side_is_asked_when_there_are_two_or_three_hexes_to_go_to(new_board, blocked, where):
    board = new_board(answers={1: []})
    token = board.hand(board.a, "push_back")
    pusher = board.put(1, "shooter_alpha", "c2")
    enemy = board.put(2, "shooter_omega", "c3")
    for label in blocked:
        board.put(1, "medic", label)
    board.game.choices.agents[board.b.id].answers = [board.cell(where)]
    board.act("play_push_back", board.a, token, pusher, enemy)
    assert board.fn("hex_cell_of", "arena", enemy) == board.cell(where)
    [choice] = board.logged("choice")
    assert choice["player"] == "b"
    assert choice["options"] == 3 - len(blocked)


@pytest.mark.rules("NS-044", "NS-045", "NS-046")
def test_a_thrown_small_bomb_goes_to_the_discard(board):
    bomb = board.hand(board.a, "small_bomb")
    board.act("play_small_bomb", board.a, bomb, [board.cell(c) for c in ("c3", "c4", "d3")])
    assert board.game.zone("discard", board.a).items == [bomb]
    assert board.game.zone("hand", board.a).items == []
