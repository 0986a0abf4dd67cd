"""Exact outcomes of the turn rules: where a used Push Back token goes and what the log says,
no question when the pushed unit has one way to go, and which turns a battle ends."""

import pytest

E, SE, SW, W, NW, NE = range(6)  # the hex directions, clockwise from east


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
@pytest.mark.parametrize("plays, ended_by_battle", [("battle", True), ("shooter_alpha", False)])
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
@pytest.mark.parametrize("blocked, where", [(("c4",), "d3"), ((), "b3")])
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
    assert choice["player"] == "b" and choice["options"] == 3 - len(blocked)


@pytest.mark.rules("NS-044", "NS-045", "NS-046")
def test_a_thrown_small_bomb_goes_to_the_discard(board):
    bomb = board.hand(board.a, "small_bomb")
    board.act("play_small_bomb", board.a, bomb, [board.cell(c) for c in ("c3", "c4", "d3")])
    assert board.game.zone("discard", board.a).items == [bomb]
    assert board.game.zone("hand", board.a).items == []
