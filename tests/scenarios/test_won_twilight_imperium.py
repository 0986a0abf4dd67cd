"""The small galaxy is won by each race through legal play: after the last round the race that
controls the most planets wins (a decision: the seed's variant gives no victory condition);
equally many is a draw."""

import pytest
from support.scenario_play import ended_with, first_won, play, replays
from support.seeking import Seeking, best, first_of


def conquers(who):
    """`who` moves his fleet to the system with the most planets nobody controls and invades
    with two ground forces at a time; the other races play at random."""
    def policy(game, player, options, prompt):
        if player.name != who:
            return None
        if prompt == "where the fleet moves":
            return best(options, lambda s: -len(game.select("planet", at=s, where=lambda pl: free(game, pl))))
        if prompt == "what the fleet does":
            return first_of(options, "invade", "explore")
        if prompt == "how many ground forces land":
            return first_of(options, 2, 1)
        return None
    return lambda name: Seeking(policy)


def free(game, planet):
    return game.get(planet, "controller") is None and not game.get(planet, "home")


def planets(game, name):
    return len(game.select("planet", where=lambda pl: game.get(pl, "controller") is game.player(name)))


@pytest.mark.parametrize("race", ["Sol", "Letnev", "Hacan"])
def test_the_race_that_controls_the_most_planets_wins(race):
    game = first_won("twilight-imperium", "small_galaxy", range(1, 11), conquers(race), lambda g: g.winner is not None
                     and g.winner.name == race)
    others = [planets(game, p.name) for p in game.players if p.name != race]
    assert ended_with(game) == (race, f"{race} controls the most planets ({planets(game, race)}) and wins")
    assert planets(game, race) > max(others)
    assert replays(game)


def test_equally_many_planets_is_a_draw():
    draws = [g for g in (play("twilight-imperium", "small_galaxy", seed, lambda name: Seeking()) for seed in range(1, 6))
             if g.winner is None]
    assert draws, "seeds 1-5 with random agents give a draw"
    _winner, last = ended_with(draws[0])
    assert last.startswith("a tie at ")
    assert last.endswith(" planets: a draw")
