"""Exact outcomes of the invader player's turn and cards, written so that a broken rule shows
(issue 12: the rule-mutation score)."""

import pytest

from tests.rulesets.doom.test_invader_turn_activation import HIDDEN, picks_for


def cards(t, definition, n=1, zone="invader_hand"):
    made = t.game.create(definition, n, t.game.zone(zone), None, True)
    return made if isinstance(made, list) else [made]


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
    assert pair in t.hand() and len(t.hand()) == 3
    assert on_board(t, "imp") == [] and t.get(t.invader, "spawned") is False


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
    assert t.zone("invader_discard") == [regen] and t.hand() == [ambush]


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
    assert t.where(imp) == (6, 2) and t.get(zombie, "wounded") == 0


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
    assert len(on_board(t, "zombie")) == 1 and t.zone("invader_discard") == [ambush]
    activated = [m for m in t.messages() if m.startswith("the invader player activates")]
    assert activated == [f"the invader player activates {imp.name}"]     # the zombie came after
