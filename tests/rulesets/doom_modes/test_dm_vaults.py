"""Vaults and security keys (DOOMX-123 ... DOOMX-128)."""

import pytest

from rulecraft.runtime import grid

VAULT = [
    "##########",
    "#1.k....2#",
    "#.......3#",
    "####S#####",
    "###VBV####",
    "##########",
]


def make(match):
    t = match(rows=VAULT)
    t.a, t.b = t.p
    t.put(t.a, 2, 1)
    t.put(t.b, 8, 1)
    return t


@pytest.fixture
def vault(match):
    return make(match)


def take_key(t):
    t.declare(t.a, "sprint")
    t.move(t.a, 3, 1)
    assert [e.def_id for e in t.zone("carried", t.a)] == ["security_key"]


@pytest.mark.rules("DOOMX-123")
def test_a_vault_is_a_sealed_area_of_the_map(match):
    t = make(match)
    import rulecraft.runtime.grid as grid
    assert [t.xy(s) for s in grid.grid_area_spaces(t.game, "map", "vault")] == [(3, 4), (4, 4), (5, 4)]
    assert grid.grid_terrain(t.game, "map", t.s(4, 3)) == "wall"


@pytest.mark.rules("DOOMX-124")
def test_a_security_door_cannot_be_opened(match):
    t = make(match)
    t.declare(t.a, "advance")
    t.move(t.a, 4, 2)
    assert "not a closed door" in t.refused("open_door", t.a, t.s(4, 3))
    assert t.call("door_choices", t.a) == []
    assert "cannot end a move" in t.refused("dm_move", t.a, t.s(4, 4))


@pytest.mark.rules("DOOMX-125")
def test_the_matching_key_passes_the_security_door_as_if_there_were_none(vault):
    t = vault
    take_key(t)
    t.move(t.a, 4, 4)                                  # 3 spaces, through the door
    assert t.where(t.a) == (4, 4)
    assert t.get(t.a, "moves_left") == 4
    assert "shotgun" not in t.get(t.bin(t.a), "weapons")
    assert "bfg" in t.get(t.bin(t.a), "weapons")
    assert "stop in a security door" in t.refused("dm_move", t.a, t.s(4, 3))
    import rulecraft.runtime.grid as grid
    assert grid.grid_terrain(t.game, "map", t.s(4, 3)) == "wall"      # closed again behind him


@pytest.mark.rules("DOOMX-126")
def test_after_one_use_the_key_returns_to_its_place_at_the_end_of_the_turn(vault):
    t = vault
    take_key(t)
    t.move(t.a, 4, 4)
    t.move(t.a, 4, 2)                                  # in and out again
    assert t.zone("carried", t.a) != []
    t.call("key_returns", t.a)
    assert t.tokens("security_key", "carried", t.a) == []
    assert t.on_map("security_key") == [(3, 1)]
    assert t.get(t.a, "out") is False


@pytest.mark.rules("DOOMX-127")
def test_a_marine_still_in_the_vault_when_the_key_returns_is_fragged_and_loses_a_point(vault):
    t = vault
    t.set(t.a, "frag_markers", 2)
    take_key(t)
    t.move(t.a, 5, 4)
    t.call("key_returns", t.a)
    assert t.get(t.a, "out") is True
    assert t.get(t.a, "frag_markers") == 1
    assert t.on_map("security_key") == [(3, 1)]


@pytest.mark.rules("DOOMX-128")
def test_a_fragged_key_carrier_sends_the_key_back_at_once(vault):
    t = vault
    take_key(t)
    t.call("dm_frag", t.a, t.b, True)
    assert t.on_map("security_key") == [(3, 1)]
    assert t.zone("carried", t.a) == []


def key_in_hand(match, action):
    t = make(match)
    t.declare(t.a, action)
    t.move(t.a, 3, 1)
    assert [e.def_id for e in t.zone("carried", t.a)] == ["security_key"]
    return t


@pytest.mark.rules("DOOMX-125")
def test_a_readying_marine_who_moves_with_the_key_may_no_longer_attack(match):
    t = key_in_hand(match, "ready")
    t.set(t.a, "attacks_left", 1)
    t.move(t.a, 4, 2)
    assert t.where(t.a) == (4, 2)
    assert t.get(t.a, "attacks_left") == 0


@pytest.mark.rules("DOOMX-125")
def test_the_key_is_used_only_by_a_move_into_or_out_of_the_vault(match):
    t = key_in_hand(match, "sprint")
    t.move(t.a, 5, 2)                                  # with the key, but outside the vault
    assert t.get(t.a, "key_used") is False
    t.call("key_returns", t.a)
    assert t.tokens("security_key", "carried", t.a) != []
    t.move(t.a, 4, 4)                                  # through the security door
    assert t.get(t.a, "key_used") is True
    t.move(t.a, 4, 2)
    t.call("key_returns", t.a)
    assert t.on_map("security_key") == [(3, 1)]
    assert t.get(t.a, "out") is False


@pytest.mark.rules("DOOMX-125")
def test_a_move_with_the_key_keeps_the_rules_of_a_move(match):
    t = key_in_hand(match, "advance")
    assert t.get(t.a, "moves_left") == 3
    assert t.get(t.a, "moved") is True
    assert "a move goes to another space" in t.refused("dm_move", t.a, t.s(3, 1))
    assert "cannot end a move there" in t.refused("dm_move", t.a, t.s(0, 0))
    assert "cannot end a move there" in t.refused("dm_move", t.a, t.s(7, 1))      # 4 spaces away, 3 left
    t.move(t.a, 6, 1)
    assert t.where(t.a) == (6, 1)
    assert t.get(t.a, "moves_left") == 0
    assert "no movement is left" in t.refused("dm_move", t.a, t.s(5, 1))


@pytest.mark.rules("DOOMX-125")
def test_a_marine_with_the_key_declares_his_action_before_moving(match):
    t = key_in_hand(match, "advance")
    t.set(t.a, "chosen", "")
    assert "declare one of the four actions" in t.refused("dm_move", t.a, t.s(4, 1))
    t.set(t.a, "chosen", "advance")
    t.set(t.a, "moved", False)
    t.move(t.a, 4, 1)
    assert t.get(t.a, "moved") is True


@pytest.mark.rules("DOOMX-096")
def test_a_key_sent_back_returns_to_the_space_where_it_lay(match):
    t = match(rows=VAULT)
    a, b = t.p
    t.put(a, 2, 1)
    t.put(b, 8, 1)
    t.declare(a, "sprint")
    t.move(a, 3, 1)
    t.move(a, 6, 1)
    t.call("dm_frag", a, b, True)
    assert t.on_map("security_key") == [(3, 1)]
    assert t.said("the security key returns to its place")


@pytest.mark.rules("DOOMX-123")
def test_the_vault_is_part_of_the_board_and_a_key_holder_enters_it(match):
    t = match(rows=VAULT)
    a, b = t.p
    t.put(a, 2, 1)
    t.put(b, 8, 1)
    assert grid.grid_area_open(t.game, "map", "vault")
    t.declare(a, "sprint")
    t.move(a, 3, 1)
    t.move(a, 4, 4)
    assert t.where(a) == (4, 4)


@pytest.mark.rules("DOOMX-127")
def test_a_marine_shut_in_the_vault_is_told_so(match):
    t = match(rows=VAULT)
    a, b = t.p
    t.put(a, 2, 1)
    t.put(b, 8, 1)
    t.declare(a, "sprint")
    t.move(a, 3, 1)
    t.move(a, 5, 4)
    t.call("key_returns", a)
    assert t.said("shut in the vault") == ["m1 is shut in the vault"]
    assert t.get(a, "out") is True  # fragged by the vault
