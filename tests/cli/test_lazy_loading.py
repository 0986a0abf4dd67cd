"""A command loads only what it uses: a deck check or a listing read from the cache loads no
parser, no compiler stage and no jsonschema; a command's parser is built when it runs, and the
help still lists every command."""

from __future__ import annotations

import gc
import json
import os
import subprocess
import sys
from pathlib import Path

from rulecraft import cli

ROOT = Path(__file__).resolve().parents[2]
HEAVY = ["lark", "jsonschema", "rulecraft.compiler.parser", "rulecraft.compiler.build", "rulecraft.compiler.check",
         "rulecraft.compiler.lower", "rulecraft.compiler.driver", "rulecraft.decks.importer", "rulecraft.views.render",
         "rulecraft.authoring.mutation"]
LOADED = """
import contextlib, io, json, sys
from rulecraft import cli
with contextlib.redirect_stdout(io.StringIO()):
    code = cli.main(sys.argv[1:])
print(json.dumps({"code": code, "modules": sorted(sys.modules)}))
"""


def loaded(tmp_path, *argv: str) -> tuple[list[int], set[str]]:
    """The exit codes of the command run in two fresh processes (the second reads what the
    first cached), and the modules the second loaded."""
    env = os.environ | {"RULECRAFT_CACHE_DIR": str(tmp_path / "cache"), "PYTHONPATH": str(ROOT)}
    runs = [json.loads(subprocess.run([sys.executable, "-c", LOADED, *argv], capture_output=True, text=True, cwd=ROOT,
                                      env=env, timeout=300, check=True).stdout) for _ in range(2)]
    return [run["code"] for run in runs], set(runs[1]["modules"])


def test_a_deck_check_from_the_cache_loads_no_compiler_and_no_jsonschema(tmp_path):
    codes, modules = loaded(tmp_path, "deck", "check", "examples/decks/templars-legal.yaml")
    assert codes == [0, 0]
    assert "rulecraft.decks.legality" in modules
    assert not modules & set(HEAVY)


def test_a_listing_from_the_cache_loads_no_compiler_and_no_runtime_game(tmp_path):
    codes, modules = loaded(tmp_path, "games")
    assert codes == [0, 0]
    assert not modules & {*HEAVY, "rulecraft.runtime.game", "rulecraft.decks.legality", "ruamel.yaml"}


def test_the_help_lists_every_command(capsys):
    assert cli.main([]) == 2
    listed = capsys.readouterr().out
    assert all(f"    {command} " in listed for command in cli.COMMANDS)


def test_a_named_command_gets_its_own_parser_only():
    parser = cli.build_parser(["deck", "check", "x.yaml"])
    assert parser.parse_args(["deck", "check", "x.yaml", "--pool", "p.yaml"]).pool == ["p.yaml"]
    [commands] = [a for a in parser._actions if a.dest == "==SUPPRESS==" and a.choices]
    assert list(commands.choices) == ["deck"]
    assert list(cli.build_parser([]).parse_args(["import", "src", "f.json"]).files) == ["f.json"]


def test_a_command_leaves_the_collector_as_it_found_it(capsys):
    before = gc.get_threshold()
    cli.main(["games"])
    assert gc.get_threshold() == before
