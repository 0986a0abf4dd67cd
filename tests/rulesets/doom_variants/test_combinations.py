"""Combining the variants: which pairs load together, which are refused (naming both places),
and a Knee Deep in the Dead game with many variants played to its end."""


import pytest

from rulecraft.runtime.play import replay, run, start
from tests.support.command import rc

ALL_COMPATIBLE = ["organised-marines", "standardised-training", "elite-training", "locked-and-loaded",
                  "super-shotgun", "tireless-pistols", "texas-holdem", "hail-to-the-king", "task-force-training",
                  "nightmare"]
ANOTHER_SET = ["three-card-program", "chainsaw-massacre", "too-young-to-die", "super-shotgun", "locked-and-loaded",
               "elite-training", "standardised-training"]
THIRD_SET = ["special-forces-training", "hail-to-the-king", "hey-not-too-rough", "organised-marines", "tireless-pistols"]

REFUSED = [
    ("texas-holdem", "three-card-program"),
    ("chainsaw-massacre", "hail-to-the-king"),
    ("special-forces-training", "task-force-training"),
    ("texas-holdem", "special-forces-training"),
    ("nightmare", "too-young-to-die"),
    ("hurt-me-plenty", "ultra-violence"),
    ("hey-not-too-rough", "nightmare"),
]


@pytest.mark.rules("DOOMX-182", "DOOMX-195")
def test_super_shotgun_and_hail_to_the_king_load_together(table):
    t = table("super-shotgun", "hail-to-the-king")
    m = t.marines[0]
    assert t.get(t.bin(m), "weapons") == ["chainsaw", "shotgun"]
    assert t.rules.definitions["shotgun"].props["abilities"] == ["knockback"]


@pytest.mark.parametrize("names", [ALL_COMPATIBLE, ANOTHER_SET, THIRD_SET, list(reversed(ALL_COMPATIBLE))])
def test_compatible_variants_load_together_in_any_order(variants, names):
    rules = variants(*names)
    assert rules.id == "doom"
    assert rules.mods == tuple("doom/variants/" + n for n in names)


@pytest.mark.parametrize(("a", "b"), REFUSED)
def test_incompatible_variants_are_refused_naming_both(refusal, a, b):
    found = refusal(a, b)
    assert "E0703" in {code for code, *_ in found}
    assert {code for code, *_ in found} <= {"E0703", "E0701"}
    for _code, file, _line, labels in found:
        named = {file, *labels}
        assert {f"doom/variants/{a}/main.rules", f"doom/variants/{b}/main.rules"} <= named


def test_two_variants_replacing_the_same_step_report_e0701_naming_both(refusal):
    found = refusal("texas-holdem", "three-card-program")
    e0701 = [f for f in found if f[0] == "E0701"]
    assert e0701
    assert all(f[1] == "doom/variants/three-card-program/main.rules"
                         and f[3] == ("doom/variants/texas-holdem/main.rules",) for f in e0701)


@pytest.mark.rules("DOOMX-003", "DOOMX-179", "DOOMX-180", "DOOMX-184", "DOOMX-185", "DOOMX-195", "DOOMX-199",
                   "DOOMX-175", "DOOMX-177")
def test_knee_deep_with_ten_variants_plays_to_its_end(variants):
    rules = variants(*ALL_COMPATIBLE)
    for seed in range(1, 5):
        game = run(start(rules, "knee_deep", seed=seed), "knee_deep")
        final = game.log[-1]
        assert final["what"] == "final"
        assert (game.over or final["rounds"] == 12)
        marines = [p for p in game.players if game.get(p, "role") == "marine"]
        assert [len(game.zone("marine_cards", p).items) for p in marines] == [0, 0]
        assert len(game.zone("table_middle").items) == 1
        assert len(game.select("nightmare_card", by_definition=True)) == 1


@pytest.mark.rules("DOOMX-186", "DOOMX-192", "DOOMX-176", "DOOMX-198", "DOOMX-002")
@pytest.mark.parametrize("names", [ANOTHER_SET, THIRD_SET])
def test_knee_deep_with_other_sets_plays_to_its_end_and_replays(variants, names):
    rules = variants(*names)
    game = run(start(rules, "knee_deep", seed=3), "knee_deep")
    assert game.log[-1]["what"] == "final"
    assert replay(rules, game.log).log_lines() == game.log_lines()
    assert run(start(rules, "knee_deep", seed=3), "knee_deep").log_lines() == game.log_lines()


def test_the_cli_checks_and_runs_variants():
    mods = [x for n in ALL_COMPATIBLE for x in ("--mod", "doom/variants/" + n)]
    assert rc("check", "doom", *mods).returncode == 0
    out = rc("run", "doom/knee_deep", "--seed", "2", "--json", *mods)
    assert out.returncode == 0
    assert '"what":"final"' in out.stdout.splitlines()[-1]
    refused = rc("check", "doom", "--mod", "doom/variants/chainsaw-massacre", "--mod", "doom/variants/hail-to-the-king")
    text = refused.stdout + refused.stderr
    assert refused.returncode == 1
    assert "E0703" in text
    assert "chainsaw-massacre/main.rules" in text
    assert "hail-to-the-king/main.rules" in text


def test_every_variant_compiles_on_its_own():
    out = rc("check", "doom/variants/super-shotgun", "doom/variants/nightmare", "doom/variants/organised-marines")
    assert out.returncode == 0, out.stdout + out.stderr
