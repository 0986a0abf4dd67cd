"""The rule catalogues and what a test run recorded: the catalogue folder (`../shared/rules`, or the
one given), its ids per game, its rules, the report `rulecraft.authoring.testing` writes, and the
ids each test of a checkout names (`@pytest.mark.rules(...)`).

It takes folders and files; it gives plain mappings. Coverage (rulecraft/authoring/coverage.py),
`explain` (rulecraft/reference/explain.py) and `mutate` read through it. A newcomer changes the
catalogue's file layout here.
"""

from __future__ import annotations

import ast
import json
import os
import re
from pathlib import Path

from ruamel.yaml import YAML

from .. import files
from .documents import MAX_INPUT_BYTES

ID = re.compile(r"^[A-Z]+-\d+$")


def find_catalogue(explicit: str | None) -> Path | None:
    for candidate in (explicit, os.environ.get("RULECRAFT_CATALOGUE"), "../shared/rules"):
        if candidate and Path(candidate).is_dir():
            return Path(candidate)
    return None


def read_catalogue(folder: Path) -> dict[str, list[str]]:
    """game -> its rule ids, from every catalogue file in the folder."""
    return {game: list(rules) for game, rules in read_rules(folder).items()}


def read_rules(folder: Path) -> dict[str, dict[str, dict]]:
    """game -> rule id -> the catalogue's entry (`rule`, `section`, `kind`, `note`, ...)."""
    yaml = YAML(typ="safe")
    games: dict[str, dict[str, dict]] = {}
    for path in sorted(folder.glob("*.yaml")):
        data = yaml.load(files.read_text(path, MAX_INPUT_BYTES))
        if isinstance(data, dict) and "rules" in data:
            games[path.stem] = {r["id"]: r for r in data["rules"] if isinstance(r, dict) and "id" in r}
    return games


def read_report(report: Path) -> dict[str, dict[str, list[str]]]:
    """rule id -> the tests that name it (`named_by`) and those that ran it (`executed_by`), as the
    last test run recorded them (rulecraft.authoring.testing); empty before any run."""
    if not report.is_file():
        return {}
    return json.loads(files.read_text(report, MAX_INPUT_BYTES)).get("rules", {})


def marked(folder: Path) -> dict[str, list[str]]:
    """rule id -> "file:line: test" of each test under `folder` that names it with
    `@pytest.mark.rules(...)` (what the test run records as `named_by`), found without running them."""
    found: dict[str, list[str]] = {}
    for path in sorted(folder.rglob("test_*.py")):
        try:
            tree = ast.parse(path.read_text(encoding="utf-8"))
        except (SyntaxError, UnicodeDecodeError):
            continue
        for node in ast.walk(tree):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                for rule in dict.fromkeys(_marked_ids(node)):
                    found.setdefault(rule, []).append(f"{path}:{node.lineno}: {node.name}")
    return found


def _marked_ids(test: ast.FunctionDef | ast.AsyncFunctionDef) -> list[str]:
    return [arg.value for mark in test.decorator_list
            if isinstance(mark, ast.Call) and isinstance(mark.func, ast.Attribute) and mark.func.attr == "rules"
            for arg in mark.args if isinstance(arg, ast.Constant) and isinstance(arg.value, str)]
