"""The marine-card variants: Elite Training (DOOMX-180), Texas Hold'em (DOOMX-184/185),
Three-Card Program (DOOMX-186/187), Special Forces Training (DOOMX-198) and Task Force
Training (DOOMX-199)."""

import pytest


def deal(t):
    t.game.call("deal_starting_cards")


def choices(t, prompt_part):
    return [e for e in t.log("choice") if prompt_part in e["prompt"]]


@pytest.mark.rules("DOOMX-180")
def test_elite_training_draws_one_more_card_and_gives_one_up(table):
    t = table("elite-training", marines=2)
    deal(t)
    given_up = choices(t, "gives up")
    assert [(e["player"], e["options"]) for e in given_up] == [("m1", 4), ("m2", 4)]
    assert [len(t.cards(p)) for p in t.marines] == [3, 3]
    deck = t.zone("marine_deck")
    assert len(deck) == 30 - 6
    refs = {c.ref: c for c in deck}
    for e in given_up:                      # the card given up is back in the deck, face down
        assert e["picked"] in refs
        assert refs[e["picked"]].face_down


@pytest.mark.rules("DOOMX-180")
def test_the_marine_chooses_which_card_he_gives_up(table):
    t = table("elite-training", marines=1, answers=[3])   # the 4th card: the one just drawn
    deal(t)
    (m,) = t.marines
    (choice,) = choices(t, "gives up")
    assert choice["picked"] not in [c.ref for c in t.cards(m)]
    assert len(t.cards(m)) == 3
    gone = next(c for c in t.zone("marine_deck") if c.ref == choice["picked"])
    assert choice["options"] == 4
    assert gone.face_down


@pytest.mark.rules("DOOMX-184", "DOOMX-185")
def test_texas_holdem_deals_no_starting_cards_and_lays_one_in_the_middle(table):
    t = table("texas-holdem", marines=3)
    deal(t)
    assert [t.cards(p) for p in t.marines] == [[], [], []]
    (middle,) = t.zone("table_middle")
    assert not middle.face_down
    assert all(t.game.knows(p, middle) for p in t.game.players)
    assert "no marine receives starting cards (Texas Hold'em)" in t.texts()


@pytest.mark.rules("DOOMX-185")
def test_every_marine_uses_the_middle_card(table):
    t = table("texas-holdem", marines=3)
    deal(t)
    (middle,) = t.zone("table_middle")
    assert [t.game.call("cards_in_use", p) for p in t.marines] == [[middle]] * 3


def test_in_the_base_game_a_marine_uses_his_own_cards(table):
    t = table(marines=2)
    deal(t)
    for p in t.marines:
        assert t.game.call("cards_in_use", p) == t.cards(p)
        assert len(t.cards(p)) == 3


@pytest.mark.rules("DOOMX-186")
def test_three_card_program_sets_an_imp_of_each_colour_with_a_card_beside_the_map(table):
    t = table("three-card-program", marines=3)
    in_reserve = len([f for f in t.zone("reserve") if f.def_id == "imp"])
    deal(t)
    beside = t.zone("beside_map")
    imps = sorted(t.get(f, "color") for f in beside if f.def_id == "imp")
    cards = sorted(t.get(c, "next_to_imp") for c in beside if c.kind == "marine_card")
    assert imps == cards == ["blue", "green", "red"]
    assert all(not c.face_down for c in beside if c.kind == "marine_card")
    assert len([f for f in t.zone("reserve") if f.def_id == "imp"]) == in_reserve - 3
    assert [t.cards(p) for p in t.marines] == [[], [], []]


@pytest.mark.rules("DOOMX-186", "DOOMX-187")
def test_each_marine_uses_the_card_at_the_imp_of_his_colour(table):
    t = table("three-card-program", marines=2)
    deal(t)
    beside = t.zone("beside_map")
    assert len([f for f in beside if f.def_id == "imp"]) == 3   # one imp of each colour, two from the box
    for p in t.marines:
        (card,) = t.game.call("cards_in_use", p)
        assert t.get(card, "next_to_imp") == t.get(p, "color")


@pytest.mark.rules("DOOMX-198")
def test_special_forces_choose_their_cards_in_turn_counterclockwise(table):
    t = table("special-forces-training", marines=3)
    assert [p.name for p in t.game.call("turn_order")] == ["m1", "m2", "m3"]
    deal(t)
    picks = choices(t, "Special Forces")
    assert [e["player"] for e in picks] == ["m3", "m2", "m1"] * 2      # 3 marines: 2 cards each
    assert [len(t.cards(p)) for p in t.marines] == [2, 2, 2]
    assert all(not c.face_down for p in t.marines for c in t.cards(p))
    assert len(t.zone("marine_deck")) == 30 - 6


@pytest.mark.rules("DOOMX-198")
def test_a_special_forces_marine_takes_the_card_he_names(table):
    t = table("special-forces-training", marines=1, answers=[29, 0, 0])
    last = t.zone("marine_deck")[-1] if t.zone("marine_deck") else None
    deal(t)
    (m,) = t.marines
    assert [e["options"] for e in choices(t, "Special Forces")] == [30, 29, 28]
    assert last is None
    assert len(t.cards(m)) == 3
    assert choices(t, "Special Forces")[0]["picked"] == t.cards(m)[0].ref


TRADE = {"m1": [True, 0, 0, False], "m2": [True, False, False]}   # m1 offers his first card for m2's first


@pytest.mark.rules("DOOMX-199")
def test_task_force_marines_trade_cards_and_keep_their_number(table):
    t = table("task-force-training", marines=2, answers=TRADE)
    t.game.call("deal_starting_cards")
    m1, m2 = t.marines
    untraded = table("task-force-training", marines=2, answers={"m1": [False, False], "m2": [False, False]})
    deal(untraded)
    hands = [[c.ref for c in untraded.cards(p)] for p in untraded.marines]
    gave, took = hands[0][0], hands[1][0]
    assert [len(t.cards(p)) for p in t.marines] == [3, 3]
    assert sorted(c.ref for c in t.cards(m1)) == sorted([*hands[0][1:], took])
    assert sorted(c.ref for c in t.cards(m2)) == sorted([*hands[1][1:], gave])
    assert f"{m1.name} and {m2.name} trade a marine card" in t.texts()


@pytest.mark.rules("DOOMX-199")
def test_a_refused_trade_moves_no_card(table):
    t = table("task-force-training", marines=2, answers={"m1": [True, 0, 0, False], "m2": [False, False]})
    deal(t)
    assert [len(t.cards(p)) for p in t.marines] == [3, 3]
    assert not [x for x in t.texts() if "trade a marine card" in x]


@pytest.mark.rules("DOOMX-180")
def test_the_card_elite_training_draws_is_shown_to_everybody(table):
    t = table("elite-training", marines=2)
    t.game.call("deal_starting_cards")
    assert all(t.game.knows(q, c) for p in t.marines for c in t.cards(p) for q in t.game.players)


@pytest.mark.rules("DOOMX-198")
def test_special_forces_take_the_deck_down_to_its_last_card(table):
    t = table("special-forces-training", marines=1)
    t.game.assume["marine_deck_size"] = 2
    t.game.call("deal_starting_cards")
    (m,) = t.marines
    assert len(t.cards(m)) == 2
    assert t.zone("marine_deck") == []
    assert len([e for e in t.log("choice") if "Special Forces" in e["prompt"]]) == 2  # nothing left to choose from


@pytest.mark.rules("DOOMX-199")
def test_task_force_asks_no_trade_of_a_marine_without_cards_or_partners(table):
    t = table("task-force-training", marines=2)
    t.game.assume["marine_deck_size"] = 3
    t.game.call("deal_starting_cards")
    _m1, _m2 = t.marines
    assert [len(t.cards(p)) for p in t.marines] == [3, 0]
    assert not [e for e in t.log("choice") if "trade" in e["prompt"]]
