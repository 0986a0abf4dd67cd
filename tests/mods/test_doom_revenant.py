"""The example mod examples/mods/doom-revenant adds an invader to Doom that spawns in
`knee_deep` with no change to the base: it joins the list of invader types setup sorts into
the reserve (`patch const invader_types += [revenant]`) and brings its own spawn card."""

from pathlib import Path

import rulecraft
from rulecraft.runtime.play import run, start

MOD = str(Path(__file__).resolve().parents[2] / "examples" / "mods" / "doom-revenant")


def where(thing) -> str:
    return getattr(thing.location, "name", "board")


def test_setup_puts_its_figures_in_the_reserve_and_its_cards_in_the_deck():
    game = start(rulecraft.load("doom", [MOD]), "knee_deep", seed=1)
    figures = [where(t) for t in game.select("invader") if t.def_id == "revenant"]
    assert len(figures) == 3
    assert figures.count("reserve") == 2  # as setup sorts any type's figures
    assert [where(c) for c in game.select("invader_card") if c.def_id == "revenant_call"] == ["invader_deck"] * 2


def test_without_the_list_patch_no_figure_reaches_the_reserve(tmp_path):
    unlisted = tmp_path / "unlisted"
    unlisted.mkdir()
    text = (Path(MOD) / "main.rules").read_text(encoding="utf-8")
    (unlisted / "main.rules").write_text(text.replace("patch const invader_types += [revenant]", ""), encoding="utf-8")
    game = start(rulecraft.load("doom", [str(unlisted)]), "knee_deep", seed=1)
    assert {where(t) for t in game.select("invader") if t.def_id == "revenant"} == {"invader_figures"}


def test_a_revenant_spawns_and_acts_in_a_seeded_knee_deep():
    game = run(start(rulecraft.load("doom", [MOD]), "knee_deep", seed=3), "knee_deep", 3)
    texts = [e.get("text", "") for e in game.log if e["what"] == "log"]
    assert "the invader player activates Revenant" in texts
    revenants = [f.ref for f in game.select("revenant", by_definition=True)]
    activated = [e["args"][0] for e in game.log if e["what"] == "event" and e["event"] == "invader_activated"]
    assert [r for r in activated if r in revenants] != []
