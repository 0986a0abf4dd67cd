"""The army: its 35 tokens and what each unit is (NS-013, NS-016 … NS-031, NS-050)."""

from collections import Counter

import pytest

from tests.support.hex_board import SW, W

COUNTS = {"hq_doomsday": 1, "shooter_alpha": 2, "shooter_omega": 4, "gauss_cannon": 2, "shooter_gamma": 1,
          "splitter": 2, "medic": 5, "officer": 2, "shooter_delta": 1, "doom_netter": 2, "fire_station": 2,
          "trap": 1, "scout": 2, "combat_processor": 2, "battle": 4, "push_back": 1, "small_bomb": 1}


@pytest.mark.rules("NS-050")
def test_the_army_has_35_tokens_with_the_counts_of_the_sheet(ns, board):
    assert {d.id: d.count for d in ns.defs_of("doomsday")} == COUNTS
    assert sum(COUNTS.values()) == 35
    board.call("muster", board.a)
    deck = board.game.zone("deck", board.a).items
    assert Counter(t.def_id for t in deck) == Counter(COUNTS)
    assert all(t.owner is board.a for t in deck)


@pytest.mark.rules("NS-050")
def test_each_player_musters_an_own_army(board):
    for p in (board.a, board.b):
        board.call("muster", p)
    a, b = (board.game.zone("deck", p).items for p in (board.a, board.b))
    assert len(a) == len(b) == 35
    assert not set(map(id, a)) & set(map(id, b))
    assert [t.def_id for t in a] != [t.def_id for t in b]  # each deck is shuffled on its own


@pytest.mark.rules("NS-013")
def test_doomsday_machine_is_not_a_tournament_army(board):
    assert board.call("tournament_legal", "doomsday_machine") is False


def test_alliance_tokens_are_not_part_of_the_army(ns):
    assert not {"allied_mortar", "allied_sniper", "allied_spy"} & {d.id for d in ns.defs_of("doomsday")}


@pytest.mark.rules("NS-016")
def test_shooter_alpha_shoots_the_enemy_in_its_direction_in_its_segment(board):
    alpha = board.put(1, "shooter_alpha", "c1")
    target = board.put(2, "shooter_omega", "c4")
    [seg] = board.segments(alpha)
    board.segment(seg + 1)
    assert board.wounds(target) == 0
    board.segment(seg)
    assert board.wounds(target) == 1
    board.segment(seg - 1)
    assert board.wounds(target) == 1


@pytest.mark.rules("NS-016")
def test_a_shot_hits_the_first_enemy_and_flies_over_own_units(board):
    alpha = board.put(1, "shooter_alpha", "c1")
    own = board.put(1, "shooter_omega", "c2")
    first = board.put(2, "shooter_omega", "c3")
    second = board.put(2, "shooter_omega", "c4")
    hits = board.attack(alpha)
    assert [h["target"] for h in hits] == [first]
    assert board.hits_on(own, hits) == []
    assert board.hits_on(second, hits) == []


@pytest.mark.rules("NS-017")
def test_toughness_gives_as_many_extra_hit_points_as_users_assume(new_board):
    board = new_board(assumptions={"toughness_extra": 2})
    omega = board.put(1, "shooter_omega", "c3")
    assert board.game.get(omega, "hit_points") == 3
    alpha = board.put(2, "shooter_alpha", "c1")
    for _ in range(2):
        board.resolve([[omega, alpha, 1, True, 0, False]])
    assert board.on_board(omega)
    assert board.wounds(omega) == 2


@pytest.mark.rules("NS-017")
def test_shooter_omega_survives_one_wound_thanks_to_toughness(board):
    omega = board.put(1, "shooter_omega", "c3")
    assert board.game.get(omega, "hit_points") == 2
    assert board.game.get(omega, "ranged")[0] >= 1
    assert board.game.get(omega, "abilities") == ["toughness"]
    assert omega.props["hit_points"] == 1
    board.resolve([[omega, board.put(2, "shooter_alpha", "c5", W), 1, True, W, False]])
    assert board.on_board(omega)
    assert board.wounds(omega) == 1
    board.resolve([[omega, board.put(2, "shooter_alpha", "c1"), 1, True, 0, False]])
    assert not board.on_board(omega)


@pytest.mark.rules("NS-018")
def test_the_gauss_cannon_gives_every_enemy_on_its_line_1_wound(board):
    gauss = board.put(1, "gauss_cannon", "c1")
    enemies = [board.put(2, "shooter_omega", label) for label in ("c2", "c4", "c5")]
    own = board.put(1, "shooter_omega", "c3")
    board.segment(board.segments(gauss)[0])
    assert [board.wounds(u) for u in enemies] == [1, 1, 1]
    assert board.wounds(own) == 0


@pytest.mark.rules("NS-018")
def test_armour_does_not_stop_a_gauss_shot_unless_the_assumption_says_so(new_board):
    for pierces, wounds in ((True, 1), (False, 0)):
        board = new_board(assumptions={"gauss_pierces_armour": pierces})
        gauss = board.put(1, "gauss_cannon", "c1")
        gamma = board.put(2, "shooter_gamma", "c3", W)  # armoured front towards the cannon
        board.resolve(board.attack(gauss))
        assert board.wounds(gamma) == wounds


@pytest.mark.rules("NS-019")
def test_an_officer_does_not_strengthen_the_gauss_cannon(board):
    board.put(1, "officer", "c1")
    gauss = board.put(1, "gauss_cannon", "c2")
    assert board.call("shooting_bonus", gauss) == 1
    enemies = [board.put(2, "shooter_omega", label) for label in ("c3", "c4", "c5")]
    hits = board.attack(gauss)
    assert [board.hits_on(u, hits) for u in enemies] == [[1], [1], [1]]


@pytest.mark.rules("NS-020")
def test_the_gauss_cannon_survives_one_wound(board):
    gauss = board.put(1, "gauss_cannon", "c3")
    board.resolve([[gauss, board.put(2, "shooter_alpha", "c5", W), 1, True, W, False]])
    assert board.on_board(gauss)
    assert board.wounds(gauss) == 1


@pytest.mark.rules("NS-021")
def test_shooter_gamma_shoots_in_segment_2_and_again_in_1(board):
    gamma = board.put(1, "shooter_gamma", "c1")
    hq = board.put(2, "hq_doomsday", "c5")
    board.put(1, "hq_doomsday", "e1")
    assert board.segments(gamma) == [2, 1]
    board.segment(2)
    assert board.wounds(hq) == 1
    board.segment(1)
    assert board.wounds(hq) == 2
    board.segment(0)
    assert board.wounds(hq) == 2


@pytest.mark.rules("NS-022")
def test_shooter_gamma_has_toughness_and_armour(board):
    gamma = board.put(1, "shooter_gamma", "c3")  # armour on its front (east)
    front = board.put(2, "shooter_alpha", "c5", W)
    board.resolve(board.attack(front))
    assert board.wounds(gamma) == 0  # the armour takes the 1 away
    back = board.put(2, "shooter_alpha", "c1")
    board.resolve(board.attack(back))
    assert board.wounds(gamma) == 1
    assert board.on_board(gamma)  # toughness: still standing


@pytest.mark.rules("NS-024")
def test_the_splitter_survives_one_wound(board):
    splitter = board.put(1, "splitter", "c3")
    board.resolve([[splitter, board.put(2, "shooter_alpha", "c5", W), 1, True, W, False]])
    assert board.on_board(splitter)
    assert board.wounds(splitter) == 1


@pytest.mark.rules("NS-027")
def test_shooter_delta_shoots_and_has_armour(board):
    delta = board.put(1, "shooter_delta", "c3")
    target = board.put(2, "shooter_alpha", "c5", SW)
    assert board.hits_on(target, board.attack(delta)) == [1]
    board.resolve(board.attack(board.put(2, "shooter_alpha", "a3", "sw")))  # into its armoured front-left side
    assert board.wounds(delta) == 0
    assert board.on_board(delta)


@pytest.mark.rules("NS-031")
def test_the_fire_station_has_toughness_and_armour(board):
    station = board.put(1, "fire_station", "c3")
    board.resolve(board.attack(board.put(2, "shooter_alpha", "c5", W)))  # armoured front
    assert board.wounds(station) == 0
    board.resolve(board.attack(board.put(2, "shooter_alpha", "e1", "ne")))  # unarmoured back-right
    assert board.wounds(station) == 1
    assert board.on_board(station)


ARMY = [  # token, how many the army sheet gives, the ids the token's definition implements
    ("hq_doomsday", 1, ("NS-015",)),
    ("shooter_alpha", 2, ("NS-016",)),
    ("shooter_omega", 4, ("NS-017",)),
    ("gauss_cannon", 2, ("NS-018", "NS-020")),
    ("shooter_gamma", 1, ("NS-021", "NS-022")),
    ("shooter_delta", 1, ("NS-027",)),
    ("splitter", 2, ("NS-023", "NS-024")),
    ("doom_netter", 2, ("NS-028", "NS-029")),
    ("fire_station", 2, ("NS-030", "NS-031")),
    ("trap", 1, ("NS-032",)),
    ("medic", 5, ("NS-025", "NS-014")),
    ("officer", 2, ("NS-026",)),
    ("scout", 2, ("NS-034",)),
    ("combat_processor", 2, ("NS-035",)),
    ("battle", 4, ("NS-039",)),
    ("push_back", 1, ("NS-042",)),
    ("small_bomb", 1, ("NS-044",)),
]


@pytest.mark.parametrize(("token", "wanted"), [
    pytest.param(token, wanted, marks=pytest.mark.rules("NS-050", *ids), id=token) for token, wanted, ids in ARMY])
def test_the_mustered_army_has_exactly_the_sheets_count_of_each_token(board, token, wanted):
    board.call("muster", board.a)
    deck = Counter(t.def_id for t in board.game.zone("deck", board.a).items)
    assert deck[token] == wanted
    assert sum(deck.values()) == 35
