"""The expansion's rule changes, by exact outcome: what `rulecraft mutate` showed the other
tests let pass."""

import pytest

from tests.rulesets.doom_expansion.test_x_changes import shotgun_table

RED = ["##########", "#S.....R.#", "#S.......#", "##########"]
WEB = ["##########", "#S.......#", "#S...#...#", "#....#...#", "##########"]


@pytest.mark.rules("DOOMX-158")
def test_a_marine_away_from_the_red_door_does_not_go_out(new_table):
    t = new_table(rows=RED)
    m = t.marines[0]
    fig = t.marine(m, 3, 2)
    t.declare(m, "sprint")
    assert "next to the red security door" in t.refused("exit_red_door", m)
    assert t.on_board(fig) and not t.get(m, "exited")


@pytest.mark.rules("DOOMX-159")
def test_passing_an_empty_space_is_logged(new_table):
    t, m = shotgun_table(new_table)
    t.force("red", t.face("red", range=2, damage=1))
    t.force("yellow", t.face("yellow", range=3, damage=0))
    t.set(t.invader_at("archvile", 2, 1), "armor", 0)
    t.act("piercing_attack", m, "shotgun", [t.s(2, 1), t.s(3, 1)])
    assert "the piercing attack passes an empty space: no roll, one die fewer" in t.messages()


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
