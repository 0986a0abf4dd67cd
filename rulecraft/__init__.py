"""rulecraft: a rules compiler and scripting language for tabletop games.

The public API: `load(game_id, mods=[])` compiles a bundled ruleset, `compile_source`
compiles text, `new_game` starts a game, `odds` answers chance queries exactly.
"""

from .compiler.diagnostics import CompileError, Diagnostic
from .compiler.loader import compile_source, load
from .runtime.agents import FirstLegalAgent, RandomAgent, ScriptedAgent
from .runtime.errors import BudgetExceeded, GameError, IllegalAction
from .runtime.game import Game

__version__ = "0.1.0"


def new_game(ruleset, seed: int = 0, players=None, agents=None, assumptions=None, scenario=None):
    """A game of `ruleset` (an id or a compiled Ruleset); runs the scenario's setup if one is named."""
    from .runtime.play import start

    rules = load(ruleset) if isinstance(ruleset, str) else ruleset
    return start(rules, scenario, seed=seed, players=players, agents=agents, assumptions=assumptions)


__all__ = ["load", "compile_source", "new_game", "Game", "CompileError", "Diagnostic", "GameError",
           "IllegalAction", "BudgetExceeded", "RandomAgent", "FirstLegalAgent", "ScriptedAgent", "__version__"]
