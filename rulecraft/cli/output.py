"""What the command line prints, and the only module of it that prints.

Every command's text and documents reach standard output or standard error through `say` (text:
rulecraft/runtime/printable.py escapes each control character, separator and bidirectional
override a ruleset, mod, deck or log may hold, line breaks kept) or `say_json` (a JSON document:
the same characters as JSON escapes, so it stays valid and means the same). A card pool written
as YAML (`import`) goes through its emitter, which escapes every control character but NEL
itself. tests/cli/test_escaping.py checks that no other module of rulecraft/cli prints.

It takes the text or JSON document a command made; it gives nothing back. A newcomer prints
through these two and changes how everything is shown here.
"""

from __future__ import annotations

import sys

from ..runtime.printable import printable_json, printable_lines


def say(text: str = "", *, err: bool = False, end: str = "\n", flush: bool = False) -> None:
    """Print a text of one or more lines, with everything a terminal would act on escaped."""
    print(printable_lines(text), end=end, file=sys.stderr if err else sys.stdout, flush=flush)


def say_json(document: str, *, err: bool = False) -> None:
    """Print a JSON document (json.dumps's text), with every hidden character a JSON escape."""
    print(printable_json(document), file=sys.stderr if err else sys.stdout)
