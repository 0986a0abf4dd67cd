"""A reference page as HTML: one self-contained file with its style inline; pictures are SVG files
beside it; nothing is fetched from a network. The index page holds the search: every entry of the
site (names, other names, what each is) as inline JSON, matched as the user types, without regard
to case or accents."""

from __future__ import annotations

import json
from html import escape

from .model import Block, Code, Entry, Heading, Items, Line, Link, Page, Para, Picture, Row, Table, Verbatim

STYLE = """
body { font: 15px/1.45 system-ui, sans-serif; margin: 0; color: #1d1d1f; background: #fdfcf9; }
nav { background: #2d3440; padding: .5em 1.5em; }
nav a { color: #f3efe6; margin-right: 1.2em; text-decoration: none; }
main { max-width: 72em; padding: 0 1.5em 3em; }
h1, h2, h3, h4 { margin: 1.4em 0 .4em; } h4 { font-size: 1.05em; }
code, pre { font: 13px/1.4 ui-monospace, monospace; } code { background: #f0ece2; padding: 0 .2em; }
td:first-child code { white-space: nowrap; }
pre { background: #f4f1ea; padding: .7em 1em; overflow-x: auto; }
table { border-collapse: collapse; margin: .5em 0 1em; } td, th { border: 1px solid #ddd6c8; padding: .2em .5em;
  text-align: left; vertical-align: top; } th { background: #ece6d8; }
tr:target, h2:target, h3:target, h4:target { background: #fff2b3; }
figure { margin: .5em 0 1em; } figcaption { font-size: .9em; color: #555; }
#search { font-size: 1.1em; padding: .3em .5em; width: 30em; max-width: 90%; }
#results li { margin: .15em 0; } .what { color: #666; font-size: .9em; }
"""

SEARCH = """
(function () {
  var entries = JSON.parse(document.getElementById("entries").textContent);
  var box = document.getElementById("search"), list = document.getElementById("results");
  function key(s) { return s.normalize("NFD").replace(/[\\u0300-\\u036f]/g, "").toLowerCase(); }
  entries.forEach(function (e) { e.keys = [e.name].concat(e.aka).map(key); });
  function rank(e, q) {
    var best = 3;
    e.keys.forEach(function (k) { best = Math.min(best, k === q ? 0 : k.indexOf(q) === 0 ? 1 : k.indexOf(q) > 0 ? 2 : 3); });
    return best;
  }
  function show() {
    var q = key(box.value.trim());
    list.textContent = "";
    if (!q) { return; }
    var found = entries.map(function (e) { return [rank(e, q), e]; }).filter(function (r) { return r[0] < 3; });
    found.sort(function (a, b) { return a[0] - b[0] || a[1].name.localeCompare(b[1].name); });
    found.slice(0, 100).forEach(function (r) {
      var e = r[1], li = document.createElement("li"), a = document.createElement("a"), s = document.createElement("span");
      a.href = e.page + ".html#" + e.anchor;
      a.textContent = e.name;
      s.className = "what";
      s.textContent = " " + e.what + (e.context ? " in " + e.context : "") + (e.aka.length ? " (" + e.aka.join(", ") + ")" : "");
      li.appendChild(a); li.appendChild(s); list.appendChild(li);
    });
    if (!found.length) { list.textContent = "nothing found"; }
  }
  box.addEventListener("input", show);
  var q = new URLSearchParams(window.location.search).get("q");
  if (q) { box.value = q; }
  show();
})();
"""

NAV = (("index", "Index"), ("language", "Language"), ("codes", "Diagnostic codes"), ("names", "All names"))


def html(page: Page, entries: list[Entry] | None = None) -> str:
    """The page as an HTML document; `entries` given: with the search over them."""
    nav = "".join(f'<a href="{slug}.html">{label}</a>' for slug, label in NAV)
    body = "\n".join(_block(b) for b in page.blocks)
    if entries is not None:
        body = _search(entries) + "\n" + body
    return (f'<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<title>{escape(page.title)}</title>\n'
            f'<meta name="viewport" content="width=device-width, initial-scale=1">\n<style>{STYLE}</style>\n</head>\n'
            f"<body>\n<nav>{nav}</nav>\n<main>\n{body}\n</main>\n</body>\n</html>\n")


def _search(entries: list[Entry]) -> str:
    data = [{"name": e.name, "aka": list(e.aka), "what": e.what, "context": e.context, "page": e.page, "anchor": e.anchor}
            for e in entries]
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":")).replace("</", "<\\/")
    return ('<h2 id="search-title">Search</h2>\n<p><input id="search" type="search" placeholder="a name, in any language '
            'the rulesets give" aria-label="search" autofocus></p>\n<ul id="results"></ul>\n'
            f'<script type="application/json" id="entries">{text}</script>\n<script>{SEARCH}</script>')


def _block(b: Block) -> str:
    if isinstance(b, Heading):
        ident = f' id="{b.anchor}"' if b.anchor else ""
        return f"<h{b.level}{ident}>{_line(b.text)}</h{b.level}>"
    if isinstance(b, Para):
        return f"<p>{_line(b.text)}</p>"
    if isinstance(b, Items):
        return "<ul>" + "".join(f"<li>{_line(line)}</li>" for line in b.lines) + "</ul>"
    if isinstance(b, Table):
        head = "".join(f"<th>{escape(h)}</th>" for h in b.head)
        return f"<table>\n<tr>{head}</tr>\n" + "\n".join(_row(r) for r in b.rows) + "\n</table>"
    if isinstance(b, Verbatim):
        return f"<pre>{escape(b.text)}</pre>"
    assert isinstance(b, Picture)
    return (f'<figure><img src="{escape(b.file)}" alt="{escape(b.caption)}">'
            f"<figcaption>{escape(b.caption)}</figcaption></figure>")


def _row(r: Row) -> str:
    ident = f' id="{r.anchor}"' if r.anchor else ""
    return f"<tr{ident}>" + "".join(f"<td>{_line(c)}</td>" for c in r.cells) + "</tr>"


def _line(line: Line) -> str:
    return "".join(_inline(part) for part in line)


def _inline(part: str | Code | Link) -> str:
    if isinstance(part, Code):
        return f"<code>{escape(part.text)}</code>"
    if isinstance(part, Link):
        target = (f"{part.page}.html" if part.page else "") + (f"#{part.anchor}" if part.anchor else "")
        return f'<a href="{escape(target)}">{escape(part.text)}</a>'
    return escape(part)
