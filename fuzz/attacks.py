"""`python -m fuzz.attacks [NAME...]`: run every class of hostile input through the command line,
each in a process of its own, and print what it cost: CPU seconds, peak memory and the exit code,
with what the command said. For measuring the limits (see the README's limits
table); tests assert the same attacks stay bounded in steps and bytes, never in seconds.

The inputs are made in a temporary folder; a process is stopped after 60 s of CPU."""

from __future__ import annotations

import os
import resource
import subprocess
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

CPU_LIMIT = 60
GAME = 'game "a" "A"\n'
UNITS = 'kind unit { hp: int = 1 }\nunit grunt "G" { }\n'


def rules(body: str) -> dict[str, bytes]:
    return {"a/main.rules": (GAME + UNITS + body).encode()}


def runtime(test: str, helpers: str = "") -> tuple[dict[str, bytes], list[str]]:
    return rules(helpers + f'test "attack" {{ {test} }}\n'), ["test", "{a}"]


def bomb(top: str) -> bytes:
    lines = ["format: doomtrooper/prague-league-2010", "a0: &a0 [x, x, x, x, x, x, x, x, x, x]"]
    lines += [f"a{i}: &a{i} [{', '.join([f'*a{i - 1}'] * 10)}]" for i in range(1, 9)]
    return ("\n".join(lines) + f"\n{top}: *a8\n").encode()


def many_modules() -> dict[str, bytes]:
    files = {f"a/m{i}.rules": ("".join(f"const c{i}_{j} = {j}\n" for j in range(9_000))).encode() for i in range(199)}
    files["a/main.rules"] = (GAME + "".join(f"import m{i}\n" for i in range(199))).encode()
    return files


LIST = 'fn big(n: int) -> list<int> { let xs = []  for i in range(0, n) { xs += [i] }  return xs }\n'
WRAP = 'fn wrap(x: any) -> any { return [x, x] }\n' \
       'fn dag() -> any { let x = wrap(0)  for i in range(0, 40) { x = wrap(x) }  return x }\n'
ANY = 'fn rep(s: any, n: int) -> any { return s * n }\n'

# name: (the files, the command line; "{a}" is the folder `a`, "{f}" the file `f`)
ATTACKS: dict[str, Callable[[], tuple[dict[str, bytes], list[str]]]] = {
    # input the reader must refuse with a diagnostic
    "latin-1 source": lambda: ({"a/main.rules": GAME.encode() + b'const s = "caf\xe9"\n'}, ["check", "{a}"]),
    "utf-16 source": lambda: ({"a/main.rules": GAME.encode("utf-16")}, ["check", "{a}"]),
    "byte-order mark": lambda: ({"a/main.rules": b"\xef\xbb\xbf" + GAME.encode()}, ["check", "{a}"]),
    "terminal escapes": lambda: ({"a/main.rules": GAME.encode() + b"const \x1b[31mred = 1\n"}, ["check", "{a}"]),
    "long import name": lambda: ({"a/main.rules": (GAME + "import " + "a" * 5_000 + "\n").encode()}, ["check", "{a}"]),
    "1.5 GB source": lambda: ({"a/main.rules": b"SPARSE:1500000000"}, ["check", "{a}"]),
    "1 MB list literal": lambda: (rules("const c = [" + "1, " * 330_000 + "1]\n"), ["check", "{a}"]),
    "250 KB list literal": lambda: (rules("const c = [" + "1," * 120_000 + "1]\n"), ["check", "{a}"]),
    "99,000-token list literal": lambda: (rules("const c = [" + "1," * 49_400 + "1]\n"), ["check", "{a}"]),
    "9,000 unknown names": lambda: (rules("".join(f"const c{i} = nope{i}\n" for i in range(9_000))), ["check", "{a}"]),
    "60 errors after a long prefix": lambda: (rules("".join(f"const c{i} = {i}\n" for i in range(12_000))
                                                  + "const = \n" * 60), ["check", "{a}"]),
    "3,000-deep constant": lambda: (rules("const c = " + "[" * 3_000 + "]" * 3_000 + "\n"), ["check", "{a}"]),
    "mod extends itself": lambda: ({"a/main.rules": b'mod "a" "A" extends "a"\n'}, ["check", "{a}"]),
    "mod extends outside": lambda: ({"a/main.rules": b'mod "a" "A" extends "../../../etc"\n'}, ["check", "{a}"]),
    "199 modules of 90 KB": lambda: (many_modules(), ["check", "{a}"]),
    "players: 5": lambda: (rules('scenario s "S" { players: 5  round { log "r" } }\n'), ["run", "{a}/s"]),
    "--set 5,000 deep": lambda: (rules('assume xs: list<any> = [] "x"\nscenario s "S" { players: ["a"]  round { } }\n'),
                                 ["run", "{a}/s", "--set", "xs=" + "[" * 5_000 + "]" * 5_000]),
    "odds: parameter ²": lambda: (rules('query q(n: int) { return n }\n'), ["odds", "{a}", "q", "n=²"]),
    "odds: a 1M-step loop before 3 dice": lambda: (rules(
        'die d6 "D6" { faces 1..6 }\nquery q() { let n = 0  for i in range(0, 1000000) { n += 1 }  '
        'let a = roll d6  let b = roll d6  let c = roll d6  return a + b + c + n }\n'), ["odds", "{a}", "q"]),
    "replay: wrong field types": lambda: ({"log.jsonl": b'{"seq": "x", "what": 5}\n[1]\n'}, ["replay", "{log.jsonl}"]),
    "deck: YAML alias bomb": lambda: ({"d.yaml": bomb("main")}, ["deck", "check", "{d.yaml}"]),
    "pool: YAML alias bomb": lambda: ({"p.yaml": bomb("cards")},
                                      ["deck", "check", "examples/decks/templars-legal.yaml", "--pool", "{p.yaml}"]),
    "deck: NUL, 4.0 copies, 5,000 digits": lambda: ({"d.yaml": b'format: doomtrooper/prague-league-2010\nmain:\n'
                                                    b'  "gen\\0darme": 1\n  gendarme: 4.0\n  templar: ' + b"9" * 5_000
                                                    + b"\n"}, ["deck", "check", "{d.yaml}"]),
    "deck: 370 KB of unknown names": lambda: ({"d.yaml": b"format: doomtrooper/prague-league-2010\nmain:\n"
                                              + b"".join(b"  card%06d: 1\n" % i for i in range(23_000))},
                                              ["deck", "check", "{d.yaml}"]),
    "pool: 370 KB of cards": lambda: ({"p.yaml": b"game: doomtrooper\ncards:\n" + b"".join(
        b"  - {id: c%05d, name: Card %05d, kind: warrior, fight: 3}\n" % (i, i) for i in range(6_200))},
        ["deck", "check", "examples/decks/templars-legal.yaml", "--pool", "{p.yaml}"]),
    "deck: 12 MB of 600,000 names": lambda: ({"d.yaml": b"format: doomtrooper/prague-league-2010\nmain:\n"
                                             + b"".join(b"  card%06d: 1\n" % i for i in range(600_000))},
                                             ["deck", "check", "{d.yaml}"]),
    "importer: 5,000-deep JSON": lambda: ({"c.json": b"[" * 5_000 + b"]" * 5_000}, ["import", "doomtrooperdb", "{c.json}"]),
    # rules that try to run for ever or hold everything
    "count(all) over 99,000 things": lambda: runtime(
        "for i in range(0, 99000) { create grunt }  let n = 0  while true { n += count(all unit) }"),
    "x in a million items": lambda: runtime("let xs = big(1000000)  let n = 0  while true { if 5 in xs { n += 1 } }", LIST),
    "distinct and -= on long lists": lambda: runtime(
        "let xs = big(1000000)  while true { let ys = distinct(xs)  ys -= xs }", LIST),
    "modifiers without end": lambda: runtime("let u = create grunt  while true { modify u.hp += 1 until removed }"),
    "a number times a literal": lambda: runtime("let x = 3  while true { x = x * 1000 }"),
    "text * 500,000,000": lambda: runtime('let s = rep("ab", 500000000)', ANY),
    "logging a 512K-item list": lambda: runtime("let xs = big(512000)  while true { log \"{xs}\" }", LIST),
    "emitting a 512K-item list": lambda: runtime("let xs = big(512000)  while true { emit said(xs) }",
                                                 LIST + "event said(xs: list<int>)\n"),
    "hoarding texts": lambda: runtime('let xs = []  let s = rep("ab", 499990)  for i in range(0, 10000) { xs += [s + "{i}"] }',
                                      ANY),
    "hoarding lists": lambda: runtime("let xs = []  let b = big(500000)  for i in range(0, 10000) { xs += [b + b] }", LIST),
    "text of a 2**41-item value": lambda: runtime("let s = text(dag())", WRAP),
    "== on 2**41-item values": lambda: runtime("expect dag() == dag()", WRAP),
}


def make(root: Path, files: dict[str, bytes]) -> None:
    for name, data in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        if data.startswith(b"SPARSE:"):  # a huge file that takes no disk
            with path.open("wb") as f:
                f.truncate(int(data[7:]))
        else:
            path.write_bytes(data)


def measure(argv: list[str]) -> tuple[float, int, int, str]:
    """CPU seconds, peak resident MB, exit code and what the command said first (for a failed
    test, why it failed)."""
    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_CPU, (CPU_LIMIT, CPU_LIMIT))

    proc = subprocess.Popen([sys.executable, "-m", "rulecraft", *argv], stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, preexec_fn=limit)
    assert proc.stdout is not None
    out = proc.stdout.read(4096).decode("utf-8", "replace")
    proc.stdout.read()  # drain whatever follows
    _, status, usage = os.wait4(proc.pid, 0)
    proc.returncode = os.waitstatus_to_exitcode(status)
    lines = [line.strip() for line in out.splitlines() if line.strip()]
    said = lines[1] if lines[:1] == ["FAIL a: attack"] and len(lines) > 1 else lines[0] if lines else ""
    return usage.ru_utime + usage.ru_stime, usage.ru_maxrss // 1024, proc.returncode, said


def main(names: list[str]) -> int:
    chosen = names or list(ATTACKS)
    print(f"{'attack':40} {'CPU s':>6} {'MB':>6} {'exit':>4}  first line")
    for name in chosen:
        files, argv = ATTACKS[name]()
        with tempfile.TemporaryDirectory(prefix="rulecraft-attack-") as scratch:
            root = Path(scratch)
            make(root, files)
            filled = [arg.replace("{a}", str(root / "a")) for arg in argv]
            for file in files:
                filled = [arg.replace("{" + file + "}", str(root / file)) for arg in filled]
            cpu, mb, code, first = measure(filled)
        print(f"{name:40} {cpu:6.2f} {mb:6d} {code:4d}  {first[:110]}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
