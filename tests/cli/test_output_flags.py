"""One flag, one meaning: `--json` on every command that prints results; `check --output`
(with `--json` its shorthand) and the old `check --format`, kept as a deprecated alias."""

import json
import xml.etree.ElementTree as ET

import pytest

from rulecraft import cli

BROKEN = 'game "t" "T"\nkind unit {}\nunit a "A" { hq: 1 }\n'


@pytest.fixture
def broken(tmp_path):
    (tmp_path / "main.rules").write_text(BROKEN, encoding="utf-8")
    return str(tmp_path)


def test_check_output_json_and_its_shorthand_agree(capsys, broken):
    assert cli.main(["check", broken, "--output", "json"]) == 1
    long = capsys.readouterr()
    assert cli.main(["check", broken, "--json"]) == 1
    short = capsys.readouterr()
    assert long.out == short.out
    assert long.err == short.err == ""
    assert [d["code"] for d in json.loads(long.out)["diagnostics"]] == ["E0103"]


def test_check_output_sarif(capsys, broken):
    assert cli.main(["check", broken, "--output", "sarif"]) == 1
    assert json.loads(capsys.readouterr().out)["runs"][0]["results"][0]["ruleId"] == "E0103"


def test_check_format_still_works_and_says_it_is_deprecated(capsys, broken):
    assert cli.main(["check", broken, "--format", "json"]) == 1
    out, err = capsys.readouterr()
    assert json.loads(out)["diagnostics"][0]["code"] == "E0103"
    assert err == "rulecraft: warning: `check --format` is deprecated; use `--output` (or `--json`)\n"


def test_check_takes_one_output_flag(capsys, broken):
    with pytest.raises(SystemExit) as exit:
        cli.main(["check", broken, "--output", "text", "--json"])
    assert exit.value.code == 2
    assert "not allowed with argument" in capsys.readouterr().err


EVERY_COMMAND_THAT_PRINTS = [
    ["check"], ["games"], ["cards", "list", "g"], ["cards", "show", "g", "c"], ["dice", "list", "g"], ["assumptions", "g"],
    ["odds", "g"], ["run", "s"], ["replay", "log.jsonl"], ["test"], ["coverage"], ["deck", "check", "d.yaml"],
    ["schema", "deck"], ["mod", "diff", "g", "m"], ["export", "g"], ["render", "g", "token", "c"], ["mutate"],
    ["simulate", "s", "--games", "2"]]


@pytest.mark.parametrize("argv", EVERY_COMMAND_THAT_PRINTS, ids=lambda a: " ".join(a[:2]))
def test_every_command_that_prints_takes_json(argv):
    args = cli.build_parser(argv).parse_args([*argv, "--json"])
    assert (args.output if argv == ["check"] else args.json) in ("json", True)


def test_export_and_schema_accept_json_and_print_the_same(capsys):
    for argv in (["export", "twilight-imperium"], ["schema", "deck"]):
        assert cli.main(argv) == 0
        plain = capsys.readouterr().out
        assert cli.main([*argv, "--json"]) == 0
        assert capsys.readouterr().out == plain
        assert json.loads(plain)


def test_replay_json_gives_the_verdict(capsys, tmp_path):
    assert cli.main(["run", "twilight-imperium/small_galaxy", "--seed", "2", "--rounds", "2", "--json"]) == 0
    lines = capsys.readouterr().out.splitlines()
    log = tmp_path / "game.jsonl"
    log.write_text("\n".join(lines) + "\n", encoding="utf-8")
    assert cli.main(["replay", str(log), "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == {"log": str(log), "identical": True, "lines": len(lines),
                                                  "replayed": len(lines), "difference": None}
    entry = json.loads(lines[-1])
    lines[-1] = json.dumps(entry | {"digest": "0" * len(entry["digest"])}, separators=(",", ":"))
    log.write_text("\n".join(lines) + "\n", encoding="utf-8")
    assert cli.main(["replay", str(log), "--json"]) == 1
    verdict = json.loads(capsys.readouterr().out)
    assert (verdict["identical"], verdict["difference"]["line"]) == (False, len(lines))
    assert verdict["difference"]["log"] == lines[-1] != verdict["difference"]["replay"]


def test_render_json_holds_the_svg_or_names_the_file(capsys, tmp_path):
    assert cli.main(["render", "neuroshima", "token", "splitter", "--json"]) == 0
    shown = json.loads(capsys.readouterr().out)
    assert (shown["game"], shown["what"]) == ("neuroshima", "token")
    assert ET.fromstring(shown["svg"]).get("width") == "136"
    out = tmp_path / "t.svg"
    assert cli.main(["render", "neuroshima", "token", "splitter", "--json", "-o", str(out)]) == 0
    assert json.loads(capsys.readouterr().out) == {"game": "neuroshima", "what": "token", "out": str(out)}
    assert out.read_text(encoding="utf-8") == shown["svg"]
