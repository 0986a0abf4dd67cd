"""The one interpreter: game state, events, effects, chance, boards, agents and the log.

Nothing here knows a game: a compiled Ruleset says what the kinds, definitions,
events and handlers are; this package only runs them.
"""
