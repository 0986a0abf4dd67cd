"""Deathmatch, Deathmatch for two and Capture the Flag are won through legal play, under every
mod that keeps them: by the frag limit (DOOMX-093) or by the most frag markers when the timer
runs out (a decision); by the flag points to win (DOOMX-142) or by more flag points when the
timer runs out (a decision)."""

import pytest
from support.doom_seeking import armed_then_hunting, flag_run, group_spaces, heads_for, hunts_with, waits, walks_into_reach
from support.scenario_play import ended_with, first_won, replays, rulesets_with, said
from support.seeking import Seeking

DEATHMATCHES = [(rid, s) for s in ("deathmatch", "deathmatch_for_two") for rid in rulesets_with(s)]
TIMED = [(rid, s) for rid, s in DEATHMATCHES if rid != "doom/variants/no-timer"]
SEEDS = range(1, 6)


def ann_hunts(name):
    """Ann's marines fetch the chainsaw (no ammo icon costs it) and hit every enemy in its reach
    twice a turn; everyone else's walk into its reach, a space at a time, and never attack."""
    if name.startswith("Ann"):
        return Seeking(hunts_with("chainsaw"))
    return Seeking(walks_into_reach("Ann"))


def ann_hunts_once(name):
    """Ann's marines take a weapon and hunt until Ann has a frag marker; everyone else's walk up to
    them and never attack."""
    if name.startswith("Ann"):
        def one_frag(game, player):
            return [] if game.call("dm_score_of", "Ann") >= 1 else armed_then_hunting(game, player)
        return Seeking(heads_for(one_frag, action="advance", attack=True))
    return Seeking(heads_for(group_spaces("Ann"), action="sprint"))


def cases(pairs):
    return [pytest.param(rid, s, id=f"{rid}/{s}") for rid, s in pairs]


@pytest.mark.rules("DOOMX-093")
@pytest.mark.parametrize(("ruleset_id", "scenario"), cases(DEATHMATCHES))
def test_the_commander_who_reaches_the_frag_limit_wins(ruleset_id, scenario):
    game = first_won(ruleset_id, scenario, SEEDS, ann_hunts, lambda g: "reaches the frag limit" in said(g)[-1],
                     options=["short_match"])
    winner, last = ended_with(game)
    assert winner == "Ann"
    assert last == "Ann reaches the frag limit of 3 and wins"
    assert replays(game)


@pytest.mark.parametrize(("ruleset_id", "scenario"), cases(TIMED))
def test_the_commander_with_the_most_frag_markers_when_the_timer_runs_out_wins(ruleset_id, scenario):
    game = first_won(ruleset_id, scenario, SEEDS, ann_hunts_once, lambda g: g.winner is not None)
    winner, _last = ended_with(game)
    assert winner == "Ann"
    assert said(game)[-2:] == ["the timer has run out", "Ann has the most frag markers (1) and wins"]
    assert replays(game)


def flag_runners(stop_at):
    """Ann's team runs for the other team's flag until it has `stop_at` flag points; Ben's waits."""
    def agent(name):
        if name.startswith("Ann"):
            def run_for_the_flag(game, player):
                if game.get(game.call("hq_of", player.props["team"]), "points") >= stop_at:
                    return []
                return flag_run(game, player)
            return Seeking(heads_for(run_for_the_flag, action="sprint"))
        return Seeking(waits("sprint"))
    return agent


def ann_team(game):
    return game.player("Ann").props["team"]


@pytest.mark.rules("DOOMX-142")
def test_the_team_that_scores_the_flag_points_to_win_wins():
    game = first_won("doom/ctf", "ctf", SEEDS, flag_runners(3), lambda g: g.winner is not None)
    winner, _last = ended_with(game)
    assert winner == "Ann"
    assert said(game)[-2:] == [f"the {ann_team(game)} team scores a flag point (3)", f"the {ann_team(game)} team wins"]
    assert replays(game)


def test_the_team_with_more_flag_points_when_the_timer_runs_out_wins():
    game = first_won("doom/ctf", "ctf", SEEDS, flag_runners(1), lambda g: g.winner is not None)
    winner, _last = ended_with(game)
    assert winner == "Ann"
    assert said(game)[-1] == "the timer has run out"
    assert game.get(game.call("hq_of", ann_team(game)), "points") == 1
    assert replays(game)
