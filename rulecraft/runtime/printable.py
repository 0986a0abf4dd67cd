"""Text a stranger wrote, made safe to show: the one place that decides which characters a
terminal must never receive raw.

A ruleset, a mod, a deck or a log may hold control characters (ESC starts the sequences that
clear a screen, set a window's title or write the clipboard; C1 controls such as CSI and OSC do
the same in one character), line and paragraph separators, and the bidirectional overrides of
"trojan source". It takes text and gives it with each of those written as an escape: `printable`
for text (`\\x1b`, tabs kept), `printable_lines` for text of several lines (line breaks kept),
`printable_json` for a JSON document (`\\u001b`: still valid JSON, meaning the same). Every other
character, accented letters and box drawing included, is kept as it is. The lowest layer holds
it so that the log's JSON lines, the compiler's diagnostics and every printer of the command line
share it. A newcomer may add a character to HIDDEN here, and nowhere else.
"""

from __future__ import annotations

import re

# What is escaped besides the C0 controls: DEL and the C1 controls (with C0, Unicode's category Cc),
# the line and paragraph separators (Zl, Zp), the bidirectional marks, embeddings and isolates.
HIDDEN = r"\x7f-\x9f\u2028\u2029\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069"
_TEXT = re.compile(rf"[\x00-\x08\x0a-\x1f{HIDDEN}]")  # every C0 control but the tab
_LINES = re.compile(rf"[\x00-\x08\x0b-\x1f{HIDDEN}]")  # ... but the tab and the line break
_JSON = re.compile(rf"[\x00-\x09\x0b-\x1f{HIDDEN}]")  # ... but the line break


def printable(text: str) -> str:
    """The text with every hidden or terminal-controlling character written as an escape (`\\x1b`)."""
    return text if text.isprintable() else _TEXT.sub(_escaped, text)


def printable_lines(text: str) -> str:
    """`printable` for each line of a text: its line breaks (`\\n`) kept, every other one escaped."""
    return text if text.isprintable() else _LINES.sub(_escaped, text)


def printable_json(text: str) -> str:
    """A JSON document with every hidden character written as a JSON escape (`\\u001b`); its
    line breaks between values (an indented document's) kept. json.dumps escapes C0 controls in
    strings itself, but with ensure_ascii=False not DEL, C1 controls, separators or overrides."""
    return text if text.isprintable() else _JSON.sub(lambda m: f"\\u{ord(m.group()):04x}", text)


def _escaped(m: re.Match[str]) -> str:
    code = ord(m.group())
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"
