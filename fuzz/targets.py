"""What is fuzzed: each reader of outside input, its seed corpus, and the answers it may give.

A target's `run(data, folder)` feeds one input (bytes) to the reader, with `folder` a scratch
folder of its own; anything it raises other than the target's `allowed` exceptions is a crash.
The readers: a ruleset's source, a deck, a card pool, a `--set` value, a replay log (read and
replayed, and through `rulecraft replay`), a program's run-time growth (programs.py), an exact-odds
query, `rulecraft fmt`, the deck page's HTTP handler and the language server (wire.py). A newcomer
adds a target as a corpus function, a run function and an entry in `TARGETS`.
"""

from __future__ import annotations

import io
import signal
from collections.abc import Callable, Iterator
from contextlib import contextmanager, redirect_stderr, redirect_stdout
from dataclasses import dataclass
from functools import lru_cache
from importlib.util import find_spec
from pathlib import Path

from rulecraft.compiler.diagnostics import CompileError, InputError, render_text
from rulecraft.compiler.loader import bundled_root, compile_folder, folder_of, load
from rulecraft.runtime.errors import GameError
from rulecraft.runtime.types import Ty

from . import programs, wire

ROOT = Path(__file__).resolve().parents[1]


@dataclass(frozen=True)
class Target:
    name: str
    corpus: Callable[[], list[bytes]]
    run: Callable[[bytes, Path], None]
    allowed: tuple[type[BaseException], ...] = ()


def _files(*patterns: tuple[Path, str]) -> list[bytes]:
    return [p.read_bytes() for folder, pattern in patterns for p in sorted(folder.glob(pattern))]


# ---- rules ---------------------------------------------------------------------------


def rules_corpus() -> list[bytes]:
    return _files((ROOT / "examples", "*/main.rules"), (ROOT / "tests" / "compiler" / "corpus", "*.rules"),
                  (bundled_root() / "twilight-imperium", "*.rules"), (bundled_root() / "neuroshima", "*.rules"))


def run_rules(data: bytes, folder: Path) -> None:
    """A ruleset folder of one file: compiled (diagnostics rendered) or refused, never raising."""
    from rulecraft.compiler.diagnostics import Diagnostics

    (folder / "main.rules").write_bytes(data)
    diags = Diagnostics()
    compile_folder(folder, diags)
    render_text(diags.sorted(), diags.sources)


# ---- decks and card pools -----------------------------------------------------------------


def deck_corpus() -> list[bytes]:
    return _files((ROOT / "examples" / "decks", "*.yaml"))


def run_deck(data: bytes, folder: Path) -> None:
    from rulecraft.decks.legality import check_deck

    path = folder / "deck.yaml"
    path.write_bytes(data)
    check_deck(path)


def pool_corpus() -> list[bytes]:
    return _files((ROOT / "examples" / "decks" / "pools", "*.yaml"))


def run_pool(data: bytes, folder: Path) -> None:
    from rulecraft.decks.pools import apply_pools, read_pool

    path = folder / "pool.yaml"
    path.write_bytes(data)
    apply_pools(_format(), [read_pool(path)])


@lru_cache(maxsize=1)
def _format():
    return load("doomtrooper/prague-league-2010")


# ---- command-line values --------------------------------------------------------------------

VALUE_TYPES = ["int", "num", "bool", "text", "any", "list<int>", "list<any>", "list<list<int>>", "def<warrior>",
               "list<def<card>>"]


def values_corpus() -> list[bytes]:
    return [b"3", b"-2", b"1.5", b"true", b"gendarme", b"gendarme, horde_trooper", b"[1, 2, [3]]",
            b'["a", {"b": 1}]', b"Templar Marine", b"[[0,4,1,0],[0,3,0,0]]"]


def run_values(data: bytes, folder: Path) -> None:
    from rulecraft.inputs.values import BadValue, typed

    text = data.decode("utf-8", "replace")
    for name in VALUE_TYPES:
        try:
            typed(text, Ty(name), _format(), text=True)
        except BadValue:
            pass


# ---- replay logs --------------------------------------------------------------------------


def played(game_id: str, mods: list[str], scenario: str, seed: int) -> bytes:
    """The log of one round of a bundled game's scenario."""
    from rulecraft.runtime.play import run, start

    game = start(load(game_id, mods), scenario, seed=seed)
    run(game, scenario, 1)
    return ("\n".join(game.log_lines()) + "\n").encode()


@lru_cache(maxsize=1)
def log_corpus() -> list[bytes]:
    return [played("twilight-imperium", [], "small_galaxy", 3)]


def run_log(data: bytes, folder: Path) -> None:
    from rulecraft.runtime.play import replay
    from rulecraft.views.logview import read_log

    path = folder / "game.jsonl"
    path.write_bytes(data)
    log = read_log(path)
    header = log.header
    named = [header["game"], *header.get("mods", ())]
    if any(folder_of(name) is None for name in named):  # as `rulecraft replay`: a log loads bundled rulesets only
        return
    replay(load(header["game"], header.get("mods", ())), log.entries)


def command(argv: list[str]) -> int:
    """A command's handler run on `argv`, its output dropped: its errors escape (as `rulecraft`
    would map them to exit codes) so that an internal error shows where it came from."""
    from rulecraft.cli import build_parser

    args = build_parser(argv).parse_args(argv)
    with redirect_stdout(io.StringIO()), redirect_stderr(io.StringIO()):
        return args.handler(args)


@lru_cache(maxsize=1)
def mod_log_corpus() -> list[bytes]:
    """Logs of a game with a mod, and of the game `log_corpus` plays."""
    return [played("doom", ["doom/deathmatch"], "deathmatch_for_two", 5), *log_corpus()]


def run_replay(data: bytes, folder: Path) -> None:
    path = folder / "game.jsonl"
    path.write_bytes(data)
    command(["replay", str(path), "--json"])


# ---- what a program costs while it runs ---------------------------------------------------------


@contextmanager
def within_memory() -> Iterator[None]:
    """A game that ran out of memory (a BudgetExceeded to the player) is a crash here: its step
    budget should have stopped it first. The MemoryError escapes, so its place is the signature."""
    try:
        yield
    except GameError as err:
        if isinstance(err.__context__, MemoryError):
            raise err.__context__ from None
        raise


GROWTH_BUDGET = 100_000  # steps: every program ends within it, so each run is short


def growth_corpus() -> list[bytes]:
    return list(programs.SEEDS)


def run_growth(data: bytes, folder: Path) -> None:
    from rulecraft.compiler.loader import compile_source
    from rulecraft.runtime.game import Game

    game = Game(compile_source(programs.program(data)), budget=GROWTH_BUDGET)
    with within_memory():
        try:
            game.call("grow")
        finally:
            game.log_lines()  # what was logged is shown, whatever ended the run


# ---- exact odds ----------------------------------------------------------------------------------

ODDS_SEEDS = [
    'game "o" "O"\ndie d6 "D6" { faces 1..6 }\ndie d10 "D10" { faces 1..10 }\n'
    "query two() { let a = roll d6  let b = roll d6  return a + b }\n"
    "query best() { let a = roll d6  let b = roll d10  if a > b { return a }  return b }\n"
    "query hits(n: int = 3) { let h = 0  for i in range(0, n) { if roll d6 >= 5 { h += 1 } }  return h }\n",
    'game "o" "O"\ndie d6 "D6" { faces 1..6 }\n'
    'table loot "Loot" () roll d6 {\n  1..3: "nothing" { }\n  4..5: "a coin" { }\n  6: "a gem" { }\n}\n'
    "query twice() { let a = roll d6  let b = roll d6  return [a, b] }\n"
    'query named() { let a = roll d6  return "{a} pips" }\n',
    'game "o" "O"\ndie coin "Coin" { face { v: 0, w: "tails" }  face { v: 1, w: "heads" } }\n'
    "query q() { let f = roll coin  let g = roll coin  return f.v + g.v }\n",
]


def odds_corpus() -> list[bytes]:
    return [seed.encode() for seed in ODDS_SEEDS]


def run_odds(data: bytes, folder: Path) -> None:
    """Every pool, table, die and query of the source whose parameters all have defaults: its odds."""
    from rulecraft.compiler.loader import compile_source
    from rulecraft.runtime.odds import chance_queries, odds

    rules = compile_source(data.decode("utf-8", "replace"))
    with within_memory():
        for query in chance_queries(rules):
            if all("default" in p for p in query["params"]):
                odds(rules, query["id"])


# ---- fmt ---------------------------------------------------------------------------------------


def run_fmt(data: bytes, folder: Path) -> None:
    """`rulecraft fmt` on a folder of the source, then `fmt --check`: the layout is done in one go."""
    (folder / "main.rules").write_bytes(data)
    if command(["fmt", str(folder)]) == 0 and command(["fmt", "--check", str(folder)]) != 0:
        raise AssertionError("fmt laid out a file that a second fmt changes again")


# ---- the servers ---------------------------------------------------------------------------------


def run_deck_page(data: bytes, folder: Path) -> None:
    answered = wire.http_exchange(data)
    if answered.startswith(b"HTTP/1.0 500") or answered.startswith(b"HTTP/1.1 500"):
        raise AssertionError("the deck page answered 500")


def run_lsp(data: bytes, folder: Path) -> None:
    wire.lsp_session(data)


ANSWERS = (InputError, CompileError, GameError)  # a diagnostic or a stopped game: what bad input gets

TARGETS = {t.name: t for t in [
    Target("rules", rules_corpus, run_rules),
    Target("deck", deck_corpus, run_deck, (InputError,)),
    Target("pool", pool_corpus, run_pool, (InputError,)),
    Target("values", values_corpus, run_values),
    Target("log", log_corpus, run_log, ANSWERS),
    Target("replay", mod_log_corpus, run_replay, ANSWERS),
    Target("growth", growth_corpus, run_growth, ANSWERS),
    Target("odds", odds_corpus, run_odds, ANSWERS),
    Target("fmt", rules_corpus, run_fmt, ANSWERS),
    Target("deck_page", wire.http_corpus, run_deck_page),
    *([Target("lsp", wire.lsp_corpus, run_lsp)] if find_spec("pygls") else []),  # the optional extra `lsp`
]}


def signature(err: BaseException) -> str:
    """What tells two crashes apart: the exception's type and the innermost Python line it passed
    (marked "in rules" when it was raised in a ruleset's compiled code, whose lines are the input's)."""
    tb, where, inside = err.__traceback__, "?", False
    while tb is not None:
        name = tb.tb_frame.f_code.co_filename
        inside = not name.endswith(".py")
        if not inside:
            where = f"{Path(name).name}:{tb.tb_lineno}"
        tb = tb.tb_next
    return f"{type(err).__name__}@{where}" + (" in rules" if inside else "")


class Hang(BaseException):
    """An input ran past `HANG_SECONDS` of CPU time (a BaseException, so no `except Exception` hides it)."""


HANG_SECONDS = 10.0  # the promise: every input ends with an answer within 10 s


def _hang(signum, frame):
    raise Hang


def crash(target: Target, data: bytes, folder: Path) -> str | None:
    """The crash signature if `data` crashes the target or runs past `HANG_SECONDS`, else None."""
    timed = hasattr(signal, "setitimer")
    if timed:
        previous = signal.signal(signal.SIGPROF, _hang)
        signal.setitimer(signal.ITIMER_PROF, HANG_SECONDS)
    try:
        target.run(data, folder)
    except target.allowed:
        return None
    except Hang:
        return "Hang"
    except Exception as err:  # anything else that escapes is what the fuzzer looks for
        return signature(err)
    finally:
        if timed:
            signal.setitimer(signal.ITIMER_PROF, 0)
            signal.signal(signal.SIGPROF, previous)
    return None
