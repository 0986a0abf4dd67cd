"""Vacuum areas, oxygen tanks, airlocks and flame jets (DOOMX-033 ... DOOMX-046,
DOOMX-077, DOOMX-078)."""

import itertools

import pytest

import rulecraft
from rulecraft.runtime import grid

VACUUM = [
    "##########",
    "#S..Avvv.#",
    "#S..#vvo.#",
    "#...#vvvv#",
    "##########",
]


def end_turn(t, p):
    with t.game.turn(p):
        t.call("end_marine_turn", p)


@pytest.fixture
def vac(new_table):
    return new_table(rows=VACUUM)


@pytest.mark.rules("DOOMX-033", "DOOMX-034", "DOOMX-077")
def test_a_marine_ending_his_turn_in_vacuum_gives_up_an_oxygen_tank(vac):
    t = vac
    m = t.marines[0]
    t.marine(m, 6, 1)
    t.set(t.bin(m), "oxygen", 2)
    before = t.wounds(m)
    end_turn(t, m)
    assert t.get(t.bin(m), "oxygen") == 1
    assert t.wounds(m) == before


@pytest.mark.rules("DOOMX-035")
def test_without_oxygen_he_suffers_2_wounds_whatever_his_armor(vac):
    t = vac
    m = t.marines[0]
    t.marine(m, 6, 1)
    t.set(t.bin(m), "armor", 2)
    before = t.wounds(m)
    end_turn(t, m)
    assert t.wounds(m) == before - 2


def test_outside_the_vacuum_nothing_happens(vac):
    t = vac
    m = t.marines[0]
    t.marine(m, 2, 1)
    before = t.wounds(m)
    end_turn(t, m)
    assert t.wounds(m) == before


@pytest.mark.rules("DOOMX-036")
def test_invaders_need_no_air(vac):
    t = vac
    inv = t.invader_at("imp", 6, 3)
    with t.game.turn(t.invader):
        pass
    assert t.get(inv, "wounded") == 0
    assert t.on_board(inv)


@pytest.mark.rules("DOOMX-077")
def test_an_oxygen_tank_is_picked_up_on_its_space(vac):
    t = vac
    m = t.marines[0]
    t.marine(m, 6, 1)
    t.declare(m, "sprint")
    t.act("move_marine", m, t.s(7, 2))
    assert t.get(t.bin(m), "oxygen") == 1
    assert t.select("tank_token") == []


@pytest.mark.rules("DOOMX-078")
def test_oxygen_tanks_are_passed_like_weapons(vac):
    t = vac
    a, b = t.marines
    t.marine(a, 1, 1)
    t.marine(b, 2, 2)
    t.set(t.bin(a), "oxygen", 2)
    t.declare(a, "advance")
    t.act("pass_oxygen", a, b)
    assert (t.get(t.bin(a), "oxygen"), t.get(t.bin(b), "oxygen")) == (1, 1)


def test_passing_needs_a_neighbour_and_a_tank(vac):
    t = vac
    a, b = t.marines
    t.marine(a, 1, 1)
    t.marine(b, 3, 3)
    t.set(t.bin(a), "oxygen", 1)
    t.declare(a, "advance")
    assert "next to him" in t.refused("pass_oxygen", a, b)
    t.set(t.bin(a), "oxygen", 0)
    t.act("move_marine", a, t.s(2, 2))
    assert "no oxygen" in t.refused("pass_oxygen", a, b)


# ---- airlocks

@pytest.mark.rules("DOOMX-037", "DOOMX-038")
def test_an_airlock_opens_like_a_door_and_closes_at_the_end_of_the_turn_tech_squad_or_not(vac):
    t = vac
    m = t.marines[0]
    t.marine(m, 3, 1)
    t.game.create("tech_squad", at=t.game.zone("marine_cards", m))
    with t.game.turn(m):
        t.declare(m, "advance")
        t.act("open_door", m, t.s(4, 1))
        assert t.terrain(4, 1) == "open_door"
        t.act("move_marine", m, t.s(4, 1))
        t.act("move_marine", m, t.s(5, 1))
        t.call("end_marine_turn", m)
    assert t.terrain(4, 1) == "door"


@pytest.mark.rules("DOOMX-039")
def test_an_oversized_invader_in_a_closing_airlock_is_killed(new_table):
    t = new_table(rows=["##########", "#S..A....#", "#S..A....#", "#........#", "##########"])
    m = t.marines[0]
    t.marine(m, 1, 1)
    with t.game.turn(m):
        t.set_terrain(4, 1, "open_door")
        demon = t.invader_at("demon", 3, 1)  # 2x1: covers (3,1) and the airlock (4,1)
    assert not t.on_board(demon)
    assert t.terrain(4, 1) == "door"


def test_a_normal_figure_holds_the_airlock_open(vac):
    t = vac
    m = t.marines[0]
    t.marine(m, 3, 1)
    with t.game.turn(m):
        t.declare(m, "advance")
        t.act("open_door", m, t.s(4, 1))
        t.act("move_marine", m, t.s(4, 1))
        t.call("end_marine_turn", m)
    assert t.terrain(4, 1) == "open_door"
    assert t.on_board(t.call("figure_of", m))


DOOR_BY_AIRLOCK = ["##########", "#S..A....#", "#S..D....#", "#........#", "##########"]


@pytest.mark.rules("DOOMX-040")
def test_airlocks_cannot_be_destroyed_even_with_the_scrap_card(new_table):
    t = new_table(rows=DOOR_BY_AIRLOCK)
    m = t.marines[0]
    t.marine(m, 3, 2)
    t.game.create("scrap", at=t.game.zone("marine_cards", m))
    assert "cannot be destroyed" in t.refused("scrap_door", m, t.s(4, 1))
    t.act("scrap_door", m, t.s(4, 2))
    assert t.terrain(4, 2) == "floor"


# ---- flame jets

FLAMES = [
    "##########",
    "#S.F.f...#",
    "#S.......#",
    "#........#",
    "##########",
]


@pytest.fixture
def fire(new_table):
    return new_table(rows=FLAMES)


@pytest.mark.rules("DOOMX-041", "DOOMX-042")
def test_flame_jets_have_two_sides_and_flip_at_the_end_of_each_round(new_table):
    t = new_table(rows=FLAMES)
    jets = sorted(t.select("flame_jet"), key=lambda j: t.get(j, "space"))
    assert [t.get(j, "lit") for j in jets] == [True, False]
    t.game.end_round()
    assert [t.get(j, "lit") for j in jets] == [False, True]


@pytest.mark.rules("DOOMX-043")
def test_entering_a_burning_space_burns_1_wound_through_armor(fire):
    t = fire
    m = t.marines[0]
    t.marine(m, 2, 1)
    t.set(t.bin(m), "armor", 2)
    before = t.wounds(m)
    t.declare(m, "sprint")
    t.act("move_marine", m, t.s(3, 1))
    assert t.wounds(m) == before - 1


@pytest.mark.rules("DOOMX-044")
def test_leaving_a_burning_space_burns(fire):
    t = fire
    m = t.marines[0]
    t.marine(m, 3, 1)
    before = t.wounds(m)
    t.declare(m, "sprint")
    t.act("move_marine", m, t.s(3, 3))
    assert t.wounds(m) == before - 1


@pytest.mark.rules("DOOMX-045")
def test_ending_the_movement_on_a_burning_space_burns(fire):
    t = fire
    m = t.marines[0]
    t.marine(m, 2, 1)
    before = t.wounds(m)
    with t.game.turn(m):
        t.declare(m, "sprint")
        t.act("move_marine", m, t.s(3, 1))       # enters: 1
        t.call("end_marine_turn", m)             # ends its movement there: 1
    assert t.wounds(m) == before - 2


TWO_FLAMES = [
    "##########",
    "#S.F.F...#",
    "#S.......#",
    "#........#",
    "##########",
]


def burns(t):
    """The burns logged so far, in order: 'enters', 'leaves', 'ends' or 'switched'."""
    out = []
    for text in t.messages():
        if "is burnt" in text:
            out.append(next(w for w in ("enters", "leaves", "ends", "switched") if w in text))
    return out


def path(t, fig, x, y):
    return [t.xy(s) for s in grid.grid_path(t.game, "map", fig, t.s(x, y))]


@pytest.mark.rules("DOOMX-043", "DOOMX-044")
def test_a_move_over_one_burning_space_burns_on_entering_and_on_leaving_it(fire):
    t = fire
    m = t.marines[0]
    fig = t.marine(m, 2, 1)
    t.set(t.bin(m), "armor", 2)
    before = t.wounds(m)
    t.declare(m, "sprint")
    assert path(t, fig, 4, 1) == [(3, 1), (4, 1)]  # the cheapest path crosses the jet
    t.act("move_marine", m, t.s(4, 1))
    assert t.where(fig) == (4, 1)
    assert t.wounds(m) == before - 2
    assert burns(t) == ["enters", "leaves"]


@pytest.mark.rules("DOOMX-043", "DOOMX-044")
def test_a_move_over_two_burning_spaces_burns_4_times(new_table):
    t = new_table(rows=TWO_FLAMES)
    m = t.marines[0]
    fig = t.marine(m, 2, 1)
    t.set(t.bin(m), "armor", 2)
    before = t.wounds(m)
    t.declare(m, "sprint")
    assert path(t, fig, 6, 1) == [(3, 1), (4, 1), (5, 1), (6, 1)]
    t.act("move_marine", m, t.s(6, 1))
    assert t.wounds(m) == before - 4
    assert burns(t) == ["enters", "leaves", "enters", "leaves"]


@pytest.mark.rules("DOOMX-043", "DOOMX-044", "DOOMX-045")
def test_passing_one_jet_and_stopping_on_the_next_burns_4_times(new_table):
    t = new_table(rows=TWO_FLAMES)
    m = t.marines[0]
    fig = t.marine(m, 2, 1)
    before = t.wounds(m)
    with t.game.turn(m):
        t.declare(m, "sprint")
        t.act("move_marine", m, t.s(5, 1))      # enters, leaves, enters: 3
        assert t.wounds(m) == before - 3
        t.call("end_marine_turn", m)            # ends its movement on the second: 1
    assert t.where(fig) == (5, 1)
    assert t.wounds(m) == before - 4
    assert burns(t) == ["enters", "leaves", "enters", "ends"]


def test_two_adjacent_burning_spaces_burn_on_every_entering_and_leaving(new_table):
    t = new_table(rows=["##########", "#S.FF....#", "#S.......#", "##########"])
    m = t.marines[0]
    t.marine(m, 2, 1)
    before = t.wounds(m)
    t.declare(m, "sprint")
    t.act("move_marine", m, t.s(5, 1))  # onto the first, from it onto the second, off the second
    assert t.wounds(m) == before - 4
    assert burns(t) == ["enters", "leaves", "enters", "leaves"]


def test_a_move_that_stays_off_the_jets_does_not_burn_and_a_move_in_legs_counts_the_same(fire):
    t = fire
    m = t.marines[0]
    fig = t.marine(m, 2, 1)
    before = t.wounds(m)
    t.declare(m, "sprint")
    assert (3, 1) not in path(t, fig, 4, 3)
    t.act("move_marine", m, t.s(4, 3))  # below the jet
    assert t.where(fig) == (4, 3)
    assert t.wounds(m) == before
    assert burns(t) == []
    t.act("move_marine", m, t.s(3, 2))
    t.act("move_marine", m, t.s(3, 1))  # onto it: 1
    t.act("move_marine", m, t.s(4, 2))  # off it: 1
    assert t.wounds(m) == before - 2
    assert burns(t) == ["enters", "leaves"]


def test_a_marine_killed_on_the_way_is_not_burnt_again(fire):
    t = fire
    m = t.marines[0]
    fig = t.marine(m, 2, 1)
    t.set(t.bin(m), "wounds", 1)
    t.declare(m, "sprint")
    t.act("move_marine", m, t.s(4, 1))  # the first burn kills him; he comes back on a start space
    assert burns(t) == ["enters"]
    assert t.get(t.invader, "frags") == 1
    assert t.where(fig)[0] == 1
    assert t.wounds(m) == t.call("starting_wounds")


@pytest.mark.rules("DOOMX-043", "DOOMX-044")
def test_a_big_invader_passing_a_jet_is_burnt_once_on_entering_and_once_on_leaving(new_table):
    t = new_table(rows=["##########", "#S..F....#", "#S.......#", "#........#", "##########"],
                  invader_picks={"where the invader moves": None, "what the activated invader does next": ["move", "end its activation"]})
    inv = t.invader_at("demon", 2, 2)
    t.set(inv, "wounds", 9)
    t.place(inv, 2, 1, size="2x1")  # covers (2,1) and (3,1)
    t.set(inv, "movement", 4)
    t.game.choices.agents[t.invader.id].picks["where the invader moves"] = t.s(5, 1)
    assert path(t, inv, 5, 1) == [(3, 1), (4, 1), (5, 1)]  # its right half enters the jet, its left half leaves it
    t.call("activate", t.invader, inv)
    assert t.where(inv) == (5, 1)
    assert t.get(inv, "wounded") == 2
    assert burns(t) == ["enters", "leaves"]


@pytest.mark.rules("DOOMX-043", "DOOMX-044", "DOOMX-045")
def test_an_invader_passing_one_jet_and_stopping_on_another_is_burnt_3_times_then_once_more(new_table):
    t = new_table(rows=TWO_FLAMES,
                  invader_picks={"where the invader moves": None, "what the activated invader does next": ["move", "end its activation"]})
    inv = t.invader_at("hell_knight", 6, 2)
    t.set(inv, "footprint", "1x1")
    t.set(inv, "wounds", 9)
    t.set(inv, "movement", 4)
    t.place(inv, 2, 1)
    t.game.choices.agents[t.invader.id].picks["where the invader moves"] = t.s(5, 1)
    t.call("activate", t.invader, inv)
    assert t.where(inv) == (5, 1)
    assert t.get(inv, "wounded") == 4
    assert burns(t) == ["enters", "leaves", "enters", "ends"]


@pytest.mark.rules("DOOMX-043", "DOOMX-044")
def test_a_sentry_bot_passing_two_jets_takes_4_wound_tokens_through_its_armor(new_table):
    t = new_table(rows=["##########", "#S.BF.F..#", "#S.......#", "##########"],
                  picks={"what the sentry bot does next": ["move", "stop"], "where the sentry bot moves": None})
    m = t.marines[0]
    t.marine(m, 2, 2)
    t.declare(m, "advance")
    t.act("activate_bot", m, t.at(3, 1))
    bot = t.at(3, 1)
    t.set(bot, "armor", 3)
    t.set(bot, "wounds", 9)
    t.game.choices.agents[m.id].picks["where the sentry bot moves"] = t.s(7, 1)
    assert path(t, bot, 7, 1) == [(4, 1), (5, 1), (6, 1), (7, 1)]
    t.call("bot_turn", m, bot)
    assert t.where(bot) == (7, 1)
    assert t.get(bot, "wounded") == 4


def test_a_flyer_is_not_burnt_by_the_jets_it_flies_over(new_table):
    t = new_table(rows=TWO_FLAMES, options=["cherubs"],
                  invader_picks={"where the invader moves": None, "what the activated invader does next": ["move", "end its activation"]})
    cherub = t.invader_at("cherub", 2, 1)
    t.set(cherub, "movement", 4)
    t.game.choices.agents[t.invader.id].picks["where the invader moves"] = t.s(6, 1)
    t.call("activate", t.invader, cherub)
    assert t.where(cherub) == (6, 1)
    assert t.get(cherub, "wounded") == 0
    assert burns(t) == []


@pytest.mark.rules("DOOMX-043", "DOOMX-044")
def test_random_moves_through_flames_no_longer_stop_the_game(new_table):
    crossed = 0
    for seed in range(1, 13):
        t = new_table(rows=["##########", "#S.F.F.F.#", "#SF.F.F.F#", "#.F.F.F..#", "##########"], seed=seed)
        m = t.marines[0]
        t.marine(m, 1, 1)
        t.set(t.bin(m), "wounds", 40)
        t.game.choices.agents[m.id] = rulecraft.RandomAgent()
        with t.game.turn(m):
            t.call("play_marine_turn", m)  # refused moves would raise IllegalAction here
        marks = burns(t)
        assert t.wounds(m) == 40 - len(marks)  # 1 wound a burn, whatever his armor
        crossed += "enters" in marks and "leaves" in marks
    assert crossed > 0  # some random move went over a burning space


@pytest.mark.rules("DOOMX-046")
def test_a_jet_switched_on_burns_the_figure_on_it(fire):
    t = fire
    inv = t.invader_at("imp", 5, 1)
    t.set(inv, "wounds", 9)
    bystander = t.invader_at("imp", 6, 1)
    t.game.end_round()
    assert t.get(inv, "wounded") == 1
    assert t.get(bystander, "wounded") == 0
    assert burns(t) == ["switched"]
    t.game.begin_round()
    t.game.end_round()  # switched off: nothing
    assert t.get(inv, "wounded") == 1


@pytest.mark.rules("DOOMX-043", "DOOMX-045")
def test_an_invader_moving_onto_a_burning_space_is_burnt_twice(new_table):
    t = new_table(rows=FLAMES,
                  invader_picks={"where the invader moves": None, "what the activated invader does next": ["move", "end its activation"]})
    inv = t.invader_at("hell_knight", 6, 2)
    t.game.choices.agents[t.invader.id].picks["where the invader moves"] = t.s(3, 1)
    t.set(inv, "footprint", "1x1")
    t.place(inv, 4, 2)
    t.call("activate", t.invader, inv)
    assert t.where(inv) == (3, 1)
    assert t.get(inv, "wounded") == 2


@pytest.mark.rules("DOOMX-043", "DOOMX-045")
def test_a_sentry_bot_stopping_on_a_burning_space_is_burnt_on_entering_and_at_rest(new_table):
    t = new_table(rows=["##########", "#S.BF....#", "#S.......#", "##########"],
                  picks={"what the sentry bot does next": ["move", "stop"], "where the sentry bot moves": None})
    m = t.marines[0]
    t.marine(m, 2, 1)
    t.declare(m, "advance")
    t.act("activate_bot", m, t.at(3, 1))
    bot = t.at(3, 1)
    t.set(bot, "armor", 3)
    t.game.choices.agents[m.id].picks["where the sentry bot moves"] = t.s(4, 1)
    t.call("bot_turn", m, bot)
    assert t.where(bot) == (4, 1)
    assert t.get(bot, "wounded") == 2


@pytest.mark.rules("DOOMX-043", "DOOMX-044")
def test_random_players_cross_the_airlock_scenario_s_flame_jet_and_the_game_goes_on(doomx):
    from rulecraft.runtime.play import replay, run, start

    passed = 0
    for seed in range(1, 9):
        game = run(start(doomx, "mars_airlock", seed=seed), "mars_airlock")  # random agents
        assert game.log[-1]["what"] == "final"
        assert (game.over or game.round == 8)
        assert len(game.select("flame_jet")) == 1
        texts = [e["text"] for e in game.log if e["what"] == "log" and "is burnt" in e.get("text", "")]
        passed += any("enters a burning" in a and "leaves a burning" in b and a.split(" is burnt")[0] == b.split(" is burnt")[0]
                      for a, b in itertools.pairwise(texts))
        if seed == 2:
            assert replay(doomx, game.log).log_lines() == game.log_lines()
    assert passed > 0  # some figure went over the burning jet in a single move


@pytest.mark.rules("DOOMX-040")
def test_a_door_next_to_a_marine_with_scrap_is_offered_but_never_an_airlock(new_table):
    t = new_table(rows=DOOR_BY_AIRLOCK)
    m = t.marines[0]
    t.marine(m, 3, 2)
    t.declare(m, "advance")
    assert "scrap a door" not in t.call("marine_options", m)
    t.game.create("scrap", at=t.game.zone("marine_cards", m))
    assert t.call("doors_to_scrap", m) == [t.s(4, 2)]  # the airlock at (4, 1) is no choice
    t.call("marine_does", m, "scrap a door")
    assert t.terrain(4, 2) == "floor"


@pytest.mark.rules("DOOMX-034", "DOOMX-077")
def test_the_last_oxygen_tank_is_used_and_logged(new_table):
    t = new_table(rows=VACUUM)
    m = t.marines[0]
    t.marine(m, 6, 1)
    t.set(t.bin(m), "oxygen", 1)
    before = t.wounds(m)
    end_turn(t, m)
    assert t.get(t.bin(m), "oxygen") == 0
    assert t.wounds(m) == before
    assert "m1 uses an oxygen tank in the vacuum (0 left)" in t.messages()


@pytest.mark.rules("DOOMX-035")
def test_no_oxygen_in_the_vacuum_is_logged(new_table):
    t = new_table(rows=VACUUM)
    m = t.marines[0]
    t.marine(m, 6, 1)
    before = t.wounds(m)
    end_turn(t, m)
    assert "m1 has no oxygen in the vacuum" in t.messages()
    assert t.wounds(m) == before - 2


@pytest.mark.rules("DOOMX-037", "DOOMX-038")
def test_only_an_airlock_logs_its_opening_and_closes_itself(new_table):
    t = new_table(rows=DOOR_BY_AIRLOCK)
    m = t.marines[0]
    t.marine(m, 3, 2)
    assert t.call("is_airlock", t.s(4, 1)) is True
    assert t.call("is_airlock", t.s(4, 2)) is False
    with t.game.turn(m):
        t.declare(m, "advance")
        t.act("open_door", m, t.s(4, 2))
        assert "an airlock opens" not in t.messages()
        t.act("open_door", m, t.s(4, 1))
        assert t.messages().count("an airlock opens") == 1
        t.call("end_marine_turn", m)
    assert (t.terrain(4, 1), t.terrain(4, 2)) == ("door", "open_door")
    assert t.messages().count("the airlock closes") == 1


@pytest.mark.rules("DOOMX-039")
def test_an_airlock_closing_on_an_oversized_invader_is_logged(new_table):
    t = new_table(rows=["##########", "#S..A....#", "#S..A....#", "#........#", "##########"])
    m = t.marines[0]
    t.marine(m, 1, 1)
    with t.game.turn(m):
        t.set_terrain(4, 1, "open_door")
        demon = t.invader_at("demon", 3, 1)
    assert f"the airlock closes on {demon.name}" in t.messages()
    assert not t.on_board(demon)
    assert t.terrain(4, 1) == "door"


@pytest.mark.rules("DOOMX-042")
def test_a_jet_switched_on_at_the_end_of_the_round_burns_the_figure_on_it(new_table):
    t = new_table(rows=["##########", "#S.F.f...#", "#S.......#", "#........#", "##########"])
    m = t.marines[0]
    fig = t.marine(m, 5, 1)  # on the jet that is off
    before = t.wounds(m)
    t.game.end_round()
    assert t.wounds(m) == before - 1
    assert f"{fig.name} is burnt (the flame jet is switched on)" in t.messages()


@pytest.mark.rules("DOOMX-078")
def test_an_oxygen_tank_is_passed_only_after_declaring_an_action(new_table):
    t = new_table(rows=VACUUM)
    a, b = t.marines
    t.marine(a, 1, 1)
    t.marine(b, 2, 2)
    t.set(t.bin(a), "oxygen", 1)
    assert "declare one of the four actions" in t.refused("pass_oxygen", a, b)
    assert (t.get(t.bin(a), "oxygen"), t.get(t.bin(b), "oxygen")) == (1, 0)


# The top-left space (space 0) is vacuum floor: a figure may stand there.
AIR = [
    "vvvv.....",
    "vvvv....#",
    "#S......#",
    "#S......#",
    "#########",
]


@pytest.mark.rules("DOOMX-036")
def test_in_the_vacuum_only_the_marines_breathe(new_table):
    t = new_table(rows=AIR)
    m, other = t.marines
    t.marine(m, 0, 0)
    t.set(t.bin(m), "oxygen", 1)
    t.marine(other, 5, 2)                 # outside the vacuum
    imp = t.invader_at("archvile", 2, 1)  # in it, next to the marine
    before = t.wounds(other)
    end_turn(t, m)
    assert t.get(t.bin(m), "oxygen") == 0
    assert f"{m.name} uses an oxygen tank in the vacuum (0 left)" in t.messages()
    end_turn(t, other)
    assert t.wounds(other) == before
    assert t.get(t.bin(other), "oxygen") == 0
    with t.game.turn(t.invader):
        pass
    assert t.get(imp, "wounded") == 0
    assert t.where(imp) == (2, 1)
    assert [x for x in t.messages() if "oxygen" in x or "vacuum" in x] == [
        f"{m.name} uses an oxygen tank in the vacuum (0 left)"]
