"""The TextMate grammar of `.rules` files (editors/textmate) against the bundled rulesets: every
character of every bundled file gets a known scope (or is whitespace), no scope is invalid, and
every keyword of the language's grammar is highlighted as a keyword.

The grammar keeps to what Python's `re` can run (its `match` and `begin`/`end` rules, captures,
fixed-width lookbehind), so this small tokenizer runs it as an editor would, line by line.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
GRAMMAR = ROOT / "editors/textmate/rulecraft.tmLanguage.json"
RULES = sorted((ROOT / "rulesets").rglob("*.rules")) + sorted((ROOT / "examples").rglob("*.rules"))
# The roots of TextMate's naming conventions, which themes colour.
ROOTS = ("comment", "constant", "entity", "keyword", "markup", "meta", "punctuation", "storage", "string", "support",
         "variable")
KEYWORD_SCOPES = ("keyword.", "constant.language.")  # `true`, `false`, `none` are keywords coloured as constants


@dataclass
class Rule:
    raw: dict
    match: re.Pattern | None = None
    begin: re.Pattern | None = None
    end: re.Pattern | None = None
    patterns: list[Rule] = field(default_factory=list)


class Tokenizer:
    def __init__(self, grammar: dict):
        self.repository = grammar.get("repository", {})
        self.top = self.rules(grammar["patterns"], set())

    def rules(self, patterns: list[dict], including: set[str]) -> list[Rule]:
        out: list[Rule] = []
        for raw in patterns:
            if "include" in raw:
                key = raw["include"].removeprefix("#")
                if key not in including:  # a rule that includes itself adds nothing new
                    found = self.repository[key]
                    group = "match" not in found and "begin" not in found  # a list of rules, not a rule
                    out += self.rules(found["patterns"] if group else [found], including | {key})
                continue
            rule = Rule(raw)
            if "match" in raw:
                rule.match = re.compile(raw["match"])
            else:
                rule.begin, rule.end = re.compile(raw["begin"]), re.compile(raw["end"])
                rule.patterns = self.rules(raw.get("patterns", []), including)
            out.append(rule)
        return out

    def scopes(self, lines: list[str]) -> list[list[tuple[str, ...]]]:
        """Each character's scopes, line by line; a begin/end rule carries over to the next line."""
        stack: list[tuple[Rule, tuple[str, ...]]] = []
        out = []
        for line in lines:
            found: list[tuple[str, ...]] = [()] * len(line)
            pos = 0
            while pos <= len(line):
                rule, inner = stack[-1] if stack else (None, ())
                choice = self.first(line, pos, rule)
                if choice is None:
                    found[pos:] = [inner] * (len(line) - pos)
                    break
                kind, chosen, m = choice
                found[pos:m.start()] = [inner] * (m.start() - pos)
                if kind == "end":
                    self.mark(found, m, inner, rule.raw.get("endCaptures", {}))
                    stack.pop()
                elif chosen.match is not None:
                    self.mark(found, m, inner + _names(chosen.raw), chosen.raw.get("captures", {}))
                else:
                    scopes = inner + _names(chosen.raw)
                    self.mark(found, m, scopes, chosen.raw.get("beginCaptures", {}))
                    stack.append((chosen, scopes))
                if m.end() == pos and kind != "begin":
                    pos += 1  # an empty match: move on
                pos = max(pos, m.end())
            out.append(found)
        return out

    def first(self, line: str, pos: int, context: Rule | None):
        """The rule that matches first from `pos` (the end of the open rule wins a tie)."""
        best = None
        if context is not None:
            m = context.end.search(line, pos)
            if m is not None:
                best = ("end", context, m)
        for rule in context.patterns if context is not None else self.top:
            m = (rule.match or rule.begin).search(line, pos)
            if m is not None and (best is None or m.start() < best[2].start()):
                best = ("match" if rule.match else "begin", rule, m)
        return best

    @staticmethod
    def mark(found: list, m: re.Match, scopes: tuple[str, ...], captures: dict) -> None:
        found[m.start():m.end()] = [scopes] * (m.end() - m.start())
        for group, raw in captures.items():
            start, end = m.span(int(group))
            if start >= 0:
                found[start:end] = [scopes + _names(raw)] * (end - start)


def _names(raw: dict) -> tuple[str, ...]:
    return tuple(raw["name"].split()) if "name" in raw else ()


@pytest.fixture(scope="module")
def tokenizer() -> Tokenizer:
    return Tokenizer(json.loads(GRAMMAR.read_text(encoding="utf-8")))


def keywords() -> list[str]:
    """The words the language's grammar quotes: its keywords."""
    code = [line.split("//")[0] for line in (ROOT / "grammar/rulecraft.lark").read_text(encoding="utf-8").splitlines()]
    return sorted(set(re.findall(r'"([a-z_]+)"', "\n".join(code))))


def test_every_scope_is_a_known_one(tokenizer):
    names: list[str] = []

    def collect(raw: dict) -> None:
        names.extend(_names(raw))
        for key in ("captures", "beginCaptures", "endCaptures"):
            for sub in raw.get(key, {}).values():
                collect(sub)
        for sub in raw.get("patterns", []):
            collect(sub)

    grammar = json.loads(GRAMMAR.read_text(encoding="utf-8"))
    for raw in [*grammar["patterns"], *grammar["repository"].values()]:
        collect(raw)
    assert names
    assert [s for s in names if s.split(".")[0] not in ROOTS or not s.endswith(".rulecraft")] == []


@pytest.mark.parametrize("path", RULES, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_character_of_a_bundled_file_has_a_scope(tokenizer, path):
    lines = path.read_text(encoding="utf-8").split("\n")
    bare = [f"{path.name}:{i}:{j + 1}: {line.strip()[:60]}" for i, (line, scopes) in enumerate(
        zip(lines, tokenizer.scopes(lines)), 1) for j, s in enumerate(scopes) if not s and not line[j].isspace()]
    assert bare[:5] == []


def test_the_grammar_highlights_every_keyword_of_the_language(tokenizer):
    words = keywords()
    assert len(words) > 100
    assert {"game", "mod", "extends", "patch", "emit", "true"} <= set(words)
    for word in words:
        (scopes,) = tokenizer.scopes([f"  {word}  "])
        assert scopes[2][-1].startswith(KEYWORD_SCOPES), (word, scopes[2])


def test_strings_rule_ids_counts_and_placeholders(tokenizer):
    line = 'unit grunt "Grunt {n.name} x{2}" x4 { rule BASE-001  speed: 5 >= 2 }  # note'
    (scopes,) = tokenizer.scopes([line])
    at = lambda text, nth=0: scopes[[m.start() for m in re.finditer(re.escape(text), line)][nth]]
    assert at('"Grunt')[-1] == "string.quoted.double.rulecraft"
    assert at("{n")[-1] == "punctuation.section.embedded.begin.rulecraft"
    assert at("n.name")[-1] == "variable.other.rulecraft"
    assert at("name")[-1] == "variable.other.property.rulecraft"
    assert at("x4")[-1] == "constant.numeric.count.rulecraft"
    assert at("BASE-001")[-1] == "constant.other.rule-id.rulecraft"
    assert at("rule")[-1] == "keyword.other.rulecraft"
    assert at(">=")[-1] == "keyword.operator.rulecraft"
    assert at("5")[-1] == "constant.numeric.integer.rulecraft"
    assert at("# note")[-1] == "comment.line.number-sign.rulecraft"
    (outside,) = tokenizer.scopes(['log "a {b"'])
    assert outside[-2][-1] == "string.quoted.double.rulecraft"  # an unclosed `{` is text, not a placeholder
