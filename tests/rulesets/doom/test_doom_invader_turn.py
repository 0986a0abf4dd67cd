"""The round and the invader player's turn (DOOM-035 ... DOOM-038, DOOM-055 ... DOOM-075); the
activation step is tested in test_invader_turn_activation.py."""


import pytest

from rulecraft.runtime import grid
from tests.rulesets.doom.test_invader_turn_activation import HIDDEN, picks_for
from tests.support.doom_tables import cards


def deck(t, n):
    return cards(t, "ambush", n, "invader_deck")


@pytest.mark.rules("DOOM-035", "DOOM-036", "DOOM-037")
def test_every_player_has_one_turn_a_round_marines_first_then_the_invader(new_table):
    t = new_table(marines=3)
    for i, p in enumerate(t.marines):
        t.marine(p, 1, 1 + i)
    deck(t, 10)
    for _ in range(2):
        t.game.call("play_round")
        t.game.end_round()
        t.game.begin_round()
    assert [e["player"] for e in t.log("turn")] == ["m1", "m2", "m3", "inv"] * 2


@pytest.mark.rules("DOOM-038")
def test_with_two_marines_the_missing_marines_turn_is_skipped(table):
    t = table
    for i, p in enumerate(t.marines):
        t.marine(p, 1, 1 + i)
    deck(t, 5)
    t.game.call("play_round")
    assert [e["player"] for e in t.log("turn")] == ["m1", "m2", "inv"]
    assert all(t.get(p, "color") != "blue" for p in t.marines)


@pytest.mark.rules("DOOM-055", "DOOM-056")
def test_the_invader_acts_after_the_marines_in_three_steps(table):
    t = table
    t.marine(t.marines[0], 1, 1)
    t.marine(t.marines[1], 1, 2)
    deck(t, 5)
    t.game.call("play_round")
    phases = [e["name"] for e in t.log("phase")]
    assert phases == ["marines", "invader_turn", "draw", "spawn", "activation"]


@pytest.mark.rules("DOOM-057")
def test_the_invader_draws_one_card_per_marine(new_table):
    t = new_table(marines=3)
    deck(t, 6)
    t.game.call("draw_and_discard", t.invader)
    assert len(t.hand()) == 3
    assert len(t.zone("invader_deck")) == 3


@pytest.mark.rules("DOOM-058")
def test_over_eight_cards_the_invader_discards_down_to_eight(new_table):
    t = new_table(marines=3)
    cards(t, "ambush", 7)
    deck(t, 5)
    t.game.call("draw_and_discard", t.invader)
    assert len(t.hand()) == 8
    assert len(t.zone("invader_discard")) == 2


@pytest.mark.rules("DOOM-059", "DOOM-060")
def test_drawing_the_last_card_scores_a_frag_and_reshuffles_the_discards(table):
    t = table
    deck(t, 1)
    cards(t, "regenerate", 4, "invader_discard")
    t.game.call("draw_invader_card", t.invader)
    assert t.get(t.invader, "frags") == 1
    assert len(t.zone("invader_deck")) == 4
    assert t.zone("invader_discard") == []
    assert [e["zone"] for e in t.log("shuffle")][-1] == "invader_deck"


@pytest.mark.rules("DOOM-059")
def test_drawing_from_an_empty_deck_with_an_empty_discard_scores_nothing(table):
    t = table
    deck(t, 1)
    t.game.call("draw_invader_card", t.invader)  # the last card: a frag, and nothing to reshuffle
    t.game.call("draw_invader_card", t.invader)
    t.game.call("draw_invader_card", t.invader)
    assert t.get(t.invader, "frags") == 1
    assert len(t.hand()) == 1


@pytest.mark.rules("DOOM-061")
def test_every_invader_card_is_an_event_or_a_spawn_card(table):
    t = table
    t.game.call("fill_invader_deck")
    kinds = {c.kind for c in t.zone("invader_deck")}
    assert kinds == {"spawn_card", "event_card"}
    assert len(t.zone("invader_deck")) == 16  # this project's deck: 10 spawn and 6 event cards


@pytest.mark.rules("DOOM-062", "DOOM-063")
def test_an_event_card_may_be_played_in_a_marines_turn_when_its_condition_holds(table):
    t = table
    t.marine(t.marines[0], 1, 1)
    imp = t.invader_at("imp", 6, 3)
    [card] = cards(t, "regenerate")
    with t.game.phase("marines"), t.game.turn(t.marines[0]):
        assert "condition" in t.refused("play_event", t.invader, card)
        t.set(imp, "wounded", 2)
        t.act("play_event", t.invader, card)
    assert t.get(imp, "wounded") == 0
    assert t.zone("invader_discard") == [card]
    assert "only the invader" in t.refused("play_event", t.marines[0], card)


@pytest.mark.rules("DOOM-064", "DOOM-065", "DOOM-068")
def test_one_spawn_card_a_turn_places_its_invaders_then_goes_to_the_discards(new_table):
    t = new_table(rows=HIDDEN)
    t.marine(t.marines[0], 1, 1)
    first, second = cards(t, "zombie_pack", 2)
    with t.game.phase("spawn"):
        t.act("play_spawn", t.invader, first, 1)
        assert "1 (and only 1)" in t.refused("play_spawn", t.invader, second, 1)
    zombies = t.game.select("zombie", at=t.game.zone("on_board"), by_definition=True)
    assert len(zombies) == 3
    assert t.zone("invader_discard") == [first]


@pytest.mark.rules("DOOM-066")
def test_no_invader_spawns_on_a_space_a_marine_sees(new_table):
    t = new_table(rows=HIDDEN)
    fig = t.marine(t.marines[0], 1, 1)
    spaces = t.game.call("spawn_spaces", "1x1")
    assert spaces
    assert all(not grid.grid_sees(t.game, "map", fig, s, []) for s in spaces)
    assert all(t.xy(s)[0] >= 6 for s in spaces)


@pytest.mark.rules("DOOM-067")
def test_three_imps_with_two_legal_spaces_places_two(new_table):
    t = new_table(rows=["#######", "#S..#.#", "#...#.#", "#######"])
    t.marine(t.marines[0], 1, 1)
    [card] = cards(t, "trite_nest")
    with t.game.phase("spawn"):
        t.act("play_spawn", t.invader, card, 1)
    assert len(t.game.select("trite", at=t.game.zone("on_board"), by_definition=True)) == 2


@pytest.mark.rules("DOOM-069")
def test_other_invaders_do_not_hide_a_space_from_a_marine_when_spawning(new_table):
    t = new_table(rows=["#######", "#S....#", "#######"])
    t.marine(t.marines[0], 1, 1)
    t.invader_at("imp", 3, 1)
    assert t.s(5, 1) not in t.game.call("spawn_spaces", "1x1")


@pytest.mark.rules("DOOM-070", "DOOM-071")
def test_a_divided_card_spawns_one_demon_or_an_imp_and_a_zombie_never_all_three(new_table):
    t = new_table(rows=HIDDEN)
    t.marine(t.marines[0], 1, 1)
    [card] = cards(t, "demon_or_pair")
    with t.game.phase("spawn"):
        t.act("play_spawn", t.invader, card, 2)
    placed = sorted(f.def_id for f in t.game.select("invader", at=t.game.zone("on_board")))
    assert placed == ["imp", "zombie"]
    u = new_table(rows=HIDDEN)
    u.marine(u.marines[0], 1, 1)
    [card] = cards(u, "demon_or_pair")
    with u.game.phase("spawn"):
        u.act("play_spawn", u.invader, card, 1)
    assert [f.def_id for f in u.game.select("invader", at=u.game.zone("on_board"))] == ["demon"]


@pytest.mark.rules("DOOM-072")
def test_no_figure_left_means_no_spawn_unless_one_is_taken_off_the_board(new_table):
    t = new_table(rows=HIDDEN, invader_answers=[1])  # decline removing a figure
    t.marine(t.marines[0], 1, 1)
    knights = [t.invader_at("hell_knight", 6, 1), t.invader_at("hell_knight", 8, 1)]
    for k in t.game.call("available", "hell_knight"):
        t.game.things.move(k, t.game.zone("invader_figures"))
    assert t.game.call("available", "hell_knight") == []
    assert not t.game.call("spawn_figure", t.invader, "hell_knight")
    assert all(t.on_board(k) for k in knights)


@pytest.mark.rules("DOOM-073")
def test_the_invader_may_take_a_figure_off_the_board_to_spawn_it_anew(new_table):
    t = new_table(rows=HIDDEN, invader_answers=[0, 0, 0])  # yes, the first knight, the first space
    t.marine(t.marines[0], 1, 1)
    first = t.invader_at("hell_knight", 8, 2)
    for k in t.game.call("available", "hell_knight"):
        t.game.things.move(k, t.game.zone("invader_figures"))
    assert t.game.call("spawn_figure", t.invader, "hell_knight")
    assert t.on_board(first)
    assert t.where(first) == (6, 1)


def on_board(t, definition):
    return t.game.select(definition, at=t.game.zone("on_board"), by_definition=True)


def hidden_table(new_table):
    t = new_table(rows=HIDDEN)
    t.marine(t.marines[0], 1, 1)
    t.marine(t.marines[1], 1, 2)
    return t


@pytest.mark.rules("DOOM-055", "DOOM-056")
def test_the_invaders_turn_draws_spawns_once_and_activates_what_is_on_the_board(new_table):
    t = hidden_table(new_table)
    ambush, = cards(t, "ambush", zone="invader_deck")
    pair, = cards(t, "imp_pair", zone="invader_deck")
    spare, = cards(t, "ambush", zone="invader_deck")
    t.game.zone("invader_deck").items[:] = [pair, ambush, spare]      # drawn in this order
    t.set(t.invader, "spawned", True)                                   # left from his last turn
    picks_for(t, {"play an event card now": False, "play a spawn card": True,
                  "what the activated invader does next": "end its activation"})
    t.call("play_invader_turn", t.invader)
    assert t.hand() == [ambush]                                        # 1 card a marine; the spawn card played
    assert t.zone("invader_deck") == [spare]
    assert t.zone("invader_discard") == [pair]
    assert t.get(t.invader, "spawned") is True
    imps = on_board(t, "imp")
    assert len(imps) == 2
    activated = [m for m in t.messages() if m.startswith("the invader player activates")]
    assert len(activated) == 2


@pytest.mark.rules("DOOM-055", "DOOM-056")
def test_the_invader_may_keep_his_spawn_card(new_table):
    t = hidden_table(new_table)
    pair, = cards(t, "imp_pair")
    cards(t, "ambush", 3, zone="invader_deck")
    picks_for(t, {"play an event card now": False, "play a spawn card": False})
    t.call("play_invader_turn", t.invader)
    assert pair in t.hand()
    assert len(t.hand()) == 3
    assert on_board(t, "imp") == []
    assert t.get(t.invader, "spawned") is False


@pytest.mark.rules("DOOM-055", "DOOM-056", "DOOM-062", "DOOM-063")
def test_an_event_card_played_in_his_turn_is_resolved_and_discarded(new_table):
    t = hidden_table(new_table)
    ambush, = cards(t, "ambush")
    cards(t, "imp_pair", 3, zone="invader_deck")
    picks_for(t, {"play an event card now": [True, False], "play a spawn card": False,
                  "what the activated invader does next": "end its activation"})
    t.call("play_invader_turn", t.invader)
    assert len(on_board(t, "zombie")) == 1
    assert t.zone("invader_discard") == [ambush]


@pytest.mark.rules("DOOM-063")
def test_an_ambush_spawns_exactly_one_zombie_and_goes_to_the_discards(new_table):
    t = hidden_table(new_table)
    first, second = cards(t, "ambush", 2)
    with t.game.phase("marines"), t.game.turn(t.marines[0]):
        t.act("play_event", t.invader, first)
    assert len(on_board(t, "zombie")) == 1                              # not one for the other ambush
    assert t.hand() == [second]
    assert t.zone("invader_discard") == [first]


@pytest.mark.rules("DOOM-063")
def test_a_regeneration_spawns_nothing_even_with_an_ambush_in_hand(new_table):
    t = hidden_table(new_table)
    imp = t.invader_at("imp", 8, 2)
    t.set(imp, "wounded", 2)
    regen, = cards(t, "regenerate")
    ambush, = cards(t, "ambush")
    with t.game.phase("marines"), t.game.turn(t.marines[0]):
        t.act("play_event", t.invader, regen)
    assert t.get(imp, "wounded") == 0
    assert on_board(t, "zombie") == []
    assert t.zone("invader_discard") == [regen]
    assert t.hand() == [ambush]


@pytest.mark.rules("DOOM-064", "DOOM-070", "DOOM-071")
def test_the_other_half_of_a_divided_card_spawns_its_own_group(new_table):
    t = hidden_table(new_table)
    card, = cards(t, "demon_or_pair")
    with t.game.phase("spawn"):
        t.act("play_spawn", t.invader, card, 2)
    assert (len(on_board(t, "imp")), len(on_board(t, "zombie")), len(on_board(t, "demon"))) == (1, 1, 0)


@pytest.mark.rules("DOOM-064")
def test_a_card_without_a_gray_line_has_no_second_half(new_table):
    t = hidden_table(new_table)
    card, = cards(t, "imp_pair")
    with t.game.phase("spawn"):
        assert t.refused("play_spawn", t.invader, card, 2) == "the card has no such half"
        assert t.refused("play_spawn", t.invader, card, 3) == "the card has no such half"
        assert t.get(t.invader, "spawned") is False
        t.act("play_spawn", t.invader, card, 1)
    assert len(on_board(t, "imp")) == 2


@pytest.mark.rules("DOOM-072")
def test_with_no_figure_left_the_log_says_none_is_available(new_table):
    t = new_table(rows=HIDDEN, invader_answers=[1])  # decline removing a figure
    t.marine(t.marines[0], 1, 1)
    t.invader_at("hell_knight", 6, 1)
    for k in t.game.call("available", "hell_knight"):
        t.game.things.move(k, t.game.zone("invader_figures"))
    assert not t.game.call("spawn_figure", t.invader, "hell_knight")
    assert t.messages()[-1] == "no hell_knight figure is available"


@pytest.mark.rules("DOOM-073")
@pytest.mark.parametrize("how", ["spawn", "place"])
def test_the_one_figure_in_use_of_its_type_is_taken_off_and_put_where_it_is_wanted(new_table, how):
    t = new_table(rows=HIDDEN, invader_answers=[0, 0, 0])  # yes, the first figure, the first space
    t.marine(t.marines[0], 1, 1)
    imp = t.invader_at("imp", 6, 2)
    zombie = t.invader_at("zombie", 8, 2)
    for z in t.game.call("available", "zombie"):
        t.game.things.move(z, t.game.zone("invader_figures"))
    if how == "spawn":
        assert t.game.call("spawn_figure", t.invader, "zombie")
    else:
        assert t.game.call("place_invader_at", t.invader, "zombie", t.s(9, 3))
    assert t.where(zombie) == ((6, 1) if how == "spawn" else (9, 3))
    assert t.where(imp) == (6, 2)
    assert t.get(zombie, "wounded") == 0


@pytest.mark.rules("DOOM-076", "DOOM-062")
def test_after_the_last_activation_the_invader_may_still_play_an_event(new_table):
    t = new_table(rows=HIDDEN)
    t.marine(t.marines[0], 1, 1)
    imp = t.invader_at("imp", 7, 1)
    ambush, = cards(t, "ambush")
    agent = picks_for(t, {"play an event card now": [False, True, False],
                          "what the activated invader does next": "end its activation"})
    t.call("activate_all", t.invader)
    assert len(agent.offered("play an event card now")) == 2     # as the imp's activation begins, then at the end
    assert len(on_board(t, "zombie")) == 1
    assert t.zone("invader_discard") == [ambush]
    activated = [m for m in t.messages() if m.startswith("the invader player activates")]
    assert activated == [f"the invader player activates {imp.name}"]     # the zombie came after


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
