"""The one interpreter: a running game, made of parts with one job each.

Nothing here knows a game: a compiled Ruleset says what the kinds, definitions,
events and handlers are; this package only runs them.

- game.py: `Game`, the facade the host uses (tests, the CLI, tools); it builds the parts
  and hands itself to compiled handlers as `rt`
- things.py (`rt.things`): things, zones, the graph and boards' state; create, move, set,
  destroy
- properties.py (`rt.properties`): properties as they read now (abilities, modifiers), `is`/`as`
- selection.py (`rt.selection`): finding things, in a zone's or creation order
- knowledge.py (`rt.knowledge`): reveal, hide, what each player knows of a face-down thing
- events.py (`rt.events`): events and triggers, phases, turns, steps, rounds, the game's end
- modifiers.py (`rt.mods`): continuous modifiers and their durations
- chance.py (`rt.chance`): dice, dice tables, random picks and shuffles; the seeded source
- choices.py (`rt.choices`): the players' agents, their choices, timing windows
- history.py (`rt.history`): the log, the current round, the rules that ran, rule listeners
- budget.py (`rt.budget`): the step budget
- checks.py (`rt.checks`): deck checks and their violations, refusals, failed expectations
- interface.py: the operations handlers may call, and on which part
- library.py: the registry of built-ins, each declared next to its function (`@builtin`)
- builtins.py, grid.py (gridboard.py: a square board's state; gridsearch.py: its move and sight
  searches), hexgrid.py, board.py: the built-in functions and the board libraries
- state.py (entities, zones), rng.py, arith.py, errors.py, agents.py: the pieces the parts use
- printable.py: text a stranger wrote, escaped for a terminal (the log's JSON lines, the
  compiler's diagnostics and the command line's printers use it)
- play.py (scenarios, replays, checkpoints), odds.py (exact odds), ruletests.py (a ruleset's own tests)
- agents.py holds the Agent protocol and the agents the runtime itself needs (random, first,
  scripted, replay); the agents that look ahead and the agent specs are rulecraft/agents/

Imports nothing of rulecraft outside this package (tests/architecture).
"""
