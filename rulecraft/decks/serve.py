"""`rulecraft serve`: a local web page that checks a deck as it is typed.

Standard library only (http.server). The page (static/deck.html with its script and style, no
asset from elsewhere) asks a JSON API:

  GET  /api/options  the formats, mods and pools the page may choose from
  POST /api/check    {"deck": TEXT, "kind": "yaml"|"txt", "file": NAME, "format": ID or "",
                      "mods": [MOD ...], "pools": [POOL ...]}

and always gets an answer of one shape, with HTTP 200 for any deck, however broken:
  {"status": "checked", "file": NAME, "report": REPORT, "names": {card id: name}, "listed": {section: copies}}
      REPORT is `deck check --json`'s, with the format's `counts`; NAME the deck's in diagnostics;
  {"status": "unusable", "file": NAME, "diagnostics": [...], "errors": N, "warnings": N, "listed": ...}
      the input's diagnostics, as `deck check --json` prints them (file:line:col, code, message, help),
      the deck's own or those of a pool, the format or a mod;
  {"status": "stopped", "error": MESSAGE}  the format itself failed while checking.
A request that is not such a request gets a JSON `{"error": ...}` with a 4xx status; nothing
sends a traceback. A request names no file or folder: it chooses among the bundled formats and
the mods and pools the command line gave. Bound to a loopback address (the default), the server
answers only requests addressed to that address (no DNS rebinding).
"""

from __future__ import annotations

import json
import re
import sys
import threading
import traceback
from collections import OrderedDict
from collections.abc import Sequence
from functools import cached_property
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from ipaddress import IPv4Address, IPv6Address, ip_address
from pathlib import Path
from socket import AF_INET6, inet_aton
from typing import Any

from ..compiler import package
from ..compiler.diagnostics import CompileError, Diagnostics, InputError, render_json, suggest
from ..compiler.loader import compiled, folder_of
from ..inputs.given import ruleset_folder
from ..runtime.errors import GameError
from ..runtime.printable import printable
from .legality import Deck, DeckChecker, bundled_formats, read_text_deck, read_yaml_deck
from .pools import read_pool

MAX_BODY = 1024 * 1024  # a request's body; a deck needs a few kilobytes
MAX_DRAIN = 64 * MAX_BODY  # a larger body is read and dropped before the 413, up to this (the client then hears it)
MAX_CHECKERS = 32  # checkers kept, one per choice of format, mods and pools
MAX_LABEL = 120  # characters of a file name shown in diagnostics
MAX_LOG = 300  # characters of a logged error
KINDS = {"yaml": "deck.yaml", "txt": "deck.txt"}  # what the deck text is -> its default file name
STATIC = {"/": ("deck.html", "text/html; charset=utf-8"), "/deck.js": ("deck.js", "text/javascript; charset=utf-8"),
          "/deck.css": ("deck.css", "text/css; charset=utf-8")}
HEADERS = {  # the page loads nothing from elsewhere and runs no inline script: a stray tag in a text cannot act
    "Content-Security-Policy": "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; "
                               "base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
    "X-Content-Type-Options": "nosniff", "Referrer-Policy": "no-referrer", "Cache-Control": "no-store"}


class BadRequest(Exception):
    """A request the API cannot take (not a deck's problem): answered with `status` and the message."""

    def __init__(self, status: HTTPStatus, message: str):
        super().__init__(message)
        self.status = status


class DeckDesk:
    """What the page may choose from, and the checks: one DeckChecker per choice of format, mods
    and pools (each loads its format and reads its pools once), used by one request at a time."""

    def __init__(self, mods: Sequence[str] = (), pools: Sequence[str] = ()):
        for mod in mods:
            ruleset_folder(mod)  # an unknown mod: a UsageError now, not on every check
        self.mods = list(dict.fromkeys(mods))
        for pool in pools:
            read_pool(Path(pool))  # an unreadable pool: its diagnostics now, not on every check
        self.pools = list(dict.fromkeys(pools))
        self.formats = bundled_formats()  # format id -> its ruleset's id (the page offers no folder)
        self._checkers: OrderedDict[tuple, DeckChecker] = OrderedDict()
        self._lock = threading.Lock()  # the checkers and the compiled formats they share are not thread-safe

    @cached_property
    def options(self) -> dict[str, Any]:
        """What the page may choose from (read once: the titles come from the compiled rulesets)."""
        return {"formats": [{"id": fid, "title": _title(folder_of(rid))} for fid, rid in self.formats.items()],
                "mods": [{"id": mod, "title": _title(ruleset_folder(mod))} for mod in self.mods],
                "pools": [{"id": p, "title": Path(p).name} for p in self.pools],
                "kinds": list(KINDS), "max_bytes": MAX_BODY}

    def answer(self, request: Any) -> dict[str, Any]:
        """The answer to a check request (already parsed from JSON); BadRequest if it is none."""
        text, kind, label, chosen, mods, pools = self._fields(request)
        deck: Deck | None = None
        try:
            # a pasted list's unreadable lines are reported with its other problems, as on the command line
            deck = read_text_deck(text, label, defer=True) if kind == "txt" else read_yaml_deck(text, label)
            with self._lock:
                checker = self._checker(self._format(deck, chosen), mods, pools)
                report = checker.check(deck)
                names = _names(checker, deck, report)
        except (InputError, CompileError) as err:  # the deck's, a pool's, or the files of the format or a mod
            return {"status": "unusable", "file": label, **json.loads(render_json(err.diagnostics)), **_listed(deck)}
        except GameError as err:
            return {"status": "stopped", "error": f"the format stopped: {err}"}
        return {"status": "checked", "file": label, "report": report, "names": names, **_listed(deck)}

    def _fields(self, request: Any) -> tuple[str, str, str, str, tuple[str, ...], tuple[str, ...]]:
        if not isinstance(request, dict):
            raise BadRequest(HTTPStatus.BAD_REQUEST, "the request must be a JSON object")
        text, kind, chosen = request.get("deck", ""), request.get("kind", "yaml"), request.get("format") or ""
        if not isinstance(text, str) or not isinstance(chosen, str):
            raise BadRequest(HTTPStatus.BAD_REQUEST, "`deck` and `format` must be texts")
        if kind not in KINDS:
            raise BadRequest(HTTPStatus.BAD_REQUEST, f"`kind` must be one of {', '.join(KINDS)}")
        label = request.get("file") or KINDS[kind]
        if not isinstance(label, str):
            raise BadRequest(HTTPStatus.BAD_REQUEST, "`file` must be a text")
        label = "".join(c for c in Path(label.replace("\\", "/")).name if c.isprintable())[:MAX_LABEL] or KINDS[kind]
        return (text, kind, label, chosen, _chosen(request, "mods", self.mods),
                _chosen(request, "pools", self.pools))

    def _format(self, deck: Deck, chosen: str) -> str | None:
        """The format to check with: the one chosen on the page, else the deck's own; one the page
        offers, or the command line's DeckError for an unknown format (its hint without folders)."""
        wanted = chosen or deck.format
        if not wanted or wanted in self.formats:
            return wanted or None  # no format at all: the checker says so
        line, column = (1, 1) if chosen else deck.positions.get("format", (1, 1))
        raise deck.fail([deck.error(line, column, "E0806", f"unknown format `{wanted}`",
                                    suggest(wanted, self.formats) or f"known formats: {', '.join(self.formats)}")])

    def _checker(self, format_id: str | None, mods: tuple[str, ...], pools: tuple[str, ...]) -> DeckChecker:
        key = (format_id, mods, pools)
        checker = self._checkers.get(key)
        if checker is None:
            checker = self._checkers[key] = DeckChecker(format_id, pools, mods=mods, counts=True)
            if len(self._checkers) > MAX_CHECKERS:
                self._checkers.popitem(last=False)
        self._checkers.move_to_end(key)
        return checker


def _title(folder: Path | None) -> str:
    """The title of the ruleset in `folder` (its folder's name if it does not compile)."""
    entry = compiled([folder], Diagnostics()) if folder is not None else None
    return entry.summary["title"] if entry is not None else (folder.name if folder else "")


def _chosen(request: dict, key: str, offered: list[str]) -> tuple[str, ...]:
    """The mods or pools a request chooses, in the order the command line gave them."""
    given = request.get(key, [])
    if not isinstance(given, list) or not all(isinstance(g, str) for g in given):
        raise BadRequest(HTTPStatus.BAD_REQUEST, f"`{key}` must be a list of texts")
    stranger = next((g for g in given if g not in offered), None)
    if stranger is not None:
        raise BadRequest(HTTPStatus.BAD_REQUEST, f"`{stranger}` is not among the {key} this server offers "
                                                 f"({', '.join(offered) or 'none'}; `rulecraft serve --{key[:-1]}` adds one)")
    return tuple(o for o in offered if o in given)


def _names(checker: DeckChecker, deck: Deck, report: dict[str, Any]) -> dict[str, str]:
    """The names of the cards the violations name."""
    definitions = checker.ruleset(deck).definitions
    return {card: definitions[card].name for v in report["violations"] for card in v["cards"] if card in definitions}


def _listed(deck: Deck | None) -> dict[str, Any]:
    """The copies each section of a deck lists, as read (before its cards are known)."""
    if deck is None:
        return {}
    return {"listed": {section: sum(copies for _, copies, _ in cards) for section, cards in deck.sections.items()}}


class Handler(BaseHTTPRequestHandler):
    server: DeckServer
    timeout = 30  # seconds a client may take to send a request: a stalled one cannot hold a thread forever
    server_version, sys_version = "rulecraft", ""

    def do_GET(self) -> None:
        if not self._addressed_to_us():
            return
        path = self.path.split("?", 1)[0]
        if path == "/api/options":
            self._json(HTTPStatus.OK, self.server.desk.options)
        elif path in STATIC:
            name, content_type = STATIC[path]
            self._send(HTTPStatus.OK, (package.folder(__package__) / "static" / name).read_bytes(), content_type)
        elif path == "/api/check":
            self._json(HTTPStatus.METHOD_NOT_ALLOWED, {"error": "POST a check request to /api/check"})
        else:
            self._json(HTTPStatus.NOT_FOUND, {"error": f"nothing at {path[:200]}"})

    def do_POST(self) -> None:
        if not self._addressed_to_us():
            return
        path = self.path.split("?", 1)[0]
        if path != "/api/check":
            known = path in STATIC or path == "/api/options"
            self._json(HTTPStatus.METHOD_NOT_ALLOWED if known else HTTPStatus.NOT_FOUND,
                       {"error": "POST requests go to /api/check"})
            return
        try:
            answer = self.server.desk.answer(self._request())
        except BadRequest as bad:
            self._json(bad.status, {"error": str(bad)})
            return
        except Exception as err:  # a fault of rulecraft: the server says so and serves on
            traceback.print_exception(err, file=sys.stderr)
            self._json(HTTPStatus.INTERNAL_SERVER_ERROR, {"error": f"internal error: {type(err).__name__} "
                                                          "(a fault in rulecraft; the server's output has the details)"})
            return
        self._json(HTTPStatus.OK, answer)

    def _request(self) -> Any:
        """The request's JSON body, or BadRequest."""
        if self.headers.get_content_type() != "application/json":
            raise BadRequest(HTTPStatus.UNSUPPORTED_MEDIA_TYPE, "send the request as application/json")
        length = self.headers.get("Content-Length", "")
        if not (length.isascii() and length.isdigit()):  # `str.isdigit` takes "²", which `int` refuses
            raise BadRequest(HTTPStatus.LENGTH_REQUIRED, "the request needs a Content-Length")
        if int(length) > MAX_BODY:
            self._drain(int(length))
            raise BadRequest(HTTPStatus.REQUEST_ENTITY_TOO_LARGE, f"the request is larger than {MAX_BODY:,} bytes")
        try:
            body = self.rfile.read(int(length))
        except OSError:  # the client stalled past `timeout` or hung up
            body = b""
        if len(body) < int(length):
            self.close_connection = True
            raise BadRequest(HTTPStatus.BAD_REQUEST, "the request's body is shorter than its Content-Length")
        try:
            return json.loads(body)
        except (ValueError, RecursionError) as err:  # not UTF-8, not JSON, or nested past the parser's depth
            raise BadRequest(HTTPStatus.BAD_REQUEST, f"the request is not JSON: {type(err).__name__}") from None

    def _drain(self, length: int) -> None:
        """Read a body too large to take, so that the client (still sending) hears the answer."""
        self.close_connection = True
        left = min(length, MAX_DRAIN)
        while left > 0 and (chunk := self.rfile.read(min(left, 65536))):
            left -= len(chunk)

    def _addressed_to_us(self) -> bool:
        if not self.server.loopback or addressed_to_loopback(self.headers.get("Host", ""), self.server.port):
            return True
        self._json(HTTPStatus.FORBIDDEN, {"error": "this server answers only requests addressed to its own address"})
        return False

    def _json(self, status: HTTPStatus, value: dict[str, Any]) -> None:
        self._send(status, json.dumps(value).encode(), "application/json")  # ASCII: any text, even half a surrogate

    def _send(self, status: HTTPStatus, body: bytes, content_type: str) -> None:
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        for name, value in HEADERS.items():
            self.send_header(name, value)
        self.end_headers()
        self.wfile.write(body)

    def log_request(self, code: int | str = "-", size: int | str = "-") -> None:
        """Quiet: a page that checks as the player types asks many times a minute (errors still show)."""

    def log_message(self, format: str, *args: Any) -> None:
        """An error's line, cut short: it may quote whatever a client sent."""
        sys.stderr.write(f"rulecraft serve: {self.address_string()}: {printable(format % args)[:MAX_LOG]}\n")


class DeckServer(ThreadingHTTPServer):
    daemon_threads = True  # a request being answered does not keep the process alive at Ctrl-C

    def handle_error(self, request: Any, client_address: Any) -> None:
        """A client that hung up before its answer was sent is no fault to report."""
        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)

    def __init__(self, host: str, port: int, desk: DeckDesk):
        self.address_family = AF_INET6 if ":" in host else self.address_family
        super().__init__((host, port), Handler)
        self.desk = desk
        self.port: int = self.server_address[1]  # the one the system chose for port 0
        self.loopback = names_loopback(host)  # a server bound beyond loopback answers every Host
        self.url = f"http://{'[' + host + ']' if ':' in host else host}:{self.port}/"


IPV4_SPELLING = re.compile(r"[0-9a-fA-FxX.]+")  # 127.1, 2130706433, 0x7f.1: the shorthands the system takes
HOST_HEADER = re.compile(r"(\[[^\]]*\]|[^:\[\]]*)(?::([0-9]+))?")


def loopback_address(name: str) -> IPv4Address | IPv6Address | None:
    """The loopback address `name` spells, however it is written (`127.1`, `2130706433`,
    `0x7f.1`, `::1`, `[::1]`), or None: a name, or another address."""
    text = name.strip("[]")
    try:
        address: IPv4Address | IPv6Address = ip_address(text)
    except ValueError:
        if not IPV4_SPELLING.fullmatch(text):
            return None
        try:
            address = IPv4Address(inet_aton(text))
        except OSError:
            return None
    return address if address.is_loopback else None


def names_loopback(name: str) -> bool:
    """Whether a host name or address (as given to --host, or in a Host header) is this machine's loopback."""
    return name.lower().rstrip(".") == "localhost" or loopback_address(name) is not None


def addressed_to_loopback(header: str, port: int) -> bool:
    """Whether a request's Host header names a loopback address (any spelling) and this server's
    port (a browser leaves out port 80): what a page another site served (DNS rebinding) never sends."""
    found = HOST_HEADER.fullmatch(header.strip())
    if found is None or not names_loopback(found[1]):
        return False
    return int(found[2] or 80) == port
