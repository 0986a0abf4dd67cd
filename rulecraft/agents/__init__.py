"""agents: the players that search, greedy and Monte Carlo tree search (search.py), what their
playouts may know of hidden things (determinise.py), and the agent specs of the command line
(`random`, `first`, `greedy:samples=N`, `mcts:playouts=N`, `script:...`) turned into agents
(specs.py).

They play through the game-state interface the runtime gives every agent (rulecraft/runtime/agents.py:
the Agent protocol, and the random, first-legal, scripted and replay agents the runtime itself
needs): the legal choices offered, a copy of the game (play.copy_game, a checkpoint), resuming
it, and the scores (search.scores_of). May import: runtime, inputs. A newcomer adds an agent in
search.py (or a module beside it) and its spec in specs.py.
"""
