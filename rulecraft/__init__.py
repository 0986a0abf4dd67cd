"""rulecraft: a rules compiler and scripting language for tabletop games.

The public API: `load(game_id, mods=[])` compiles a bundled ruleset (with mods),
`compile_source` compiles text, `new_game` starts a game (from a scenario, with a seed and
agents) and `run` plays it to the end, `odds` answers chance queries exactly, and
`check_deck` checks a deck (a file or a mapping) against its format; a `DeckChecker` checks many
(formats and card pools loaded once).
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

__version__ = "0.1.0"

# Each public name and the module that defines it: imported on first use, so a command
# (or a program) loads only the parts it needs (PEP 562).
_LAZY = {"CompileError": "compiler.diagnostics", "Diagnostic": "compiler.diagnostics",
         "compile_source": "compiler.loader", "load": "compiler.loader", "DeckError": "decks", "check_deck": "decks",
         "DeckChecker": "decks",
         "FirstLegalAgent": "runtime.agents", "RandomAgent": "runtime.agents", "ScriptedAgent": "runtime.agents",
         "GreedyAgent": "runtime.search", "MctsAgent": "runtime.search",
         "BudgetExceeded": "runtime.errors", "GameError": "runtime.errors", "IllegalAction": "runtime.errors",
         "UnknownName": "runtime.errors", "Game": "runtime.game", "odds": "runtime.odds", "run": "runtime.play"}

if TYPE_CHECKING:
    from .compiler.diagnostics import CompileError, Diagnostic
    from .compiler.loader import compile_source, load
    from .decks import DeckChecker, DeckError, check_deck
    from .runtime.agents import FirstLegalAgent, RandomAgent, ScriptedAgent
    from .runtime.errors import BudgetExceeded, GameError, IllegalAction, UnknownName
    from .runtime.game import Game
    from .runtime.odds import odds
    from .runtime.play import run
    from .runtime.search import GreedyAgent, MctsAgent


def __getattr__(name: str) -> Any:
    if name not in _LAZY:
        raise AttributeError(f"module 'rulecraft' has no attribute '{name}'")
    value = getattr(importlib.import_module(f".{_LAZY[name]}", __name__), name)
    globals()[name] = value
    return value


def new_game(ruleset, seed: int = 0, players=None, agents=None, assumptions=None, scenario=None, mods=(),
             options=(), log="full"):
    """A game of `ruleset` (an id or a compiled Ruleset, with `mods` applied to an id); runs the
    scenario's setup if one is named. `run(game, scenario)` then plays its rounds. `log="simulation"`
    keeps only what a replay needs (the full log is the default)."""
    from .compiler.loader import load
    from .runtime.play import start

    rules = load(ruleset, mods) if isinstance(ruleset, str) else ruleset
    return start(rules, scenario, seed=seed, players=players, agents=agents, assumptions=assumptions,
                 options=options, log=log)


__all__ = ["load", "compile_source", "new_game", "run", "odds", "check_deck", "DeckChecker", "Game", "CompileError",
           "Diagnostic", "DeckError", "GameError", "IllegalAction", "UnknownName", "BudgetExceeded", "RandomAgent", "FirstLegalAgent",
           "ScriptedAgent", "GreedyAgent", "MctsAgent", "__version__"]
