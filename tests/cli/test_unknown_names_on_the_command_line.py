"""A name the game does not know, given on the command line or in a log, is bad usage (E1003,
exit 2) with the message it always had: the runtime raises it as an UnknownName."""

from __future__ import annotations

import json

from rulecraft import cli


def refused(capsys, argv: list[str]) -> tuple[int, str]:
    code = cli.main(argv)
    return code, capsys.readouterr().err


def test_an_unknown_ruleset_on_the_command_line_is_a_usage_error(capsys):
    code, err = refused(capsys, ["odds", "no-such-game"])
    assert code == 2
    assert err.splitlines()[0].startswith("error[E1003]: no ruleset 'no-such-game' (bundled: doom, ")


def test_an_unknown_option_on_the_command_line_is_a_usage_error(capsys):
    code, err = refused(capsys, ["run", "twilight-imperium/small_galaxy", "--option", "nope", "--rounds", "1"])
    assert code == 2
    assert err.splitlines()[0] == "error[E1003]: unknown option 'nope' (known: none)"


def test_an_unknown_assumption_in_a_replayed_log_is_a_usage_error(tmp_path, capsys):
    header = {"seq": 1, "round": 0, "what": "scenario", "game": "twilight-imperium", "mods": [], "options": [],
              "id": "small_galaxy", "seed": 3, "players": ["Sol", "Letnev", "Hacan"], "assumptions": {"nope": 1}}
    log = tmp_path / "game.jsonl"
    log.write_text(json.dumps(header) + "\n", encoding="utf-8")
    code, err = refused(capsys, ["replay", str(log)])
    assert code == 2
    assert err.splitlines()[0].startswith("error[E1003]: unknown assumption 'nope' (known: ")
