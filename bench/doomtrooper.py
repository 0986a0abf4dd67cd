"""(f) doomtrooper: deck checks per second for a 60 + 25-card Prague League 2010 deck, in a
batch and through the command line.

The deck is `examples/decks/templars-legal.yaml` (87 cards with its 2 proxies). In-process
rows: `rulecraft.decks.legality.check` (lay the cards out in a game of the format, run every check of
the format, DT-002 … DT-033), in a game kept from the deck before and, for the ratio in one run,
in a new game per deck (DECK_GAMES_KEPT = 0); the batch API (`DeckChecker.check_many`) on copies of the deck
read once (a deck that holds what one checked before is not laid out again), on 100 different
decks made from it (15 holdings: the later ones are reports found again), on 2,000 decks not
seen before (`generated_decks`: every one laid out and checked), and on decks given as mappings;
read + resolve + check of the file; and, for the ratios, a plain-Python oracle of 9 of the 12
rule groups on the 100 different decks and on the 2,000 (resolved once; it agrees with the
format on which rules each breaks: tests/decks/test_generated_decks.py). Command-line rows: the CPU time
of one `rulecraft deck check` process (start-up included, `RUSAGE_CHILDREN`), without a pool and
with a 1,073-card pool written by `rulecraft import doomtrooperdb` (from a generated file of
that layout), first with an empty cache folder, then again with the cache it filled.
"""

from __future__ import annotations

import json
import math
import random
import resource
import subprocess
import sys
import tempfile
import time
from dataclasses import replace
from pathlib import Path

from rulecraft.decks import legality
from rulecraft.decks.importer import import_files, write_pool
from rulecraft.decks.legality import Deck, DeckChecker, check, read_deck, resolve, resolve_format

from .check_time import user_env

GALLERY = Path(__file__).resolve().parents[1] / "examples" / "decks"
DECK = GALLERY / "templars-legal.yaml"
TARGET = 5_000
BATCH_TARGET = 20_000
UNSEEN = 2_000  # generated decks, each unlike the others: none is checked from an earlier report
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
    checks_new = _new_games(lambda: _rate(lambda: check(rules, resolved), seconds))
    # a new checker each round: every batch pays for the checks of each holding once
    batch = [deck] * 100
    batched = _rate(lambda: DeckChecker().check_many(batch), seconds, len(batch))
    varied = _variants(deck, 100)
    batched_varied = _rate(lambda: DeckChecker().check_many(varied), seconds, len(varied))
    varied_new = _new_games(lambda: _rate(lambda: DeckChecker().check_many(varied), seconds, len(varied)))
    mappings = [json.loads(json.dumps(_mapping(deck)))] * 20
    from_mappings = _rate(lambda: DeckChecker().check_many(mappings), seconds, len(mappings))
    checker = DeckChecker()
    full = _rate(lambda: check(rules, resolve(read_deck(DECK), rules)), seconds)
    oracle = Oracle(rules)
    resolved_varied = [resolve(d, rules) for d in varied]
    assert [oracle.broken(r) for r in resolved_varied] == [
        sorted({v["rule"] for v in report["violations"]} & ORACLE_RULES) for report in checker.check_many(varied)]
    by_hand = _rate(lambda: [oracle.broken(r) for r in resolved_varied], seconds, len(resolved_varied))
    unseen = generated_decks(UNSEEN)
    unseen_rate = _rate(lambda: DeckChecker().check_many(unseen), seconds, len(unseen))
    unseen_resolved = [resolve(d, rules) for d in unseen]
    unseen_by_hand = _rate(lambda: [oracle.broken(r) for r in unseen_resolved], seconds, len(unseen_resolved))
    return [
        ("deck", f"{DECK.name}: {cards} cards, {len(rules.checks)} checks", ""),
        ("check (lay out + every check)", f"{checks:,.0f} decks/s", f"target >= {TARGET:,} ({_verdict(checks >= TARGET)})"),
        ("check, a new game per deck (DECK_GAMES_KEPT = 0)", f"{checks_new:,.0f} decks/s",
         f"a kept game / a new game = {checks / checks_new:.2f}"),
        ("batch: DeckChecker.check_many, decks read", f"{batched:,.0f} decks/s",
         f"target >= {BATCH_TARGET:,} ({_verdict(batched >= BATCH_TARGET)})"),
        ("batch: DeckChecker.check_many, 100 different decks", f"{batched_varied:,.0f} decks/s",
         f"({sum(not r['legal'] for r in checker.check_many(varied))} of them illegal; {_holdings(resolved_varied)} "
         "different holdings)"),
        ("batch: 100 different decks, a new game per deck", f"{varied_new:,.0f} decks/s",
         f"(DECK_GAMES_KEPT = 0) kept / new = {batched_varied / varied_new:.2f}"),
        ("batch: DeckChecker.check_many, mappings", f"{from_mappings:,.0f} decks/s", "(+ JSON round trip, schema check)"),
        ("read YAML + resolve + check", f"{full:,.0f} decks/s", "(YAML parsing dominates)"),
        ("plain-Python oracle, 100 different decks", f"{by_hand:,.0f} decks/s",
         f"{len(ORACLE_RULES)} of {len(rules.checks)} rule groups; batch of decks read / oracle = {batched / by_hand:.2f}"),
        (f"batch: {UNSEEN:,} decks not seen before (generated_decks)", f"{unseen_rate:,.0f} decks/s",
         f"target >= {BATCH_TARGET:,} ({_verdict(unseen_rate >= BATCH_TARGET)}); "
         f"{sum(r['legal'] for r in checker.check_many(unseen))} legal, {_holdings(unseen_resolved):,} holdings"),
        (f"plain-Python oracle, the {UNSEEN:,} decks", f"{unseen_by_hand:,.0f} decks/s",
         f"decks not seen before / oracle = {unseen_rate / unseen_by_hand:.2f}"),
        *_cli_rows(1 if quick else 2),
    ]


def _new_games(measure):
    """`measure()` with every deck laid out in a new game of its format (DECK_GAMES_KEPT = 0: none
    kept, as before games were kept), for the before/after ratio in one run."""
    kept = legality.DECK_GAMES_KEPT
    legality.DECK_GAMES_KEPT = 0
    try:
        return measure()
    finally:
        legality.DECK_GAMES_KEPT = kept


def _holdings(resolved) -> int:
    """How many different holdings (cards in order per section, parameter values) the decks are."""
    return len({(tuple(r.params.items()), tuple((s, tuple(cards)) for s, cards in r.sections.items())) for r in resolved})


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


def generated_decks(n: int, seed: int = 1) -> list[Deck]:
    """`n` Prague League decks not seen before, made from the gallery's legal Prague decks
    (seeded): each card kept, now and then swapped for another card of the game, given other
    copies or dropped; now and then a card added, another tribe, proxies of the deck's cards or
    others, illegible proxies. About a third stay legal."""
    bases = [d for d in (read_deck(p) for p in sorted(GALLERY.glob("*-legal.yaml"))) if d.format == FORMAT and _usable(d)]
    rules = resolve_format(bases[0])
    cards = sorted(d.id for d in rules.definitions.values() if d.kind in rules.descendants["card"])
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        base = rng.choice(bases)
        sections = {name: _mutated(rng, entries, cards) for name, entries in base.sections.items()}
        params = dict(base.params)
        if rng.random() < 0.05:
            params["faction"] = rng.choice(rules.enums["tribe"])
        if rng.random() < 0.2:
            held = [card for card, _, _ in sections.get("main", [])]
            sections["proxies"] = [(rng.choice(held + cards[:5]), rng.randint(1, 3), (1, 1)) for _ in range(rng.randint(1, 3))]
        if rng.random() < 0.02:
            params["proxies_legible"] = False
        out.append(replace(base, params=params, sections=sections))
    return out


FORMAT = "doomtrooper/prague-league-2010"


def _usable(deck: Deck) -> bool:
    try:
        return DeckChecker().check(deck)["legal"]
    except legality.DeckError:
        return False  # a gallery deck that names a pool's cards


def _mutated(rng: random.Random, entries: list, cards: list[str]) -> list:
    """A section's (card, copies, place) entries, changed at random (see `generated_decks`)."""
    out = []
    for card, copies, where in entries:
        roll = rng.random()
        if roll < 0.01:
            continue
        out.append((rng.choice(cards) if roll < 0.05 else card,
                    rng.randint(1, 5) if rng.random() < 0.01 else copies, where))
    if rng.random() < 0.1:
        out.insert(rng.randint(0, len(out)), (rng.choice(cards + [c for c, _, _ in out]), rng.randint(1, 4), (1, 1)))
    return out


ORACLE_RULES = {"DT-002", "DT-003", "DT-004", "DT-005", "DT-007", "DT-009", "DT-010", "DT-027", "DT-033"}


class Oracle:
    """The league's rules of ORACLE_RULES written by hand over a resolved deck's counts (no
    restricted or banned lists, no Czech promos, no homemade cards: what the bench's decks need):
    the rule ids a deck breaks, in order."""

    def __init__(self, rules) -> None:
        self.props = {d.id: rules.kind_defaults(d.kind) | d.props | {"kind": d.kind} for d in rules.definitions.values()}

    def broken(self, resolved) -> list[str]:
        props, faction, sections = self.props, resolved.params["faction"], resolved.sections
        main, side, proxies = sections.get("main", []), sections.get("sideboard", []), sections.get("proxies", [])
        pool = [props[c] for c, _ in main + side]
        held: dict[str, int] = {}
        for c, n in main + side:
            held[c] = held.get(c, 0) + n
        proxied: dict[str, int] = {}
        for c, n in proxies:
            proxied[c] = proxied.get(c, 0) + n
        cards = sum(n for _, n in main)
        tribe = sum(n for c, n in main if faction in props[c]["tribes"])
        checks = {
            "DT-002": any(not p["icons"] and faction not in p["tribes"] for p in pool),
            "DT-003": any(p["kind"] == "warrior" and "general" in p["icons"] for p in pool),
            "DT-004": any(p["icons"] not in ([], ["general"]) and p["set"] != "czech_promo" for p in pool),
            "DT-005": tribe < math.ceil(cards * 33 / 100),
            "DT-007": any(n > (props[c]["deck_limit"] if props[c]["deck_limit"] < 4 else 4) for c, n in held.items()),
            "DT-009": cards < 60,
            "DT-010": sum(n for c, n in main if props[c]["kind"] == "warrior") < 5,
            "DT-027": sum(n for _, n in side) != 25,
            "DT-033": (bool(proxies) and not resolved.params.get("proxies_legible", True))
            or any(n > held.get(c, 0) for c, n in proxied.items()),
        }
        return sorted(rule for rule, broken in checks.items() if broken)


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
