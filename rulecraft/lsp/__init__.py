"""`rulecraft lsp`: a language server for `.rules` files, over standard input and output.

analysis.py compiles the ruleset of an open document with the editor's texts; navigation.py
says what a name refers to and where it is used; describe.py words hovers, completions and the
outline; server.py answers the protocol (pygls, the optional extra `lsp`). Only server.py
imports pygls, and only when the command runs.
"""

from __future__ import annotations

import argparse
import sys

NEEDS = ("pygls", "lsprotocol")


def add_parser(sub) -> argparse.ArgumentParser:
    p = sub.add_parser("lsp", help="the language server, over standard input and output (needs the extra `lsp`)",
                       description="A language server for .rules files, over standard input and output: diagnostics "
                                   "as you type, hover, go to definition, references, completion, outline and "
                                   "formatting. Editors start it.")
    p.set_defaults(handler=cmd_lsp)
    return p


def cmd_lsp(args) -> int:
    try:
        from .server import serve
    except ImportError as err:
        if (err.name or "").split(".")[0] not in NEEDS:
            raise
        print("rulecraft: the language server needs pygls: pip install 'rulecraft[lsp]'", file=sys.stderr)
        return 2
    serve()
    return 0
