"""Deathmatch frags, by exact outcome: what `rulecraft mutate` showed the other tests let pass."""

import pytest


@pytest.mark.rules("DOOMX-115")
def test_a_frag_marker_gained_is_logged_with_the_score(two):
    t = two
    t.put(t.b, 3, 3)
    t.call("dm_frag", t.b, t.a, True)
    assert t.get(t.a, "frag_markers") == 1
    assert t.said("m1 gains a frag marker (1)") == ["m1 gains a frag marker (1)"]


@pytest.mark.rules("DOOMX-116")
def test_fragging_ones_own_marine_is_logged_with_the_score(match):
    t = match(seats=4, commanders=["Ann", "Ben", "Ann", "Ben"])
    ann, _, ann2, _ = t.p
    t.put(ann2, 3, 3)
    t.call("dm_frag", ann2, ann, True)
    assert t.said("Ann fragged his own marine and loses a frag marker (-1)")


@pytest.mark.rules("DOOMX-085", "DOOMX-118")
def test_a_fragged_marine_loses_one_turn_of_invisibility_left(two):
    t = two
    t.put(t.b, 3, 3)
    t.set(t.bin(t.b), "invisible", 1)
    t.set(t.bin(t.b), "invisible_new", True)
    t.call("dm_frag", t.b, t.a, True)
    assert t.get(t.bin(t.b), "invisible") == 0 and t.get(t.bin(t.b), "invisible_new") is False


@pytest.mark.rules("DOOMX-118")
def test_a_fragged_marine_loses_the_vitality_booster(two):
    t = two
    t.put(t.b, 3, 3)
    t.set(t.bin(t.b), "booster", True)
    t.set(t.bin(t.b), "max_wounds", 7)
    t.call("dm_frag", t.b, t.a, True)
    assert t.get(t.bin(t.b), "booster") is False and t.get(t.bin(t.b), "max_wounds") == 5


@pytest.mark.rules("DOOMX-121")
@pytest.mark.parametrize("rolled, where", [(1, (1, 1)), (2, (1, 3)), (3, (10, 4))])
def test_the_green_die_names_the_re_entry_point(two, rolled, where):
    t = two
    t.put(t.b, 8, 1)
    t.put(t.a, 5, 2)
    t.call("dm_frag", t.a, t.b, True)
    t.force("green", t.face("green", range=rolled, damage=1))
    t.call("dm_reenter", t.a)
    assert t.where(t.a) == where
    assert t.said(f"m1 comes back on re-entry point {rolled}")


@pytest.mark.rules("DOOMX-122")
def test_coming_back_on_a_taken_point_telefrags_with_a_log(two):
    t = two
    t.put(t.b, 1, 1)  # on re-entry point 1, the only one
    t.put(t.a, 5, 2)
    t.call("dm_frag", t.a, t.b, True)
    t.force("green", t.face("green", range=1, damage=1))
    t.call("dm_reenter", t.a)
    assert t.where(t.a) == (1, 1) and t.get(t.b, "out") is True
    assert t.said("m1 comes back on m2 and telefrags him (no frag marker)")
    assert t.get(t.a, "frag_markers") == 0
