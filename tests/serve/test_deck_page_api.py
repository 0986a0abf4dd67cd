"""`rulecraft serve` over HTTP, with the standard library's client: the page and its assets,
the check API (the same report and the same diagnostics as `deck check --json`), and bad
requests, each answered with a JSON error while the server serves on."""

import json
import socket
import subprocess
import sys
import threading

import pytest

from rulecraft import DeckChecker, cli
from rulecraft.decks import serve
from rulecraft.decks.serve import MAX_BODY, DeckDesk
from rulecraft.runtime.errors import GameError
from tests.support.deck_server import GALLERY, HOMEMADE, ROOT, Client, start

LEAGUE = "doomtrooper/prague-league-2010"
FORMATS = [{"id": LEAGUE, "title": "Prague League 2010"},
           {"id": "doomtrooper/standard", "title": "Doomtrooper standard deck rules"}]


def cli_json(capsys, monkeypatch, folder, name, text, *args):
    """What `deck check NAME --json` prints for `text` saved as NAME in `folder` (the working folder)."""
    (folder / name).write_text(text, encoding="utf-8")
    monkeypatch.chdir(folder)
    code = cli.main(["deck", "check", name, "--json", *args])
    return code, json.loads(capsys.readouterr().out)


def as_list(deck_path, format_id=LEAGUE, faction="templars"):
    """A gallery YAML deck as a pasted list: "4x card_id" lines, a `Sideboard:` line before the sideboard."""
    from ruamel.yaml import YAML

    data = YAML(typ="safe").load(deck_path.read_text(encoding="utf-8"))
    lines = [f"format: {format_id}", f"faction: {faction}"]
    for section in ("main", "sideboard"):
        lines += [f"{section.capitalize()}:"] + [f"{n}x {card}" for card, n in data.get(section, {}).items()]
    return "\n".join(lines) + "\n"


# ---- the page -------------------------------------------------------------------


@pytest.mark.parametrize(("path", "kind"), [("/", "text/html"), ("/deck.js", "text/javascript"), ("/deck.css", "text/css")])
def test_the_page_and_its_assets_come_from_the_server_and_name_no_other(client, path, kind):
    status, content_type, body, headers = client.request("GET", path)
    assert status == 200
    assert content_type.startswith(kind)
    text = body.decode("utf-8")
    assert "http://" not in text
    assert "https://" not in text
    assert "//cdn" not in text  # works with no network
    assert headers["Content-Security-Policy"].startswith("default-src 'none'; script-src 'self'")


def test_the_page_labels_every_control():
    page = (serve.package.folder("rulecraft") / "decks" / "static" / "deck.html").read_text(encoding="utf-8")
    for control in ("deck", "upload", "kind", "format"):
        assert f'<label for="{control}">' in page
        assert f'id="{control}"' in page


def test_the_options_are_the_bundled_formats_and_the_command_line_s_mods_and_pools(client, mod):
    assert client.get("/api/options") == (200, {"formats": FORMATS,
                                                "mods": [{"id": mod, "title": "A new Templar warrior"}],
                                                "pools": [{"id": HOMEMADE, "title": "homemade.yaml"}],
                                                "kinds": ["yaml", "txt"], "max_bytes": MAX_BODY})


# ---- checks ---------------------------------------------------------------------


def test_an_illegal_deck_gets_the_command_line_s_report_with_its_counts(client, tmp_path, capsys, monkeypatch):
    text = (GALLERY / "several-rules-at-once.yaml").read_text(encoding="utf-8")
    answer = client.check(text, kind="yaml")
    code, report = cli_json(capsys, monkeypatch, tmp_path, "deck.yaml", text)
    assert (code, answer["status"]) == (1, "checked")
    assert answer["report"] == report | {"counts": DeckChecker(counts=True).check(GALLERY / "several-rules-at-once.yaml")[
        "counts"]}
    assert [v["rule"] for v in answer["report"]["violations"]] == ["DT-002", "DT-003", "DT-004", "DT-005", "DT-007",
                                                                  "DT-009", "DT-010", "DT-027"]
    assert answer["names"] == {"the_calling": "The Calling", "agent_nick_michaels": "Agent Nick Michaels",
                               "mitch_hunter": "Mitch Hunter", "body_armor": "Body Armor"}
    assert answer["listed"] == {"main": 29, "sideboard": 1}
    assert answer["report"]["counts"][:2] == [
        {"name": "cards in the main deck", "value": 29, "at_least": 60, "at_most": None},
        {"name": "warriors in the main deck", "value": 4, "at_least": 5, "at_most": None}]


def test_a_pasted_list_is_checked_as_the_command_line_checks_it(client, tmp_path, capsys, monkeypatch):
    text = as_list(GALLERY / "templars-legal.yaml")
    answer = client.check(text, kind="txt")
    code, report = cli_json(capsys, monkeypatch, tmp_path, "deck.txt", text)
    assert (code, report) == (0, {"legal": True, "format": LEAGUE, "violations": []})
    assert answer["status"] == "checked"
    assert answer["report"]["legal"] is True
    assert {k: v for k, v in answer["report"].items() if k != "counts"} == report
    assert answer["names"] == {}
    assert answer["listed"] == {"main": 60, "sideboard": 25}


def test_the_format_chosen_on_the_page_is_the_command_line_s_format(client, tmp_path, capsys, monkeypatch):
    text = as_list(GALLERY / "standard-59-cards.yaml", format_id=LEAGUE).replace("faction: templars\n", "")
    answer = client.check(text, kind="txt", format="doomtrooper/standard")
    code, report = cli_json(capsys, monkeypatch, tmp_path, "deck.txt", text, "--format", "doomtrooper/standard")
    assert code == 1
    assert {k: v for k, v in answer["report"].items() if k != "counts"} == report
    assert report["violations"] == [{"rule": "DT-009", "message": "the deck has 59 cards; at least 60 are required",
                                     "cards": []}]


@pytest.mark.parametrize(("name", "text", "fields"), [
    ("deck.txt", "format: doomtrooper/prague-league-2010\nfaction: templars\n4x Gendarm\n3x <b>Bold</b>\n", {}),
    ("deck.txt", "4x gendarme\nthis is no card\n", {}),
    ("deck.yaml", "format: doomtrooper/prague-league-2010\nfaction: templars\nmain: [unclosed\n", {}),
    ("deck.yaml", "format: doomtrooper/prague-leage-2010\nfaction: templars\nmain:\n  gendarme: 4\n", {}),
    ("deck.yaml", "faction: templars\nmain:\n  gendarme: 4\n", {}),
    ("deck.yaml", "format: doomtrooper/prague-league-2010\nfaction: templar\nmain:\n  gendarme: 0\n", {}),
    ("deck.yaml", "\x00\x01\x02 binary junk \x7f", {}),
    ("deck.txt", "\x00\x01\x02 binary junk \x7f\n", {}),
    ("my deck.yaml", "format: doomtrooper/prague-league-2010\nfaction: templars\nmain:\n  gendarm: 4\n",
     {"file": "C:\\Users\\me\\my deck.yaml"}),
])
def test_unusable_input_gets_the_command_line_s_diagnostics(client, tmp_path, capsys, monkeypatch, name, text, fields):
    kind = "txt" if name.endswith(".txt") else "yaml"
    answer = client.check(text, kind=kind, **fields)
    code, printed = cli_json(capsys, monkeypatch, tmp_path, name, text)
    assert code == 2
    assert answer["status"] == "unusable"
    assert {k: answer[k] for k in ("diagnostics", "errors", "warnings")} == printed
    assert answer["errors"] == len(answer["diagnostics"]) >= 1


def test_half_a_surrogate_pair_is_text_like_any_other(client):
    """JSON may carry what UTF-8 cannot (a lone surrogate); the answer carries it back escaped."""
    answer = client.check("format: doomtrooper/standard\n4x ab\udcffc\n", kind="txt")
    assert [(d["code"], d["message"]) for d in answer["diagnostics"]] == [("E0811", "unknown card `ab\udcffc`")]
    answer = client.check("format: doomtrooper/standard\nmain:\n  ab\udcffc: 4\n")
    assert [(d["code"], d["message"]) for d in answer["diagnostics"]] == [
        ("E0802", "invalid YAML: character #xdcff is not allowed")]


def test_the_diagnostics_name_the_file_line_column_code_and_hint(client):
    answer = client.check("format: doomtrooper/prague-league-2010\nfaction: templars\n4x Gendarm\n", kind="txt")
    assert answer == {"status": "unusable", "file": "deck.txt", "errors": 1, "warnings": 0, "listed": {"main": 4},
                      "diagnostics": [
        {"code": "E0811", "severity": "error", "message": "unknown card `Gendarm`", "file": "deck.txt", "line": 3,
         "column": 4, "end_line": 3, "end_column": 5, "help": "did you mean `Gendarme`?"}]}


def test_an_unknown_format_chosen_on_the_page_is_the_command_line_s_e0806(client, tmp_path, capsys, monkeypatch):
    answer = client.check("4x gendarme\n", kind="txt", format="nope")
    printed = cli_json(capsys, monkeypatch, tmp_path, "deck.txt", "4x gendarme\n", "--format", "nope")[1]
    assert [d | {"help": None} for d in answer["diagnostics"]] == [d | {"help": None} for d in printed["diagnostics"]]
    assert [(d["code"], d["line"], d["column"], d["message"], d.get("help")) for d in answer["diagnostics"]] == [
        ("E0806", 1, 1, "unknown format `nope`", f"known formats: {LEAGUE}, doomtrooper/standard")]  # no folder


def test_a_format_the_page_does_not_offer_is_never_looked_for_on_disk(client):
    for name in ("examples", "tests/serve"):  # folders below the server's working folder
        answer = client.check(f"format: {name}\nmain:\n  gendarme: 4\n")
        assert [(d["code"], d["line"], d["column"], d["message"]) for d in answer["diagnostics"]] == [
            ("E0806", 1, 9, f"unknown format `{name}`")]


def test_a_pool_offered_by_the_command_line_adds_its_cards(client):
    text = (GALLERY / "dt032-homemade.yaml").read_text(encoding="utf-8")
    without = client.check(text)
    assert without["status"] == "unusable"
    assert {d["code"] for d in without["diagnostics"]} == {"E0811"}
    answer = client.check(text, pools=[HOMEMADE])
    assert answer["status"] == "checked"
    report = DeckChecker(pools=[HOMEMADE], counts=True).check(GALLERY / "dt032-homemade.yaml")
    assert answer["report"] == report
    assert [v["rule"] for v in report["violations"]] == ["DT-032"]


def test_a_pasted_list_with_a_mod_s_card_gets_the_command_line_s_report(client, mod, capsys):
    deck = ROOT / "examples" / "decks" / "new-warrior.txt"
    answer = client.check(deck.read_text(encoding="utf-8"), kind="txt", mods=[mod])
    assert cli.main(["deck", "check", str(deck), "--mod", mod, "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report == {"legal": True, "format": "doomtrooper/standard", "violations": []}
    assert {k: v for k, v in answer["report"].items() if k != "counts"} == report
    assert answer["listed"] == {"main": 60, "sideboard": 25}


def test_a_mod_offered_by_the_command_line_adds_its_cards(client, mod):
    text = (GALLERY / "standard-legal.yaml").read_text(encoding="utf-8").replace("main:\n", "main:\n  Ember Zealot: 4\n")
    without = client.check(text)
    assert [(d["code"], d["message"]) for d in without["diagnostics"]] == [("E0811", "unknown card `Ember Zealot`")]
    answer = client.check(text, mods=[mod])
    assert (answer["status"], answer["report"]["legal"]) == ("checked", True)
    assert answer["report"]["counts"][:2] == [
        {"name": "cards in the main deck", "value": 64, "at_least": 60, "at_most": None},
        {"name": "warriors in the main deck", "value": 34, "at_least": None, "at_most": None}]
    league = client.check(text.replace("doomtrooper/standard", LEAGUE) + "faction: templars\n", mods=[mod])
    assert [(v["rule"], v["cards"]) for v in league["report"]["violations"] if v["rule"] == "DT-032"] == [
        ("DT-032", ["ember_zealot"])]  # a homemade card
    assert league["names"]["ember_zealot"] == "Ember Zealot"


def test_a_mod_that_does_not_fit_the_format_gets_its_diagnostics(tmp_path):
    other = tmp_path / "other"
    other.mkdir()
    (other / "main.rules").write_text('mod "tests/other" "Other" extends "doomtrooper"\nconst x = nope\n',
                                      encoding="utf-8")
    answer = DeckDesk(mods=[str(other)]).answer({"deck": "4x gendarme\n", "kind": "txt",
                                                   "format": "doomtrooper/standard", "mods": [str(other)]})
    assert answer["status"] == "unusable"
    assert answer["file"] == "deck.txt"
    assert [(d["code"], d["file"].endswith("other/main.rules"), d["line"]) for d in answer["diagnostics"]] == [
        ("E0101", True, 2)]


def test_a_format_that_fails_while_checking_is_reported_not_raised(client, monkeypatch):
    def stop(self, deck):
        raise GameError("a check ran out of steps")

    monkeypatch.setattr(DeckChecker, "check", stop)
    answer = client.check((GALLERY / "templars-legal.yaml").read_text(encoding="utf-8"))
    assert answer == {"status": "stopped", "error": "the format stopped: a check ran out of steps"}


# ---- bad requests ---------------------------------------------------------------


BAD = [  # (body, headers, status, error)
    (b"{not json", {}, 400, "the request is not JSON: JSONDecodeError"),
    (b"\xff\xfe\x00garbage", {}, 400, "the request is not JSON: JSONDecodeError"),
    (b"[" * 100_000, {}, 400, "the request is not JSON: RecursionError"),
    (b"[1, 2]", {}, 400, "the request must be a JSON object"),
    (json.dumps({"deck": 4}).encode(), {}, 400, "`deck` and `format` must be texts"),
    (json.dumps({"deck": "x", "kind": "xml"}).encode(), {}, 400, "`kind` must be one of yaml, txt"),
    (json.dumps({"deck": "x", "file": ["a"]}).encode(), {}, 400, "`file` must be a text"),
    (json.dumps({"deck": "x", "mods": "doom"}).encode(), {}, 400, "`mods` must be a list of texts"),
    (json.dumps({"deck": "x", "mods": ["doom/expansion"]}).encode(), {}, 400,
     "`doom/expansion` is not among the mods this server offers (MOD; `rulecraft serve --mod` adds one)"),
    (json.dumps({"deck": "x", "pools": ["/etc/passwd"]}).encode(), {}, 400,
     f"`/etc/passwd` is not among the pools this server offers ({HOMEMADE}; `rulecraft serve --pool` adds one)"),
    (json.dumps({"deck": "x"}).encode(), {"Content-Type": "text/plain"}, 415, "send the request as application/json"),
    (b"x" * (MAX_BODY + 1), {}, 413, f"the request is larger than {MAX_BODY:,} bytes"),
]


@pytest.mark.parametrize(("body", "headers", "status", "error"), BAD)
def test_a_bad_request_gets_a_json_error(client, mod, body, headers, status, error):
    assert client.post(body, headers) == (status, {"error": error.replace("MOD", mod)})


def test_a_request_of_exactly_the_limit_is_taken(client):
    body = {"deck": "", "kind": "txt"}
    body["deck"] = "# " + "x" * (MAX_BODY - len(json.dumps(body)) - 4) + "\n"  # "\n" is 2 characters in JSON
    assert len(json.dumps(body)) == MAX_BODY
    status, answer = client.post(json.dumps(body).encode())
    assert (status, [d["code"] for d in answer["diagnostics"]]) == (200, ["E0806"])  # a comment: no format named


@pytest.mark.parametrize(("method", "path", "status"), [("GET", "/nowhere", 404), ("GET", "/api/check", 405),
                                                  ("POST", "/nowhere", 404), ("POST", "/", 405)])
def test_other_paths_and_methods_get_a_json_error(client, method, path, status):
    code, content_type, body, _ = client.request(method, path, b"{}", {"Content-Type": "application/json"})
    assert (code, content_type) == (status, "application/json")
    assert set(json.loads(body)) == {"error"}


def test_a_request_addressed_to_another_host_is_refused(client):
    code, _, body, _ = client.request("GET", "/api/options", headers={"Host": "attacker.example:8000"})
    assert (code, json.loads(body)) == (403, {"error": "this server answers only requests addressed to its own address"})
    assert client.request("GET", "/api/options", headers={"Host": f"localhost:{client.port}"})[0] == 200


@pytest.mark.parametrize("spelling", ["127.0.0.1", "127.1", "2130706433", "0x7f.1", "0177.0.0.1", "127.0.0.2", "[::1]",
                                      "localhost", "LOCALHOST", "localhost."])
def test_every_spelling_of_loopback_with_the_server_s_port_is_answered(client, spelling):
    assert client.request("GET", "/api/options", headers={"Host": f"{spelling}:{client.port}"})[0] == 200


@pytest.mark.parametrize("host", ["attacker.example", "127.0.0.1.attacker.example", "10.0.0.1", "::1", "127.0.0.1 x",
                                  "", "[::1", "localhost.example"])
def test_a_host_that_is_not_loopback_or_not_this_port_is_refused(client, host):
    for header in (f"{host}:{client.port}", host, f"127.0.0.1:{client.port + 1}"):
        code, _, body, _ = client.request("GET", "/api/options", headers={"Host": header})
        assert code == 403, header
        assert json.loads(body) == {"error": "this server answers only requests addressed to its own address"}


def test_a_loopback_name_is_told_from_other_names_and_addresses():
    assert [serve.names_loopback(h) for h in ("127.1", "2130706433", "0x7f.1", "::1", "[::1]", "LOCALHOST")] == [True] * 6
    assert [serve.names_loopback(h) for h in ("0.0.0.0", "deckbox.lan", "192.168.1.1", "::", "127.0.0.1 x")] == [False] * 5
    assert serve.addressed_to_loopback("127.1", 80)  # a browser leaves port 80 out
    assert not serve.addressed_to_loopback("127.1", 8000)


def raw_post(client, length: bytes, body: bytes, hang_up: bool = True) -> bytes:
    head = (f"POST /api/check HTTP/1.0\r\nHost: {client.host}:{client.port}\r\nContent-Type: application/json\r\n"
            "Content-Length: ").encode() + length + b"\r\n\r\n"
    with socket.create_connection((client.host, client.port), timeout=60) as sock:
        sock.sendall(head + body)
        if hang_up:
            sock.shutdown(socket.SHUT_WR)
        return b"".join(iter(lambda: sock.recv(65536), b""))


@pytest.mark.parametrize("length", [b"\xb2", b"\xb9\xb2", b"1\xb2"])  # superscript digits: `str.isdigit` takes them
def test_a_length_that_is_no_number_is_a_411_not_a_fault(client, capsys, length):
    got = raw_post(client, length, b"{}")
    assert got.startswith(b"HTTP/1.0 411")
    assert "Traceback" not in capsys.readouterr().err


def test_a_body_shorter_than_its_length_is_a_400_whether_the_client_hangs_up_or_stalls(client, capsys, monkeypatch):
    assert raw_post(client, b"50", b"{").startswith(b"HTTP/1.0 400")
    monkeypatch.setattr(serve.Handler, "timeout", 1)  # a client that stalls is given up on after a second
    got = raw_post(client, b"50", b"{", hang_up=False)
    assert got.startswith(b"HTTP/1.0 400")
    assert b"shorter than its Content-Length" in got
    assert "Traceback" not in capsys.readouterr().err


def test_the_command_warns_only_for_an_address_beyond_loopback(capsys, monkeypatch):
    monkeypatch.setattr(serve.DeckServer, "serve_forever", lambda self: None)
    for host, warned in (("127.1", False), ("localhost", False), ("0.0.0.0", True)):
        assert cli.main(["serve", "--host", host, "--port", "0"]) == 0
        assert ("is not a loopback address" in capsys.readouterr().err) is warned, host


def test_a_fault_of_rulecraft_is_a_500_without_traceback_and_the_server_serves_on(client, server, monkeypatch, capsys):
    monkeypatch.setattr(server.desk, "answer", lambda request: 1 / 0)
    assert client.post({"deck": "x"}) == (500, {"error": "internal error: ZeroDivisionError (a fault in rulecraft; "
                                                         "the server's output has the details)"})
    monkeypatch.undo()
    assert client.check("format: x\n")["status"] == "unusable"


def test_a_burst_of_bad_requests_from_many_clients_leaves_the_server_serving(client):
    answers: list = []

    def burst():
        for body, headers, status, _ in BAD * 3:
            answers.append(client.post(body, headers)[0] == status)
        answers.append(client.check("\x00" * 1000, kind="txt")["status"] == "unusable")

    def garbage():  # not even HTTP, or HTTP that lies
        host = f"Host: {client.host}:{client.port}\r\nContent-Type: application/json\r\n".encode()
        for junk, first in [(b"\x00\xff" * 5000, None), (b"\r\n" * 100, b""),
                            (b"POST /api/check HTTP/1.0\r\n" + host + b"Content-Length: -1\r\n\r\n{}", b"HTTP/1.0 411"),
                            (b"POST /api/check HTTP/1.0\r\n" + host + b"Content-Length: 50\r\n\r\n{", b"HTTP/1.0 400")]:
            with socket.create_connection((client.host, client.port), timeout=60) as sock:
                sock.sendall(junk)
                sock.shutdown(socket.SHUT_WR)
                got = b"".join(iter(lambda: sock.recv(65536), b""))
                answers.append(first is None or got[:len(first)] == first)

    threads = [threading.Thread(target=burst) for _ in range(4)] + [threading.Thread(target=garbage)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(answers) == 4 * (3 * len(BAD) + 1) + 4
    assert all(answers)
    good = client.check((GALLERY / "templars-legal.yaml").read_text(encoding="utf-8"))
    assert good["status"] == "checked"
    assert good["report"]["legal"] is True


def test_checks_from_many_clients_at_once_get_the_answers_one_at_a_time_gets(client):
    decks = [(GALLERY / name).read_text(encoding="utf-8") for name in
             ("templars-legal.yaml", "several-rules-at-once.yaml", "dt009-59-cards.yaml", "standard-six-copies.yaml")]
    alone = [client.check(text) for text in decks]
    together: dict = {}

    def ask(i):
        together[i] = [client.check(decks[(i + n) % len(decks)]) for n in range(len(decks))]

    threads = [threading.Thread(target=ask, args=(i,)) for i in range(len(decks))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    for i, answers in together.items():
        assert answers == [alone[(i + n) % len(decks)] for n in range(len(decks))]


# ---- the command ----------------------------------------------------------------


def test_the_command_serves_the_page_until_stopped(tmp_path):
    proc = subprocess.Popen([sys.executable, "-m", "rulecraft", "serve", "--port", "0", "--pool", HOMEMADE],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        line = proc.stdout.readline()
        assert line.startswith("rulecraft serve: the deck page is at http://127.0.0.1:")
        assert "(Ctrl-C stops it)" in line
        port = int(line.split("http://127.0.0.1:")[1].split("/")[0])
        assert Client(port).get("/api/options")[1]["pools"] == [{"id": HOMEMADE, "title": "homemade.yaml"}]
    finally:
        proc.terminate()
        proc.communicate(timeout=60)


@pytest.mark.parametrize(("args", "message"), [
    (["--mod", "no-such-mod"], "error[E1003]: no ruleset 'no-such-mod'"),
    (["--pool", "no-such-pool.yaml"], "error[E0901]: cannot read the pool"),
    (["--port", "70000"], "rulecraft: cannot listen on 127.0.0.1:70000"),
    (["--host", "no-such-host.invalid"], "rulecraft: cannot listen on no-such-host.invalid:8000"),
])
def test_what_the_command_cannot_use_is_a_usage_error(capsys, args, message):
    assert cli.main(["serve", *args]) == 2
    assert message in capsys.readouterr().err


def test_a_port_in_use_is_a_usage_error(server, capsys):
    assert cli.main(["serve", "--port", str(server.port)]) == 2
    assert f"rulecraft: cannot listen on 127.0.0.1:{server.port}:" in capsys.readouterr().err


def test_a_second_server_starts_beside_the_first():
    other, thread = start(DeckDesk())
    try:
        assert Client(other.port).get("/api/options")[1]["pools"] == []
    finally:
        other.shutdown()
        other.server_close()
        thread.join()
