"""A ruleset's data survives the cache's encoding as it was: every value of its type (a
boolean stays a boolean, a tuple a tuple), lists and mappings of plain values taken as they
are, and never one list shared by two places that held two."""

from __future__ import annotations

import marshal
from fractions import Fraction

import pytest

from rulecraft.compiler import store
from rulecraft.compiler.diagnostics import Diagnostics
from rulecraft.compiler.loader import compiled, folder_of
from rulecraft.runtime.ruleset import AssumedValue, FieldInfo
from rulecraft.runtime.types import INT, list_of


def round_trip(value):
    return store.decode(marshal.loads(marshal.dumps(store.encode(value))), {})


def test_values_keep_their_types():
    value = {"flags": [True, 1, 1.0, None, "x"], (1, "a"): frozenset({2, 3}), "nested": [{"k": [1, [2, (3,)]]}],
             "odds": Fraction(1, 6), "type": list_of(INT), "field": FieldInfo("hp", INT, 2),
             "assumed": AssumedValue("rounds")}
    back = round_trip(value)
    assert back == value
    assert [type(v) for v in back["flags"]] == [bool, int, float, type(None), str]
    assert type(back["nested"][0]["k"][1][1]) is tuple


def test_a_list_held_in_two_places_comes_back_as_two_lists():
    shared = [1, 2]
    back = round_trip({"a": shared, "b": shared, "c": [shared, {"d": shared}]})
    lists = [back["a"], back["b"], back["c"][0], back["c"][1]["d"]]
    assert all(x == [1, 2] for x in lists)
    assert len({id(x) for x in lists}) == 4


@pytest.mark.parametrize("ruleset", ["doomtrooper/prague-league-2010", "neuroshima"])
def test_a_ruleset_read_back_holds_the_data_it_was_built_with(ruleset, tmp_path, monkeypatch):
    monkeypatch.setenv("RULECRAFT_CACHE_DIR", str(tmp_path))
    monkeypatch.delenv("RULECRAFT_NO_CACHE", raising=False)
    folders = [folder_of(ruleset)]
    built = compiled(folders, Diagnostics())
    again = compiled(folders, Diagnostics())
    assert built is not None
    assert again is not None
    assert built.built is not None
    assert again.built is None
    old, new = built.ruleset(), again.ruleset()
    for part in ("definitions", "kinds", "params", "enums", "assumptions", "dice", "zones", "pools", "events",
                 "options", "other_names", "descendants", "ability_args", "rule_sites"):
        assert getattr(new, part) == getattr(old, part), part
