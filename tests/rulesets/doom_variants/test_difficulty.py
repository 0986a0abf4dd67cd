"""The difficulty cards (DOOMX-175 ... DOOMX-177): one mod per card, exactly one per game."""

import pytest

import rulecraft

CARDS = ["too-young-to-die", "hey-not-too-rough", "hurt-me-plenty", "ultra-violence", "nightmare"]


def equipped(t):
    t.game.call("deal_starting_cards")
    b = t.bin(t.marines[0])
    return {"wounds": t.get(b, "wounds"), "armor": t.get(b, "armor"), "bullets": t.get(b, "bullets"),
            "invader cards": len(t.zone("invader_hand"))}


NORMAL = {"wounds": 9, "armor": 2, "bullets": 3, "invader cards": 5}    # two marines, the base game


@pytest.mark.rules("DOOMX-175")
@pytest.mark.parametrize("card", CARDS)
def test_the_chosen_card_is_laid_out_after_setup_step_2(table, card):
    t = table(card, scenario=True, equip=False)
    (laid,) = [e for e in t.game.things.entities.values() if e.name.startswith("Difficulty card")]
    assert [x for x in t.texts() if x.startswith("the difficulty card")] == [f"the difficulty card {laid.name[17:]} lies on the table"]
    log = t.game.log
    chosen = next(i for i, e in enumerate(log) if e["what"] == "choice" and "scenario" in e["prompt"])
    assert next(e for e in log[chosen:] if e["what"] == "create")["thing"] == laid.ref   # right after step 2


def test_five_difficulty_cards_exist_one_per_mod(variants):
    names = [d.name for c in CARDS for d in variants(c).definitions.values() if d.name.startswith("Difficulty card")]
    assert names == ["Difficulty card: Too Young to Die", "Difficulty card: Hey, Not Too Rough!",
                     "Difficulty card: Hurt Me Plenty", "Difficulty card: Ultra-Violence", "Difficulty card: Nightmare"]


@pytest.mark.rules("DOOMX-175", "DOOMX-176")
def test_too_young_to_die_makes_the_game_easier(table):
    assert equipped(table(scenario=True)) == NORMAL
    assert equipped(table("too-young-to-die", scenario=True)) == {"wounds": 12, "armor": 3, "bullets": 5, "invader cards": 5}


@pytest.mark.rules("DOOMX-176")
def test_hey_not_too_rough_makes_the_game_a_little_easier(table):
    assert equipped(table("hey-not-too-rough", scenario=True)) == {"wounds": 10, "armor": 2, "bullets": 4, "invader cards": 5}


@pytest.mark.rules("DOOMX-175")
def test_the_fifth_card_changes_nothing(table):
    assert equipped(table("hurt-me-plenty", scenario=True)) == NORMAL


@pytest.mark.rules("DOOMX-177")
def test_ultra_violence_makes_the_game_harder(table):
    assert equipped(table("ultra-violence", scenario=True)) == {"wounds": 8, "armor": 2, "bullets": 3, "invader cards": 7}


@pytest.mark.rules("DOOMX-177")
def test_nightmare_makes_the_game_hardest(table):
    t = table("nightmare", scenario=True)
    assert equipped(t) == {"wounds": 7, "armor": 1, "bullets": 3, "invader cards": 8}
    assert all(t.game.knows(t.invader, c) and not t.game.knows(t.marines[0], c) for c in t.zone("invader_hand"))


def test_the_card_acts_only_once_it_lies_on_the_table(table):
    assert equipped(table("nightmare", scenario=False)) == NORMAL


@pytest.mark.rules("DOOMX-177")
def test_the_numbers_are_marked_assumptions_that_can_be_overridden(variants):
    import rulecraft

    rules = variants("nightmare")
    marked = rules.assumptions["nightmare_wounds"]
    assert marked.value == -2
    assert marked.where.startswith("doom/variants/nightmare/main.rules")
    game = rulecraft.Game(rules, seed=1, players=["inv", "m1", "m2"], assumptions={"nightmare_wounds": -4})
    game.call("choose_roles", game.players[0])
    game.call("choose_scenario", game.players[0])
    game.call("give_equipment")
    assert game.get(game.call("bin_of", game.players[1]), "wounds") == 5


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
@pytest.mark.parametrize(("change", "bullets"), [(0, 3), (1, 4), (-2, 1), (-9, 0)])   # 3 without a change
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


@pytest.mark.parametrize(("mod", "prefix"), each_card(True) + each_card(False))
def test_each_card_adds_its_numbers_to_the_starting_tokens(mod, prefix):
    game, b = dealt(mod, **{f"{prefix}_{k}": 1 for k in ("wounds", "armor", "bullets")})
    assert starting(game, b) == [10, 3, 4]                       # the base game's 9, 2, 3, each + 1


@pytest.mark.parametrize(("mod", "prefix"), each_card(True) + each_card(False))
def test_each_card_leaves_a_wound_and_no_fewer_than_no_armor_or_bullets(mod, prefix):
    game, b = dealt(mod, **{f"{prefix}_wounds": -99, f"{prefix}_armor": -9, f"{prefix}_bullets": -9})
    assert starting(game, b) == [1, 0, 0]


@pytest.mark.parametrize(("mod", "prefix"), each_card(True) + each_card(False))
def test_each_card_deals_its_extra_invader_cards_to_the_invader_player_alone(mod, prefix):
    game, _ = dealt(mod, **{f"{prefix}_invader_cards": 1})
    assert invader_draws(game) == [(5, "invader_hand"), (1, "invader_hand")]
    inv, m1, _m2 = game.players
    assert all(game.knows(inv, c) and not game.knows(m1, c) for c in game.zone("invader_hand").items)
    none, _ = dealt(mod, **{f"{prefix}_invader_cards": 0})
    assert invader_draws(none) == [(5, "invader_hand")]


def dealt_numbers(mod, **assumptions):
    """The first marine's bullets and the invader's hand once `dealt` (a base game with one
    difficulty card laid out and these assumptions overridden)."""
    game, b = dealt(mod, **assumptions)
    return {"bullets": game.get(b, "bullets"), "invader cards": len(game.zone("invader_hand").items)}


@pytest.mark.rules("DOOMX-176")
def test_hey_not_too_rough_never_leaves_fewer_than_no_bullets():
    assert dealt_numbers("hey-not-too-rough", not_too_rough_bullets=-9)["bullets"] == 0


@pytest.mark.rules("DOOMX-176")
def test_too_young_to_die_deals_one_extra_invader_card_when_set_to_one():
    assert dealt_numbers("too-young-to-die", too_young_invader_cards=1)["invader cards"] == 6


@pytest.mark.rules("DOOMX-177")
def test_nightmare_deals_one_extra_invader_card_when_set_to_one():
    assert dealt_numbers("nightmare", nightmare_invader_cards=1)["invader cards"] == 6
