"""Lark's LALR tables and contextual lexers, driven by a loop of our own: the same tokens, the
same reductions in the same order, at a fraction of Lark's cost per token.

Lark's parser is exact but pays several Python calls per token (its lexer thread, scanner,
line counter, token callbacks, parser state). Here one loop does all of it with the objects Lark
built: for the parser's state, the regular expressions of that state's own lexer (Lark's
contextual lexer: each state lexes only what it can accept, plus blanks and comments), that
lexer's keyword table (a name that is a keyword the state accepts becomes the keyword), then
the state's actions, calling the reductions installed on Lark's parser (compiler/reductions.py).
Token positions are counted as Lark's line counter counts them.

Whatever this loop does not take as Lark would, it does not guess: a syntax error, a character
no terminal matches, or a lexer callback other than Lark's keyword table raises `Slow`, and the
caller parses the text again with Lark itself, which raises its own error (with everything the
syntax error messages read from it) or builds the same result.

Takes the Lark parser (`Driver`) and a text with its start symbol (`Driver.parse`, the method
`reductions.run` calls); gives what the installed reductions built. A newcomer changing the
grammar changes nothing here; one upgrading Lark runs tests/compiler/test_lalr.py (the loop
against Lark on every bundled file) first.
"""

from __future__ import annotations

import re
from typing import Any

from lark import Lark, Token
from lark.lexer import PatternStr, UnlessCallback
from lark.parsers.lalr_analysis import Shift

from . import reductions

# Lark's constructor of a token, as `Token(...)` calls it after sorting out a deprecated keyword
# (the call through `Token.__new__` costs about as much again as the token itself)
_token = Token._future_new


class Slow(Exception):
    """The text is one for Lark's own parser: a syntax error, or a case this loop leaves to it."""


class _Scan:
    """What one of Lark's contextual lexers matches with: its expressions (tried in order), the
    keywords each terminal becomes (`type -> {text: keyword}`), the terminals it skips and
    those that may hold a line break."""

    __slots__ = ("expressions", "ignore", "keywords", "newline")

    def __init__(self, lexer: Any) -> None:
        scanner = lexer.scanner  # built by Lark on first use, as its own lexing builds it
        self.expressions: tuple[re.Pattern[str], ...] = tuple(scanner._mres)
        self.ignore: frozenset[str] = lexer.ignore_types
        self.newline: frozenset[str] = lexer.newline_types
        self.keywords: dict[str, dict[str, str]] = {}
        for name, callback in lexer.callback.items():
            words = _keywords(callback)
            if words is None or name in self.ignore:
                raise Slow(f"the lexer's callback of {name} is not a keyword table")
            self.keywords[name] = words


def _keywords(callback: Any) -> dict[str, str] | None:
    """An UnlessCallback of plain strings as the table it is (text -> keyword); None otherwise."""
    if type(callback) is not UnlessCallback:
        return None
    terminals = callback.scanner.terminals
    if not all(isinstance(t.pattern, PatternStr) and not t.pattern.flags for t in terminals):
        return None
    words: dict[str, str] = {}
    for t in terminals:
        words.setdefault(t.pattern.value, t.name)  # the first that matches, as Lark's fullmatch finds it
    return words


class Driver:
    """Parses with Lark's tables; `parse(text, start)` as Lark's `parse` is called."""

    def __init__(self, parser: Lark) -> None:
        lalr = parser.parser.parser.parser
        table = lalr.parse_table
        callbacks = lalr.callbacks
        if any(isinstance(key, str) for key in callbacks):
            raise Slow("the parser has token callbacks")
        self.actions = _actions(table.states, callbacks)
        self.start_states: dict[str, int] = table.start_states
        self.end_states: dict[str, int] = table.end_states
        self.lexers: dict[int, Any] = parser.parser.lexer.lexers
        self.scans: dict[int, _Scan] = {}  # parser state -> its lexer's scan, made on first use
        self._by_lexer: dict[int, _Scan] = {}  # id of one of Lark's lexers -> its scan (states share lexers)

    def _scan(self, state: int) -> _Scan:
        lexer = self.lexers[state]
        scan = self._by_lexer.get(id(lexer))
        if scan is None:
            scan = self._by_lexer[id(lexer)] = _Scan(lexer)
        self.scans[state] = scan
        return scan

    def parse(self, text: str, start: str) -> Any:
        """What the reductions build of `text` from `start`; raises Slow where Lark would raise or
        where this loop leaves the text to Lark."""
        state_stack = [self.start_states[start]]
        value_stack: list[Any] = []
        pos, line, line_start, size = 0, 1, 0, len(text)
        token = None
        while pos < size:
            scan = self.scans.get(state_stack[-1]) or self._scan(state_stack[-1])
            for expression in scan.expressions:
                m = expression.match(text, pos)
                if m is not None:
                    break
            else:
                raise Slow("no terminal matches here")
            kind: str = m.lastgroup  # type: ignore[assignment]  # every group is a terminal's, by name
            value, end = m.group(), m.end()
            end_line, end_start = line, line_start
            if kind in scan.newline and "\n" in value:
                end_line += value.count("\n")
                end_start = pos + value.rindex("\n") + 1
            if kind not in scan.ignore:
                words = scan.keywords.get(kind)
                if words is not None:
                    kind = words.get(value, kind)
                token = _token(kind, value, pos, line, pos - line_start + 1, end_line, end - end_start + 1, end)
                _feed(self.actions, kind, token, state_stack, value_stack)
            pos, line, line_start = end, end_line, end_start
        end_token = Token.new_borrow_pos("$END", "", token) if token is not None else Token("$END", "", 0, 1, 1)
        _feed(self.actions, "$END", end_token, state_stack, value_stack, self.end_states[start])
        return value_stack[-1]


def _actions(states: dict[int, dict[str, tuple[Any, Any]]], callbacks: dict[Any, Any]) -> list[dict[str, Any]]:
    """Lark's table as the loop reads it: state -> symbol -> the state a shift (or a goto) goes
    to, or a reduction (its length, its symbol, its installed call, or None for a rule whose
    reduction hands its one child up unchanged: the one function reductions.py installs for
    them, taken by identity, so nothing else is skipped)."""
    out: list[dict[str, Any]] = [{} for _ in range(max(states) + 1)]
    reductions_of: dict[Any, tuple[int, str, Any]] = {}
    for state, row in states.items():
        actions = out[state]
        for symbol, (action, arg) in row.items():
            if action is Shift:
                actions[symbol] = arg
                continue
            made = reductions_of.get(arg)
            if made is None:
                call = callbacks[arg]
                passes = call is reductions._only_child and len(arg.expansion) == 1
                made = reductions_of[arg] = (len(arg.expansion), arg.origin.name, None if passes else call)
            actions[symbol] = made
    return out


def _feed(actions: list[dict[str, Any]], kind: str, token: Token, state_stack: list[int], value_stack: list[Any],
          end_state: int | None = None) -> None:
    """Reduce as the token asks, then shift it (Lark's `feed_token`); the end of the text
    (`end_state` given) reduces until that state is reached. A rule that hands its one child up
    changes only the state on top of the stack."""
    while True:
        action = actions[state_stack[-1]].get(kind)
        if action.__class__ is int:
            if end_state is not None:
                raise Slow("the text ends early")
            state_stack.append(action)
            value_stack.append(token)
            return
        if action is None:
            raise Slow("a syntax error")
        size, symbol, call = action
        if call is None:
            state_stack[-1] = actions[state_stack[-2]][symbol]
        else:
            if size:
                children = value_stack[-size:]
                del state_stack[-size:]
                del value_stack[-size:]
            else:
                children = []
            value_stack.append(call(children))
            state_stack.append(actions[state_stack[-1]][symbol])
        if end_state is not None and state_stack[-1] == end_state:
            return
