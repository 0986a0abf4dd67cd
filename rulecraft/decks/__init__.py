"""decks: deck legality. Reading a deck (YAML or a pasted list) and its format, checking it
(legality.py: check_deck, DeckChecker, the public API), card pools (pools.py, parsed pools kept
in the compiler's cache), the importer of public card layouts into pools (importer.py) and the local
deck page (serve.py and static/).

May import: runtime, compiler, inputs. A newcomer adds a deck check to a game's decks.yaml (a
ruleset, not here); here, a new deck file form or a field of the report.
"""
