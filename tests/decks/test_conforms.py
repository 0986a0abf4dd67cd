"""`conforms` decides a document against a shipped schema as jsonschema does, whenever it
decides: True only for documents jsonschema finds no problem in, False only for documents it
finds one in. Valid decks, pools and importer mappings are decided (jsonschema is not loaded)."""

from __future__ import annotations

from pathlib import Path

import jsonschema
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rulecraft.compiler.source import Source
from rulecraft.inputs.conforms import conforms
from rulecraft.inputs.documents import load_yaml, schema

ROOT = Path(__file__).resolve().parents[2]
SCALARS = st.one_of(st.none(), st.booleans(), st.integers(-3, 1200), st.floats(-2, 2, allow_nan=False),
                    st.sampled_from([1.0, 0, "", "x", "main", "Card", "a b", "db_1", "doomtrooper/standard", "A"]),
                    st.text(max_size=4))
VALUES = st.recursive(SCALARS, lambda inner: st.lists(inner, max_size=3) |
                      st.dictionaries(st.sampled_from(["id", "kind", "name", "count", "x", "main", "cards"]) |
                                      st.text(max_size=3), inner, max_size=3), max_leaves=8)


def jsonschema_valid(data, name: str) -> bool:
    return not any(jsonschema.Draft202012Validator(schema(name)).iter_errors(data))


def agrees(data, name: str) -> None:
    decided = conforms(data, schema(name))
    if decided is not None:
        assert decided == jsonschema_valid(data, name), data


def yaml_of(path: Path):
    return load_yaml(Source(str(path), path.read_text(encoding="utf-8")), "E0000")


@pytest.mark.parametrize("path", sorted((ROOT / "examples" / "decks").glob("*.yaml")), ids=lambda p: p.name)
def test_every_example_deck_is_decided(path):
    data = yaml_of(path)
    assert conforms(data, schema("deck")) == jsonschema_valid(data, "deck")


@pytest.mark.parametrize("path", sorted((ROOT / "examples" / "decks" / "pools").glob("*.yaml")), ids=lambda p: p.name)
def test_every_example_pool_is_decided(path):
    data = yaml_of(path)
    assert conforms(data, schema("pool")) is True
    assert jsonschema_valid(data, "pool")


def test_the_bundled_importer_mappings_are_decided():
    mappings = sorted((ROOT / "rulesets").glob("*/importers/*.yaml"))
    assert mappings
    for path in mappings:
        assert conforms(yaml_of(path), schema("importer")) is True


@settings(max_examples=400, deadline=None)
@given(sections=st.dictionaries(st.sampled_from(["main", "sideboard", "proxies", "tribe", "budget"]),
                                st.one_of(st.none(), SCALARS, st.dictionaries(st.text(max_size=3), SCALARS, max_size=3))),
       fmt=st.one_of(st.just("doomtrooper/standard"), SCALARS), drop_format=st.booleans())
def test_decks_are_decided_as_jsonschema_decides(sections, fmt, drop_format):
    deck = dict(sections) | ({} if drop_format else {"format": fmt})
    agrees(deck, "deck")


@settings(max_examples=400, deadline=None)
@given(cards=st.lists(st.dictionaries(st.sampled_from(["id", "kind", "name", "count", "power"]), SCALARS, max_size=5),
                      max_size=3) | VALUES,
       extra=st.dictionaries(st.sampled_from(["game", "source", "set", "other"]), VALUES, max_size=2))
def test_pools_are_decided_as_jsonschema_decides(cards, extra):
    agrees({"cards": cards} | extra, "pool")


@settings(max_examples=300, deadline=None)
@given(document=VALUES)
def test_any_document_is_decided_as_jsonschema_decides(document):
    for name in ("deck", "pool", "importer"):
        agrees(document, name)


def test_what_it_cannot_decide_is_left_to_jsonschema():
    assert conforms({"format": "x", 3: {"a": 1}}, schema("deck")) is None  # a key that is not text
    assert conforms({"a": 1}, {"propertyNames": {"maxLength": 3}}) is None  # a keyword it does not know
    assert conforms({"a": 1}, {"$ref": "https://example.invalid/other"}) is None
    assert conforms({"a": 1}, {"$defs": {"loop": {"$ref": "#/$defs/loop"}}, "$ref": "#/$defs/loop"}) is None


def test_an_answer_kept_for_a_value_is_only_found_again_under_the_same_schema():
    # each schema is made and dropped in turn: Python gives the next one the same address, the
    # answer kept for 5 under the last one must not be taken for the next
    assert [conforms(5, {"type": "integer", "maximum": limit}) for limit in range(10)] == [False] * 5 + [True] * 5
    kept = {"type": "integer", "maximum": 4}
    assert [conforms(value, kept) for value in (5, 4, 5, 4.0, True)] == [False, True, False, True, False]
