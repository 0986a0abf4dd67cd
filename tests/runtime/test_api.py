"""The Python API: load, new_game from a scenario, actions and their refusals."""

import pytest

import rulecraft


def test_new_game_uses_the_scenario_players_and_setup():
    game = rulecraft.new_game("twilight-imperium", seed=3, scenario="small_galaxy")
    assert [p.name for p in game.players] == ["Sol", "Letnev", "Hacan"]
    planets = game.select("planet")
    on_planets = [c for c in game.select("domain_counter") if c.location in planets]
    assert len(on_planets) == 10 and all(c.face_down for c in on_planets)


def test_a_refused_action_inside_a_phase_leaves_the_phase():
    game = rulecraft.new_game("twilight-imperium", seed=3, scenario="small_galaxy")
    with pytest.raises(rulecraft.IllegalAction):
        with game.phase("invasion"):
            game.act("explore", game.player("Sol"), game.find("lodor"))
    assert not game.in_phase("invasion")
