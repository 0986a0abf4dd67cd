"""Redirecting units and their chains (NS-001 … NS-010, NS-023, NS-029, NS-030, NS-038, NS-056 … NS-058).

With the assumed token layouts a redirector facing r catches an own shot that travels in
direction r (it enters through the back): a Fire Station sends it on 120 degrees to the right
(r + 2), a Doom Netter 120 degrees to the left (r + 4), a Splitter straight on and both ways.
"""

import pytest

import rulecraft
from rulecraft import BudgetExceeded, IllegalAction
from rulecraft.runtime.agents import Agent
from tests.support.hex_board import NW, SE, SW, W, allied_board, targets

ENDLESS_LOOP = """
       So→2   .     .
          .     .     .     .
      Sg→1  Fs↖1  Sp→1   .   HQ→2
          .   Fs↙1   .     .
            .     .    HQ→1
    """


@pytest.mark.rules("NS-001", "NS-030")
def test_a_fire_station_always_redirects_an_own_shot_hitting_its_inlet(board):
    alpha = board.put(1, "shooter_alpha", "c1")
    board.put(1, "fire_station", "c3")
    board.put(2, "shooter_omega", "c5", W)  # on the original line
    board.put(2, "shooter_omega", "e1")  # on the outlet line
    assert targets(board, board.attack(alpha)) == [("e1", 1)]
    assert board.logged("choice") == []  # the owner has no say


@pytest.mark.rules("NS-001")
def test_an_enemy_shot_is_not_redirected_it_wounds_the_redirector(board):
    station = board.put(1, "fire_station", "c3", W)
    shooter = board.put(2, "shooter_alpha", "c1")
    assert [h["target"] for h in board.attack(shooter)] == [station]


@pytest.mark.rules("NS-002")
def test_a_redirected_shot_keeps_its_strength(board):
    board.put(1, "officer", "c1")
    alpha = board.put(1, "shooter_alpha", "c2")
    board.put(1, "doom_netter", "c3")
    target = board.put(2, "shooter_omega", "b2")
    hits = board.attack(alpha)
    assert targets(board, hits) == [("b2", 2)]
    board.resolve(hits)
    assert not target.alive


@pytest.mark.rules("NS-003")
def test_a_gauss_shot_is_split_and_does_not_fly_on_past_the_splitter(board):
    gauss = board.put(1, "gauss_cannon", "c1")
    board.put(1, "splitter", "c3")
    before = board.put(2, "shooter_omega", "c2", W)
    for label in ("c5", "d2", "e1", "b2", "a1"):
        board.put(2, "shooter_omega", label)
    hits = board.attack(gauss)
    assert targets(board, hits) == [("a1", 1), ("b2", 1), ("c2", 1), ("c5", 1), ("d2", 1), ("e1", 1)]
    assert board.hits_on(before, hits) == [1]  # hit on the way, before the splitter


@pytest.mark.rules("NS-004", "NS-057")
def test_a_gauss_shot_turned_by_a_fire_station_hits_every_enemy_on_the_outlet_line_only(board):
    placed = board.setup("""
            .     .     .
         .     .     .     .
      Gc→1   .   Fs→1 So←2 So←2
         .   So→2  .     .
           So→2  .     .
    """)
    hits = board.attack(placed["c1"])
    assert targets(board, hits) == [("d2", 1), ("e1", 1)]
    board.resolve(hits)
    assert [board.wounds(placed[c]) for c in ("c4", "c5", "d2", "e1")] == [0, 0, 1, 1]


@pytest.mark.rules("NS-005")
def test_an_allied_mortar_turned_by_a_netter_lands_just_behind_it_along_the_outlet(new_board):
    board, ally = allied_board(new_board)
    mortar = board.put(ally, "allied_mortar", "c1")
    board.put(board.a, "doom_netter", "c2")  # catches it on the way over
    board.put(board.b, "shooter_omega", "c3", W)  # where it would have landed
    board.put(board.b, "shooter_omega", "b1")  # just behind the netter along its outlet
    assert targets(board, board.attack(mortar)) == [("b1", 1)]


def test_a_mortar_lands_two_hexes_away_over_anything(new_board):
    board, ally = allied_board(new_board)
    mortar = board.put(ally, "allied_mortar", "c1")
    board.put(board.b, "shooter_omega", "c2", W)
    board.put(board.b, "shooter_omega", "c3", W)
    board.put(board.b, "shooter_omega", "c4", W)
    assert targets(board, board.attack(mortar)) == [("c3", 1)]


@pytest.mark.rules("NS-006")
def test_a_sniper_shot_that_passes_an_enemy_first_hits_it_and_is_not_redirected(new_board):
    board, ally = allied_board(new_board)
    sniper = board.put(ally, "allied_sniper", "c1")
    board.put(board.b, "shooter_omega", "c2", W)
    board.put(board.a, "fire_station", "c3")
    board.put(board.b, "shooter_omega", "e1")
    assert targets(board, board.attack(sniper)) == [("c2", 1)]


@pytest.mark.rules("NS-006")
def test_a_sniper_shot_with_no_enemy_on_the_way_hits_a_unit_on_the_outlet_line(new_board):
    board, ally = allied_board(new_board, answers={2: [1]})
    sniper = board.put(ally, "allied_sniper", "c1")
    board.put(board.a, "fire_station", "c3")
    board.put(board.b, "shooter_omega", "d2")
    board.put(board.b, "shooter_omega", "e1")
    assert targets(board, board.attack(sniper)) == [("e1", 1)]  # its owner picked the second one


@pytest.mark.rules("NS-007")
def test_a_netted_splitter_lets_own_shots_fly_straight_over_it(board):
    alpha = board.put(1, "shooter_alpha", "c1")
    splitter = board.put(1, "splitter", "c3")
    board.put(2, "doom_netter", "c4", W)
    board.put(2, "shooter_omega", "d2")
    board.put(2, "shooter_omega", "b2")
    assert board.call("netted", splitter)
    assert targets(board, board.attack(alpha)) == [("c4", 1)]


@pytest.mark.rules("NS-008")
def test_a_spy_cannot_connect_to_a_fire_station_but_can_to_a_module(new_board):
    board, _ally = allied_board(new_board)
    station = board.put(board.a, "fire_station", "c3")
    officer = board.put(board.a, "officer", "b3")
    spy = board.put(board.b, "allied_spy", "c4")
    with pytest.raises(IllegalAction):
        board.act("hook_module", board.b, spy, station)
    board.act("hook_module", board.b, spy, officer)
    assert board.game.get(spy, "hooked_to") is officer


@pytest.mark.rules("NS-008")
def test_a_spy_played_next_to_enemy_modules_is_offered_those_it_may_connect_to(new_board):
    board, _ally = allied_board(new_board)
    board.put(board.a, "fire_station", "c3")
    officer = board.put(board.a, "officer", "b3")
    scout = board.put(board.a, "scout", "b4")
    spy = board.hand(board.b, "allied_spy")
    offered = []
    wanted = {"where the unit goes": board.cell("c4"), "which way it faces": 0,
              "which enemy module it connects to": officer}

    class Watch(Agent):  # answers by value, noting what it was offered
        def choose(self, game, player, options, prompt):
            if prompt == "which enemy module it connects to":
                offered.append(list(options))
            return list(options).index(wanted[prompt])

    board.game.choices.agents[board.b.id] = Watch()
    board.call("play_token", board.b, spy)
    assert offered == [[officer, scout]]  # the fire station next to it is no module
    assert board.game.get(spy, "hooked_to") is officer


@pytest.mark.rules("NS-009", "NS-023")
def test_an_officer_connected_to_a_splitter_does_not_strengthen_the_split_shots(board):
    alpha = board.put(1, "shooter_alpha", "c1")
    board.put(1, "splitter", "c3")
    board.put(1, "officer", "a1", SE)  # reaches b2 and the splitter
    for label in ("c5", "d2", "b2"):
        board.put(2, "shooter_omega", label)
    assert board.call("shooting_bonus", alpha) == 0
    assert targets(board, board.attack(alpha)) == [("b2", 1), ("c5", 1), ("d2", 1)]


@pytest.mark.rules("NS-010")
def test_a_paralysed_netter_still_redirects(board):
    alpha = board.put(1, "shooter_alpha", "c1")
    netter = board.put(1, "doom_netter", "c3")
    board.game.set(netter, "paralysed", True)
    board.put(2, "shooter_omega", "b2")
    assert targets(board, board.attack(alpha)) == [("b2", 1)]
    assert board.call("may_attack", netter) is False


@pytest.mark.rules("NS-023")
def test_the_splitter_sends_three_shots_of_the_same_strength(board):
    alpha = board.put(1, "shooter_alpha", "c1")
    board.put(1, "splitter", "c3")
    for label in ("c5", "e1", "a1"):
        board.put(2, "shooter_omega", label)
    assert targets(board, board.attack(alpha)) == [("a1", 1), ("c5", 1), ("e1", 1)]


@pytest.mark.rules("NS-029")
def test_the_doom_netter_passes_a_shot_on_in_one_shot(board):
    alpha = board.put(1, "shooter_alpha", "c1")
    board.put(1, "doom_netter", "c3")
    board.put(2, "shooter_omega", "a1")
    board.put(2, "shooter_omega", "c5")
    assert targets(board, board.attack(alpha)) == [("a1", 1)]


@pytest.mark.rules("NS-056")
def test_a_shot_hitting_a_side_without_inlet_is_not_redirected(board):
    alpha = board.put(1, "shooter_alpha", "c1")
    board.put(1, "fire_station", "c3", W)  # its inlet faces east: the shot hits its front
    board.put(2, "shooter_omega", "c5")
    board.put(2, "shooter_omega", "b3")  # its outlet line
    assert targets(board, board.attack(alpha)) == [("c5", 1)]


@pytest.mark.rules("NS-058")
def test_gamma_with_an_officer_fires_over_it_into_a_splitter_three_shots_of_strength_2(board):
    placed = board.setup("""
       So→2   .     .
          .     .     .     .
      Sg→1  Of←1  Sp→1   .   HQ→2
          .     .     .     .
       So→2   .     .
    """)
    assert board.call("shooting_bonus", placed["c1"]) == 1
    hits = board.attack(placed["c1"])
    assert targets(board, hits) == [("a1", 2), ("c5", 2), ("e1", 2)]


# ---- chains ---------------------------------------------------------------------------------

@pytest.mark.rules("NS-023", "NS-038")
def test_a_chain_of_splitters_multiplies_a_shot_exactly(board):
    alpha = board.put(1, "shooter_alpha", "c1")
    board.put(1, "splitter", "c3")
    board.put(1, "splitter", "c4")
    for label in ("c5", "d3", "b3", "e1", "a1"):
        board.put(2, "shooter_omega", label)
    assert targets(board, board.attack(alpha)) == [("a1", 1), ("b3", 1), ("c5", 1), ("d3", 1), ("e1", 1)]


@pytest.mark.rules("NS-038")
def test_the_strongest_attack_imaginable_an_endless_loop_through_a_splitter_destroys_the_enemy_hq(board):
    # The splitter's south-west branch goes round two fire stations back into its own inlet; each
    # time round the splitter sends shots east and north-west again: without end.
    placed = board.setup(ENDLESS_LOOP)
    hits = board.attack(placed["c1"])
    assert targets(board, hits) == [("a1", 1000), ("c5", 1000)]
    assert board.battle() is board.a
    assert not placed["c5"].alive


@pytest.mark.rules("NS-038")
def test_the_wounds_of_an_endless_loop_are_an_assumption_a_user_may_change(new_board):
    board = new_board(assumptions={"endless": 7})
    placed = board.setup(ENDLESS_LOOP)
    assert targets(board, board.attack(placed["c1"])) == [("a1", 7), ("c5", 7)]


@pytest.mark.rules("NS-038")
def test_a_loop_that_no_branch_leaves_ends_and_hits_nothing(new_board):
    board = new_board(assumptions={"doom_netter.outlet": [0, 0, 1, 0, 0, 0]})  # a netter that turns right too
    alpha = board.put(1, "shooter_alpha", "c1")
    board.put(1, "doom_netter", "c3")
    board.put(1, "fire_station", "d2", SW)
    board.put(1, "fire_station", "c2", NW)
    board.put(2, "shooter_omega", "c5")
    assert board.attack(alpha) == []
    assert board.game.budget.steps < 10_000


def test_the_step_budget_still_stops_a_runaway(ns):
    game = rulecraft.Game(ns, seed=1, budget=20)
    with pytest.raises(BudgetExceeded):
        game.call("muster", game.players[0])


# ---- a redirected mortar shot still lands (NS-002, NS-005) -----------------------------------

@pytest.mark.rules("NS-001", "NS-002", "NS-005", "NS-058")
@pytest.mark.parametrize(("enemies", "hit"), [(("a1",), []), (("b1", "a1"), [("b1", 1)])])
def test_a_mortar_shot_turned_by_a_netter_lands_on_the_next_hex_and_flies_no_further(new_board, enemies, hit):
    board, ally = allied_board(new_board)
    mortar = board.put(ally, "allied_mortar", "c1")
    board.put(board.a, "doom_netter", "c2")  # turns it north-west: b1, then a1
    for label in enemies:
        board.put(board.b, "shooter_omega", label)
    assert targets(board, board.attack(mortar)) == hit


@pytest.mark.rules("NS-001", "NS-002", "NS-005", "NS-058")
@pytest.mark.parametrize(("enemies", "hit"), [(("b3",), []), (("b2", "b3"), [("b2", 1)])])
def test_a_mortar_shot_turned_twice_still_lands_right_behind_the_second_redirector(new_board, enemies, hit):
    board, ally = allied_board(new_board)
    mortar = board.put(ally, "allied_mortar", "c1")
    board.put(board.a, "doom_netter", "c2")  # turns it north-west into b1
    board.put(board.a, "fire_station", "b1", NW)  # catches it and turns it east: b2, b3, b4
    for label in enemies:
        board.put(board.b, "shooter_omega", label)
    assert targets(board, board.attack(mortar)) == hit
