"""`--mod MOD` on every command that loads a game, with one meaning: a bundled mod id or a mod
folder, applied in the order given. Each command is shown the mod's own die, definition,
assumption, scenario or test, which the base game lacks."""

import json

import pytest

from rulecraft import cli
from rulecraft.cli.options import MOD_HELP

MOD = '''mod "extra-bits" "Extra bits" extends "twilight-imperium" version "1.0"

assume bauble_shine: int = 5 "how a bauble shines (made up for a test)"

kind trinket { shine: int = 0  heavy: bool = false }

trinket bauble "Bauble" x2 { shine: bauble_shine }

die d3 "three-sided die" { faces 1..3 }

scenario quiet "One quiet round" {
  players: ["a", "b"]
  rounds: 1
  round { log "a quiet round" }
}

test "a bauble shines" {
  let b = create bauble
  expect b.shine == 5
}
'''

SECOND = '''mod "more-bits" "More bits" extends "twilight-imperium" version "1.0"

trinket trifle "Trifle" { heavy: true }
'''


@pytest.fixture(scope="module")
def mods(tmp_path_factory):
    root = tmp_path_factory.mktemp("mods")
    (root / "extra").mkdir()
    (root / "extra" / "main.rules").write_text(MOD, encoding="utf-8")
    (root / "more").mkdir()
    (root / "more" / "main.rules").write_text(SECOND, encoding="utf-8")  # it uses a kind of the first
    return str(root / "extra"), str(root / "more")


def doc(capsys, *argv, code=0):
    assert cli.main(list(argv)) == code, capsys.readouterr().err
    return json.loads(capsys.readouterr().out)


COMMANDS_THAT_LOAD_A_GAME = [
    ["check", "g"], ["cards", "list", "g"], ["cards", "show", "g", "c"], ["dice", "list", "g"], ["assumptions", "g"],
    ["odds", "g"], ["render", "g", "token", "c"], ["run", "s"], ["test"], ["export", "g"], ["mod", "diff", "g", "m"],
    ["replay", "log.jsonl"]]


@pytest.mark.parametrize("argv", COMMANDS_THAT_LOAD_A_GAME, ids=lambda a: " ".join(a[:2]))
def test_every_command_that_loads_a_game_takes_the_same_mod_flag(argv):
    parser = cli.build_parser(argv)
    assert parser.parse_args([*argv, "--mod", "a", "--mod", "b/c"]).mod == ["a", "b/c"]  # in load order
    sub = next(a for a in parser._actions if a.dest == "==SUPPRESS==" and a.choices).choices[argv[0]]
    command = sub
    if argv[0] in ("cards", "dice", "mod"):
        command = next(a for a in sub._actions if a.dest == "==SUPPRESS==" and a.choices).choices[argv[1]]
    [flag] = [a for a in command._actions if "--mod" in a.option_strings]
    assert flag.help.startswith(MOD_HELP)


def test_check_and_export_see_the_mod(capsys, mods):
    extra, _ = mods
    assert cli.main(["check", "twilight-imperium", "--mod", extra]) == 0
    assert "1 compiled, 0 with errors" in capsys.readouterr().out
    exported = doc(capsys, "export", "twilight-imperium", "--mod", extra)
    assert exported["mods"] == ["extra-bits"]
    assert [d["id"] for d in exported["dice"]] == ["d10", "d3"]


def test_cards_list_and_show_give_the_mods_definitions(capsys, mods):
    extra, more = mods
    base = doc(capsys, "cards", "list", "twilight-imperium", "--json")
    assert "bauble" not in {c["id"] for c in base["cards"]}
    listed = {c["id"]: c for c in doc(capsys, "cards", "list", "twilight-imperium", "--mod", extra, "--mod", more,
                                      "--json")["cards"]}
    assert (listed["bauble"]["shine"], listed["bauble"]["count"], listed["trifle"]["heavy"]) == (5, 2, True)
    shown = doc(capsys, "cards", "show", "twilight-imperium", "Bauble", "--mod", extra, "--json")
    assert shown["card"] == {"id": "bauble", "name": "Bauble", "kind": "trinket", "count": 2, "shine": 5,
                             "heavy": False, "rules": []}
    assert cli.main(["cards", "show", "twilight-imperium", "bauble"]) == 2
    assert "no definition `bauble` in twilight-imperium" in capsys.readouterr().err


def test_dice_odds_and_assumptions_see_the_mod(capsys, mods):
    extra, _ = mods
    dice = doc(capsys, "dice", "list", "twilight-imperium", "--mod", extra, "--json")["dice"]
    assert [(d["id"], [f["value"] for f in d["faces"]]) for d in dice] == [("d10", list(range(1, 11))), ("d3", [1, 2, 3])]
    odds = doc(capsys, "odds", "twilight-imperium", "d3", "--mod", extra, "--json")
    assert [(o["value"], o["probability"]) for o in odds["outcomes"]] == [(1, "1/3"), (2, "1/3"), (3, "1/3")]
    rows = doc(capsys, "assumptions", "twilight-imperium", "--mod", extra, "--set", "bauble_shine=8", "--json")
    [shine] = [r for r in rows["assumptions"] if r["name"] == "bauble_shine"]
    assert (shine["value"], shine["default"], shine["type"]) == (8, 5, "int")


def test_run_and_test_see_the_mods_scenario_and_test(capsys, mods):
    extra, _ = mods
    assert cli.main(["run", "twilight-imperium/quiet", "--mod", extra]) == 0
    assert "  a quiet round" in capsys.readouterr().out.splitlines()
    results = doc(capsys, "test", "twilight-imperium", "--mod", extra, "--seeds", "1", "--json")["results"]
    outcomes = [(r["test"], r["passed"]) for r in results]
    assert ("a bauble shines", True) in outcomes
    assert ("quiet seed 1 replays identically", True) in outcomes
    assert all(passed for _, passed in outcomes)


def test_render_draws_a_definition_of_the_mod(capsys, mods):
    extra, _ = mods
    assert cli.main(["render", "twilight-imperium", "token", "bauble", "--mod", extra]) == 0
    assert "<title>Bauble</title>" in capsys.readouterr().out


def test_mod_diff_shows_several_mods_or_one_over_another(capsys, mods):
    extra, more = mods
    both = doc(capsys, "mod", "diff", "twilight-imperium", extra, more, "--json")
    assert (both["mod"], both["mods"], both["with_mods"]) == ("extra-bits + more-bits", ["extra-bits", "more-bits"], [])
    assert both["added"] == ["bauble", "trifle"]
    over = doc(capsys, "mod", "diff", "twilight-imperium", more, "--mod", extra, "--json")
    assert (over["mod"], over["with_mods"], over["added"]) == ("more-bits", ["extra-bits"], ["trifle"])
    assert cli.main(["mod", "diff", "twilight-imperium", more, "--mod", extra]) == 0
    assert capsys.readouterr().out.splitlines()[:2] == ["more-bits changes twilight-imperium with extra-bits:",
                                                        "  added: trifle"]
