"""The deck page end to end, in a real headless Chromium (Debian's `chromium`) driven by
playwright: paste an illegal deck, see its violations with their rule ids, fix it in the text
area, see it legal. Skipped, saying why, only where that browser or playwright is missing
(`make test` installs both where the machine allows)."""

import pytest

from tests.support.browser import launched, needed
from tests.support.deck_server import GALLERY, ROOT

sync_api = needed()
WAIT_MS = 60_000  # the first check compiles the format (a cold cache): a bound, not a measure


@pytest.fixture(scope="module")
def browser():
    with launched(sync_api) as browser:
        yield browser


@pytest.fixture
def page(browser, server):
    """The deck page, loaded; every request it makes is noted in `page.asked`."""
    context = browser.new_context()
    page = context.new_page()
    page.set_default_timeout(WAIT_MS)
    page.asked = []
    page.on("request", lambda request: page.asked.append(request.url))
    page.goto(server.url)
    page.wait_for_selector("body[data-ready=true]")
    yield page
    context.close()


def verdict(page, state):
    """The verdict once the page has the answer to the deck as it now is."""
    page.wait_for_selector(f"#result:not([aria-busy]) #verdict[data-state={state}]")
    return page.inner_text("#verdict")


def rules_shown(page):
    return page.eval_on_selector_all("#violations > li", "items => items.map(i => i.dataset.rule)")


def counts_shown(page):
    return page.eval_on_selector_all("#counts tbody tr", "rows => rows.map(r => Array.from(r.cells, c => c.textContent))")


def type_over(page, old, new):
    """Select `old` in the deck's text area and type `new` over it, key by key, as a player does."""
    start = page.eval_on_selector("#deck", "(area, old) => area.value.indexOf(old)", old)
    assert start >= 0
    page.eval_on_selector("#deck", "(area, [a, b]) => { area.focus(); area.setSelectionRange(a, b); }",
                          [start, start + len(old)])
    page.keyboard.type(new, delay=20)


def test_paste_an_illegal_deck_see_its_violations_fix_it_see_it_legal(page, server):
    page.fill("#deck", (GALLERY / "dt009-59-cards.yaml").read_text(encoding="utf-8"))
    assert verdict(page, "illegal") == "Illegal for doomtrooper/prague-league-2010: 1 rule broken."
    assert rules_shown(page) == ["DT-009"]
    assert page.inner_text("#violations li .message") == "the deck has 59 cards; at least 60 are required"
    assert counts_shown(page) == [
        ["cards in the main deck", "59", "at least 60", "✗"], ["warriors in the main deck", "24", "at least 5", "✓"],
        ["cards with the Templars icon (33 % of the main deck, rounded up)", "28", "at least 20", "✓"],
        ["cards in the sideboard", "25", "exactly 25", "✓"]]
    type_over(page, "blood_lust: 3", "blood_lust: 4")
    assert verdict(page, "legal") == "Legal for doomtrooper/prague-league-2010."
    assert page.is_hidden("#violations-box")
    assert counts_shown(page)[0] == ["cards in the main deck", "60", "at least 60",
                                                                           "✓"]
    assert all(url.startswith(server.url) for url in page.asked)  # nothing from elsewhere


def test_a_pasted_list_with_several_broken_rules_names_its_cards(page):
    page.fill("#deck", "format: doomtrooper/prague-league-2010\nfaction: templars\n4x templar_legionnaire\n"
                       "5x Body Armor\n1x Mitch Hunter\n\nSideboard:\n1x luna\n")
    verdict(page, "illegal")
    assert rules_shown(page) == ["DT-004", "DT-007", "DT-009", "DT-027"]
    cards = page.eval_on_selector_all("#violations .cards li", "items => items.map(i => i.textContent)")
    assert cards == ["Mitch Hunter (mitch_hunter)", "Body Armor (body_armor)"]
    assert page.inner_text("#listed") == "Listed: main 10 · sideboard 1"


def test_an_uploaded_file_is_read_and_checked(page, tmp_path):
    deck = tmp_path / "my-deck.txt"
    deck.write_text("format: doomtrooper/standard\n4x Gendarm\n", encoding="utf-8")
    page.set_input_files("#upload", str(deck))
    assert verdict(page, "unusable") == "The deck cannot be checked yet: 1 problem with the input."
    assert page.input_value("#kind") == "txt"
    assert page.inner_text("#diagnostics li") == ("my-deck.txt:2:4 error[E0811] unknown card `Gendarm`\n"
                                                  "help: did you mean `Gendarme`?")
    page.click("#diagnostics .where")  # the place selects the line in the deck
    assert page.eval_on_selector("#deck", "a => a.value.slice(a.selectionStart, a.selectionEnd)") == "4x Gendarm"


def test_a_card_name_that_is_markup_is_shown_as_text(page):
    hostile = '<img src=x onerror="window.pwned = 1"><b id="injected">bold</b>'
    page.fill("#deck", f"format: doomtrooper/standard\n4x {hostile}\n")
    verdict(page, "unusable")
    assert page.inner_text("#diagnostics .message") == f"unknown card `{hostile}`"
    assert page.query_selector("#result img") is None
    assert page.query_selector("#injected") is None
    assert page.evaluate("window.pwned") is None


def test_bad_input_gets_the_command_line_s_diagnostics_and_the_page_recovers(page):
    page.fill("#deck", "format: doomtrooper/prague-league-2010\nmain: [unclosed\n")
    verdict(page, "unusable")
    assert page.eval_on_selector_all("#diagnostics li", "items => items.map(i => i.dataset.code)") == ["E0802"]
    page.select_option("#format", "doomtrooper/standard")
    page.fill("#deck", "\x00\x01 junk")
    verdict(page, "unusable")
    page.fill("#deck", (GALLERY / "standard-legal.yaml").read_text(encoding="utf-8"))
    assert verdict(page, "legal") == "Legal for doomtrooper/standard."


def test_a_pool_is_chosen_on_the_page(page):
    page.fill("#deck", (GALLERY / "dt032-homemade.yaml").read_text(encoding="utf-8"))
    verdict(page, "illegal")  # the pool the server offers is ticked
    assert rules_shown(page) == ["DT-032"]
    page.uncheck("#pools input[type=checkbox]")
    verdict(page, "unusable")
    assert set(page.eval_on_selector_all("#diagnostics li", "items => items.map(i => i.dataset.code)")) == {"E0811"}


def test_a_mod_is_chosen_on_the_page(page):
    page.fill("#deck", (ROOT / "examples" / "decks" / "new-warrior.txt").read_text(encoding="utf-8"))
    assert verdict(page, "legal") == "Legal for doomtrooper/standard."  # the mod the server offers is ticked
    assert counts_shown(page)[0] == ["cards in the main deck", "60", "at least 60", "✓"]
    page.uncheck("#mods input[type=checkbox]")
    verdict(page, "unusable")
    assert page.inner_text("#diagnostics .message") == "unknown card `Ember Zealot`"
    page.check("#mods input[type=checkbox]")
    verdict(page, "legal")


def test_the_page_names_its_controls_for_assistive_technology(page):
    for control in ("#deck", "#upload", "#kind", "#format", "#mods input", "#pools input"):
        assert page.eval_on_selector(control, "c => c.labels.length") == 1
    assert page.get_attribute("#verdict", "aria-live") == "polite"

