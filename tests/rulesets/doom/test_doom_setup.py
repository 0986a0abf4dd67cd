"""The seven setup steps and Knee Deep in the Dead's setup (DOOM-016 ... DOOM-034, DOOM-074/075)."""

import functools

import pytest

import rulecraft
from rulecraft import IllegalAction
from rulecraft.runtime import grid


def knee_deep(seed=1, players=None):
    return rulecraft.new_game("doom", seed=seed, scenario="knee_deep", players=players)


def role(game, p):
    return game.get(p, "role")


@pytest.mark.rules("DOOM-016", "DOOM-017")
def test_knee_deep_setup_makes_exactly_one_invader_player():
    game = knee_deep()
    roles = [role(game, p) for p in game.players]
    assert roles.count("invader") == 1
    assert roles.count("marine") == 2


@pytest.mark.rules("DOOM-017")
def test_a_side_is_one_of_a_declared_enum_and_reads_as_the_same_text():
    """The side was a text; as the enum `side` a player's role still reads "marine" or "invader"
    (logs, the API), and a player the setup has not reached has none yet."""
    assert rulecraft.load("doom").enums["side"] == ("no_side", "marine", "invader")
    assert rulecraft.Game(rulecraft.load("doom")).players[0].props["role"] == "no_side"
    game = knee_deep()
    assert sorted(role(game, p) for p in game.players) == ["invader", "marine", "marine"]


@pytest.mark.rules("DOOM-018")
def test_the_invader_player_may_be_chosen_at_random():
    chosen = {next(p.name for p in g.players if role(g, p) == "invader") for g in (knee_deep(s) for s in range(1, 12))}
    assert len(chosen) > 1


@pytest.mark.rules("DOOM-019")
def test_with_four_players_three_marines_take_different_colours(new_table):
    t = new_table(marines=3)
    assert sorted(t.get(p, "color") for p in t.marines) == ["blue", "green", "red"]
    assert {t.get(p, "role") for p in t.marines} == {"marine"}


@pytest.mark.rules("DOOM-020")
def test_the_invader_player_selects_the_scenario(table):
    assert table.game.call("choose_scenario", table.invader) == "knee_deep"
    with pytest.raises(IllegalAction):
        table.game.call("choose_scenario", table.marines[0])


@pytest.mark.rules("DOOM-021")
def test_only_the_starting_area_is_built_at_setup():
    game = knee_deep()
    assert not grid.grid_area_open(game, "map", "hall")
    assert not grid.grid_area_open(game, "map", "store")
    exit_space = grid.grid_marked(game, "map", "exit")
    assert exit_space == []  # the exit is in the hall, not yet on the board
    assert len(grid.grid_marked(game, "map", "start")) == 3


@pytest.mark.rules("DOOM-022")
def test_the_compass_rose_is_placed_pointing_as_the_scenario_says():
    game = knee_deep()
    rose = game.find("compass_rose_token")
    assert game.get(rose, "facing") == 0


@pytest.mark.rules("DOOM-023")
def test_scatter_directions_are_read_from_the_compass_rose(table):
    g = table.game
    centre = table.s(4, 2)
    assert g.call("scatter", centre, 0) == table.s(4, 1)  # north is up
    g.set(g.find("compass_rose_token"), "facing", 2)       # the rose's north points east
    assert g.call("scatter", centre, 0) == table.s(5, 2)
    assert g.call("scatter", centre, 4) == table.s(3, 2)


@pytest.mark.rules("DOOM-024", "DOOM-025")
def test_starting_pieces_marines_on_start_spaces_and_the_starting_areas_equipment():
    game = knee_deep()
    starts = grid.grid_marked(game, "map", "start")
    marines = game.select("marine")
    assert sorted(grid.grid_where(game, "map", m) for m in marines) == starts[:2]
    pickups = game.select("pickup")
    assert [(p.def_id, game.get(p, "space")) for p in pickups] == [("bullets_pickup", grid.grid_marked(game, "map", "bullets")[0])]
    assert game.select("invader", at=game.zone("on_board")) == []  # the hall's invaders wait for the hall


@pytest.mark.rules("DOOM-026")
def test_each_marine_receives_the_bin_of_his_colour(new_table):
    t = new_table(marines=3)
    for p in t.marines:
        b = t.bin(p)
        assert b.owner is p
        assert t.get(b, "color") == t.get(p, "color")
        assert b.def_id == f"{t.get(p, 'color')}_bin"


@pytest.mark.rules("DOOM-027")
@pytest.mark.parametrize(("marines", "tokens"), [(1, (4, 10, 2)), (2, (3, 9, 2)), (3, (2, 8, 2))])
def test_starting_tokens_depend_on_the_number_of_marines(new_table, marines, tokens):
    t = new_table(marines=marines)
    for p in t.marines:
        b = t.bin(p)
        assert (t.get(b, "bullets"), t.get(b, "wounds"), t.get(b, "armor")) == tokens
        assert t.get(b, "rockets") == t.game.assume["starting_rockets"]


@pytest.mark.rules("DOOM-028")
def test_three_players_means_two_marines_with_three_ammo_nine_wounds_two_armor():
    game = knee_deep()
    assert len(game.players) == 3
    for b in game.select("equipment_bin"):
        assert (game.get(b, "bullets"), game.get(b, "wounds"), game.get(b, "armor")) == (3, 9, 2)


@pytest.mark.rules("DOOM-029")
def test_marine_and_invader_cards_are_two_separately_shuffled_decks():
    game = knee_deep()
    shuffled = [e["zone"] for e in game.log if e["what"] == "shuffle"]
    assert "marine_deck" in shuffled
    assert "invader_deck" in shuffled
    assert all(c.kind == "marine_card" for c in game.zone("marine_deck").items)
    assert all(c.kind in ("spawn_card", "event_card") for c in game.zone("invader_deck").items)


@pytest.mark.rules("DOOM-030", "DOOM-031")
@pytest.mark.parametrize(("marines", "cards"), [(1, 3), (2, 3), (3, 2)])
def test_marines_draw_starting_cards_face_up(doom, marines, cards):
    names = ["inv", "a", "b", "c"][: marines + 1]
    game = rulecraft.Game(doom, seed=2, players=names)
    game.call("choose_roles", game.players[0])
    game.call("deal_starting_cards")
    for p in game.players[1:]:
        hand = game.zone("marine_cards", p).items
        assert len(hand) == cards
        assert all(not c.face_down and all(game.knows(q, c) for q in game.players) for c in hand)


@pytest.mark.rules("DOOM-032", "DOOM-033")
def test_the_invader_draws_five_cards_whatever_the_marines_and_keeps_them_hidden(doom):
    game = rulecraft.Game(doom, seed=2, players=["inv", "solo"])
    game.call("choose_roles", game.players[0])
    game.call("deal_starting_cards")
    hand = game.zone("invader_hand").items
    assert len(hand) == 5
    assert all(game.knows(game.players[0], c) and not game.knows(game.players[1], c) for c in hand)


@pytest.mark.rules("DOOM-034")
def test_the_first_marine_sits_left_of_the_invader(doom):
    game = rulecraft.Game(doom, seed=2, players=["a", "b", "c", "d"])
    game.call("choose_roles", game.players[2])  # c is the invader: d sits to his left, then a, b
    assert [p.name for p in game.call("turn_order")] == ["d", "a", "b"]


@pytest.mark.rules("DOOM-074", "DOOM-075")
def test_invader_figures_of_an_unused_marines_colour_stay_in_the_box(new_table):
    g = new_table().game
    reserve = g.zone("reserve").items
    assert {g.get(f, "color") for f in reserve} == {"red", "green"}
    assert len(reserve) == 63 - 21
    blue = [f for f in g.zone("invader_figures").items]
    assert blue
    assert all(g.get(f, "color") == "blue" for f in blue)
    assert all(g.get(f, "color") != "blue" for f in g.call("available", "cyberdemon"))


@pytest.mark.rules("DOOM-016")
def test_a_round_of_knee_deep_gives_every_player_his_turn():
    game = knee_deep()
    rulecraft.run(game, "knee_deep", max_rounds=1)
    invader = next(p.name for p in game.players if game.get(p, "role") == "invader")
    turns = [e["player"] for e in game.log if e["what"] == "turn"]
    assert len(turns) == 3
    assert turns[-1] == invader
    assert invader not in turns[:2]


@pytest.mark.rules("DOOM-017", "DOOM-018")
def test_an_invader_chosen_anywhere_at_the_table_gets_one_seat_and_the_marines_follow_on_his_left(doom):
    game = rulecraft.Game(doom, seed=1, players=["a", "b", "c", "d"])
    game.begin_round()
    _a, b, _c, _d = game.players
    game.call("choose_roles", b)                   # e.g. chosen at random: not the first player
    assert [game.get(p, "seat") for p in game.players] == [0, 1, 2, 3]
    assert [game.get(p, "role") for p in game.players] == ["marine", "invader", "marine", "marine"]
    assert [p.name for p in game.call("turn_order")] == ["c", "d", "a"]


@pytest.mark.rules("DOOM-022")
@pytest.mark.parametrize("facing", [0, 3, 6])
def test_the_compass_rose_points_where_the_scenario_says(doom, facing):
    game = rulecraft.Game(doom, seed=1, players=["inv", "m1"])
    game.begin_round()
    game.call("place_compass", facing)
    rose = game.find("compass_rose_token")
    assert game.get(rose, "facing") == facing


@pytest.mark.rules("DOOM-029")
def test_the_two_decks_hold_all_their_cards_once_the_starting_hands_are_dealt():
    game = knee_deep()
    marine_deck = game.zone("marine_deck").items
    invader_deck = game.zone("invader_deck").items
    hand = game.zone("invader_hand").items
    dealt = sum(len(game.zone("marine_cards", p).items) for p in game.players if game.get(p, "role") == "marine")
    assert dealt == 6
    assert len(marine_deck) + dealt == game.assume["marine_deck_size"] == 30
    assert len(invader_deck) + len(hand) == 16
    assert len(hand) == 5
    assert {c.kind for c in marine_deck} == {"marine_card"}
    assert {c.kind for c in invader_deck + hand} == {"spawn_card", "event_card"}


@pytest.mark.rules("DOOM-025")
def test_each_equipment_token_of_the_starting_area_is_announced_as_placed():
    game = knee_deep()
    placed = [e["args"][0] for e in game.log if e["what"] == "event" and e["event"] == "equipment_placed"]
    pickups = game.select("pickup")
    assert len(pickups) == 1
    assert placed == [pickups[0].ref]


@pytest.mark.rules("DOOM-025")
def test_the_equipment_token_of_a_revealed_area_is_announced_as_placed():
    game = knee_deep()
    width = 18                                                           # knee_deep_rows
    m = next(p for p in game.players if game.get(p, "role") == "marine")
    fig = game.call("figure_of", m)
    grid.grid_remove(game, "map", fig)
    grid.grid_place(game, "map", fig, 3 * width + 2, "1x1", "marines")     # next to the store's door
    start = len(game.log)
    game.act("declare_action", m, "advance")
    game.act("open_door", m, 4 * width + 2)
    placed = [e["args"][0] for e in game.log[start:] if e["what"] == "event" and e["event"] == "equipment_placed"]
    shotgun = [p for p in game.select("pickup") if p.def_id == "shotgun_pickup"]
    assert len(shotgun) == 1
    assert placed == [shotgun[0].ref]
    assert game.get(shotgun[0], "space") == grid.grid_marked(game, "map", "shotgun")[0]


# (2,1) and (3,2) touch at a corner between the walls (3,1) and (2,2).
GAP = [
    "#######",
    "#S.#..#",
    "#S#...#",
    "#.....#",
    "#######",
]


@pytest.mark.rules("DOOM-021")
@pytest.mark.parametrize(("squeeze", "cost"), [(False, 3), (True, 1)])
def test_the_board_built_at_setup_follows_the_board_rules_set_for_the_game(new_table, monkeypatch, squeeze, cost):
    monkeypatch.setattr(rulecraft, "Game", functools.partial(rulecraft.Game, assumptions={"diagonal_squeeze": squeeze}))
    t = new_table(rows=GAP)
    m = t.marines[0]
    t.marine(m, 2, 1)
    t.declare(m, "sprint")
    t.act("move_marine", m, t.s(3, 2))
    assert t.get(m, "moves_left") == 8 - cost              # round the walls, or through the gap
