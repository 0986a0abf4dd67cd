"""The difficulty cards (DOOMX-175 ... DOOMX-177): one mod per card, exactly one per game."""

import pytest

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
    assert marked.value == -2 and marked.where.startswith("doom/variants/nightmare/main.rules")
    game = rulecraft.Game(rules, seed=1, players=["inv", "m1", "m2"], assumptions={"nightmare_wounds": -4})
    game.call("choose_roles", game.players[0])
    game.call("choose_scenario", game.players[0])
    game.call("give_equipment")
    assert game.get(game.call("bin_of", game.players[1]), "wounds") == 5
