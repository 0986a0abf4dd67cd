"""(f) doomtrooper: deck checks per second for a 60 + 25-card Prague League 2010 deck.

The deck file is read and resolved once (`examples/decks/templars-legal.yaml`, with 2 proxies);
the figure is for `rulecraft.decks.check`: laying the 85 cards out in a game of the format and
running every check of the format (DT-002 … DT-033). Read + resolve + check is shown too.
"""

from __future__ import annotations

import time
from pathlib import Path

from rulecraft.decks import check, read_deck, resolve, resolve_format

DECK = Path(__file__).resolve().parents[1] / "examples" / "decks" / "templars-legal.yaml"
TARGET = 5_000


def _rate(fn, seconds: float) -> float:
    fn()
    n, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        for _ in range(50):
            fn()
        n += 50
    return n / (time.perf_counter() - start)


def run_bench(quick: bool = False) -> list[tuple[str, str, str]]:
    deck = read_deck(DECK)
    rules = resolve_format(deck)
    resolved = resolve(deck, rules)
    cards = sum(c for cards in resolved.sections.values() for _, c in cards)
    seconds = 0.3 if quick else 1.5
    checks = _rate(lambda: check(rules, resolved), seconds)
    full = _rate(lambda: check(rules, resolve(read_deck(DECK), rules)), seconds)
    return [
        ("deck", f"{DECK.name}: {cards} cards, {len(rules.checks)} checks", ""),
        ("check (lay out + every check)", f"{checks:,.0f} decks/s", f"target >= {TARGET:,} ({'met' if checks >= TARGET else 'NOT met'})"),
        ("read YAML + resolve + check", f"{full:,.0f} decks/s", "(YAML parsing dominates)"),
    ]
