"""The program's start and end: `rulecraft --help` (and importing the command line) loads no
compiler, no command's module and no xml.sax (which pulls in urllib, email and ssl); the program
(`python -m rulecraft`, the console script `cli.console`) flushes everything it printed before it
ends its process without the interpreter's shut-down work, with the command's exit code."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from contextlib import redirect_stdout
from pathlib import Path

from rulecraft import cli

ROOT = Path(__file__).resolve().parents[2]
NEVER_AT_START = {"lark", "jsonschema", "ruamel.yaml", "xml.sax", "xml.sax.saxutils", "urllib.request", "email",
                  "ssl", "rulecraft.runtime.game", "rulecraft.runtime.ruleset", "rulecraft.decks.legality",
                  "rulecraft.views.plots", "rulecraft.play.simulate", "rulecraft.reference.doc"}
LOADED = """
import contextlib, io, json, sys
with contextlib.redirect_stdout(io.StringIO()) as out:
    from rulecraft import cli
    try:
        cli.main(sys.argv[1:])
    except SystemExit as done:
        code = done.code
    else:
        code = None
print(json.dumps({"code": code, "said": out.getvalue(), "modules": sorted(sys.modules)}))
"""


def loaded(*argv: str) -> dict:
    """What a fresh process that runs the command line `argv` says, exits with and loaded."""
    env = os.environ | {"PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, "-c", LOADED, *argv], capture_output=True, text=True, cwd=ROOT, env=env,
                          timeout=300, check=True)
    return json.loads(done.stdout)


def compiler_modules(modules: list[str]) -> set[str]:
    return {m for m in modules if m.startswith(("rulecraft.compiler", "rulecraft.cli.")) and m != "rulecraft.cli.output"}


def test_the_help_loads_no_compiler_no_command_module_and_no_xml_sax():
    run = loaded("--help")
    assert run["code"] == 0
    assert all(f"    {command} " in run["said"] for command in cli.COMMANDS)
    assert not compiler_modules(run["modules"])
    assert not NEVER_AT_START & set(run["modules"])


def test_importing_the_command_line_loads_no_compiler_and_no_xml_sax():
    run = loaded("--version")
    assert run["code"] == 0
    assert run["said"].startswith("rulecraft ")
    assert not compiler_modules(run["modules"])
    assert not NEVER_AT_START & set(run["modules"])


def test_a_command_with_plot_loads_no_xml_sax_before_it_draws():
    run = loaded("simulate", "--help")
    assert run["code"] == 0
    assert "--plot FILE" in run["said"]
    assert "rulecraft.views.plots" in run["modules"]
    assert not {"xml.sax", "xml.sax.saxutils", "urllib.request", "email", "ssl"} & set(run["modules"])


def test_the_help_is_the_help_of_every_command_parser(capsys):
    full = cli.build_parser()
    assert cli.main([]) == 2
    assert capsys.readouterr().out == full.format_help()


def program(*argv: str, stdin: int | None = None) -> subprocess.CompletedProcess:
    """`python -m rulecraft ARGV` as a user runs it: output buffered, through pipes."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONUNBUFFERED"} | {"PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, "-m", "rulecraft", *argv], capture_output=True, cwd=ROOT, env=env,
                          timeout=300, stdin=stdin)


def in_process(*argv: str) -> tuple[int, bytes]:
    with redirect_stdout(io.StringIO()) as out:
        code = cli.main(list(argv))
    return code, out.getvalue().encode("utf-8")


def test_a_large_output_reaches_the_pipe_whole_before_the_process_ends():
    done = program("export", "doomtrooper")
    code, expected = in_process("export", "doomtrooper")
    assert len(expected) > 65_536  # more than a pipe holds: the end is written as the process ends
    assert (done.returncode, len(done.stdout), done.stdout) == (code, len(expected), expected)
    assert done.stderr == b""


def test_the_program_exits_with_the_commands_code_and_says_what_it_says():
    legal = program("deck", "check", "examples/decks/templars-legal.yaml")
    illegal = program("deck", "check", "examples/decks/dt009-59-cards.yaml")
    unusable = program("deck", "check", "examples/decks/no-such-deck.yaml")
    assert (legal.returncode, illegal.returncode, unusable.returncode) == (0, 1, 2)
    assert legal.stdout.decode() == "examples/decks/templars-legal.yaml: legal for doomtrooper/prague-league-2010\n"
    assert illegal.stdout.decode() == in_process("deck", "check", "examples/decks/dt009-59-cards.yaml")[1].decode()
    assert b"E0801" in unusable.stderr
    assert program("no-such-command").returncode == 2


def test_a_reader_that_stops_reading_ends_the_program_quietly():
    reader = subprocess.Popen(["head", "-c", "10"], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    env = {k: v for k, v in os.environ.items() if k != "PYTHONUNBUFFERED"} | {"PYTHONPATH": str(ROOT)}
    writer = subprocess.run([sys.executable, "-m", "rulecraft", "export", "doomtrooper"], stdout=reader.stdin,
                            stderr=subprocess.PIPE, cwd=ROOT, env=env, timeout=300)
    reader.stdin.close()
    assert reader.stdout.read() == in_process("export", "doomtrooper")[1][:10]
    reader.wait(timeout=60)
    assert (writer.returncode, writer.stderr) == (0, b"")
