"""Mutations of an input: what a fuzzer does to a corpus file, driven by one seeded generator."""

from __future__ import annotations

import random

# Pieces that tend to reach unusual paths: delimiters, numbers at the edges, escapes, Unicode
# that Python treats specially, YAML aliases and anchors, deep nesting.
TOKENS = [b"{", b"}", b"[", b"]", b"(", b")", b'"', b"\\", b"\n", b"\r", b"\t", b"\x00", b"\x1b[2J",
          b"\xe2\x80\xa8", b"\xef\xbb\xbf", b"\xff\xfe", b"\xc3", b"\xb2", b"-", b"0", b"-1",
          b"99999999999999999999", b"1e999", b"..", b"//", b"%", b"*", b"&a ", b"*a", b"<<: *a",
          b"__class__", b"none", b"true", b"[" * 200, b"(" * 200, b": ", b"- ", b"#", b"'"]


def mutate(data: bytes, rng: random.Random, others: list[bytes]) -> bytes:
    """`data` changed by one to four edits: flip, delete, insert a token, duplicate, splice."""
    out = bytearray(data)
    for _ in range(rng.randint(1, 4)):
        out = bytearray(_edit(bytes(out), rng, others))
    return bytes(out)


def _edit(data: bytes, rng: random.Random, others: list[bytes]) -> bytes:
    at = rng.randrange(len(data) + 1)
    kind = rng.randrange(6)
    if kind == 0 and data:  # flip one byte
        i = min(at, len(data) - 1)
        return data[:i] + bytes([data[i] ^ (1 << rng.randrange(8))]) + data[i + 1:]
    if kind == 1:  # delete a run
        return data[:at] + data[at + rng.randint(1, 64):]
    if kind == 2:  # insert a token
        return data[:at] + rng.choice(TOKENS) + data[at:]
    if kind == 3:  # duplicate a run (repeated parts, long lines)
        run = data[at:at + rng.randint(1, 200)]
        return data[:at] + run * rng.randint(2, 50) + data[at:]
    if kind == 4 and others:  # splice in a piece of another input
        other = rng.choice(others)
        start = rng.randrange(len(other) + 1)
        return data[:at] + other[start:start + rng.randint(1, 400)] + data[at:]
    return data[:at]  # truncate
