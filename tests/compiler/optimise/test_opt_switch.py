"""The optimiser's switch (`RULECRAFT_OPT=0` turns it off) and what it must never change: the
compiled cache keeps the two forms apart, and seeded games of the examples written the way a user
writes them give the same log, line for line, and the same step count either way."""

from pathlib import Path

import pytest

from rulecraft.compiler import cache, driver, optimise
from rulecraft.compiler.diagnostics import Diagnostics
from rulecraft.compiler.loader import compile_folder
from rulecraft.runtime.play import run, start

EXAMPLES = Path(__file__).resolve().parents[3] / "examples"


def test_the_switch_is_on_unless_it_is_zero(monkeypatch):
    monkeypatch.delenv("RULECRAFT_OPT", raising=False)
    assert optimise.enabled()
    monkeypatch.setenv("RULECRAFT_OPT", "1")
    assert optimise.enabled()
    monkeypatch.setenv("RULECRAFT_OPT", "0")
    assert not optimise.enabled()


def test_a_compiled_entry_made_with_the_optimiser_on_is_no_entry_with_it_off(monkeypatch, tmp_path):
    monkeypatch.setenv("RULECRAFT_CACHE_DIR", str(tmp_path))
    monkeypatch.delenv("RULECRAFT_NO_CACHE", raising=False)
    monkeypatch.setenv("RULECRAFT_OPT", "1")
    assert cache.write("rulesets", "abc", "optimised")
    assert cache.write("pools", "abc", "a pool")
    assert cache.read("rulesets", "abc") == "optimised"
    monkeypatch.setenv("RULECRAFT_OPT", "0")
    assert cache.read("rulesets", "abc") is None  # another key: compiled again, one for one
    assert cache.read("pools", "abc") == "a pool"  # no compiled code in it: shared
    assert cache.write("rulesets", "abc", "one for one")
    assert cache.read("rulesets", "abc") == "one for one"
    monkeypatch.setenv("RULECRAFT_OPT", "1")
    assert cache.read("rulesets", "abc") == "optimised"


@pytest.mark.parametrize("folder", ["connect-four", "breakthrough"])
def test_seeded_games_give_the_same_log_and_steps_optimised_or_not(monkeypatch, folder):
    played = []
    for switch in ("0", "1"):
        monkeypatch.setenv("RULECRAFT_OPT", switch)
        driver.forget_parsed()
        rules = compile_folder(EXAMPLES / folder, Diagnostics())
        assert rules is not None
        games = [run(start(rules, "classic", seed=seed), "classic") for seed in range(8)]
        played.append([(game.log_lines(), game.budget.steps) for game in games])
    assert played[0] == played[1]
    assert all(steps > 0 for _, steps in played[0])
