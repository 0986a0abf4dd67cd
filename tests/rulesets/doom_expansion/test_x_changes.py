"""Rule changes and clarifications (DOOMX-152 ... DOOMX-170, but 165), and the mod as a
whole: it loads with the base game and `rulecraft mod diff` lists its changes."""

import json
import subprocess
import sys

import pytest

import rulecraft
from rulecraft.runtime import grid
from rulecraft.runtime.errors import GameOver


@pytest.mark.rules("DOOMX-152")
def test_the_invader_draws_2_cards_a_round_however_many_marines(new_table):
    for marines in (1, 3):
        t = new_table(marines=marines)
        t.call("deal_starting_cards")
        before = len(t.game.zone("invader_hand").items)
        t.call("draw_and_discard", t.invader)
        assert len(t.game.zone("invader_hand").items) == before + 2


@pytest.mark.rules("DOOMX-153")
def test_no_attack_from_a_space_shared_with_another_figure(table):
    t = table
    m = t.marines[0]
    fig = t.marine(m, 2, 2)
    imp = t.invader_at("imp", 5, 2)
    t.declare(m, "advance")
    assert not t.call("shares_space", fig)
    # The grid never lets two figures end on one space; a scenario stacking them is refused.
    other = t.game.create("marine_blue")
    t.game.boards["map"].occupant[t.s(2, 2)] = other.id
    t.game.boards["map"].anchor[other.id] = t.s(2, 2)
    t.game.boards["map"].size[other.id] = (1, 1)
    t.game.boards["map"].side[other.id] = "marines"
    t.game.boards["map"].figures[other.id] = other
    assert t.call("shares_space", fig)
    assert "same space" in t.refused("attack", m, t.s(5, 2), "pistol")
    assert t.get(imp, "wounded") == 0


@pytest.mark.rules("DOOMX-154")
def test_base_armor_is_raised_once_per_campaign(new_table):
    t = new_table(options=["campaign"])
    m = t.marines[0]
    armor = t.get(t.bin(m), "armor")
    t.act("raise_base_armor", m)
    assert t.get(t.bin(m), "armor") == armor + 1
    assert "only once" in t.refused("raise_base_armor", m)
    plain = new_table()
    assert "campaign" in plain.refused("raise_base_armor", plain.marines[0])


@pytest.mark.rules("DOOMX-155")
def test_the_new_dud_cards_are_in_the_invader_deck(new_table):
    t = new_table()
    t.call("fill_invader_deck")
    names = [c.def_id for c in t.game.zone("invader_deck").items]
    assert names.count("dud") == 2
    base = rulecraft.load("doom")
    assert not [d for d, v in base.definitions.items() if "dud" in d]


@pytest.mark.rules("DOOMX-156")
def test_a_dud_hits_only_a_weapon_used_at_least_once(new_table):
    t = new_table()
    m = t.marines[0]
    t.marine(m, 1, 1)
    t.invader_at("imp", 4, 1)
    t.set(t.bin(m), "weapons", ["shotgun", "chaingun"])
    dud = t.game.create("dud", at=t.game.zone("invader_hand"))
    assert t.call("dud_targets", m) == []
    t.declare(m, "advance")
    t.act("attack", m, t.s(4, 1), "shotgun")
    assert t.call("dud_targets", m) == ["shotgun"]
    t.act("play_event", t.invader, dud)
    assert t.get(t.bin(m), "weapons") == ["chaingun"]


RED = ["##########", "#S.....R.#", "#S.......#", "##########"]


@pytest.mark.rules("DOOMX-157")
def test_everybody_must_go_out_through_the_red_door(new_table):
    t = new_table(rows=RED, marines=3)
    for p, x in zip(t.marines, (6, 7, 8)):
        t.marine(p, x, 2)
    for p in t.marines[:2]:
        t.declare(p, "advance")
        t.act("exit_red_door", p)
    assert not t.call("all_marines_out")
    assert not t.game.over
    t.declare(t.marines[2], "advance")
    with pytest.raises(GameOver):
        t.act("exit_red_door", t.marines[2])
    assert t.call("all_marines_out")


@pytest.mark.rules("DOOMX-158")
def test_a_marine_out_through_the_red_door_cannot_return(new_table):
    t = new_table(rows=RED)
    m = t.marines[0]
    fig = t.marine(m, 6, 2)
    t.declare(m, "sprint")
    t.act("exit_red_door", m)
    assert not t.on_board(fig)
    assert t.get(m, "exited")
    assert "still inside" in t.refused("exit_red_door", m)
    t.place(fig, 6, 2, side="marines")  # even put back on the map, he may not move
    assert "cannot return" in t.refused("move_marine", m, t.s(5, 2))


PIERCE = ["##########", "#S.......#", "#S.......#", "#........#", "##########"]


def shotgun_table(new_table):
    t = new_table(rows=PIERCE)
    m = t.marines[0]
    t.marine(m, 1, 1)
    t.set(t.bin(m), "weapons", ["shotgun"])
    t.declare(m, "advance")
    return t, m


@pytest.mark.rules("DOOMX-159")
def test_a_piercing_attack_over_an_empty_space_only_loses_a_die(new_table):
    t, m = shotgun_table(new_table)
    t.force("red", t.face("red", range=2, damage=1))
    t.force("yellow", t.face("yellow", range=3, damage=0, ammo=True))
    bullets = t.get(t.bin(m), "bullets")
    imp = t.invader_at("archvile", 2, 1)
    t.set(imp, "armor", 0)
    t.act("piercing_attack", m, "shotgun", [t.s(2, 1), t.s(3, 1)])   # (3,1) is empty
    assert [e["die"] for e in t.log("roll")] == ["red", "yellow"]    # one roll, for the imp
    assert t.get(t.bin(m), "bullets") == bullets - 1


@pytest.mark.rules("DOOMX-160")
def test_each_real_piercing_attack_may_spend_an_ammo_token(new_table):
    t, m = shotgun_table(new_table)
    a = t.invader_at("archvile", 2, 1)
    b = t.invader_at("archvile", 3, 1)
    t.set(a, "wounds", 1)
    t.force("red", t.face("red", range=0, damage=4, ammo=True), t.face("red", range=0, damage=4, ammo=True))
    t.force("yellow", t.face("yellow", range=3, damage=0, ammo=True))
    bullets = t.get(t.bin(m), "bullets")
    t.act("piercing_attack", m, "shotgun", [t.s(2, 1), t.s(3, 1)])
    assert [e["die"] for e in t.log("roll")] == ["red", "yellow", "red"]  # the second with one die fewer
    assert t.get(t.bin(m), "bullets") == bullets - 2
    assert not t.on_board(a)
    assert t.get(b, "wounded") == 0  # range 0 does not reach 2 spaces


@pytest.mark.rules("DOOMX-161")
def test_sight_is_checked_when_each_space_is_rolled(new_table):
    t, m = shotgun_table(new_table)
    imp = t.invader_at("archvile", 2, 1)
    zombie = t.invader_at("archvile", 3, 1)
    t.set(imp, "armor", 0)
    t.set(imp, "wounds", 1)
    t.set(zombie, "armor", 0)
    assert not grid.grid_sees(t.game, "map", t.call("figure_of", m), t.s(3, 1), [])  # the imp blocks
    t.force("red", t.face("red", range=2, damage=1), t.face("red", range=2, damage=1))
    t.force("yellow", t.face("yellow", range=3, damage=0))
    t.act("piercing_attack", m, "shotgun", [t.s(2, 1), t.s(3, 1)])
    assert not t.on_board(imp)
    assert t.get(zombie, "wounded") == 1


@pytest.mark.rules("DOOMX-162", "DOOMX-163")
def test_an_oversized_invader_may_be_hit_twice_but_no_space_twice(new_table):
    t, m = shotgun_table(new_table)
    knight = t.invader_at("hell_knight", 2, 1)  # (2,1)-(3,2)
    t.set(knight, "armor", 1)
    t.force("red", t.face("red", range=2, damage=1), t.face("red", range=2, damage=1))
    t.force("yellow", t.face("yellow", range=3, damage=0))
    assert "same space twice" in t.refused("piercing_attack", m, "shotgun", [t.s(2, 1), t.s(2, 1)])
    t.act("piercing_attack", m, "shotgun", [t.s(2, 1), t.s(3, 1)])
    assert t.get(knight, "wounded") == 2


@pytest.mark.rules("DOOMX-164")
def test_the_new_berserker_tokens_are_used(doomx):
    game = rulecraft.Game(doomx)
    game.call("open_the_box")
    assert [e.def_id for e in game.zone("box").items].count("berserker_token") == 1


WEB = ["##########", "#S.......#", "#S...#...#", "#....#...#", "##########"]


@pytest.mark.rules("DOOMX-167", "DOOMX-168")
def test_the_fly_in_the_web_lets_a_trite_spawn_when_no_spawn_card_is_played(new_table):
    for options, expected in (((), "trite"), (("cherubs",), "web_trite")):
        t = new_table(rows=WEB, options=options, invader_picks={"play a spawn card": False})
        t.marine(t.marines[0], 1, 1)
        r = t.game.create("expansion_scenario")
        t.set(r, "fly_in_the_web", True)
        t.call("prepare_web_trites")
        with t.game.turn(t.invader):
            t.call("play_invader_turn", t.invader)
        placed = [e for e in t.select("invader") if t.on_board(e)]
        assert [(e.def_id, e.name) for e in placed] == [(expected, "Trite")]


def test_the_fly_in_the_web_has_no_extra_trite_after_a_spawn_card(new_table):
    t = new_table(rows=WEB, invader_picks={"play a spawn card": True})
    t.marine(t.marines[0], 1, 1)
    t.set(t.game.create("expansion_scenario"), "fly_in_the_web", True)
    t.game.create("trite_nest", at=t.game.zone("invader_hand"))
    with t.game.turn(t.invader):
        t.call("play_invader_turn", t.invader)
    assert not [e for e in t.log("choice") if "Fly in the Web" in e["prompt"]]


def test_the_mod_loads_with_the_base_game():
    a = rulecraft.load("doom/expansion")
    b = rulecraft.load("doom", ["doom/expansion"])
    assert a.mods == b.mods == ("doom/expansion",)
    assert {"zombie_commandos", "cherubs", "campaign"} <= set(a.options)
    assert ("zombie", "zombie_commando", "zombie_commandos") in a.replacements


def test_mod_diff_lists_the_changes():
    out = subprocess.run([sys.executable, "-m", "rulecraft", "mod", "diff", "doom", "doom/expansion", "--json"],
                         capture_output=True, text=True, check=True).stdout
    doc = json.loads(out)
    assert {"zombie_commando", "vagary", "soul_cube", "sentry_token", "dud"} <= set(doc["added"])
    assert [c["id"] for c in doc["changed"] if c["property"] == "piercing"] == ["shotgun"]
    other = {(o["change"], o["target"]) for o in doc["other"]}
    assert ("replace", "trite (replaced)") in other
    assert ("replace step", "step draw_cards in draw_and_discard") in other
    assert ("option", "option cherubs") in other


@pytest.mark.rules("DOOMX-159", "DOOMX-163")
def test_a_piercing_attack_is_offered_and_its_path_chosen_space_by_space(new_table):
    t, m = shotgun_table(new_table)
    assert "piercing attack" not in t.call("marine_options", m)  # nobody to attack
    t.invader_at("imp", 2, 1)
    t.invader_at("zombie", 3, 1)
    assert "piercing attack" in t.call("marine_options", m)
    t.game.choices.agents[m.id].picks = {"hits first": t.s(2, 1), "whether": "carry on",
                                          "where the piercing": t.s(3, 1)}
    t.call("marine_does", m, "piercing attack")
    # two real attacks along the chosen path: the second one a die fewer (DOOMX-159)
    assert t.game.assume["shotgun.dice"] == ["red", "yellow"]
    assert [e["die"] for e in t.log("roll")] == ["red", "yellow", "red"]
    assert t.get(m, "attacks_left") == 0


@pytest.mark.rules("DOOMX-158")
def test_a_marine_away_from_the_red_door_does_not_go_out(new_table):
    t = new_table(rows=RED)
    m = t.marines[0]
    fig = t.marine(m, 3, 2)
    t.declare(m, "sprint")
    assert "next to the red security door" in t.refused("exit_red_door", m)
    assert t.on_board(fig)
    assert not t.get(m, "exited")


@pytest.mark.rules("DOOMX-159")
def test_passing_an_empty_space_is_logged(new_table):
    t, m = shotgun_table(new_table)
    t.force("red", t.face("red", range=2, damage=1))
    t.force("yellow", t.face("yellow", range=3, damage=0))
    t.set(t.invader_at("archvile", 2, 1), "armor", 0)
    t.act("piercing_attack", m, "shotgun", [t.s(2, 1), t.s(3, 1)])
    assert "the piercing attack passes an empty space: no roll, one die fewer" in t.messages()
    assert [e["die"] for e in t.log("roll")] == ["red", "yellow"]  # one roll, for the archvile


@pytest.mark.rules("DOOMX-160")
def test_a_piercing_roll_without_the_ammo_icon_spends_no_ammo(new_table):
    t, m = shotgun_table(new_table)
    t.force("red", t.face("red", range=2, damage=1, ammo=False))
    t.force("yellow", t.face("yellow", range=2, damage=1, ammo=False))
    t.set(t.invader_at("archvile", 2, 1), "armor", 0)
    bullets = t.get(t.bin(m), "bullets")
    t.act("piercing_attack", m, "shotgun", [t.s(2, 1)])
    assert t.get(t.bin(m), "bullets") == bullets


@pytest.mark.rules("DOOMX-163")
def test_the_second_space_must_be_next_to_the_first(new_table):
    t, m = shotgun_table(new_table)
    t.invader_at("archvile", 2, 1)
    assert "adjacent space" in t.refused("piercing_attack", m, "shotgun", [t.s(2, 1), t.s(4, 1)])
    assert t.log("roll") == []


@pytest.mark.rules("DOOMX-168")
def test_a_web_trite_placed_reports_success(new_table):
    t = new_table(rows=WEB)
    t.marine(t.marines[0], 1, 1)
    assert t.call("web_spawn", t.invader) is True
    assert [f.def_id for f in t.select("invader") if t.on_board(f)] == ["trite"]


@pytest.mark.rules("DOOMX-161")
def test_a_piercing_attack_stops_where_a_surviving_invader_still_blocks_the_sight(new_table):
    t, m = shotgun_table(new_table)
    front = t.invader_at("archvile", 2, 1)
    behind = t.invader_at("archvile", 3, 1)
    t.set(front, "armor", 0)
    t.set(behind, "armor", 0)
    t.force("red", t.face("red", range=2, damage=1), t.face("red", range=2, damage=1))
    t.force("yellow", t.face("yellow", range=3, damage=0))
    t.act("piercing_attack", m, "shotgun", [t.s(2, 1), t.s(3, 1)])
    assert t.get(front, "wounded") == 1
    assert t.get(behind, "wounded") == 0
    assert [e["die"] for e in t.log("roll")] == ["red", "yellow"]
    assert f"the piercing attack has no line of sight to space {t.s(3, 1)} and stops" in t.messages()


@pytest.mark.rules("DOOMX-162")
def test_an_oversized_invader_is_hit_on_each_space_and_nobody_beside_the_path(new_table):
    t, m = shotgun_table(new_table)
    knight = t.invader_at("hell_knight", 2, 1)  # (2,1)-(3,2)
    beside = t.invader_at("archvile", 4, 1)
    t.set(knight, "armor", 0)
    t.set(beside, "armor", 0)
    t.force("red", t.face("red", range=2, damage=1), t.face("red", range=2, damage=1))
    t.force("yellow", t.face("yellow", range=3, damage=0))
    t.act("piercing_attack", m, "shotgun", [t.s(2, 1), t.s(3, 1)])
    assert [e["die"] for e in t.log("roll")] == ["red", "yellow", "red"]
    assert t.get(knight, "wounded") == 2
    assert t.get(beside, "wounded") == 0
