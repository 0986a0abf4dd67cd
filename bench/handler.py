"""(c) An effect handler three ways: compiled by rulecraft, hand-written Python, tree-walked AST.

`tally` has the shape of Twilight Imperium's `influence_of` / `pay_wealth`: it loops over a
selection, reads properties, does arithmetic, calls a built-in and sets a property. `score`
is pure arithmetic over `range`, to show the interpreter overhead without the game's own
per-operation cost (rt.properties.prop, rt.things.set, rt.selection.select), which all three versions share.
All three versions call the same Game methods on the same game state.
"""

from __future__ import annotations

import ast
import timeit
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import rulecraft
from rulecraft.compiler.diagnostics import Diagnostics
from rulecraft.compiler.driver import check_modules, parse_module
from rulecraft.compiler.facts import HandlerBody, analyse
from rulecraft.compiler.lower import Lowerer
from rulecraft.compiler.source import Source

from .treewalk import Interpreter

PLANETS = 40
SOURCE = """
game "bench" "Handler benchmark"
kind player { credits: int }
kind planet { influence: int, resources: int, controller: player }
planet world "World" x1 { influence: 2, resources: 3 }

fn tally(p: player) -> int {
  let total = 0
  for pl in all planet where it.controller == p {
    if pl.influence > 1 {
      total += pl.influence * 2 + abs(pl.influence - pl.resources)
    } else {
      total += 1
    }
  }
  p.credits = p.credits + total
  return total
}

fn score(n: int) -> int {
  let total = 0
  for i in range(1, n) {
    if i % 3 == 0 {
      total += i * 2 + 1
    } else {
      total -= 1
    }
  }
  return total
}
"""


def hand_tally(rt, p):
    """What a Python programmer would write against the same Game (with the same budget charge).
    No `modify` in the source touches these properties, so, like the compiler, it reads them
    straight from the thing."""
    total = 0
    for pl in rt.budget.charge(rt.selection.select("planet", None, None, lambda it: it.props["controller"] == p, False)):
        if pl.props["influence"] > 1:
            total += pl.props["influence"] * 2 + abs(pl.props["influence"] - pl.props["resources"])
        else:
            total += 1
    rt.things.set(p, "credits", p.props["credits"] + total)
    return total


def hand_score(rt, n):
    total = 0
    for i in rt.budget.charge(range(1, n)):  # `range(1, n)` in the language stops before n
        if i % 3 == 0:
            total += i * 2 + 1
        else:
            total -= 1
    return total


@dataclass
class Case:
    fn: str
    title: str
    hand: Callable[..., Any]
    args: Callable[[Any], tuple]  # game -> arguments after rt


CASES = [
    Case("tally", f"select {PLANETS} planets, get x4, arithmetic, abs(), set", hand_tally,
         lambda game: (game.players[0],)),
    Case("score", "pure arithmetic, for i in range(1, 40)", hand_score, lambda game: (40,)),
]


def _checked():
    diags = Diagnostics()
    module = parse_module(Source("bench.rules", SOURCE), diags)
    assert module is not None
    sym, res = check_modules([module], diags)
    return module, sym, res


def generated_source(fn: str) -> str:
    """The compiled handler as Python text (ast.unparse of what compiler/lower.py builds)."""
    _, sym, res = _checked()
    decl = sym.callables[fn]
    func = Lowerer(res, analyse(res, sym.callables, [HandlerBody(decl.body)])).callable(decl).functions[0]
    return ast.unparse(ast.fix_missing_locations(ast.Module(body=[func], type_ignores=[])))


def setup(case: Case) -> tuple[Any, dict[str, Callable[[], Any]]]:
    rules = rulecraft.compile_source(SOURCE, "bench.rules")
    game = rulecraft.Game(rules, budget=10**12)
    p1, p2 = game.players
    for i in range(PLANETS):
        planet = game.create("world")
        game.set(planet, "controller", p1 if i % 3 else p2)
        game.set(planet, "influence", i % 4)
        game.set(planet, "resources", i % 5)
    game.log.clear()
    _, sym, res = _checked()
    decls = sym.callables
    interp = Interpreter(game, decls, res)
    compiled, tree, hand, args = rules.callables[case.fn].func, decls[case.fn], case.hand, case.args(game)
    return game, {
        "compiled": lambda: compiled(game, *args),
        "hand-written": lambda: hand(game, *args),
        "tree-walk": lambda: interp.call(tree, *args),
    }


def run(case: Case, number: int = 2000, repeat: int = 7) -> list[tuple[str, str, str]]:
    game, runners = setup(case)
    results = {name: f() for name, f in runners.items()}
    if len(set(results.values())) != 1:
        raise SystemExit(f"the three versions of `{case.fn}` disagree: {results}")
    best: dict[str, float] = {}
    for _ in range(repeat):  # interleave the versions so drift in machine load hits all of them
        for name, f in runners.items():
            t = timeit.timeit(f, number=number) / number
            best[name] = min(best.get(name, t), t)
            game.log.clear()
    rows = [(f"{name}", f"{best[name] * 1e6:.2f} µs/call", f"best of {repeat} x {number} calls")
            for name in runners]
    c_over_h = best["compiled"] / best["hand-written"]
    t_over_c = best["tree-walk"] / best["compiled"]
    rows.append(("compiled / hand-written", f"{c_over_h:.2f}x",
                 "target <= 1.3: " + ("met" if c_over_h <= 1.3 else "MISSED")))
    rows.append(("tree-walk / compiled", f"{t_over_c:.1f}x",
                 "target >= 10: " + ("met" if t_over_c >= 10 else "MISSED")))
    return rows
