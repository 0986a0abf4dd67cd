"""Every deck of examples/decks/ gets exactly the verdict its first line states
(`# expect: legal` or `# expect: DT-005, DT-009`), through the command line."""

import json
import re
from pathlib import Path

import pytest

from rulecraft.cli import main

GALLERY = Path(__file__).resolve().parents[3] / "examples" / "decks"

DECKS = sorted(p for p in GALLERY.glob("*.yaml"))


def expected(path):
    head = path.read_text(encoding="utf-8").splitlines()
    expect = next(line for line in head if line.startswith("# expect:")).split(":", 1)[1].strip()
    pool = next((line.split(":", 1)[1].strip() for line in head if line.startswith("# pool:")), None)
    return ([] if expect == "legal" else [r.strip() for r in expect.split(",")]), pool


def test_the_gallery_has_legal_decks_for_every_tribe_and_an_illegal_deck_for_every_rule():
    verdicts = {p.name: expected(p)[0] for p in DECKS}
    tribes = {re.search(r"^faction: (\w+)", p.read_text(), re.M).group(1)
              for p in DECKS if not verdicts[p.name] and "prague" in p.read_text()}
    assert tribes == {"lutheran_triad", "crescentia", "sons_of_rasputin", "templars", "tribal_dark_legion"}
    alone = {v[0] for v in verdicts.values() if len(v) == 1}
    assert {"DT-002", "DT-003", "DT-004", "DT-005", "DT-007", "DT-008", "DT-009", "DT-010", "DT-027",
            "DT-029", "DT-032", "DT-033", "DT-001"} <= alone
    assert any(len(v) > 3 for v in verdicts.values())


@pytest.mark.parametrize("path", DECKS, ids=lambda p: p.stem)
def test_a_gallery_deck_gets_exactly_its_expected_verdict(path, capsys):
    rules, pool = expected(path)
    argv = ["deck", "check", str(path), "--json"] + (["--pool", str(path.parent / pool)] if pool else [])
    code = main(argv)
    report = json.loads(capsys.readouterr().out)
    assert report["legal"] is (not rules)
    assert code == (0 if not rules else 1)
    assert sorted({v["rule"] for v in report["violations"]}) == sorted(rules)
    for v in report["violations"]:
        assert v["message"]
        assert re.search(r"\d", v["message"])  # plain message with its numbers
