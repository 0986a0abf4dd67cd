"""`.rules` files from strangers: not UTF-8, UTF-16, too large, names too long for the file
system, hard links to files elsewhere: each one diagnostic, found before the parser, never a
traceback; a UTF-8 byte-order mark and Windows line ends are fine."""

import os

import pytest

from rulecraft.compiler import loader
from rulecraft.compiler.diagnostics import Diagnostics

GAME = 'game "t" "T"\nimport rules\n'
RULES = "fn f() -> int { return 1 }\n"


def compiled(folder):
    diags = Diagnostics()
    return loader.compile_folder(folder, diags), [(d.code, d.line, d.column, d.message) for d in diags.items]


def folder_with(tmp_path, rules: bytes):
    (tmp_path / "main.rules").write_text(GAME, encoding="utf-8")
    (tmp_path / "rules.rules").write_bytes(rules)
    return tmp_path


def test_a_latin_1_byte_is_reported_where_it_is(tmp_path):
    ruleset, found = compiled(folder_with(tmp_path, b'fn f() -> text {\n  return "caf\xe9"\n}\n'))
    [(code, line, column, message)] = found
    assert ruleset is None
    assert (code, line, column) == ("E0010", 2, 14)
    assert message.endswith("rules.rules is not UTF-8 text (byte 0xe9)")


def test_utf_16_is_named_in_the_hint(tmp_path):
    diags = Diagnostics()
    loader.compile_folder(folder_with(tmp_path, RULES.encode("utf-16")), diags)
    [d] = diags.items
    assert d.code == "E0010"
    assert "UTF-16" in d.help


def test_a_byte_order_mark_and_windows_line_ends_compile(tmp_path):
    ruleset, found = compiled(folder_with(tmp_path, b"\xef\xbb\xbf" + RULES.replace("\n", "\r\n").encode()))
    assert found == []
    assert "f" in ruleset.callables


def test_a_file_too_large_is_refused_before_it_is_read(tmp_path, monkeypatch):
    monkeypatch.setattr(loader, "MAX_SOURCE_BYTES", 100)
    ruleset, found = compiled(folder_with(tmp_path, RULES.encode() + b"#" * 200 + b"\n"))
    [(code, _, _, message)] = found
    assert ruleset is None
    assert code == "E0008"
    assert message.endswith("rules.rules is larger than 100 bytes")


def test_an_import_name_longer_than_the_file_system_allows(tmp_path):
    (tmp_path / "main.rules").write_text('game "t" "T"\nimport ' + "a" * 5000 + "\n", encoding="utf-8")
    ruleset, found = compiled(tmp_path)
    assert ruleset is None
    assert [code for code, *_ in found] == ["E0109"]


@pytest.mark.skipif(not hasattr(os, "link"), reason="no hard links here")
def test_a_hard_link_to_a_file_elsewhere_is_not_read(tmp_path):
    secret = tmp_path / "elsewhere.txt"
    secret.write_text(RULES, encoding="utf-8")
    game = tmp_path / "game"
    game.mkdir()
    (game / "main.rules").write_text(GAME, encoding="utf-8")
    os.link(secret, game / "rules.rules")
    ruleset, found = compiled(game)
    assert ruleset is None
    assert [code for code, *_ in found] == ["E0109"]
    assert "hard link" in found[0][3]


def test_the_files_of_a_ruleset_share_one_size_limit_checked_before_each_is_read(tmp_path, monkeypatch):
    monkeypatch.setattr(loader, "MAX_SOURCE_BYTES", 300)
    (tmp_path / "main.rules").write_text(GAME + "import more\n" + "#" * 150 + "\n", encoding="utf-8")
    (tmp_path / "rules.rules").write_text(RULES + "#" * 100 + "\n", encoding="utf-8")
    (tmp_path / "more.rules").write_text("#" * 100 + "\n", encoding="utf-8")  # 189 + 128 + 101 bytes
    ruleset, found = compiled(tmp_path)
    [(code, line, column, message)] = found
    assert ruleset is None
    assert (code, line, column) == ("E0008", 2, 8)
    assert message.endswith("rules.rules takes the files of the ruleset, with those it extends, past 300 bytes")


def test_the_files_of_a_ruleset_share_one_token_limit(tmp_path, monkeypatch):
    monkeypatch.setattr(loader, "MAX_SOURCE_TOKENS", 40)
    (tmp_path / "main.rules").write_text(GAME + "# a comment is no token " * 20 + "\n", encoding="utf-8")  # 5 tokens
    (tmp_path / "rules.rules").write_text("const xs = [" + "1," * 20 + "1]\n", encoding="utf-8")  # 46 tokens
    ruleset, found = compiled(tmp_path)
    [(code, line, column, message)] = found
    assert ruleset is None
    assert (code, line, column) == ("E0008", 2, 8)
    assert message.endswith("rules.rules takes the files of the ruleset, with those it extends, past 40 words, "
                            "numbers and symbols")
