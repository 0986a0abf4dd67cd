"""The new invaders, by exact outcome: what `rulecraft mutate` showed the other tests let pass."""

import pytest


@pytest.mark.rules("DOOMX-012")
def test_only_the_figures_of_the_marines_colours_join_the_reserve(new_table):
    t = new_table(options=["zombie_commandos"])
    t.call("sort_expansion_figures")
    used = {t.get(p, "color") for p in t.marines}
    ready = t.call("available", "zombie_commando")
    assert ready and {t.get(f, "color") for f in ready} <= used
    boxed = [f for f in t.game.zone("invader_figures").items if f.def_id == "zombie_commando"]
    assert boxed and not [f for f in boxed if t.get(f, "color") in used]
