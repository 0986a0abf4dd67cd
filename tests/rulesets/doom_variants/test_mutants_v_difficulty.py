"""The difficulty cards' numbers at their edges, by exact outcome: what `rulecraft mutate` showed
the other tests let pass (DOOMX-176, DOOMX-177)."""

import pytest

import rulecraft

V = "doom/variants/"


def dealt(mod, **assumptions):
    """A base game with one difficulty card laid out, these assumptions overridden, the starting
    equipment given and the starting cards dealt: the game and the first marine's bin."""
    rules = rulecraft.load("doom", [V + mod])
    game = rulecraft.Game(rules, seed=1, players=["inv", "m1", "m2"], assumptions=assumptions)
    game.call("choose_roles", game.players[0])
    game.call("choose_scenario", game.players[0])
    game.call("give_equipment")
    game.call("deal_starting_cards")
    return game, game.call("bin_of", game.players[1])


def invader_draws(game):
    return [(e["count"], e["to"]) for e in game.log if e["what"] == "draw" and e["zone"] == "invader_deck"]


@pytest.mark.rules("DOOMX-176")
def test_too_young_to_die_with_no_extra_invader_card_draws_nothing_more():
    game, _ = dealt("too-young-to-die", too_young_invader_cards=0)
    assert invader_draws(game) == [(5, "invader_hand")]               # the base game's deal only
    assert len(game.zone("invader_hand").items) == 5


@pytest.mark.rules("DOOMX-177")
def test_nightmare_with_no_extra_invader_card_draws_nothing_more():
    game, _ = dealt("nightmare", nightmare_invader_cards=0)
    assert invader_draws(game) == [(5, "invader_hand")]
    assert len(game.zone("invader_hand").items) == 5


@pytest.mark.rules("DOOMX-177")
def test_nightmare_deals_its_extra_invader_cards_in_a_draw_of_their_own():
    game, _ = dealt("nightmare")
    assert invader_draws(game) == [(5, "invader_hand"), (3, "invader_hand")]


@pytest.mark.rules("DOOMX-177")
@pytest.mark.parametrize("change, bullets", [(0, 3), (1, 4), (-2, 1), (-9, 0)])   # 3 without a change
def test_ultra_violence_changes_the_starting_bullets_but_never_below_none(change, bullets):
    game, b = dealt("ultra-violence", ultra_violence_bullets=change)
    assert game.get(b, "bullets") == bullets


CARD_NUMBERS = [("too-young-to-die", "too_young"), ("hey-not-too-rough", "not_too_rough"),
                ("nightmare", "nightmare"), ("ultra-violence", "ultra_violence")]


def each_card(easier):
    rule = "DOOMX-176" if easier else "DOOMX-177"
    cards = CARD_NUMBERS[:2] if easier else CARD_NUMBERS[2:]
    return [pytest.param(mod, prefix, marks=pytest.mark.rules(rule)) for mod, prefix in cards]


def starting(game, b):
    return [game.get(b, k) for k in ("wounds", "armor", "bullets")]


@pytest.mark.parametrize("mod, prefix", each_card(True) + each_card(False))
def test_each_card_adds_its_numbers_to_the_starting_tokens(mod, prefix):
    game, b = dealt(mod, **{f"{prefix}_{k}": 1 for k in ("wounds", "armor", "bullets")})
    assert starting(game, b) == [10, 3, 4]                       # the base game's 9, 2, 3, each + 1


@pytest.mark.parametrize("mod, prefix", each_card(True) + each_card(False))
def test_each_card_leaves_a_wound_and_no_fewer_than_no_armor_or_bullets(mod, prefix):
    game, b = dealt(mod, **{f"{prefix}_wounds": -99, f"{prefix}_armor": -9, f"{prefix}_bullets": -9})
    assert starting(game, b) == [1, 0, 0]


@pytest.mark.parametrize("mod, prefix", each_card(True) + each_card(False))
def test_each_card_deals_its_extra_invader_cards_to_the_invader_player_alone(mod, prefix):
    game, _ = dealt(mod, **{f"{prefix}_invader_cards": 1})
    assert invader_draws(game) == [(5, "invader_hand"), (1, "invader_hand")]
    inv, m1, m2 = game.players
    assert all(game.knows(inv, c) and not game.knows(m1, c) for c in game.zone("invader_hand").items)
    none, _ = dealt(mod, **{f"{prefix}_invader_cards": 0})
    assert invader_draws(none) == [(5, "invader_hand")]
