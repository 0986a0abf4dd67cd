"""A stranger's control characters never reach the terminal (issue 28, finding 10): everything a
ruleset, mod, deck or log wrote is escaped by one function (rulecraft/runtime/printable.py) on
its way out, through the command line's one printer (rulecraft/cli/output.py); JSON stays valid
JSON meaning the same. Tested with ESC sequences (clear the screen), OSC sequences (set the
window title, write the clipboard) and the one-character C1 forms."""

import ast
import json
from pathlib import Path

import pytest

import rulecraft
from rulecraft import cli
from rulecraft.runtime.printable import printable, printable_json, printable_lines

CLI = Path(rulecraft.__file__).parent / "cli"
CLEAR, TITLE, CLIPBOARD, CSI = "\x1b[2J", "\x1b]0;pwned\x07", "\x1b]52;c;aGk=\x07", "\x9b2J"
RAW = ("\x1b", "\x07", "\x9b", "\x9d")
ORDINARY = "sun \u2600 Hr\u00e1\u010d \u017c\u00f3\u0142\u0107 Stra\u00dfe \u250c\u2500\u2510"

HOSTILE = (f'game "h" "Hostile{TITLE}"\n'
           'kind card { }\n'
           f'card c1 "Clear{CLEAR}{CLIPBOARD} card" {{ }}\n'
           'die d2 "D2" { faces 1..2 }\n'
           f'table weather "W" () roll d2 {{\n  1: "storm{TITLE}" {{ log "rain{CSI}" }}\n  2: "{ORDINARY}" {{ }}\n}}\n'
           f'scenario s "S" {{ players: ["a", "b"]  rounds: 1  round {{ log "boom{CLEAR} done"  weather() }} }}\n')


@pytest.fixture
def hostile(tmp_path) -> str:
    (tmp_path / "main.rules").write_text(HOSTILE, encoding="utf-8")
    return str(tmp_path)


def texts(value) -> list[str]:
    """Every text a JSON value holds."""
    if isinstance(value, dict):
        return [t for v in value.values() for t in texts(v)]
    if isinstance(value, list):
        return [t for v in value for t in texts(v)]
    return [value] if isinstance(value, str) else []


def said(capsys, *argv: str, code: int = 0) -> str:
    assert cli.main(list(argv)) == code
    out, err = capsys.readouterr()
    assert not [c for c in RAW if c in out + err]
    return out + err


def test_printable_escapes_esc_osc_and_c1_and_keeps_ordinary_text():
    assert printable(f"a{CLEAR}b{TITLE}c{CSI}\u202ed") == "a\\x1b[2Jb\\x1b]0;pwned\\x07c\\x9b2J\\u202ed"
    assert printable(ORDINARY + "\t!") == ORDINARY + "\t!"
    assert printable("one\ntwo") == "one\\x0atwo"
    assert printable_lines(f"one{CLEAR}\ntwo\r") == "one\\x1b[2J\ntwo\\x0d"


def test_printable_json_is_the_same_json_with_every_hidden_character_escaped():
    value = {"a": f"x{CLEAR}{CSI}\u2028\u202e\x7f\n\t{ORDINARY}", "b": [1, "\x85"]}
    text = json.dumps(value, indent=2, ensure_ascii=False)
    shown = printable_json(text)
    assert json.loads(shown) == value
    assert "\\u001b[2J\\u009b2J\\u2028\\u202e\\u007f\\n\\t" + ORDINARY in shown
    assert shown.count("\n") == text.count("\n")  # the document's own line breaks


def test_no_module_of_the_command_line_prints_but_its_output_module():
    printing = []
    for path in sorted(CLI.glob("*.py")):
        if path.name == "output.py":
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call):
                continue
            func = node.func
            if (isinstance(func, ast.Name) and func.id == "print") or (
                    isinstance(func, ast.Attribute) and func.attr in ("write", "writelines")
                    and isinstance(func.value, ast.Attribute) and func.value.attr in ("stdout", "stderr")):
                printing.append(f"{path.name}:{node.lineno}")
    assert printing == []


def test_run_escapes_the_log_lines_a_ruleset_wrote(capsys, hostile):
    lines = said(capsys, "run", f"{hostile}/s", "--seed", "2").splitlines()
    assert lines[1:4] == ["  boom\\x1b[2J done", "  rolls 1 on weather: storm\\x1b]0;pwned\\x07", "  rain\\x9b2J"]
    assert said(capsys, "run", f"{hostile}/s", "--seed", "1").splitlines()[2] == f"  rolls 2 on weather: {ORDINARY}"


def test_run_json_lines_escape_c1_controls_too_and_replay_identically(capsys, hostile, tmp_path):
    log = said(capsys, "run", f"{hostile}/s", "--seed", "2", "--json")
    entries = [json.loads(line) for line in log.splitlines()]
    assert [e["text"] for e in entries if e["what"] == "log"] == [f"boom{CLEAR} done", f"rain{CSI}"]
    assert '"text":"rain\\u009b2J"' in log
    (tmp_path / "game.jsonl").write_text(log, encoding="utf-8")
    assert said(capsys, "replay", str(tmp_path / "game.jsonl"), "--ruleset", hostile).endswith(
        "replayed 7 lines identically\n")


def test_replay_escapes_the_differing_lines_of_a_strangers_log(capsys, hostile, tmp_path):
    log = said(capsys, "run", f"{hostile}/s", "--seed", "2", "--json").replace("rain\\u009b2J", f"snow{CSI}")
    (tmp_path / "game.jsonl").write_text(log, encoding="utf-8")
    out = said(capsys, "replay", str(tmp_path / "game.jsonl"), "--ruleset", hostile, code=1)
    assert "  log:    " + '{"seq":6,"round":1,"what":"log","text":"snow\\x9b2J"}' in out.splitlines()


def test_odds_escapes_outcome_names_as_text_and_as_json(capsys, hostile):
    lines = said(capsys, "odds", hostile, "weather").splitlines()
    assert [line.split()[0] for line in lines] == ["storm\\x1b]0;pwned\\x07", "sun"]
    assert lines[1].startswith(ORDINARY)
    document = json.loads(said(capsys, "odds", hostile, "weather", "--json"))
    assert [o["value"] for o in document["outcomes"]] == [f"storm{TITLE}", ORDINARY]


def test_card_listings_escape_titles(capsys, hostile):
    assert said(capsys, "cards", "list", hostile).split()[:2] == ["c1", "Clear\\x1b[2J\\x1b]52;c;aGk=\\x07"]
    assert said(capsys, "cards", "show", hostile, "c1").startswith("c1: Clear\\x1b[2J\\x1b]52;c;aGk=\\x07 card (card")
    document = json.loads(said(capsys, "cards", "list", hostile, "--json"))
    assert document["cards"][0]["name"] == f"Clear{CLEAR}{CLIPBOARD} card"


def test_explain_export_and_a_deck_check_escape_what_the_ruleset_and_deck_wrote(capsys, hostile, tmp_path):
    assert "  title: Clear\\x1b[2J\\x1b]52;c;aGk=\\x07 card" in said(capsys, "explain", "c1", hostile).splitlines()
    exported = json.loads(said(capsys, "export", hostile))
    assert f"Hostile{TITLE}" in texts(exported)
    deck = tmp_path / "deck.yaml"
    deck.write_text('format: doomtrooper/prague-league-2010\nfaction: templars\nmain:\n  "gen\\e]0;x\\adarme": 1\n',
                    encoding="utf-8")
    assert "unknown card `gen\\x1b]0;x\\x07darme`" in said(capsys, "deck", "check", str(deck), code=2)
