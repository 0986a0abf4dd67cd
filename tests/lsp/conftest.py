"""A small game and a mod of it, written to a temporary folder, and a language server started on
them with a real client over standard input and output."""

from __future__ import annotations

from pathlib import Path

import pytest

BASE_MAIN = '''\
game "base" "Base game"
import units

# How many actions a unit takes in a turn.
export assume actions: int = 2 "two actions a turn, as the rule book says"

event hit(target: unit, wounds: int)

export fn damage(u: unit, n: int) -> int {
  rule BASE-002
  u.wounds = u.wounds - n
  emit hit(u, n)
  return u.wounds
}

on hit { log "{target.name} takes {wounds}" }

scenario duel "Duel" {
  players: ["a", "b"]
  rounds: 1
  setup { create grunt }
}
'''

BASE_UNITS = '''\
# A figure on the table.
kind unit { wounds: int = 1, speed: int = 4 }

# The common soldier.
unit grunt "Grunt" x4 {
  rule BASE-001
  wounds: 2
  speed: 5
}

export fn fastest() -> int {
  let best = 0
  for u in all unit {
    if u.speed > best { best = u.speed }
  }
  return best
}
'''

MOD_MAIN = '''\
mod "tougher" "Tougher grunts" extends "base"

patch grunt { wounds = 3 }
'''


@pytest.fixture(scope="module")
def project(tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("lsp").resolve()
    for name, text in (("base/main.rules", BASE_MAIN), ("base/units.rules", BASE_UNITS), ("tougher/main.rules", MOD_MAIN)):
        (root / name).parent.mkdir(exist_ok=True)
        (root / name).write_text(text, encoding="utf-8")
    return root


def find(text: str, needle: str, nth: int = 0) -> tuple[int, int]:
    """The position (line and character from 0) of the `nth` occurrence of `needle` in `text`."""
    at = -1
    for _ in range(nth + 1):
        at = text.index(needle, at + 1)
    line = text.count("\n", 0, at)
    return line, at - (text.rfind("\n", 0, at) + 1)
