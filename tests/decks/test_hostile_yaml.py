"""Deck and pool files from strangers: an alias bomb, a deep nest and a huge file end in one
diagnostic each, counted in values read (never in seconds); a byte-order mark is allowed."""

from pathlib import Path

import pytest

from rulecraft.compiler.diagnostics import InputError
from rulecraft.decks.legality import check_deck
from rulecraft.inputs import documents as inputs


def bomb(levels):
    lines = ["format: prague-league-2010", "a0: &a0 [x, x, x, x, x, x, x, x, x, x]"]
    lines += [f"a{i}: &a{i} [{', '.join([f'*a{i - 1}'] * 10)}]" for i in range(1, levels)]
    return "\n".join([*lines, f"cards: *a{levels - 1}"]) + "\n"


def problems(tmp_path, text, name="deck.yaml"):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    with pytest.raises(InputError) as info:
        check_deck(path)
    return [(d.code, d.message) for d in info.value.diagnostics]


def test_an_alias_bomb_is_refused_after_a_bounded_walk(tmp_path, monkeypatch):
    walked = []
    real = inputs.bounded
    monkeypatch.setattr(inputs, "MAX_YAML_VALUES", 5_000)
    monkeypatch.setattr(inputs, "bounded", lambda *args: walked.append(1) or real(*args))
    [(code, message)] = problems(tmp_path, bomb(9))  # 10**9 values once expanded
    assert code == "E0802"
    assert "more than 5000 values once its aliases are expanded" in message
    assert walked == [1]


def test_a_deep_nest_is_refused(tmp_path):
    [(code, message)] = problems(tmp_path, "format: prague-league-2010\ncards: " + "[" * 200 + "]" * 200 + "\n")
    assert code == "E0802"
    assert "nests deeper than 64 levels" in message


def test_a_file_too_large_is_refused_before_it_is_read(tmp_path, monkeypatch):
    monkeypatch.setattr(inputs, "MAX_INPUT_BYTES", 1_000)
    [(code, message)] = problems(tmp_path, "format: prague-league-2010\n# " + "x" * 2_000 + "\n")
    assert code == "E0801"
    assert "larger than" in message


def test_yaml_larger_than_the_reader_handles_in_seconds_is_refused_before_it_is_parsed(tmp_path, monkeypatch):
    monkeypatch.setattr(inputs, "MAX_YAML_BYTES", 1_000)
    [(code, message)] = problems(tmp_path, "format: prague-league-2010\nmain:\n" + "".join(
        f"  card{i:04d}: 1\n" for i in range(100)))
    assert code == "E0802"
    assert message == "the YAML is larger than 1,000 characters"


def test_a_byte_order_mark_is_allowed(tmp_path):
    path = tmp_path / "deck.yaml"
    gallery = Path(__file__).resolve().parents[2] / "examples" / "decks" / "templars-legal.yaml"
    path.write_bytes(b"\xef\xbb\xbf" + gallery.read_bytes())
    assert check_deck(path) == check_deck(gallery)
