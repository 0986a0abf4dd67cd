"""(g) Growing a list in a loop: 100,000 `xs += [i]` in a compiled `fn`, against Python's `append`.

A variable the body grows in place owns its list (compiler/lower_data.py), so each `+=` extends it
instead of copying it: the loop is amortised O(1) an append. CPU time (`time.process_time`), best of a few.
"""

from __future__ import annotations

import rulecraft

from .timing import best_cpu

N = 100_000
SOURCE = """
game "bench" "List benchmark"
fn grow(n: int) -> int {
  let xs = []
  for i in 1..n { xs += [i] }
  return count(xs)
}
fn fill_board(n: int) -> int {
  let b = []
  for i in 1..n { b += [0] }
  for i in 0..n - 1 { b[i] = i }
  return count(b)
}
"""




def _python(n: int) -> int:
    xs: list[int] = []
    for i in range(1, n + 1):
        xs.append(i)
    return len(xs)


def run_bench(quick: bool = False) -> list[tuple[str, str, str]]:
    game = rulecraft.Game(rulecraft.compile_source(SOURCE))
    repeats = 1 if quick else 3
    assert game.call("grow", N) == N
    grow = best_cpu(lambda: game.call("grow", N), repeats)
    board = best_cpu(lambda: game.call("fill_board", N), repeats)
    python = best_cpu(lambda: _python(N), repeats)
    return [(f"{N:,} appends `xs += [i]` (compiled)", f"{grow * 1000:.1f} ms", "CPU time"),
            (f"{N:,} appends then {N:,} `b[i] = i`", f"{board * 1000:.1f} ms", "CPU time"),
            (f"{N:,} appends, plain Python `append`", f"{python * 1000:.1f} ms", f"compiled / Python = {grow / python:.1f}")]


if __name__ == "__main__":
    for row in run_bench():
        print("  ".join(row))
