"""The language server for `.rules` files (`rulecraft lsp`, over standard input and output).

analysis.py compiles the ruleset of an open document with the editor's texts; navigation.py
says what a name refers to and where it is used; describe.py words hovers, completions and the
outline; server.py answers the protocol (pygls, the optional extra `lsp`). Only server.py
imports pygls, and only when the command runs (rulecraft/cli/authoring.py starts it).
"""
