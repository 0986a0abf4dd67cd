"""(f) doomtrooper: deck checks per second for a 60 + 25-card Prague League 2010 deck, in a
batch and through the command line.

The deck is `examples/decks/templars-legal.yaml` (87 cards with its 2 proxies). In-process
rows: `rulecraft.decks.legality.check` (lay the cards out in a game of the format, run every check of
the format, DT-002 … DT-033); the batch API (`DeckChecker.check_many`) on copies of the deck
read once, on 100 different decks made from it, and on decks given as mappings; read + resolve +
check of the file. Command-line rows: the CPU time
of one `rulecraft deck check` process (start-up included, `RUSAGE_CHILDREN`), without a pool and
with a 1,073-card pool written by `rulecraft import doomtrooperdb` (from a generated file of
that layout), first with an empty cache folder, then again with the cache it filled.
"""

from __future__ import annotations

import json
import resource
import subprocess
import sys
import tempfile
import time
from dataclasses import replace
from pathlib import Path

from rulecraft.decks.importer import import_files, write_pool
from rulecraft.decks.legality import Deck, DeckChecker, check, read_deck, resolve, resolve_format

from .check_time import user_env

DECK = Path(__file__).resolve().parents[1] / "examples" / "decks" / "templars-legal.yaml"
TARGET = 5_000
BATCH_TARGET = 20_000
CLI_TARGET = 0.3  # s of CPU for one `deck check --pool` of the 1,073-card pool
POOL_CARDS = 1_073


def _rate(fn, seconds: float, per_call: int = 1) -> float:
    """Calls per second of CPU time (`time.process_time`)."""
    fn()
    n, start = 0, time.process_time()
    while time.process_time() - start < seconds:
        for _ in range(10):
            fn()
        n += 10
    return n * per_call / (time.process_time() - start)


def _verdict(ok: bool) -> str:
    return "met" if ok else "NOT met"


def run_bench(quick: bool = False) -> list[tuple[str, str, str]]:
    deck = read_deck(DECK)
    rules = resolve_format(deck)
    resolved = resolve(deck, rules)
    cards = sum(c for cards in resolved.sections.values() for _, c in cards)
    seconds = 0.3 if quick else 0.8
    checks = _rate(lambda: check(rules, resolved), seconds)
    checker, batch = DeckChecker(), [deck] * 100
    batched = _rate(lambda: checker.check_many(batch), seconds, len(batch))
    varied = _variants(deck, 100)
    batched_varied = _rate(lambda: checker.check_many(varied), seconds, len(varied))
    mappings = [json.loads(json.dumps(_mapping(deck)))] * 20
    from_mappings = _rate(lambda: checker.check_many(mappings), seconds, len(mappings))
    full = _rate(lambda: check(rules, resolve(read_deck(DECK), rules)), seconds)
    return [
        ("deck", f"{DECK.name}: {cards} cards, {len(rules.checks)} checks", ""),
        ("check (lay out + every check)", f"{checks:,.0f} decks/s", f"target >= {TARGET:,} ({_verdict(checks >= TARGET)})"),
        ("batch: DeckChecker.check_many, decks read", f"{batched:,.0f} decks/s",
         f"target >= {BATCH_TARGET:,} ({_verdict(batched >= BATCH_TARGET)})"),
        ("batch: DeckChecker.check_many, 100 different decks", f"{batched_varied:,.0f} decks/s",
         f"({sum(not r['legal'] for r in checker.check_many(varied))} of them illegal)"),
        ("batch: DeckChecker.check_many, mappings", f"{from_mappings:,.0f} decks/s", "(+ JSON round trip, schema check)"),
        ("read YAML + resolve + check", f"{full:,.0f} decks/s", "(YAML parsing dominates)"),
        *_cli_rows(1 if quick else 2),
    ]


def _variants(deck: Deck, n: int) -> list[Deck]:
    """`n` decks unlike the deck and each other, as a batch of real decks varies: deck i lists
    its main cards rotated by i (legal), or holds one copy fewer of its (i mod k)-th main card
    (59 cards), or plays another tribe, in turn."""
    main = deck.sections["main"]
    out = []
    for i in range(n):
        cards, params = main[i % len(main):] + main[:i % len(main)], deck.params
        if i % 3 == 1:
            cards = [(card, copies - (k == i % len(main)), where) for k, (card, copies, where) in enumerate(main)]
        elif i % 3 == 2:
            params = params | {"faction": "lutheran_triad"}
        out.append(replace(deck, params=params, sections=deck.sections | {"main": cards}))
    return out


def _mapping(deck) -> dict:
    """The deck as the mapping a program would pass (`format`, parameters, sections)."""
    return {"format": deck.format, **deck.params,
            **{section: {card: copies for card, copies, _ in entries} for section, entries in deck.sections.items()}}


# ---- the command line -----------------------------------------------------------


def _cli_rows(repeat: int) -> list[tuple[str, str, str]]:
    with tempfile.TemporaryDirectory(prefix="rulecraft-bench-") as tmp:
        pool = Path(tmp) / "pool.yaml"
        _write_pool(pool, Path(tmp) / "cards.json")
        env = user_env(Path(tmp))  # bytecode kept, as on a user's machine (see check_time)
        argv = [sys.executable, "-m", "rulecraft", "deck", "check", str(DECK)]
        _cpu(argv, env | {"RULECRAFT_CACHE_DIR": str(Path(tmp) / "warmup")}, 1)  # fills the bytecode folder
        first = _cpu([*argv, "--pool", str(pool)], env, 1)  # the cache folder is empty
        cached = _cpu([*argv, "--pool", str(pool)], env, repeat)
        bare = _cpu(argv, env, repeat)
    return [
        ("`deck check`, CPU of the process", _seconds(bare), ""),
        (f"`deck check --pool` ({POOL_CARDS:,} cards), empty cache", _seconds(first), "(parses the pool, fills the cache)"),
        (f"`deck check --pool` ({POOL_CARDS:,} cards), cached", _seconds(cached),
         f"target <= {CLI_TARGET} s ({_verdict(cached is not None and cached <= CLI_TARGET)})"),
    ]


def _seconds(cpu: float | None) -> str:
    return "FAILED" if cpu is None else f"{cpu:.2f} s"


def _cpu(argv: list[str], env: dict[str, str], repeat: int) -> float | None:
    """The least user + system CPU time of the command over `repeat` runs; None if it fails."""
    best = None
    for _ in range(repeat):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        done = subprocess.run(argv, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        if done.returncode != 0:
            return None
        cpu = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
        best = cpu if best is None else min(best, cpu)
    return best


KINDS = ["warrior", "equipment", "special", "fortification", "warzone", "relic", "art", "ki", "symmetry",
         "mission", "alliance", "beast"]
FACTIONS = ["general", "bauhaus", "capitol", "cybertronic", "imperial", "mishima", "brotherhood", "legion",
            "crescentia", "lutheran", "rasputin", "templars"]
SETS = ["unl", "inq", "wz", "mort", "gol", "apo", "pl", "promo"]
STATS = ["3", "4", "7", "–", "X", "2x"]


def _write_pool(pool: Path, cards: Path) -> None:
    """A pool of POOL_CARDS cards, imported from a generated file in the DoomtrooperDB layout
    (the real database's cards are not the project's to ship)."""
    records = []
    for i in range(POOL_CARDS):
        record = {"code": f"9{i:04d}", "name": f"BENCH CARD {i}", "type_code": KINDS[i % len(KINDS)],
                  "faction_code": [FACTIONS[i % len(FACTIONS)]], "expansion_code": SETS[i % len(SETS)],
                  "deck_limit": 5 if i % 7 else 1}
        if record["type_code"] == "warrior":
            record |= {stat: STATS[(i + k) % len(STATS)] for k, stat in enumerate(("fight", "shoot", "armor", "value"))}
        records.append(record)
    cards.write_text(json.dumps(records, indent=1), encoding="utf-8")
    imported, problems = import_files("doomtrooperdb", [cards])
    assert not problems, problems
    assert len(imported["cards"]) == POOL_CARDS, problems
    with pool.open("w", encoding="utf-8") as out:
        write_pool(imported, out)
