"""The generated reference in a real headless Chromium (Debian's `chromium`, driven by playwright):
every page loads without a console error and asks for nothing outside the site, every link and
picture resolves, and the index's search finds a card by its Czech name and leads to it.
Skipped, saying why, only where that browser or playwright is missing (tests/support/browser.py)."""

import re
from pathlib import Path
from urllib.parse import unquote, urlparse

import pytest

from tests.support.browser import launched, needed

sync_api = needed()
WAIT_MS = 30_000  # a bound for a page to load, not a measure


@pytest.fixture(scope="module")
def browser():
    with launched(sync_api) as browser:
        yield browser


@pytest.fixture
def page(browser):
    """A page that notes its console errors, uncaught exceptions and every request it makes."""
    context = browser.new_context()
    page = context.new_page()
    page.set_default_timeout(WAIT_MS)
    page.problems, page.asked = [], []
    page.on("console", lambda m: page.problems.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda err: page.problems.append(str(err)))
    page.on("request", lambda request: page.asked.append(request.url))
    yield page
    context.close()


def ids_of(path: Path) -> set[str]:
    return set(re.findall(r'\sid="([^"]+)"', path.read_text(encoding="utf-8")))


def test_every_page_loads_cleanly_with_links_and_pictures_that_resolve(page, reference):
    ids: dict[Path, set[str]] = {}
    for html in sorted(reference.folder.glob("*.html")):
        page.goto(html.as_uri())
        assert page.problems == [], html.name
        links = page.eval_on_selector_all("a[href]", "links => links.map(a => a.href)")
        for link in links:
            url = urlparse(link)
            assert url.scheme == "file", f"{html.name}: {link}"
            target = Path(unquote(url.path))
            assert target.is_file(), f"{html.name}: {link}"
            if url.fragment:
                assert url.fragment in ids.setdefault(target, ids_of(target)), f"{html.name}: {link}"
        broken = page.eval_on_selector_all("img", "pictures => pictures.filter(i => !(i.complete && i.naturalWidth > 0))"
                                                  ".map(i => i.getAttribute('src'))")
        assert broken == [], html.name
    assert all(url.startswith("file://") for url in page.asked)  # nothing from a network


def test_the_search_finds_a_card_by_its_czech_name_and_leads_to_it(page, reference):
    page.goto((reference.folder / "index.html").as_uri())
    page.fill("#search", "Zbabělost")
    first = page.locator("#results li").first
    assert first.inner_text() == "cowardice definition in doomtrooper (Cowardice, Zbabělost)"
    first.locator("a").click()
    page.wait_for_url("**/doomtrooper.html#definition-cowardice")
    assert page.inner_text(":target") == "cowardice Cowardice ×1"
    assert page.problems == []


def test_the_search_ignores_case_and_accents_and_says_when_nothing_is_found(page, reference):
    page.goto((reference.folder / "index.html").as_uri() + "?q=templari")
    names = page.eval_on_selector_all("#results li a", "links => links.map(a => a.textContent)")
    assert "templars" in names
    page.fill("#search", "no such name anywhere")
    assert page.inner_text("#results") == "nothing found"
    assert page.problems == []
