"""rulecraft: a rules compiler and scripting language for tabletop games.

The public API: `load(game_id, mods=[])` compiles a bundled ruleset (with mods),
`compile_source` compiles text, `new_game` starts a game (from a scenario, with a seed and
agents) and `run` plays it to the end, `odds` answers chance queries exactly, and
`check_deck` checks a deck (a file or a mapping) against its format; a `DeckChecker` checks many
(formats and card pools loaded once).

The layout (each package's job and what it may import: its __init__.py; the layer table is
checked by tests/architecture): version.py; runtime/ (the game machine) and compiler/ (rules
text to a Ruleset); inputs/ (YAML with positions, schemas, values, names, the catalogues);
agents/ (greedy, MCTS, agent specs); decks/ (legality, pools, importer, the deck page); play/
(scenarios, simulate, balance, statistics); views/ (SVG, JSON, logs, plots, listings);
reference/ (doc, explain, codes); authoring/ (fmt, lsp, mutation, the pytest plugin, coverage);
cli/ (the command line, the only user of argparse). This facade re-exports from the layers
below it; nothing inside the package imports it.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from .version import __version__

# Each public name and the module that defines it: imported on first use, so a command
# (or a program) loads only the parts it needs (PEP 562).
_LAZY = {"CompileError": "compiler.diagnostics", "Diagnostic": "compiler.diagnostics",
         "compile_source": "compiler.loader", "load": "compiler.loader", "DeckError": "decks.legality", "check_deck": "decks.legality",
         "DeckChecker": "decks.legality",
         "FirstLegalAgent": "runtime.agents", "RandomAgent": "runtime.agents", "ScriptedAgent": "runtime.agents",
         "GreedyAgent": "agents.search", "MctsAgent": "agents.search",
         "BudgetExceeded": "runtime.errors", "GameError": "runtime.errors", "IllegalAction": "runtime.errors",
         "UnknownName": "runtime.errors", "Game": "runtime.game", "odds": "runtime.odds", "run": "runtime.play"}

if TYPE_CHECKING:
    from .agents.search import GreedyAgent, MctsAgent
    from .compiler.diagnostics import CompileError, Diagnostic
    from .compiler.loader import compile_source, load
    from .decks.legality import DeckChecker, DeckError, check_deck
    from .runtime.agents import FirstLegalAgent, RandomAgent, ScriptedAgent
    from .runtime.errors import BudgetExceeded, GameError, IllegalAction, UnknownName
    from .runtime.game import Game
    from .runtime.odds import odds
    from .runtime.play import run


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


__all__ = [
    "BudgetExceeded",
    "CompileError",
    "DeckChecker",
    "DeckError",
    "Diagnostic",
    "FirstLegalAgent",
    "Game",
    "GameError",
    "GreedyAgent",
    "IllegalAction",
    "MctsAgent",
    "RandomAgent",
    "ScriptedAgent",
    "UnknownName",
    "__version__",
    "check_deck",
    "compile_source",
    "load",
    "new_game",
    "odds",
    "run",
]
