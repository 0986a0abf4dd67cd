"""Rule coverage: per catalogue id, is it encoded (a compiled definition carries it) and
executed (a test that names it ran code carrying it)? The test run writes what it saw
(rulecraft.authoring.testing); this module joins that with the catalogues (read by
rulecraft/inputs/catalogue.py) and the rulesets, and words the report (`rulecraft coverage`:
rulecraft/cli/authoring.py). A newcomer adds a column of the report here."""

from __future__ import annotations

from pathlib import Path

from ..compiler.loader import bundled_ids, load
from ..inputs.catalogue import find_catalogue, read_catalogue, read_report


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
