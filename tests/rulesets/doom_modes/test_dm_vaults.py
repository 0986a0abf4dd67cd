"""Vaults and security keys (DOOMX-123 ... DOOMX-128)."""

import pytest

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
    assert t.where(t.a) == (4, 4) and t.get(t.a, "moves_left") == 4
    assert "shotgun" not in t.get(t.bin(t.a), "weapons") and "bfg" in t.get(t.bin(t.a), "weapons")
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
    assert t.tokens("security_key", "carried", t.a) == [] and t.on_map("security_key") == [(3, 1)]
    assert t.get(t.a, "out") is False


@pytest.mark.rules("DOOMX-127")
def test_a_marine_still_in_the_vault_when_the_key_returns_is_fragged_and_loses_a_point(vault):
    t = vault
    t.set(t.a, "frag_markers", 2)
    take_key(t)
    t.move(t.a, 5, 4)
    t.call("key_returns", t.a)
    assert t.get(t.a, "out") is True and t.get(t.a, "frag_markers") == 1
    assert t.on_map("security_key") == [(3, 1)]


@pytest.mark.rules("DOOMX-128")
def test_a_fragged_key_carrier_sends_the_key_back_at_once(vault):
    t = vault
    take_key(t)
    t.call("dm_frag", t.a, t.b, True)
    assert t.on_map("security_key") == [(3, 1)] and t.zone("carried", t.a) == []
