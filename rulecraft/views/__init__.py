"""views: what people and tools look at. Boards and tokens as SVG (render.py), a compiled
ruleset as JSON (export.py), a game log as text and the log file read back (logview.py), the
pictures of simulate, balance and odds (plots.py, matplotlib optional) and the data of the
listing commands (listing.py).

May import: runtime, compiler, inputs, agents, play. A newcomer adds a way of showing what an
engine computed here; the command that prints it goes to rulecraft/cli/.
"""
