"""`rulecraft explain` answers for every catalogue rule id and every declared name of every bundled
ruleset (each ruleset checked once), with the places that carry a rule and the tests that name it,
a declaration's source and its uses; and refuses what it does not know, with suggestions."""

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from rulecraft.inputs.catalogue import find_catalogue, read_catalogue
from rulecraft.reference.explain import explain_name, explain_rule, render
from rulecraft.runtime.builtins import BUILTINS

ROOT = Path(__file__).resolve().parents[2]


def rule_ids(bundled) -> list[str]:
    """The catalogue's ids; without a catalogue (a clean clone in CI), the ids the rulesets carry."""
    folder = find_catalogue(None) or find_catalogue(str(ROOT.parent / "shared" / "rules"))
    if folder is not None:
        return sorted({rid for ids in read_catalogue(folder).values() for rid in ids})
    return sorted({rid for st in bundled for rid in st.rule_sites})


def test_explain_answers_every_rule_id(bundled, monkeypatch):
    monkeypatch.chdir(ROOT)  # the tests named are those of this checkout
    ids = rule_ids(bundled)
    assert len(ids) >= 500
    for rid in ids:
        answer = explain_rule(rid, bundled)
        assert answer["rule"] == rid
        for carried in answer["carried_by"]:
            file, line = carried["at"].rsplit(":", 1)
            assert (ROOT / "rulesets" / file).is_file(), carried
            assert int(line) >= 1, carried
            assert carried["declaration"]
            assert carried["how"] in ("rule statement", "declares it", "check")
        assert render(answer).startswith(rid)


def test_a_rule_is_explained_with_what_carries_it_and_the_tests_that_name_it(bundled, monkeypatch):
    monkeypatch.chdir(ROOT)
    answer = explain_rule("DOOM-041", bundled)
    assert answer["rulesets"] == ["doom"]
    assert [(c["at"], c["how"], c["declaration"]) for c in answer["carried_by"]] == [
        ("doom/marines.rules:78", "rule statement", "fn end_marine_turn")]
    assert answer["tests"] == [
        "tests/rulesets/doom/test_doom_marine_turn.py:35: test_after_his_action_the_turn_passes_to_the_player_on_his_left",
        "tests/rulesets/doom/test_doom_marine_turn.py:218: test_the_end_of_a_marines_turn_clears_his_action_and_what_is_left_of_it"]
    if answer["catalogue"] is not None:
        assert answer["text"].startswith("After the marine has resolved his entire action")


def test_a_rule_checked_by_a_rulesets_own_test_names_that_test(bundled):
    answer = explain_rule("TI-020", bundled)
    assert {"test": "devastating needs a Destroyer in the system", "at": "twilight-imperium/tests.rules:16",
            "ruleset": "twilight-imperium"} in answer["ruleset_tests"]


def declared(bundled):
    """Every declared name of every bundled ruleset, with where it is declared."""
    return sorted({(d.name, d.what, str(d.span)) for st in bundled for d in st.declarations})


def test_explain_answers_every_declared_name(bundled):
    names = declared(bundled)
    assert len(names) > 1500
    answers: dict[str, set[str]] = {}
    for name, what, where in names:
        if name not in answers:
            answers[name] = {f"{f['what']} {f['at']}" for f in explain_name(name, bundled)["found"] if "at" in f}
        assert f"{what} {where}" in answers[name], (name, what, where)


def test_a_declaration_is_shown_with_its_source_and_its_uses(bundled):
    [found] = explain_name("explore", bundled)["found"]
    assert (found["what"], found["ruleset"], found["at"]) == ("action", "twilight-imperium",
                                                               "twilight-imperium/exploration.rules:26:8")
    assert found["source"][0] == [26, "action explore(p: player, pl: planet) {"]
    assert {"at": "twilight-imperium/tests.rules:36:5", "line": "explore(a, pl)"} in found["uses"]


def test_a_name_in_another_language_finds_its_definition(bundled):
    [found] = explain_name("Zbabelost", bundled)["found"]
    assert (found["what"], found["name"]) == ("definition", "cowardice")
    assert found["facts"]["other names"] == ["Zbabělost (cs)"]


def test_a_step_is_found_with_the_mods_that_change_it(bundled):
    found = explain_name("deal_starting_cards.marine_cards", bundled)["found"]
    [step] = [f for f in found if f["what"] == "step"]
    changed = {u["at"].split(":")[0] for u in step["uses"]}
    assert {"doom/variants/special-forces-training/main.rules", "doom/variants/three-card-program/main.rules"} <= changed


def test_a_property_is_found_as_kind_dot_property(bundled):
    [found] = explain_name("planet.resources", bundled)["found"]
    assert found["title"] == "property planet.resources"
    assert {"at": "twilight-imperium/counters.rules:28:19", "line": "modify planet.resources = 0 next round"} in found["uses"]


def test_an_assumption_says_how_to_override_it(bundled):
    [found] = explain_name("wealth_1.credits", bundled)["found"]
    assert found["facts"]["override"] == "--set wealth_1.credits=2"


@pytest.mark.parametrize("name", sorted(BUILTINS))
def test_every_built_in_is_explained_with_its_signature(name, bundled):
    [builtin, *_] = explain_name(name, bundled)["found"]
    assert builtin["what"] == "built-in function"
    assert builtin["signature"].startswith(f"{name}(")


def rc(*args):
    return subprocess.run([sys.executable, "-m", "rulecraft", "explain", *args], capture_output=True, text=True, cwd=ROOT)


def test_explain_a_rule_on_the_command_line():
    result = rc("DOOM-041", "doom")
    assert result.returncode == 0, result.stderr
    assert "  doom/marines.rules:78: rule statement in fn end_marine_turn (doom, declared at doom/marines.rules:77)" \
        in result.stdout.splitlines()
    assert "  tests/rulesets/doom/test_doom_marine_turn.py:35: test_after_his_action_the_turn_passes_to_the_player_on_his_left" \
        in result.stdout.splitlines()


def test_explain_a_name_as_json():
    result = rc("biohazard", "--game", "twilight-imperium", "--json")
    assert result.returncode == 0, result.stderr
    [found] = json.loads(result.stdout)["found"]
    assert (found["what"], found["at"], found["facts"]["count"]) == ("definition", "twilight-imperium/counters.rules:20:16", 4)


@pytest.mark.parametrize(("args", "message", "hint"), [
    (["explor", "twilight-imperium"], "error[E1003]: nothing is called `explor` in twilight-imperium or the language",
     "  help: did you mean `explore`, `explored` or `may_explore`?"),
    (["TI-099", "twilight-imperium"], "error[E1003]: no rule TI-099 in the catalogue or in twilight-imperium", None),
    (["x", "no-such-game"], "error[E1003]: no ruleset 'no-such-game'", None),
    (["x", "doom", "--game", "neuroshima"], "error[E1004]: two games given: doom and neuroshima", None),
])
def test_what_explain_does_not_know_is_a_usage_error(args, message, hint):
    result = rc(*args)
    assert result.returncode == 2
    assert "Traceback" not in result.stderr
    assert result.stderr.startswith(message)
    if hint:
        assert hint in result.stderr.splitlines()


def test_the_readme_shows_what_explain_prints():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    (shown,) = re.findall(r"```\n\$ rulecraft explain DOOM-041\n(.*?)```", readme, re.S)
    if find_catalogue(None) is None and find_catalogue(str(ROOT.parent / "shared" / "rules")) is None:
        pytest.skip("no rule catalogue here: the rule's text cannot be shown")
    result = subprocess.run([sys.executable, "-m", "rulecraft", "explain", "DOOM-041"], capture_output=True, text=True,
                            cwd=ROOT, env=os.environ | {"RULECRAFT_CATALOGUE": str(ROOT.parent / "shared" / "rules")})
    if not (ROOT / ".rulecraft" / "coverage.json").is_file():  # no test run recorded what each test executed
        shown = shown[:shown.index("\n\nExecuted by")] + "\n"
    assert result.stdout == shown
