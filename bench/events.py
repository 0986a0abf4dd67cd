"""(j) Trigger dispatch: one event among 10,000 things of a definition that listens to it.

A trigger whose condition starts with `u == this` (the event's argument names its thing) runs for
that thing alone (`TriggerSpec.keyed`); the same trigger written `by > 0 and u == this` is asked of
every thing of the definition. CPU time per event (`time.process_time`, best of 5).
"""

from __future__ import annotations

import time

import rulecraft

THINGS = 10_000
RULES = '''
game "bench" "Trigger dispatch"
kind unit { hits: int = 0 }
event struck(u: unit, by: int)
unit keyed "Keyed" { on struck when u == this { this.hits += by } }
unit asked "Asked" { on struck when by > 0 and u == this { this.hits += by } }
fn strike(u: unit, by: int) { emit struck(u, by) }
'''


def per_event(game: rulecraft.Game, target: object, events: int) -> float:
    best = float("inf")
    for _ in range(5):
        start = time.process_time()
        for _ in range(events):
            game.call("strike", target, 1)
        best = min(best, (time.process_time() - start) / events)
    return best


def run_bench(quick: bool = False) -> list[tuple[str, str, str]]:
    rules = rulecraft.compile_source(RULES, "bench.rules")
    events = 20 if quick else 100
    rows = []
    times = {}
    for definition in ("keyed", "asked"):
        game = rulecraft.Game(rules, budget=10**12)
        things = [game.create(definition) for _ in range(THINGS)]
        times[definition] = per_event(game, things[THINGS // 2], events)
        assert things[THINGS // 2].props["hits"] == 5 * events  # the named thing fired, every time
    rows.append((f"`when u == this`, {THINGS:,} things", f"{times['keyed'] * 1e6:,.1f} us/event", "runs for the thing named"))
    rows.append((f"`when by > 0 and u == this`, {THINGS:,} things", f"{times['asked'] * 1e6:,.1f} us/event",
                 f"asks every thing: {times['asked'] / times['keyed']:,.0f}x"))
    return rows
