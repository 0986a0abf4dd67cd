"""The command line as users and scripts see it: output, JSON and exit codes."""

import json

import rulecraft
from tests.support.command import rc


def test_check_of_the_bundled_rulesets_is_clean():
    result = rc("check")
    assert result.returncode == 0, result.stdout + result.stderr
    assert "0 with errors" in result.stdout


def test_check_reports_every_error_with_position_and_exits_1(tmp_path):
    (tmp_path / "main.rules").write_text('game "t" "T"\nkind unit { wounds: int }\nunit a "A" { wonds: 1 }\nunit b "B" { wounds: true }\n')
    result = rc("check", str(tmp_path), "--output", "json")
    assert result.returncode == 1
    diags = json.loads(result.stdout)["diagnostics"]
    assert [(d["code"], d["line"], d["column"]) for d in diags] == [("E0103", 3, 14), ("E0201", 4, 22)]
    assert diags[0]["help"] == "did you mean `wounds`?"


def test_check_sarif_is_valid_json_with_results(tmp_path):
    (tmp_path / "main.rules").write_text('game "t" "T"\nkind unit {}\nunit a "A" { hq: 1 }\n')
    result = rc("check", str(tmp_path), "--output", "sarif")
    doc = json.loads(result.stdout)
    assert doc["version"] == "2.1.0"
    assert doc["runs"][0]["results"][0]["ruleId"] == "E0103"


def test_unknown_ruleset_is_a_usage_error_without_traceback():
    result = rc("check", "no-such-game")
    assert result.returncode == 2
    assert "Traceback" not in result.stderr
    assert "no ruleset 'no-such-game'" in result.stderr


def test_games_lists_the_bundled_games():
    doc = json.loads(rc("games", "--json").stdout)
    by_id = {g["id"]: g for g in doc["games"]}
    assert by_id["twilight-imperium"]["type"] == "game"
    assert by_id["twilight-imperium"]["scenarios"] == ["small_galaxy"]


def test_cards_list_gives_every_definition_with_its_properties():
    doc = json.loads(rc("cards", "list", "twilight-imperium", "--json").stdout)
    by_id = {c["id"]: c for c in doc["cards"]}
    assert by_id["lodor"]["resources"] == 3
    assert by_id["lodor"]["kind"] == "planet"
    assert by_id["enemy_units_3"]["defenders"] == 3
    assert by_id["enemy_units_3"]["count"] == 1


def test_dice_list_shows_the_d10():
    doc = json.loads(rc("dice", "list", "twilight-imperium", "--json").stdout)
    d10 = doc["dice"][0]
    assert d10["id"] == "d10"
    assert [f["value"] for f in d10["faces"]] == list(range(1, 11))


def test_odds_with_an_unknown_parameter_is_a_usage_error():
    result = rc("odds", "twilight-imperium", "devastation", "x=1")
    assert result.returncode == 2
    assert "unknown parameter" in result.stderr


def test_run_prints_a_readable_story_and_json_lines():
    text = rc("run", "twilight-imperium/small_galaxy", "--seed", "2", "--rounds", "2")
    assert text.returncode == 0
    assert "--- round 2 ---" in text.stdout
    lines = rc("run", "small_galaxy", "--seed", "2", "--rounds", "2", "--json").stdout.splitlines()
    assert json.loads(lines[0])["what"] == "scenario"
    assert json.loads(lines[-1])["what"] == "final"


def test_assumptions_can_be_overridden_from_the_command_line():
    doc = json.loads(rc("cards", "list", "twilight-imperium", "--json").stdout)
    assert {c["id"]: c for c in doc["cards"]}["wealth_2"]["credits"] == 3
    bad = rc("run", "small_galaxy", "--set", "no_such=1")
    assert bad.returncode == 2
    assert "unknown assumption" in bad.stderr


def test_die_faces_are_overridable_assumptions():
    table = "[[9,9,0,0],[9,9,0,0],[9,9,0,0],[9,9,0,0],[9,9,0,0],[9,9,0,0]]"
    out = rc("odds", "doom", "attack_wounds", "weapon=pistol", "range=3", "armor=1", "--set", f"green_faces={table}",
             "--json")
    values = [o["value"] for o in json.loads(out.stdout)["outcomes"]]
    assert values == [9, 10, 11]  # 9 damage from green always, plus the yellow die's 0, 1 or 2
    bad = rc("odds", "doom", "attack_wounds", "weapon=pistol", "range=3", "armor=1", "--set", "green_faces=[[1,2]]")
    assert bad.returncode == 1
    assert "rows of 4 numbers" in bad.stderr
    assert "Traceback" not in bad.stderr


def test_export_of_every_bundled_ruleset_follows_the_shipped_schema():
    import jsonschema

    from rulecraft.compiler.loader import bundled_ids
    from rulecraft.inputs.documents import schema
    from rulecraft.views.export import export

    validator = jsonschema.Draft202012Validator(schema("ruleset"))
    for rid in bundled_ids():
        document = json.loads(json.dumps(export(rulecraft.load(rid))))
        errors = [e.message for e in validator.iter_errors(document)]
        assert errors == [], (rid, errors[:3])
    shown = json.loads(rc("schema", "ruleset").stdout)
    assert shown["title"] == "rulecraft compiled ruleset"
    doc = json.loads(rc("export", "twilight-imperium").stdout)
    assert doc["rules"]["TI-033"][0].startswith("twilight-imperium/counters.rules:")
