"""Every command on a corpus of bad inputs: each ends with a diagnostic or a refusal (exit code
1 or 2; 0 where the odd input is still a valid one), never a traceback and never the
internal-error code (70)."""

import pytest

from rulecraft import cli

DEEP_JSON = "[" * 5_000 + "]" * 5_000
BOMB = "\n".join(["format: doomtrooper/prague-league-2010", "a0: &a0 [x, x, x, x, x, x, x, x, x, x]"]
                 + [f"a{i}: &a{i} [{', '.join([f'*a{i - 1}'] * 10)}]" for i in range(1, 9)] + ["main: *a8"]) + "\n"
RULES = 'game "h" "H"\ndie d6 "D6" { faces 1..6 }\nassume xs: list<any> = [] "a list"\n' \
        'scenario duel "Duel" { players: ["a", "b"]  round { log "r" } }\n' \
        'query total(n: int) { return roll d6 + n }\n' \
        'test "past the end" { let xs = [1]  expect xs[3] == 1 }\ntest "by zero" { let z = 0  expect 1 // z == 1 }\n'

FILES = {
    "latin1/main.rules": b'game "h" "H"\nconst s = "caf\xe9"\n',
    "utf16/main.rules": 'game "h" "H"\n'.encode("utf-16"),
    "deep/main.rules": ('game "h" "H"\nconst c = ' + "[" * 3_000 + "]" * 3_000 + "\n").encode(),
    "garbage/main.rules": bytes(range(256)) * 4,
    "empty/main.rules": b"",
    "digits/main.rules": ('game "h" "H"\nconst c = ' + "9" * 5_000 + "\n").encode(),
    "longimport/main.rules": ('game "h" "H"\nimport ' + "a" * 5_000 + "\n").encode(),
    "selfmod/main.rules": b'mod "selfmod" "Self" extends "selfmod"\n',
    "ok/main.rules": RULES.encode(),
    "bomb.yaml": BOMB.encode(),
    "deep.yaml": ("format: doomtrooper/prague-league-2010\nmain: " + "[" * 300 + "]" * 300 + "\n").encode(),
    "digits.yaml": ("format: doomtrooper/prague-league-2010\nmain:\n  gendarme: " + "9" * 5_000 + "\n").encode(),
    "float.yaml": b"format: doomtrooper/prague-league-2010\nmain:\n  gendarme: 4.0\n",
    "nul.yaml": b'format: doomtrooper/prague-league-2010\nmain:\n  "gen\\0darme": 1\n',
    "notyaml.yaml": b"main: [unclosed\n",
    "list.yaml": b"- 1\n- 2\n",
    "text.txt": b"\xff\xfe\x00garbage",
    "players/main.rules": b'game "h" "H"\nscenario s "S" { players: 5  round { log "r" } }\n',
    "deep.json": DEEP_JSON.encode(),
    "log.jsonl": b'[1]\n{"what": 5}\n' + DEEP_JSON.encode() + b"\n",
}

COMMANDS = [
    ["check", "{latin1}"], ["check", "{utf16}"], ["check", "{deep}"], ["check", "{garbage}"], ["check", "{empty}"],
    ["check", "{digits}"], ["check", "{longimport}"], ["check", "{selfmod}"], ["check", "no/such/game"],
    ["check", "{ok}", "--format", "sarif"], ["cards", "{garbage}"], ["dice", "{utf16}"],
    ["deck", "check", "{bomb.yaml}"], ["deck", "check", "{deep.yaml}"], ["deck", "check", "{digits.yaml}"],
    ["deck", "check", "{float.yaml}"], ["deck", "check", "{nul.yaml}"], ["deck", "check", "{notyaml.yaml}"],
    ["deck", "check", "{list.yaml}"], ["deck", "check", "{text.txt}"], ["deck", "check", "{missing.yaml}"],
    ["deck", "check", "examples/decks/templars-legal.yaml", "--pool", "{bomb.yaml}"],
    ["run", "{ok}/duel", "--set", "xs=" + DEEP_JSON], ["run", "{ok}/duel", "--set", "xs=[" + "9" * 5_000 + "]"],
    ["run", "{ok}/nope"], ["run", "{ok}/duel", "--rounds", "-5"], ["run", "{latin1}"],
    ["odds", "{ok}", "total", "n=²"], ["odds", "{ok}", "total", "n=" + "9" * 5_000], ["odds", "{ok}", "nope"],
    ["odds", "{ok}", "total", "n=1", "m=2"], ["replay", "{log.jsonl}"], ["replay", "{text.txt}"],
    ["replay", "{missing.jsonl}"], ["test", "{ok}"], ["test", "{utf16}"], ["render", "{ok}", "board"],
    ["export", "{garbage}"], ["mod", "diff", "{selfmod}"], ["import", "nope", "{text.txt}"],
    ["import", "doomtrooperdb", "{deep.json}"], ["run", "{players}/s"],
]


@pytest.fixture(scope="module")
def corpus(tmp_path_factory):
    root = tmp_path_factory.mktemp("hostile")
    for name, data in FILES.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
    return root


def fill(arg, root):
    names = {n.split("/")[0] for n in FILES} | {"missing.yaml", "missing.jsonl"}
    for name in names:
        arg = arg.replace("{" + name + "}", str(root / name))
    return arg


@pytest.mark.parametrize("argv", COMMANDS, ids=lambda a: " ".join(a)[:60])
def test_no_traceback_and_no_internal_error(argv, corpus, capsys, monkeypatch):
    monkeypatch.delenv("RULECRAFT_TRACEBACK", raising=False)
    try:
        code = cli.main([fill(a, corpus) for a in argv])
    except SystemExit as stop:  # argparse refusing the usage itself
        code = stop.code
    out = capsys.readouterr()
    assert code in (0, 1, 2), (code, out.err[-2000:])
    assert "Traceback" not in out.out + out.err
    assert "internal error" not in out.err
