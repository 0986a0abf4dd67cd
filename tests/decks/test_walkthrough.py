"""The README's "write a card and check a deck with it" walk-through runs as written: each
`$ rulecraft ...` command, from the clone's root, prints exactly the lines shown under it (its
output and errors together) and succeeds, or, where it shows an error or an illegal deck, fails."""

import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
BLOCK = re.search(r"<!-- walkthrough -->\n```\n(.*?)```\n<!-- /walkthrough -->",
                  (ROOT / "README.md").read_text(encoding="utf-8"), re.S)


def steps() -> list[tuple[str, str]]:
    """(command, the output shown under it) of each `$ ` line of the walk-through."""
    assert BLOCK is not None, "README.md has no walk-through block"
    out: list[tuple[str, list[str]]] = []
    for line in BLOCK.group(1).splitlines():
        if line.startswith("$ "):
            out.append((line[2:], []))
        else:
            out[-1][1].append(line)
    return [(command, "".join(f"{line}\n" for line in shown)) for command, shown in out]


@pytest.mark.parametrize(("command", "shown"), steps(), ids=[c for c, _ in steps()])
def test_a_walkthrough_command_prints_what_the_readme_shows(command, shown):
    assert command.startswith("rulecraft ")
    python = f"{shlex.quote(sys.executable)} -m rulecraft"
    env = os.environ | {"PYTHONPATH": str(ROOT)}
    result = subprocess.run(python + command.removeprefix("rulecraft"), shell=True, cwd=ROOT, env=env,
                            capture_output=True, text=True)
    fails = "error[" in shown or "ILLEGAL" in shown
    assert (result.returncode != 0) is fails, result.stdout + result.stderr
    if shown:
        assert result.stdout + result.stderr == shown
