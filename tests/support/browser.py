"""A real headless Chromium (Debian's `chromium`) driven by playwright, for the tests of the pages
rulecraft serves (tests/serve) and writes (tests/doc). A test module calls `needed()` first: it
is skipped, saying why, only where that browser or playwright is missing (`make test` installs
both where the machine allows)."""

from contextlib import contextmanager
from pathlib import Path

import pytest

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]


def needed():
    """playwright's sync API; the calling test module is skipped where the browser or playwright is missing."""
    if not Path(CHROMIUM).is_file():
        pytest.skip(f"no browser: {CHROMIUM} is missing (install Debian's package: apt-get install chromium)",
                    allow_module_level=True)
    return pytest.importorskip("playwright.sync_api", reason="playwright is missing (pip install '.[browser]')")


@contextmanager
def launched(sync_api):
    """The browser, started headless, and closed after."""
    with sync_api.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        try:
            yield browser
        finally:
            browser.close()
