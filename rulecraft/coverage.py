"""Rule coverage: per catalogue id, is it encoded (a compiled definition carries it) and
executed (a test that names it ran code carrying it)? The test run writes what it saw
(rulecraft.testing); this module joins that with the catalogues and the rulesets."""

from __future__ import annotations

import ast
import json
import os
import re
from pathlib import Path

from ruamel.yaml import YAML

from .compiler.loader import bundled_ids, load

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
        data = yaml.load(path.read_text(encoding="utf-8"))
        if isinstance(data, dict) and "rules" in data:
            games[path.stem] = {r["id"]: r for r in data["rules"] if isinstance(r, dict) and "id" in r}
    return games


def read_report(report: Path) -> dict[str, dict[str, list[str]]]:
    """rule id -> the tests that name it (`named_by`) and those that ran it (`executed_by`), as the
    last test run recorded them (rulecraft.testing); empty before any run."""
    if not report.is_file():
        return {}
    return json.loads(report.read_text(encoding="utf-8")).get("rules", {})


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


def coverage_report(catalogue: str | None, report: Path) -> dict:
    encoded: dict[str, list[str]] = {}
    for rid in bundled_ids():
        for rule, sites in load(rid).rule_sites.items():
            encoded.setdefault(rule, []).extend(sites)
    executed = {rule: entry["executed_by"] for rule, entry in read_report(report).items() if entry.get("executed_by")}
    folder = find_catalogue(catalogue)
    games = read_catalogue(folder) if folder else {"(no catalogue found)": sorted(encoded)}
    rows = []
    for game, ids in games.items():
        missing = [i for i in ids if i not in encoded or i not in executed]
        rows.append({"catalogue": game, "rules": len(ids), "encoded": sum(i in encoded for i in ids),
                     "executed": sum(i in executed and i in encoded for i in ids),
                     "missing": [{"id": i, "encoded": i in encoded, "executed": i in executed} for i in missing]})
    known = {i for ids in games.values() for i in ids}
    return {"catalogue": str(folder) if folder else None, "test_report": str(report) if report.is_file() else None,
            "games": rows, "unknown_ids": sorted(i for i in encoded if i not in known and folder)}


def render_coverage(report: dict, summary: bool = False) -> str:
    lines = [f"{'catalogue':<20} {'rules':>6} {'encoded':>8} {'executed':>9}"]
    total = [0, 0, 0]
    for row in report["games"]:
        lines.append(f"{row['catalogue']:<20} {row['rules']:>6} {row['encoded']:>8} {row['executed']:>9}")
        total = [total[0] + row["rules"], total[1] + row["encoded"], total[2] + row["executed"]]
    lines.append(f"{'all':<20} {total[0]:>6} {total[1]:>8} {total[2]:>9}")
    if report["test_report"] is None:
        lines.append("(no test report yet: run the tests first, e.g. `make test`)")
    if not summary:
        for row in report["games"]:
            for m in row["missing"]:
                state = ("encoded" if m["encoded"] else "not encoded") + ", " + \
                        ("executed by a test" if m["executed"] else "not executed by a naming test")
                lines.append(f"  {m['id']}: {state}")
        if report["unknown_ids"]:
            lines.append("ids in rulesets that no catalogue has: " + ", ".join(report["unknown_ids"]))
    return "\n".join(lines)
