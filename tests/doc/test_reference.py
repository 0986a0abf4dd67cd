"""`rulecraft doc`: a page for every bundled ruleset, built from the compiler's own tables (the
built-ins the checker knows, every definition with its other names, every assumption with an
override that reads back), pictures where the runtime draws them, and links that all resolve."""

import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

from rulecraft.cli import main
from rulecraft.compiler.loader import bundled_ids, load
from rulecraft.inputs.given import assumption_overrides
from rulecraft.reference.doc import site
from rulecraft.reference.html_writer import html
from rulecraft.reference.language import signature
from rulecraft.reference.markdown_writer import markdown
from rulecraft.reference.model import slug_of
from rulecraft.reference.pages import set_value
from rulecraft.runtime.builtins import BUILTINS
from rulecraft.views.render import _per_side
from tests.support.command import rc


class Targets(HTMLParser):
    """The ids a page declares and the links and pictures it points to."""

    def __init__(self):
        super().__init__()
        self.ids: list[str] = []
        self.links: list[str] = []

    def handle_starttag(self, tag, attrs):
        found = dict(attrs)
        if "id" in found:
            self.ids.append(found["id"])
        if tag == "a" and "href" in found:
            self.links.append(found["href"])
        if tag == "img":
            self.links.append(found["src"])


def parsed(path: Path) -> Targets:
    page = Targets()
    page.feed(path.read_text(encoding="utf-8"))
    return page


def test_every_bundled_ruleset_has_a_page_in_both_forms(reference):
    for rid in bundled_ids():
        for form in ("md", "html"):
            assert (reference.folder / f"{slug_of(rid)}.{form}").is_file(), (rid, form)
    assert {p.slug for p in reference.pages} >= {"index", "language", "codes", "names"}


def test_every_link_and_picture_of_the_html_resolves_and_ids_are_unique(reference):
    pages = {p.name: parsed(p) for p in reference.folder.glob("*.html")}
    for name, page in pages.items():
        assert len(page.ids) == len(set(page.ids)), f"{name}: an id twice"
        for link in page.links:
            assert not re.match(r"^[a-z]+:", link), f"{name}: {link} leaves the site"
            file, _, anchor = link.partition("#")
            target = file or name
            assert (reference.folder / target).is_file(), f"{name}: {link}"
            if anchor:
                assert anchor in pages[target].ids, f"{name}: {link}"


def test_every_link_and_picture_of_the_markdown_resolves(reference):
    anchors = {p.name: set(re.findall(r'<a id="([^"]+)"></a>', p.read_text(encoding="utf-8")))
               for p in reference.folder.glob("*.md")}
    for p in reference.folder.glob("*.md"):
        for link in re.findall(r"\]\(([^)]+)\)", p.read_text(encoding="utf-8")):
            file, _, anchor = link.partition("#")
            target = file or p.name
            assert (reference.folder / target).is_file(), f"{p.name}: {link}"
            if anchor:
                assert anchor in anchors[target], f"{p.name}: {link}"


def test_the_built_ins_are_the_table_the_checker_reads(reference):
    language = reference.page("language")
    assert sorted(e.name for e in language.entries if e.what == "built-in") == sorted(BUILTINS)
    text = (reference.folder / "language.md").read_text(encoding="utf-8")
    for name in BUILTINS:
        assert f"`{signature(name)}`" in text
    assert signature("sample") == "sample(list<T>, int) -> list<T>"


def test_every_definition_is_found_by_its_id_and_its_other_names(reference):
    entries = {}
    for page in reference.pages:
        for e in page.entries:
            if e.what == "definition":
                entries.setdefault(e.name, set()).update(e.aka)
    for rid in bundled_ids():
        rules = load(rid)
        for d in rules.definitions.values():
            assert d.id in entries, (rid, d.id)
            assert {d.name, *(name for _, name in rules.other_names.get(d.id, ()))} <= entries[d.id], (rid, d.id)


def test_the_search_of_the_index_holds_names_in_every_language(reference):
    index = (reference.folder / "index.html").read_text(encoding="utf-8")
    assert '<input id="search"' in index
    assert '"name":"cowardice","aka":["Cowardice","Zbabělost"]' in index
    assert "Templáři" in index  # an enum member's Czech name


def test_every_assumption_shows_an_override_that_reads_back_as_its_default():
    for rid in bundled_ids():
        rules = load(rid)
        for a in rules.assumptions.values():
            assert assumption_overrides(rules, [f"{a.name}={set_value(a.value)}"]) == {a.name: a.value}, (rid, a.name)


def test_an_assumption_row_says_its_default_note_and_override(reference):
    text = (reference.folder / "twilight-imperium.md").read_text(encoding="utf-8")
    assert ('| <a id="assumption-wealth_1-credits"></a>`wealth_1.credits` | `int` | `2` | Wealth version 1 (5 counters): '
            'credits shown only on the picture | `--set wealth_1.credits=2` |') in text


def test_tokens_with_sides_and_the_boards_of_scenarios_are_drawn(reference):
    rules = load("neuroshima")
    sided = [d.id for d in rules.definitions.values()
             if any(_per_side(v) for v in (rules.kind_defaults(d.kind) | d.props).values())]
    assert len(sided) >= 10
    for definition in sided:
        svg = (reference.folder / "pictures" / f"neuroshima.{definition}.svg").read_text(encoding="utf-8")
        assert svg.startswith("<svg")
        assert 'class="token"' in svg
    board = (reference.folder / "pictures" / "doom.knee_deep.map.svg").read_text(encoding="utf-8")
    assert 'class="cell"' in board
    assert 'class="figure"' in board


def test_steps_and_hooks_are_listed_with_how_a_mod_hooks_them(reference):
    text = (reference.folder / "doom.md").read_text(encoding="utf-8")
    assert '| <a id="hook-spawn_figure-figure_type"></a>`spawn_figure` | hook | `figure_type` | ' \
           '`after step figure_type in spawn_figure { ... }` |' in text


def test_a_mods_page_shows_what_it_declares_and_what_it_changes(reference):
    page = reference.page(slug_of("doom/variants/super-shotgun"))
    assert {(e.what, e.name) for e in page.entries} >= {("mod", "doom/variants/super-shotgun"), ("ability", "knockback")}
    assert not any(e.what == "definition" and e.name == "pistol" for e in page.entries)  # the base's stay on its page
    text = markdown(page)
    assert "## Changes" in text
    assert "| `doom/variants/super-shotgun` | `shotgun.abilities` | patch |" in text


def test_the_codes_page_has_every_code(reference):
    from rulecraft.reference import codes

    assert [e.name for e in reference.page("codes").entries] == list(codes.described())


def test_the_reference_is_the_same_each_time():
    first, second = site("twilight-imperium", main), site("twilight-imperium", main)
    assert [markdown(p) for p in first] == [markdown(p) for p in second]
    assert [html(p) for p in first] == [html(p) for p in second]


def test_doc_of_a_game_with_a_mod_shows_everything_of_both(tmp_path):
    result = rc("doc", "doom", "--mod", "doom/expansion", "-o", str(tmp_path / "ref"))
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("wrote 5 pages to ")
    page = parsed(tmp_path / "ref" / "doom.html")
    assert {"definition-cacodemon", "definition-pistol", "option-revenants", "changes"} <= set(page.ids)


def test_doc_json_lists_the_pages_written(tmp_path):
    import json

    result = rc("doc", "twilight-imperium", "-o", str(tmp_path / "ref"), "--json")
    assert result.returncode == 0, result.stderr
    document = json.loads(result.stdout)
    assert document["out"] == str(tmp_path / "ref")
    assert sorted(p["file"] for p in document["pages"]) == sorted(f.name for f in (tmp_path / "ref").glob("*.html"))


@pytest.mark.parametrize(("args", "message"), [
    (["doc", "--mod", "doom/expansion"], "error[E1004]: --mod needs a GAME to apply the mods to"),
    (["doc", "no-such-game"], "error[E1003]: no ruleset 'no-such-game'"),
])
def test_doc_refuses_bad_usage(args, message, tmp_path):
    result = rc(*args, "-o", str(tmp_path / "ref"))
    assert result.returncode == 2
    assert result.stderr.startswith(message)
    assert "Traceback" not in result.stderr


def test_doc_of_a_ruleset_with_errors_reports_them_and_writes_nothing(tmp_path):
    (tmp_path / "broken").mkdir()
    (tmp_path / "broken" / "main.rules").write_text('game "broken" "Broken"\nconst x = y\n', encoding="utf-8")
    result = rc("doc", str(tmp_path / "broken"), "-o", str(tmp_path / "ref"))
    assert result.returncode == 1
    assert "error[E0101]: unknown name `y`" in result.stderr
    assert not (tmp_path / "ref").exists()


def test_a_pool_says_how_many_things_it_holds(reference):
    assert "`domain_counters` | Domain counters | [domain\\_counter](#kind-domain_counter) | 44 things |" in \
        (reference.folder / "twilight-imperium.md").read_text(encoding="utf-8")
