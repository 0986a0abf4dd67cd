"""Diagnostics show a source line as the user wrote it, never as a terminal would act on it:
control characters, line separators and bidirectional overrides are escaped, and the caret
stays under the character it marks, on the line the parser counted."""

from rulecraft.compiler.diagnostics import render_text
from rulecraft.compiler.loader import check_source
from rulecraft.runtime.printable import printable

SOURCE = 'game "t" "T"\nfn f() -> int {\n  # \u2028 not a line break\n  return "\x1b[31mred\u202e" + zz\n}\n'


def rendered(source):
    diags = check_source(source, "t.rules")
    return render_text(diags.sorted(), diags.sources)


def test_escapes_and_carets_stay_on_the_parsers_line():
    out = rendered(SOURCE)
    assert "\x1b" not in out
    assert "\u202e" not in out
    assert "\u2028" not in out
    lines = out.splitlines()
    unknown = next(j for j, line in enumerate(lines) if "unknown name `zz`" in line)
    source_line, caret = lines[unknown + 1], lines[unknown + 2]
    assert lines[unknown].startswith("t.rules:4:")
    assert source_line == '     4 |   return "\\x1b[31mred\\u202e" + zz'
    assert caret.index("^") == source_line.index("zz")
    assert caret.count("^") == 2


def test_printable_leaves_ordinary_text_and_tabs_alone():
    assert printable("Hráč\tçà — ok") == "Hráč\tçà — ok"
    assert printable("a\x00b\x7fc\u2029") == "a\\x00b\\x7fc\\u2029"
