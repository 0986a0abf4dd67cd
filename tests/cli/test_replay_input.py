"""A replay log from anywhere is checked line by line before anything is replayed: every bad
line is a diagnostic at its line (E1005), never a traceback."""

import json
import subprocess
import sys

from rulecraft import cli
from rulecraft.compiler.loader import load
from rulecraft.runtime.play import run, start

HEADER = {"seq": 1, "round": 0, "what": "scenario", "game": "twilight-imperium", "mods": [], "options": [],
          "id": "small_galaxy", "seed": 3, "players": ["a", "b"], "assumptions": {}}


def replay(tmp_path, capsys, lines):
    path = tmp_path / "game.jsonl"
    path.write_text("\n".join(lines), encoding="utf-8")
    code = cli.main(["replay", str(path)])
    out = capsys.readouterr()
    return code, out.out + out.err


def test_every_bad_line_is_reported_at_its_line(tmp_path, capsys):
    header = dict(HEADER, seed="three")
    code, out = replay(tmp_path, capsys, [json.dumps(header), "[1, 2]", "{not json",
                                          '{"what": "choice", "player": "a", "options": "2", "picked": 1}',
                                          "[" * 5000 + "]" * 5000])
    assert code == 2
    assert "Traceback" not in out
    assert [line.split(": error")[0].rsplit(":", 2)[1] for line in out.splitlines() if "error[E1005]" in line] == \
        ["1", "2", "3", "4", "5"]
    assert "seed: 'three' is not of type 'integer'" in out
    assert "options: '2' is not of type 'integer'" in out
    assert "the line nests lists or objects more than 128 deep" in out  # refused before it is parsed


def test_a_log_without_a_scenario_line_is_refused(tmp_path, capsys):
    code, out = replay(tmp_path, capsys, ['{"what": "round", "number": 1}'])
    assert code == 2
    assert "the log has no scenario line" in out


def test_a_log_never_chooses_the_folder_it_loads(tmp_path, capsys):
    game = tmp_path / "mine"
    game.mkdir()
    (game / "main.rules").write_text('game "mine" "Mine"\nscenario solo "Solo" { players: ["a"]  round { log "r" } }\n',
                                     encoding="utf-8")
    played = run(start(load(str(game)), "solo", seed=1), "solo", 2)
    lines = played.log_lines()
    assert json.loads(lines[0])["game"] == "mine"  # a user's game: not a bundled one
    code, out = replay(tmp_path, capsys, lines)
    assert code == 2
    assert "the log names `mine`, which is not a bundled ruleset" in out
    assert "--ruleset" in out
    assert cli.main(["replay", str(tmp_path / "game.jsonl"), "--ruleset", str(game)]) == 0
    assert "identically" in capsys.readouterr().out


def test_a_written_log_replays_identically(tmp_path):
    path = tmp_path / "ti.jsonl"
    written = subprocess.run([sys.executable, "-m", "rulecraft", "run", "twilight-imperium/small_galaxy", "--seed", "3",
                              "--rounds", "2", "--json"], capture_output=True, text=True, check=True).stdout
    path.write_text(written, encoding="utf-8")
    result = subprocess.run([sys.executable, "-m", "rulecraft", "replay", str(path)], capture_output=True, text=True)
    assert result.returncode == 0
    assert "identically" in result.stdout
