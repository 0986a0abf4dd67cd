"""Small rules programs made from bytes, for the fuzzer's run-time growth target.

`program(data)` takes any bytes and gives the text of a ruleset whose function `grow` runs
statements on a list `xs`, a text `s`, a number `n` and a loose value `v`: loops over ranges,
`+=`, text templates, `%` and `*` (through `any`, so Python's own `%` formatting and `*`
repetition are reached), `text(...)` and `log`. Each byte is one choice, so every input is a
program that parses (nearly all of them type-check too), and a byte-level mutation changes the
program rather than its syntax: the fuzzer explores what programs cost while they run.
`SEEDS` is the corpus: byte strings whose programs stay small. A newcomer may add a statement
to `_STATEMENTS` (a function of the choices and the loops it is in) or a number to `COUNTS`.
"""

from __future__ import annotations

from collections.abc import Callable

HEADER = ('game "g" "G"\n'
          'fn pct(a: any, b: any) -> any { return a % b }\n'
          'fn times(a: any, b: int) -> any { return a * b }\n'
          'fn loose(a: any) -> any { return a }\n')
COUNTS = (0, 1, 2, 3, 10, 40, 200, 1000, 100_000, 2_000_000_000)  # loop lengths, factors, widths
MAX_DEPTH = 3  # loops in loops
MAX_STATEMENTS = 24  # statements of one program, nested ones included


class Choices:
    """The bytes of an input read as choices; past the end every choice is 0."""

    def __init__(self, data: bytes):
        self.data = data
        self.at = 0
        self.statements = 0

    def pick(self, n: int) -> int:
        byte = self.data[self.at] if self.at < len(self.data) else 0
        self.at += 1
        return byte % n

    def count(self) -> int:
        return COUNTS[self.pick(len(COUNTS))]

    def more(self) -> bool:
        return self.at < len(self.data) and self.statements < MAX_STATEMENTS


Loops = tuple[str, ...]  # the loops a statement is in, innermost last: each one's variable ("" for a `while`)


def _number(c: Choices, loops: Loops) -> str:
    named = [name for name in loops if name]
    return named[-1] if named and c.pick(2) else str(c.count())


def _loop(c: Choices, loops: Loops) -> str:
    if len(loops) >= MAX_DEPTH:
        return f"n += {_number(c, loops)}"
    name = f"i{len(loops)}" if c.pick(8) else ""
    head = f"for {name} in range(0, {c.count()})" if name else "while n < 1000000000"
    return f"{head} {{ {_block(c, (*loops, name))} }}"


_STATEMENTS: tuple[Callable[[Choices, Loops], str], ...] = (
    _loop,
    lambda c, loops: f"xs += [{_number(c, loops)}]",
    lambda c, loops: "xs += xs",
    lambda c, loops: 's = "{s}{s}"',
    lambda c, loops: 's = "{s}{n}{xs}"',
    lambda c, loops: f"n = n * {c.count()}",
    lambda c, loops: "n += n",
    lambda c, loops: f'v = pct(loose("%{c.count()}d"), {_number(c, loops)})',
    lambda c, loops: f"v = pct(v, {_number(c, loops)})",
    lambda c, loops: f"v = times(s, {_number(c, loops)})",
    lambda c, loops: f"v = times(xs, {_number(c, loops)})",
    lambda c, loops: "s = text(xs)",
    lambda c, loops: "v = text(v)",
    lambda c, loops: 'log "{s} {v}"',
)


def _block(c: Choices, loops: Loops) -> str:
    out = []
    for _ in range(1 + c.pick(3)):
        c.statements += 1
        out.append(_STATEMENTS[c.pick(len(_STATEMENTS))](c, loops))
        if not c.more():
            break
    return "  ".join(out)


def program(data: bytes) -> str:
    """The ruleset `data` spells: `grow()` runs its statements and returns `n`."""
    c = Choices(data)
    body = []
    while c.more():
        body.append(_block(c, ()))
    return HEADER + ("fn grow() -> int {\n  let xs = [0]  let s = \"a\"  let n = 1  let v = loose(0)\n  "
                     + "\n  ".join(body) + "\n  return n\n}\n")


SEEDS = [bytes([0, 0, 4, 2, 1, 1, 3]), bytes([0, 1, 5, 1, 0, 7, 5, 4]), bytes([1, 2, 3, 1, 5, 4, 10, 2]),
         bytes([0, 1, 4, 0, 7, 3, 1, 11, 12, 13]), bytes([2, 6, 4, 9, 3, 0, 2, 5, 6, 13])]
