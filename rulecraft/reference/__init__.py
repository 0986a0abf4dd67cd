"""reference: the documentation generated from the compiler. The reference site (doc.py: pages
built as a small document model, model.py, written as Markdown and HTML by markdown_writer.py and
html_writer.py; the language page language.py, each ruleset's sections pages.py and things.py),
what every declaration is and where it is used (declarations.py, over the compiler's parsed tree;
doc comments in syntax.py), the diagnostic codes with their wrong and fixed examples (codes.py,
code_examples.yaml) and `explain` (explain.py).

A code's example that is a command is run through the command line, which the caller passes in
(codes.CommandLine): this layer does not import rulecraft/cli/. May import: runtime, compiler,
inputs, agents, decks, play, views.
"""
