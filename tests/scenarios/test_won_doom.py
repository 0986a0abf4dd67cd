"""Knee Deep in the Dead is won both ways through legal play, under Doom and under every mod
that keeps the scenario: a marine reaches the exit, or the invader reaches the frag limit
(the scenario's objective is a decision, DOOM-016's note)."""

import pytest
from support.doom_seeking import heads_for, hunts_marines, invader_spaces
from support.scenario_play import ended_with, first_won, play, replays, rulesets_with
from support.seeking import Seeking, spaces_marked

import rulecraft
from rulecraft.runtime.play import start

KNEE_DEEP = rulesets_with("knee_deep")


def exit_spaces(game, player):
    return spaces_marked(game, "exit")


def towards_the_invaders(game, player):
    # before a door is opened no invader stands on the board: the hall's zombies lie behind it
    return invader_spaces(game) or spaces_marked(game, "zombie")


def to_the_exit(name):
    return Seeking(heads_for(exit_spaces))


def into_the_invaders(name):
    """The invader hunts the marines; the marines walk up to the invaders without fighting,
    never onto the exit."""
    return Seeking(hunts_marines(), heads_for(towards_the_invaders, action="sprint", avoid=exit_spaces))


@pytest.mark.rules("DOOM-016")
@pytest.mark.parametrize("ruleset_id", KNEE_DEEP)
def test_a_marine_who_heads_for_the_exit_wins(ruleset_id):
    game = play(ruleset_id, "knee_deep", 1, to_the_exit)
    winner, last = ended_with(game)
    assert game.player(winner).props["role"] == "marine"
    assert last == f"{winner} reaches the exit"
    assert replays(game)


# frag_limit is a marked assumption (6); at 6 the invader reaches it within the 12 rounds in
# only a few games (the last test shows one), so these games play to 3 (to 2 with the easiest
# difficulty card, whose marines are hardly ever fragged).
FRAG_LIMIT = {rid: 2 if rid == "doom/variants/too-young-to-die" else 3 for rid in KNEE_DEEP}


@pytest.mark.parametrize("ruleset_id", KNEE_DEEP)
def test_the_invader_who_reaches_the_frag_limit_wins(ruleset_id):
    limit = FRAG_LIMIT[ruleset_id]
    game = first_won(ruleset_id, "knee_deep", range(1, 6), into_the_invaders, lambda g: g.winner is not None,
                     assumptions={"frag_limit": limit})
    winner, last = ended_with(game)
    assert game.player(winner).props["role"] == "invader"
    assert last == f"{winner} reaches {limit} frags and wins"
    assert game.player(winner).props["frags"] == limit
    assert replays(game)


def test_the_invader_reaches_the_default_frag_limit_of_6():
    # seed 3 was found by trying seeds from 1 (the first won with these agents)
    game = play("doom", "knee_deep", 3, into_the_invaders)
    winner, last = ended_with(game)
    assert game.player(winner).props["role"] == "invader"
    assert last == f"{winner} reaches 6 frags and wins"
    assert replays(game)


# The Deathmatch mod's bins hold the pistol and the grenade in a match (DOOMX-120); the base
# game's scenarios it carries keep them always available (DOOM-098).
@pytest.mark.rules("DOOM-098")
@pytest.mark.parametrize("ruleset_id", KNEE_DEEP)
def test_knee_deep_marines_start_with_the_pistol_and_the_grenade_under_every_mod(ruleset_id):
    game = start(rulecraft.load(ruleset_id), "knee_deep", seed=1)
    for marine in game.call("marines"):
        assert {"pistol", "grenade"} <= set(game.call("weapons_of", marine))
