"""`python -m fuzz.attacks [NAME...]`: run every class of hostile input through the command line,
each in a process of its own, and print what it cost: CPU seconds, peak memory and the exit code,
with what the command said. For measuring the limits (see the README's limits table); tests
assert the same attacks stay bounded in steps and bytes, never in seconds.

It takes attack names (none: every attack); it gives a table, one row per attack, with the
attack's class: the finding of issue 28 it reproduces ("-" for those of earlier rounds). An
attack is its files and its command line (and perhaps an environment and a standard input);
the files are made in a temporary folder, and a process is stopped after 60 s of CPU, 120 s of
wall-clock time (a command that waits on a FIFO uses no CPU) or 2 GB of address space. A
newcomer adds an attack as one entry of `ATTACKS`.

The file spec (`make`): a file's bytes, or one of
  b"SPARSE:N"      a file of N bytes that takes no disk;
  b"FIFO"          a named pipe;
  b"LINK:TARGET"   a symbolic link to TARGET (as written: relative to the link's folder, or absolute);
  b"HARDLINK:NAME" a hard link to the file NAME of the same attack;
  b"CHMOD:777"     a folder, with that mode (octal) once everything is made.
A file named "<stdin>" is not made: its bytes are the command's standard input.
"""

from __future__ import annotations

import os
import re
import resource
import subprocess
import sys
import tempfile
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

from .wire import frame, opening

CPU_LIMIT = 60
WALL_LIMIT = 120
MEMORY_LIMIT = 2 * 1024 ** 3  # bytes of address space: past the 1 GB promise, short of what the machine has
STDIN = "<stdin>"
GAME = 'game "a" "A"\n'
UNITS = 'kind unit { hp: int = 1 }\nunit grunt "G" { }\n'
Files = dict[str, bytes]
Made = tuple[Files, list[str]] | tuple[Files, list[str], dict[str, str]]


def rules(body: str) -> Files:
    return {"a/main.rules": (GAME + UNITS + body).encode()}


def runtime(test: str, helpers: str = "") -> tuple[Files, list[str]]:
    return rules(helpers + f'test "attack" {{ {test} }}\n'), ["test", "{a}"]


def bomb(top: str) -> bytes:
    lines = ["format: doomtrooper/prague-league-2010", "a0: &a0 [x, x, x, x, x, x, x, x, x, x]"]
    lines += [f"a{i}: &a{i} [{', '.join([f'*a{i - 1}'] * 10)}]" for i in range(1, 9)]
    return ("\n".join(lines) + f"\n{top}: *a8\n").encode()


def many_modules() -> Files:
    files = {f"a/m{i}.rules": ("".join(f"const c{i}_{j} = {j}\n" for j in range(9_000))).encode() for i in range(199)}
    files["a/main.rules"] = (GAME + "".join(f"import m{i}\n" for i in range(199))).encode()
    return files


LIST = 'fn big(n: int) -> list<int> { let xs = []  for i in range(0, n) { xs += [i] }  return xs }\n'
WRAP = 'fn wrap(x: any) -> any { return [x, x] }\n' \
       'fn dag() -> any { let x = wrap(0)  for i in range(0, 40) { x = wrap(x) }  return x }\n'
ANY = 'fn rep(s: any, n: int) -> any { return s * n }\n'
PCT = 'fn pct(a: any, b: any) -> any { return a % b }\n'
LOOSE = 'fn loose(a: any) -> any { return a }\n'
DICE = 'die d6 "D6" { faces 1..6 }\n'
POOL = ["deck", "check", "examples/decks/templars-legal.yaml", "--pool"]
LAID_BADLY = b'game "o" "O"\n      const x = 1\n'  # a file fmt would change
TITLE = b'{"seq":1,"round":0,"what":"scenario","game":"twilight-imperium","mods":[],"options":[],"id":"small_galaxy",' \
        b'"seed":3,"players":["Sol","Letnev","Hacan"],"assumptions":'
ESC = "\x1b]0;owned\x07\x1b[2J"  # a terminal title (OSC) and a cleared screen (CSI)


def nested(times: int, outer: str, inner: str) -> str:
    """`outer` (with one `{}`) wrapped around `inner` `times` times."""
    for _ in range(times):
        inner = outer.format(inner)
    return inner


def laughs() -> str:
    """Ten constants, each ten copies of the one before: 10**10 items when expanded."""
    return "const l0 = [1, 1, 1, 1, 1, 1, 1, 1, 1, 1]\n" + "".join(
        f"const l{i} = [{', '.join([f'l{i - 1}'] * 10)}]\n" for i in range(1, 10))


def mod_log() -> Files:
    """The log of a round of Doom with the deathmatch mod."""
    from .targets import mod_log_corpus

    return {"log.jsonl": mod_log_corpus()[0]}


def planted_pool() -> tuple[Files, list[str], dict[str, str]]:
    """A card pool whose cache entry someone else rewrote (its card renamed), in a cache folder
    anyone may write."""
    from rulecraft.decks.pools import read_pool

    text = "game: doomtrooper\ncards:\n  - {id: c1, name: Card One, kind: warrior, fight: 3}\n"
    before = os.environ.get("RULECRAFT_CACHE_DIR")
    with tempfile.TemporaryDirectory(prefix="rulecraft-attack-") as cache:
        os.environ["RULECRAFT_CACHE_DIR"] = cache
        try:
            (Path(cache) / "p.yaml").write_text(text)
            read_pool(Path(cache) / "p.yaml")  # the genuine entry, as rulecraft writes it
        finally:
            os.environ.pop("RULECRAFT_CACHE_DIR") if before is None else os.environ.update(RULECRAFT_CACHE_DIR=before)
        (entry,) = (Path(cache) / "pools").iterdir()
        planted = entry.read_bytes().replace(b"Card One", b"Card Two")  # the same length: still marshal data
    deck = b"format: doomtrooper/prague-league-2010\nfaction: templars\nmain:\n  Card One: 1\n"  # unknown if planted
    return ({"p.yaml": text.encode(), "d.yaml": deck, "cache": b"CHMOD:777", "cache/pools": b"CHMOD:777",
             f"cache/pools/{entry.name}": planted}, ["deck", "check", "{d.yaml}", "--pool", "{p.yaml}"],
            {"RULECRAFT_CACHE_DIR": "{cache}"})


# name: the files, the command line (and perhaps the environment): "{X}" is the file or folder X
# of the attack's, "{a}" the folder `a`
EARLIER: dict[str, Callable[[], Made]] = {  # the attacks of the rounds before issue 28
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


ISSUE_28: dict[str, tuple[int, Callable[[], Made]]] = {  # each with its finding's number
    "text(text(...)) 40 deep": (1, lambda: runtime(f"let x = {nested(40, 'text({})', '1')}")),
    "21 nested `all ... where`": (1, lambda: runtime(f"let x = {nested(21, 'count(all unit where {}) > 0', 'true')}")),
    '`s = "{s}{s}"` in a loop': (2, lambda: runtime('let s = "ab"  for i in range(0, 64) { s = "{s}{s}" }')),
    "200 `xs += [i]` a loop round": (2, lambda: runtime(
        "let xs = [0]  for i in range(0, 1000000) { " + "xs += [i]  " * 200 + "}")),
    '`"%2000000000d" % 1`': (2, lambda: runtime('let v = pct(loose("%2000000000d"), 1)', PCT + LOOSE)),
    '`"%1000000d" % i` in a loop': (2, lambda: runtime(
        'let xs = []  for i in range(1, 1000000) { xs += [pct(loose("%1000000d"), i)] }', PCT + LOOSE)),
    "const billion laughs: check": (2, lambda: (rules(laughs()), ["check", "{a}"])),
    "const billion laughs: lsp": (2, lambda: ({STDIN: b"".join(map(frame, opening(GAME + laughs())))},
                                                  ["lsp"])),
    "fmt: a symlink out of the folder": (3, lambda: ({"a/main.rules": LAID_BADLY, "outside.rules": LAID_BADLY,
                                                      "a/link.rules": b"LINK:../outside.rules"}, ["fmt", "{a}"])),
    "fmt: a hard link": (3, lambda: ({"outside.rules": LAID_BADLY, "a/main.rules": b"HARDLINK:outside.rules"},
                                     ["fmt", "{a}"])),
    "fmt: a FIFO in the folder": (3, lambda: ({"a/main.rules": LAID_BADLY, "a/pipe.rules": b"FIFO"}, ["fmt", "{a}"])),
    "fmt: a symlink to /dev/zero": (3, lambda: ({"a/main.rules": LAID_BADLY, "a/zero.rules": b"LINK:/dev/zero"},
                                                ["fmt", "{a}"])),
    "odds --plot onto an existing file": (4, lambda: ({**rules(DICE + "query q() { return roll d6 }\n"),
                                                       "keep.svg": b"<svg>mine</svg>"},
                                                      ["odds", "{a}", "q", "--plot", "{keep.svg}"])),
    "doc -o onto its own input": (4, lambda: (rules(""), ["doc", "{a}", "-o", "{a}/main.rules"])),
    "render -o onto its own input": (4, lambda: (rules(""), ["render", "{a}", "token", "grunt", "-o", "{a}/main.rules"])),
    "import -o onto its own input": (4, lambda: ({"c.json": b"[]"}, ["import", "doomtrooperdb", "{c.json}", "-o",
                                                                    "{c.json}"])),
    "21 nested loops": (5, lambda: runtime("".join(f"for i{k} in range(0, 2) {{ " for k in range(21)) + "let x = 1"
                                           + " }" * 21)),
    "odds: a table row rolls its table": (5, lambda: (rules(
        DICE + 'table t "T" () roll d6 {\n  1..5: "a" { }\n  6: "again" { t() }\n}\nquery q() { t()  return 1 }\n'),
        ["odds", "{a}", "q"])),
    "odds: a die face holds a list": (5, lambda: (rules('die fd "F" { face { v: 1, w: [1] }  face { v: 2, w: [2] } }\n'),
                                                  ["odds", "{a}", "fd"])),
    "odds --plot: `$...$` in a label": (5, lambda: ({**rules(
        DICE + 'query q() { if roll d6 > 3 { return "$x^^2$" }  return "$\\frac{$" }\n'), },
        ["odds", "{a}", "q", "--plot", "{a}/plot.svg"])),
    "import -o into a missing folder": (5, lambda: ({"c.json": b"[]"}, ["import", "doomtrooperdb", "{c.json}", "-o",
                                                                       "{c.json}.d/none/pool.yaml"])),
    "import -o onto a folder": (5, lambda: ({"c.json": b"[]", "d": b"CHMOD:755"},
                                            ["import", "doomtrooperdb", "{c.json}", "-o", "{d}"])),
    "/dev/zero as a deck": (5, lambda: ({}, ["deck", "check", "/dev/zero"])),
    "/dev/zero as a pool": (5, lambda: ({}, [*POOL, "/dev/zero"])),
    "/dev/zero as a log": (5, lambda: ({}, ["replay", "/dev/zero"])),
    "/dev/zero as a script": (5, lambda: ({}, ["run", "twilight-imperium/small_galaxy", "--rounds", "1",
                                               "--agent", "script:@/dev/zero"])),
    "`const a = b`, `const b = a`": (5, lambda: (rules("const a = b\nconst b = a\n"), ["check", "{a}"])),
    "`const cc = cc`": (5, lambda: (rules("const cc = cc\n"), ["check", "{a}"])),
    "a const cycle in a mod": (5, lambda: ({"m/main.rules": b'mod "m" "M" extends "doom"\nconst ma = mb\nconst mb = ma\n'},
                                           ["check", "{m}"])),
    "`gang_up: 4.0` in main and sideboard": (5, lambda: ({"d.yaml": b"format: doomtrooper/prague-league-2010\n"
                                                          b"faction: templars\nmain:\n  gang_up: 4.0\nsideboard:\n  gang_up: 4.0\n"},
                                                         ["deck", "check", "{d.yaml}"])),
    "import: a 5,000-digit JSON number": (5, lambda: ({"c.json": b'[{"id": ' + b"9" * 5_000 + b"}]"},
                                                      ["import", "doomtrooperdb", "{c.json}"])),
    "replay: 900-deep assumptions": (5, lambda: ({"log.jsonl": TITLE + b'{"enemy_units_1.defenders": ' + b"[" * 900 + b"]" * 900 + b"}}\n"},
                                                 ["replay", "{log.jsonl}"])),
    "a planted pool cache entry": (6, planted_pool),
    "a FIFO as the cache's rulesets/": (6, lambda: ({"cache/rulesets": b"FIFO"}, ["check", "doom"],
                                                    {"RULECRAFT_CACHE_DIR": "{cache}"})),
    "replay of a --mod game's log": (7, lambda: (mod_log(), ["replay", "{log.jsonl}"])),
    "replay: 21 MB of `{}` lines": (7, lambda: ({"log.jsonl": b"{}\n" * 7_000_000}, ["replay", "{log.jsonl}"])),
    "run doom/deathmatch --mod doom/deathmatch": (7, lambda: ({}, ["run", "doom/deathmatch", "--mod", "doom/deathmatch",
                                                                   "--rounds", "1"])),
    "simulate on a remote scheduler": (8, lambda: ({}, ["simulate", "twilight-imperium/small_galaxy", "--games", "1",
                                                        "--backend", "dask", "--scheduler", "tcp://10.0.0.1:8786"])),
    "run: ESC and OSC in a log line": (10, lambda: (rules('assume t: text = "x" "a text"\n'
                                                          'scenario s "S" { players: ["a"]  round { log "{t}" } }\n'),
                                                    ["run", "{a}/s", "--rounds", "1", "--set", f"t={ESC}"])),
    "odds: ESC in an outcome's name": (10, lambda: (rules(DICE + 'assume t: text = "x" "a text"\n'
                                                          'query q() { if roll d6 > 3 { return t }  return "y" }\n'),
                                                    ["odds", "{a}", "q", "--set", f"t={ESC}"])),
    "cards list: ESC in a card's title": (10, lambda: (rules(f'unit evil "Evil{ESC}" {{ }}\n'), ["cards", "list", "{a}"])),
    "`true` and `1` in `distinct`": (11, lambda: runtime("expect count(distinct([loose(true), loose(1)])) == 2", LOOSE)),
}
ATTACKS: dict[str, tuple[int | None, Callable[[], Made]]] = {**{name: (None, made) for name, made in EARLIER.items()},
                                                             **ISSUE_28}


def make(root: Path, files: Files) -> None:
    """The attack's files under `root`, as the file spec (above) says."""
    modes: list[tuple[Path, int]] = []
    for name, data in files.items():
        path = root / name
        if name == STDIN:
            continue
        path.parent.mkdir(parents=True, exist_ok=True)
        if data.startswith(b"SPARSE:"):  # a huge file that takes no disk
            with path.open("wb") as f:
                f.truncate(int(data[7:]))
        elif data == b"FIFO":
            os.mkfifo(path)
        elif data.startswith(b"LINK:"):
            path.symlink_to(data[5:].decode())
        elif data.startswith(b"HARDLINK:"):
            os.link(root / data[9:].decode(), path)
        elif data.startswith(b"CHMOD:"):
            path.mkdir(exist_ok=True)
            modes.append((path, int(data[6:], 8)))
        else:
            path.write_bytes(data)
    for path, mode in modes:
        path.chmod(mode)


def filled(text: str, root: Path) -> str:
    """`text` with each "{X}" naming a file or folder of the attack replaced by its path."""
    return re.sub(r"\{([^{}]+)\}", lambda m: str(root / m[1]) if (root / m[1]).exists() or (root / m[1]).is_symlink()
                  else m[0], text)


def measure(argv: list[str], env: dict[str, str] | None = None, stdin: bytes = b"") -> tuple[float, int, int, str]:
    """CPU seconds, peak resident MB, exit code (negative: stopped at the CPU or wall-clock limit) and what the
    command said first (for a failed test, why it failed; an internal error, wherever it is said)."""
    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_CPU, (CPU_LIMIT, CPU_LIMIT))
        resource.setrlimit(resource.RLIMIT_AS, (MEMORY_LIMIT, MEMORY_LIMIT))

    proc = subprocess.Popen([sys.executable, "-m", "rulecraft", *argv], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, preexec_fn=limit, env={**os.environ, **(env or {})})
    assert proc.stdin is not None
    assert proc.stdout is not None
    timer = threading.Timer(WALL_LIMIT, proc.kill)
    timer.start()
    try:
        proc.stdin.write(stdin)
        proc.stdin.close()
    except BrokenPipeError:  # it stopped before reading all of it
        pass
    out = proc.stdout.read(4096).decode("utf-8", "replace")
    proc.stdout.read()  # drain whatever follows
    _, status, usage = os.wait4(proc.pid, 0)
    timer.cancel()
    proc.returncode = os.waitstatus_to_exitcode(status)
    lines = [line.strip() for line in out.splitlines() if line.strip()]
    said = lines[1] if lines[:1] == ["FAIL a: attack"] and len(lines) > 1 else lines[0] if lines else ""
    said = next((line for line in lines if "internal error" in line), said)  # what matters most, wherever it is
    if "\x1b" in out:  # a terminal would have obeyed it
        said = "raw ESC in the output: " + said
    return usage.ru_utime + usage.ru_stime, usage.ru_maxrss // 1024, proc.returncode, said


def attack(name: str) -> tuple[float, int, int, str]:
    """What the attack `name` cost, made and run in a folder of its own."""
    made: Any = ATTACKS[name][1]()
    files, argv, env = made if len(made) == 3 else (*made, {})
    with tempfile.TemporaryDirectory(prefix="rulecraft-attack-") as scratch:
        root = Path(scratch)
        make(root, files)
        try:
            return measure([filled(arg, root) for arg in argv], {k: filled(v, root) for k, v in env.items()},
                           files.get(STDIN, b""))
        finally:
            for folder in root.rglob("*"):  # a folder the attack made read-only must not stop the clean-up
                if folder.is_dir() and not folder.is_symlink():
                    folder.chmod(0o755)


def main(names: list[str]) -> int:
    chosen = names or list(ATTACKS)
    unknown = [name for name in chosen if name not in ATTACKS]
    if unknown:
        print(f"unknown attack: {unknown[0]}; the attacks: {', '.join(ATTACKS)}", file=sys.stderr)
        return 2
    print(f"{'class':>5}  {'attack':42} {'CPU s':>6} {'MB':>6} {'exit':>4}  first line")
    for name in chosen:
        cpu, mb, code, first = attack(name)
        finding = ATTACKS[name][0]
        shown = "".join(c if c.isprintable() else f"\\x{ord(c):02x}" for c in first[:110])  # never to the terminal
        print(f"{finding or '-':>5}  {name:42} {cpu:6.2f} {mb:6d} {code:4d}  {shown}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
