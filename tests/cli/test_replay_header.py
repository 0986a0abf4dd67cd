"""`rulecraft replay` reads the log's header as the command line is read: the log's mods are
applied (a `--mod` game's log replays from the command line), its assumptions are checked as
`--set` checks them (a value of another type is an E1005 at the header's line; an unknown one the
game refuses, E1003); the same mod given twice is applied once. A log's lines, each line's length and nesting, and the
problems kept are bounded before any line is parsed."""

from __future__ import annotations

import json

import pytest

from rulecraft import cli
from rulecraft.views import logview


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = cli.main(list(argv))
    out = capsys.readouterr()
    return code, out.out, out.err


def written(capsys, tmp_path, *argv: str) -> tuple[object, list[str]]:
    code, out, err = run(capsys, "run", *argv, "--json")
    assert (code, err) == (0, "")
    path = tmp_path / "game.jsonl"
    path.write_text(out, encoding="utf-8")
    return path, out.splitlines()


def test_a_mod_games_log_replays_from_the_command_line(capsys, tmp_path):
    path, lines = written(capsys, tmp_path, "doom/knee_deep", "--mod", "doom/expansion", "--rounds", "2")
    assert json.loads(lines[0])["mods"] == ["doom/expansion"]
    assert run(capsys, "replay", str(path)) == (0, f"{path}: replayed {len(lines)} lines identically\n", "")
    assert run(capsys, "replay", str(path), "--mod", "doom/expansion")[0] == 0  # --mod: instead of the log's
    assert run(capsys, "replay", str(path), "--mod", "doom/variants/nightmare")[0] == 1  # another game: differs


def test_a_mod_given_twice_or_already_extended_is_applied_once(capsys, tmp_path):
    _, once = written(capsys, tmp_path, "doom/knee_deep", "--mod", "doom/expansion", "--rounds", "2")
    path, twice = written(capsys, tmp_path, "doom/knee_deep", "--mod", "doom/expansion", "--mod", "doom/expansion",
                          "--rounds", "2")
    assert twice == once
    path, extended = written(capsys, tmp_path, "doom/ctf/ctf", "--mod", "doom/deathmatch", "--rounds", "1")
    assert json.loads(extended[0])["mods"] == []  # doom/ctf extends doom/deathmatch: nothing more is applied
    assert run(capsys, "replay", str(path))[0] == 0


def test_a_logs_assumptions_replay_as_they_were_set(capsys, tmp_path):
    path, lines = written(capsys, tmp_path, "twilight-imperium/small_galaxy", "--seed", "3", "--rounds", "2",
                          "--set", "ground_combat_hit=5")
    assert json.loads(lines[0])["assumptions"] == {"ground_combat_hit": 5}
    assert run(capsys, "replay", str(path))[0] == 0


def deep(levels: int) -> list:
    value: list = []
    for _ in range(levels - 1):
        value = [value]
    return value


@pytest.mark.parametrize(("assumptions", "said"), [
    ({"ground_combat_hit": "five"}, "the log's assumption 'ground_combat_hit' must be a whole number, not 'five'"),
    ({"ground_combat_hit": deep(100)}, "the log's assumption 'ground_combat_hit' must be a whole number, not [[[[[[[["),
    ({"ground_combat_hit": deep(900)}, "the line nests lists or objects more than 128 deep"),
])
def test_a_logs_assumptions_are_checked_as_set_values_are(capsys, tmp_path, assumptions, said):
    path, lines = written(capsys, tmp_path, "twilight-imperium/small_galaxy", "--rounds", "1")
    header = json.loads(lines[0]) | {"assumptions": assumptions}
    path.write_text("\n\n" + "\n".join([json.dumps(header), *lines[1:]]), encoding="utf-8")
    code, out, err = run(capsys, "replay", str(path))
    assert (code, out) == (2, "")
    assert err.startswith(f"{path}:3:1: error[E1005]: {said}")  # the header's line
    assert err.count("error[") == 1
    assert "Traceback" not in err


def bad_lines(capsys, tmp_path, text: str) -> list[str]:
    path = tmp_path / "bad.jsonl"
    path.write_text(text, encoding="utf-8")
    code, out, err = run(capsys, "replay", str(path))
    assert (code, out) == (2, "")
    assert "Traceback" not in err
    return [line.removeprefix(f"{path}:") for line in err.splitlines() if "error[" in line]


def test_a_log_with_ten_times_the_line_limit_stops_at_the_limit(capsys, tmp_path):
    limit = logview.MAX_LOG_LINES
    assert bad_lines(capsys, tmp_path, "{}\n" * (10 * limit)) == \
        [f"{limit + 1}:1: error[E1005]: the log has more than {limit:,} lines"]


def test_at_most_a_hundred_bad_lines_are_reported(capsys, tmp_path):
    found = bad_lines(capsys, tmp_path, "{}\n" * 1000)
    assert len(found) == logview.MAX_LOG_PROBLEMS + 1
    assert found[0] == "1:1: error[E1005]: the line: 'what' is a required property"
    assert found[-1] == f"{logview.MAX_LOG_PROBLEMS + 1}:1: error[E1005]: more than {logview.MAX_LOG_PROBLEMS} bad " \
                        "lines: the rest is not read"


def test_a_line_too_long_is_refused_before_it_is_parsed(capsys, tmp_path, monkeypatch):
    monkeypatch.setattr(logview, "MAX_LOG_LINE", 2 * 2**20)
    parsed = []
    monkeypatch.setattr(logview.json, "loads", lambda text: parsed.append(len(text)) or {})
    long = json.dumps({"what": "log", "text": "x" * (2 * 2**20)})
    assert bad_lines(capsys, tmp_path, long + "\n") == ["1:1: error[E1005]: the line is longer than 2 M characters"]
    assert parsed == []
