"""The README's Python API example runs as written, from the checkout's folder."""

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def section(title: str) -> str:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    start = text.index(f"\n## {title}\n")
    end = text.find("\n## ", start + 1)
    return text[start:end if end > 0 else None]


def test_the_python_api_example_runs_as_written(monkeypatch):
    (code,) = re.findall(r"```python\n(.*?)```", section("Python API"), re.S)
    monkeypatch.chdir(ROOT)
    scope: dict = {}
    exec(compile(code, "README.md (Python API)", "exec"), scope)  # the project's own README
    game = scope["game"]
    assert game.over or game.round == 5  # the Doom game played its 5 rounds (or ended before)
    assert scope["rules"].id == "twilight-imperium"
    assert scope["lodor"].def_id == "lodor"


def test_the_quickstart_says_how_to_put_the_command_on_the_path():
    quickstart = section("Quickstart")
    assert ".venv/bin" in quickstart
    assert 'export PATH="$PWD/.venv/bin:$PATH"' in quickstart
