"""The options several commands share, added the same way on each: `--mod`, `--agent`/`--agents`,
`--plot`, the games of `simulate` and `balance`, and the help texts they repeat.

It takes an argparse parser and gives it the options; reading their values is the engines' job
(rulecraft/inputs/given.py reads NAME=VALUE items, rulecraft/agents/specs.py agent specs). A
newcomer changes an option's wording here, once for every command that has it.
"""

from __future__ import annotations

import argparse

MOD_HELP = ("apply a mod: a bundled mod id or a mod folder (repeat, in load order; a mod given twice, or one "
            "the game already is or extends, is applied once)")
AGENT_HELP = ("one player's agent, in player order (repeat): random, first, greedy[:samples=N,turns=T], "
              "mcts[:playouts=N,turns=T,seconds=S,exploration=C], script:a,b,c (answers split at "
              "commas), script:[\"a, b\", 2] (a JSON list: answers may hold commas) or script:@FILE (one answer "
              "a line); a number is an option's index, a text its value or name")
FORCE_HELP = "replace the file if it is there already (without it, an existing file is never replaced)"
AGENTS_HELP = "simple agents split at commas, one per player (e.g. random,first; one plays for all)"


def add_mod_option(parser: argparse.ArgumentParser, help: str = MOD_HELP, default: list[str] | None = None) -> None:
    """`--mod MOD`, the same on every command that loads a game: repeatable, in load order."""
    parser.add_argument("--mod", action="append", default=[] if default is None else default, metavar="MOD",
                        help=help)


def add_agent_options(parser: argparse.ArgumentParser) -> None:
    """`--agent SPEC` (repeat, one per player) or `--agents A,B` (simple specs), not both."""
    group = parser.add_mutually_exclusive_group()
    group.add_argument("--agent", action="append", default=[], metavar="SPEC", help=AGENT_HELP)
    group.add_argument("--agents", metavar="A,B,...", help=AGENTS_HELP)


def add_plot_option(parser: argparse.ArgumentParser) -> None:
    from ..views.plots import EXTRA  # only a command that draws loads the module that draws

    parser.add_argument("--plot", metavar="FILE", help="also draw the results to FILE.svg or FILE.png "
                                                       f"(needs matplotlib: {EXTRA}); a file there already is "
                                                       "replaced only with --force")
    parser.add_argument("--force", action="store_true", help=f"--plot: {FORCE_HELP}")


JSON_HELP = "print one JSON document"
OUTPUTS = ("text", "json", "sarif")
BACKENDS = ("local", "dask", "ray")  # ray: named by the contract, refused with a hint (rulecraft/play/cluster.py says why)


def add_games_options(s: argparse.ArgumentParser, games: int | None = None) -> None:
    """The scenario and how its games are played, on `simulate` and `balance`; `games`: the default
    number of games (None: `--games` must be given)."""
    s.add_argument("scenario", help="SCENARIO or GAME/SCENARIO, as `run` takes it")
    s.add_argument("--games", type=int, required=games is None, default=games, metavar="N",
                   help="how many games (seeds S, S+1, ...)" + (f"; default {games}" if games else ""))
    s.add_argument("--workers", type=int, metavar="K", help="processes playing them (default: one per CPU; "
                                                            "1 plays them in this process)")
    s.add_argument("--seed", type=int, default=1, metavar="S", help="the first game's seed")
    add_agent_options(s)
    s.add_argument("--rounds", type=int, help="stop each game after this many rounds")
    s.add_argument("--set", action="append", default=[], metavar="ASSUMPTION=VALUE",
                   help="override an assumption in every game (repeat)")
    s.add_argument("--backend", choices=BACKENDS, default="local",
                   help="local: a process pool on this machine; dask: a Dask cluster (pip install rulecraft[cluster])")
    s.add_argument("--scheduler", metavar="ADDRESS", help="the Dask scheduler's address, e.g. tcp://127.0.0.1:8786 "
                                                          "(unencrypted) or tls://HOST:PORT (with --backend dask); "
                                                          "one not on this machine needs --trust-cluster")
    s.add_argument("--trust-cluster", action="store_true",
                   help="use a Dask scheduler not on this machine: the scheduler and its workers are trusted with code "
                        "execution (what they send back are pickles, which run code when read)")
    s.add_argument("--quiet", action="store_true", help="no progress on stderr")
