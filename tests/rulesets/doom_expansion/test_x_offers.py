"""The expansion's marine actions are offered in the marine's turn when their rules allow them,
so the Airlock scenario can be won in play: marines who walk to the red security door and go
out, one by one, win when the last is out (DOOMX-157, DOOMX-158)."""

import pytest

import rulecraft
from rulecraft.runtime import grid
from rulecraft.runtime.agents import Agent, RandomAgent
from rulecraft.runtime.play import run, start


class TowardsTheDoor(Agent):
    """A marine who heads for the red door and goes out; the invader plays at random."""

    def __init__(self):
        self.random = RandomAgent()

    def choose(self, game, player, options, prompt):
        if player.props.get("role") != "marine":
            return self.random.choose(game, player, options, prompt)
        if prompt == "which action the marine takes":
            return options.index("sprint")
        if prompt == "what the marine does next":
            return next(options.index(o) for o in ("go out", "pass oxygen", "door", "move", "stop") if o in options)
        if prompt == "where the marine moves":
            door = grid.grid_marked(game, "map", "red_door")
            return min(range(len(options)), key=lambda i: min(grid.grid_range(game, "map", options[i], d) for d in door))
        return 0


@pytest.fixture(scope="module")
def expansion():
    return rulecraft.load("doom/expansion")


@pytest.mark.rules("DOOMX-157", "DOOMX-158")
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_airlock_is_won_by_the_marines_going_out_through_the_red_door(expansion, seed):
    game = run(start(expansion, "mars_airlock", seed=seed, agents=[TowardsTheDoor() for _ in range(3)]), "mars_airlock")
    marines = [p for p in game.players if p.props["role"] == "marine"]
    [end] = [e for e in game.log if e["what"] == "end"]
    assert end["winner"] in [p.name for p in marines] and all(p.props["exited"] for p in marines)
    out = [e["text"] for e in game.log if e["what"] == "log" and e["text"].endswith("goes out through the red security door")]
    assert len(out) == len(marines)


def test_random_players_take_only_actions_the_rules_allow(expansion):
    for seed in range(1, 11):  # an offered action that its rules refuse would stop the game
        assert run(start(expansion, "mars_airlock", seed=seed), "mars_airlock").log[-1]["what"] == "final"


BOTS = [
    "##########",
    "#S.B.....#",
    "#S.......#",
    "#S..B....#",
    "#........#",
    "##########",
]


CUBE = [
    "#############",
    "#S.C........#",
    "#S..........#",
    "#...........#",
    "#############",
]


@pytest.mark.rules("DOOMX-059", "DOOMX-064")
def test_a_sentry_bot_is_offered_for_activation_next_to_it_with_2_movement_points(new_table):
    t = new_table(rows=BOTS)
    m = t.marines[0]
    t.marine(m, 2, 1)  # next to the bot at (3, 1)
    t.declare(m, "advance")
    assert "activate a sentry bot" in t.call("marine_options", m)
    t.set(m, "moves_left", 1)
    assert "activate a sentry bot" not in t.call("marine_options", m)
    t.set(m, "moves_left", 4)
    t.call("marine_does", m, "activate a sentry bot")
    assert [t.get(b, "controller") for b in t.select("sentry_bot") if t.get(b, "active")] == [m]


@pytest.mark.rules("DOOMX-051", "DOOMX-052")
def test_the_soul_cube_is_offered_only_with_five_souls_and_an_invader_in_reach(new_table):
    t = new_table(rows=CUBE)
    m = t.marines[0]
    t.marine(m, 1, 1)
    t.declare(m, "unload")
    cube = t.select("relic")[0]
    t.set(cube, "carrier", m)
    t.set(cube, "space", -1)
    t.invader_at("imp", 5, 1)
    t.set(t.bin(m), "souls", 4)
    assert "drain souls with the Soul Cube" not in t.call("marine_options", m)
    t.set(t.bin(m), "souls", 5)
    options = t.call("marine_options", m)
    assert "drain souls with the Soul Cube" in options and "drop the Soul Cube" in options


@pytest.mark.rules("DOOMX-040")
def test_a_door_next_to_a_marine_with_scrap_is_offered_but_never_an_airlock(new_table):
    t = new_table(rows=["##########", "#S..A....#", "#S..D....#", "#........#", "##########"])
    m = t.marines[0]
    t.marine(m, 3, 2)
    t.declare(m, "advance")
    assert "scrap a door" not in t.call("marine_options", m)
    t.game.create("scrap", at=t.game.zone("marine_cards", m))
    assert t.call("doors_to_scrap", m) == [t.s(4, 2)]  # the airlock at (4, 1) is no choice
    t.call("marine_does", m, "scrap a door")
    assert t.terrain(4, 2) == "floor"


@pytest.mark.rules("DOOMX-159", "DOOMX-163")
def test_a_piercing_attack_is_offered_and_its_path_chosen_space_by_space(new_table):
    t = new_table(rows=["##########", "#S.......#", "#S.......#", "#........#", "##########"],
                  picks={"hits first": None, "carries on": None})
    m = t.marines[0]
    t.marine(m, 1, 1)
    t.set(t.bin(m), "weapons", ["shotgun"])
    t.declare(m, "advance")
    assert "piercing attack" not in t.call("marine_options", m)  # nobody to attack
    t.invader_at("imp", 2, 1)
    t.invader_at("zombie", 3, 1)
    assert "piercing attack" in t.call("marine_options", m)
    t.game.choices.agents[m.id].picks = {"hits first": t.s(2, 1), "whether": "carry on",
                                          "where the piercing": t.s(3, 1)}
    t.call("marine_does", m, "piercing attack")
    # two real attacks along the chosen path: the second one a die fewer (DOOMX-159)
    assert t.game.assume["shotgun_dice"] == ["red", "yellow"]
    assert [e["die"] for e in t.log("roll")] == ["red", "yellow", "red"] and t.get(m, "attacks_left") == 0
