"""The board built at setup and the round, by exact outcome: the board the invader player
builds (DOOM-021) takes the board rules set for the game, and every round's marine turns are
played, the first marine's again after the invader's turn (DOOM-037)."""

import functools

import pytest

import rulecraft

# (2,1) and (3,2) touch at a corner between the walls (3,1) and (2,2).
GAP = [
    "#######",
    "#S.#..#",
    "#S#...#",
    "#.....#",
    "#######",
]


@pytest.mark.rules("DOOM-021")
@pytest.mark.parametrize("squeeze, cost", [(False, 3), (True, 1)])
def test_the_board_built_at_setup_follows_the_board_rules_set_for_the_game(new_table, monkeypatch, squeeze, cost):
    monkeypatch.setattr(rulecraft, "Game", functools.partial(rulecraft.Game, assumptions={"diagonal_squeeze": squeeze}))
    t = new_table(rows=GAP)
    m = t.marines[0]
    t.marine(m, 2, 1)
    t.declare(m, "sprint")
    t.act("move_marine", m, t.s(3, 2))
    assert t.get(m, "moves_left") == 8 - cost              # round the walls, or through the gap


def turns_and_declarations(t):
    out = []
    for e in t.game.log:
        if e["what"] == "turn":
            out.append(e["player"])
        elif e["what"] == "log" and " declares " in e["text"]:
            out.append(e["text"])
    return out


@pytest.mark.rules("DOOM-037")
def test_after_the_invader_turn_the_next_round_begins_with_the_first_marine_playing_his_turn(table):
    t = table
    for i, p in enumerate(t.marines):
        t.marine(p, 1, 1 + i)
    made = t.game.create("ambush", 10, t.game.zone("invader_deck"), None, True)
    assert len(made) == 10
    for _ in range(2):
        t.call("play_round")
        t.game.end_round()
        t.game.begin_round()
    one_round = ["m1", "m1 declares sprint", "m2", "m2 declares sprint", "inv"]
    assert turns_and_declarations(t) == one_round * 2
