"""Raising base armor in a campaign (DOOMX-154): the seed says once per campaign, not by how
much - `campaign_armor_raise`, a marked assumption."""

import pytest


@pytest.mark.rules("DOOMX-154")
@pytest.mark.parametrize("raise_by", [1, 2])
def test_base_armor_rises_by_campaign_armor_raise(new_table, raise_by):
    t = new_table(options=["campaign"])
    t.game.assume["campaign_armor_raise"] = raise_by
    m = t.marines[0]
    armor = t.get(t.bin(m), "armor")
    t.act("raise_base_armor", m)
    assert t.get(t.bin(m), "armor") == armor + raise_by
