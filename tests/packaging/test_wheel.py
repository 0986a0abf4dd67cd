"""`pip install .` must give a working rulecraft: the wheel carries the grammar, every bundled
ruleset (with its data files) and the schemas, not only the Python code."""

import subprocess
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_the_wheel_carries_grammar_rulesets_and_schemas(tmp_path):
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w",
                    str(tmp_path), str(ROOT)], check=True, capture_output=True)
    (wheel,) = tmp_path.glob("rulecraft-*.whl")
    names = set(zipfile.ZipFile(wheel).namelist())
    assert "rulecraft/grammar/rulecraft.lark" in names
    assert "rulecraft/inputs/schemas/deck.schema.json" in names
    assert "rulecraft/reference/code_examples.yaml" in names  # what `rulecraft explain CODE` and `doc` show
    assert {"rulecraft/decks/static/deck.html", "rulecraft/decks/static/deck.js",
            "rulecraft/decks/static/deck.css"} <= names  # serve's page
    for main in ROOT.glob("rulesets/**/main.rules"):
        assert f"rulecraft/{main.relative_to(ROOT)}" in names
    for data in ROOT.glob("rulesets/**/*.yaml"):
        assert f"rulecraft/{data.relative_to(ROOT)}" in names
    assert {"rulecraft/cli/__init__.py", "rulecraft/compiler/check.py", "rulecraft/runtime/game.py"} <= names
